/**
 * `migrate --to-mastra` across the boundaries of the version table, measured with real
 * @mastra/core: an app pinned below a boundary (its lockfile names the old version) sends, on the
 * old line, every name its prompt uses; after `migrate --to-mastra` with a version above the
 * boundary, the names its prompt uses are all offered by the target line, and a second run changes
 * nothing. The app's keys and prompt names are read back from the migrated file; the requests come
 * from the installed lines (test/harness/mastra-versions.ts) talking to a local fake provider.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { captureCall } from './harness/mastra-capture.ts';
import { captureNetwork } from './harness/network-capture.ts';
import { lineOf } from './harness/mastra-versions.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { startScriptedProvider } from './harness/scripted-provider.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();
const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

interface Case {
  boundary: string;
  from: string;
  to: string;
  /** The agent's records and its prompt, as the app writes them. */
  tools: string;
  agents: string;
  workflows: string;
  prompt: string;
  /** Whether the target needs edits (an upgrade can also make a prompt right by itself). */
  edits: boolean;
  /** The names the old line does not offer though the prompt uses them. */
  wrongBefore: string[];
  /** How the app runs the agent (generate() unless said). */
  method?: 'generate' | 'network';
}

const CASES: Case[] = [
  {
    boundary: 'key-rewrite (0.13.2)',
    from: '0.10.15',
    to: '0.16.3',
    tools: "{ 'search.web': search }",
    agents: '{}',
    workflows: '{}',
    prompt: 'Look things up with `search.web` first.',
    edits: true,
    wrongBefore: [],
  },
  {
    boundary: 'agent- and workflow- prefixes (0.22.0)',
    from: '0.21.1',
    to: '0.24.9',
    tools: '{ search }',
    agents: '{ researcher }',
    workflows: '{ summarise }',
    prompt: 'Use `search`, delegate to `researcher`, and run the `summarise` workflow.',
    edits: true,
    wrongBefore: [],
  },
  {
    boundary: 'sub-agents offered as tools (0.21.1)',
    from: '0.16.3',
    to: '0.21.1',
    tools: '{ search }',
    agents: '{ researcher }',
    workflows: '{}',
    prompt: 'Use `search`, then delegate to `researcher`.',
    // 0.16.3 offers sub-agents nothing; 0.21.1 offers them under their plain key: no edit needed.
    edits: false,
    wrongBefore: ['researcher'],
  },
  {
    boundary: 'call-by-id (0.20.0)',
    from: '0.16.3',
    to: '0.21.1',
    // The prompt names the tool by its id; from 0.20.0 a call by id runs, but the model is still
    // offered only the key, so the prompt must name the key (or the key become the id).
    tools: '{ searchWeb: search }',
    agents: '{}',
    workflows: '{}',
    prompt: 'Look things up with `search` first.',
    edits: true,
    wrongBefore: ['search'],
  },
];

function app(c: Case): Record<string, string> {
  const lock = {
    name: 'pinned',
    lockfileVersion: 3,
    packages: {
      '': { name: 'pinned', dependencies: { '@mastra/core': c.from } },
      'node_modules/@mastra/core': { version: c.from },
    },
  };
  return {
    'package.json': `{ "name": "pinned", "type": "module", "dependencies": { "@mastra/core": "${c.from}" } }\n`,
    'package-lock.json': `${JSON.stringify(lock, null, 2)}\n`,
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { createWorkflow } from '@mastra/core/workflows';
const search = createTool({ id: 'search', description: 'Search.', execute: async () => ({}) });
const researcher = new Agent({ name: 'researcher', description: 'Researches.', instructions: 'Research.', model: {} as never });
const summarise = createWorkflow({ id: 'summarise' } as never) as never;
export const lead = new Agent({
  name: 'lead',
  instructions: \`${c.prompt.replace(/`/g, '\\`')}\`,
  model: {} as never,
  tools: ${c.tools},
  agents: ${c.agents},
  workflows: ${c.workflows},
});
export async function run() {
  return lead.${c.method ?? 'generate'}('hi');
}
`,
  };
}

/**
 * A case's app outside the repository (nothing installed above it, so its lockfile decides the
 * version). `call` is the options of its generate() call; `extra` adds files.
 */
function pinnedApp(c: Case, call?: string, extra: Record<string, string> = {}) {
  const files = { ...app(c), ...extra };
  if (call)
    files['src/agent.ts'] = files['src/agent.ts']!.replace(
      "lead.generate('hi')",
      `lead.generate('hi', ${call})`,
    );
  const p = tempProject(files, os.tmpdir());
  made.push(p.cleanup);
  return { root: p.root, file: path.join(p.root, 'src/agent.ts') };
}

/** The keys of one record of the `lead` agent and the backticked names of its prompt, as written. */
function readBack(text: string) {
  const lead = text.slice(text.indexOf('export const lead'));
  const keys = (prop: string) => {
    const body = new RegExp(`${prop}: \\{([^}]*)\\}`).exec(lead)?.[1] ?? '';
    return body
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) =>
        p
          .split(':')[0]!
          .trim()
          .replace(/^['"]|['"]$/g, ''),
      );
  };
  const prompt = /instructions: `((?:[^`\\]|\\.)*)`/.exec(lead)?.[1] ?? '';
  return {
    tools: keys('tools'),
    agents: keys('agents'),
    workflows: keys('workflows'),
    named: [...prompt.matchAll(/\\`([^`\\]+)\\`/g)].map((m) => m[1]!),
  };
}

describe('migrate --to-mastra, measured on the installed lines', () => {
  for (const c of CASES)
    test(`${c.boundary}: ${c.from} -> ${c.to}`, async () => {
      const p = pinnedApp(c);
      const file = p.file;
      const before = readBack(readFileSync(file, 'utf8'));
      const old = await captureCall(lineOf(c.from), provider(), before);
      const offeredBefore = old.toolNames ?? [];
      assert.deepEqual(
        before.named.filter((n) => !offeredBefore.includes(n)),
        c.wrongBefore,
        `offered by ${c.from}: ${offeredBefore.join(', ')}`,
      );

      const result = await migrate(p.root, { toMastra: c.to, force: true });
      assert.equal(result.written.length > 0, c.edits, 'whether the target needs edits');
      const afterText = readFileSync(file, 'utf8');
      const after = readBack(afterText);
      const target = await captureCall(lineOf(c.to), provider(), after);
      const offeredAfter = target.toolNames ?? [];
      assert.equal(target.error, undefined);
      for (const name of after.named)
        assert.ok(
          offeredAfter.includes(name),
          `${name} is offered by ${c.to} (offered: ${offeredAfter.join(', ')})`,
        );
      // Where edits were made, the target would not have offered some name the app used.
      if (c.edits)
        assert.ok(
          before.named.some((n) => !offeredAfter.includes(n)) ||
            before.tools.join() !== after.tools.join(),
          'the edits were needed',
        );

      const again = await migrate(p.root, { toMastra: c.to, force: true });
      assert.equal(again.plan.edits.length, 0, 'a second run changes nothing');
      assert.equal(readFileSync(file, 'utf8'), afterText);
    });
});

describe('migrate --to-mastra across the collision boundary (0.13.2), measured', () => {
  test('0.10.15 -> 0.16.3: nothing that names two keys which will collide is edited; the target fails as the finding says', async () => {
    const c: Case = {
      ...CASES[0]!,
      tools: "{ 'search.web': search, 'search web': search }",
      prompt: 'Look news up with `search.web` and pages with `search web`.',
    };
    // Forcing one of them as well: toolChoice follows a key as a prompt does.
    const p = pinnedApp(c, "{ toolChoice: { type: 'tool', toolName: 'search.web' } }");
    const file = p.file;
    const text = readFileSync(file, 'utf8');
    const spec = readBack(text);
    const old = await captureCall(lineOf(c.from), provider(), spec);
    assert.deepEqual(old.toolNames, ['search.web', 'search web']);

    const result = await migrate(p.root, { toMastra: c.to, force: true });
    assert.deepEqual(result.written, []);
    assert.equal(readFileSync(file, 'utf8'), text);
    const collision = result.plan.findings.find((f) => f.kind === 'collision');
    assert.match(
      collision?.message ?? '',
      /"search\.web", "search web" all become "search_web".*Rename them yourself/,
    );
    const upgrade = result.plan.findings.find(
      (f) => f.kind === 'upgrade' && f.agents?.includes('lead'),
    );
    assert.match(upgrade?.message ?? '', /two keys that rewrite to one name fail generate\(\)/);

    const target = await captureCall(lineOf(c.to), provider(), spec);
    assert.equal(target.toolNames, null, 'no request is sent');
    assert.ok(target.error, 'generate() fails on the target, as both findings say');
  });
});

describe('migrate --to-mastra across the removals of AgentNetwork (0.17.0) and NewAgentNetwork (0.20.0), measured', () => {
  test('0.16.3 -> 0.21.1: the notes say the classes go and the app cannot load; the lines agree', async () => {
    const c: Case = { ...CASES[2]!, agents: '{}', prompt: 'Use `search`.' };
    const p = pinnedApp(c, undefined, {
      'src/network.ts': `import { AgentNetwork } from '@mastra/core/network';
import { lead } from './agent';
export const team = new AgentNetwork({ name: 'Team', instructions: 'Route.', model: {} as never, agents: [lead] });
`,
      'src/vnext.ts': `import { NewAgentNetwork } from '@mastra/core/network/vNext';
import { lead } from './agent';
export const crew = new NewAgentNetwork({ id: 'crew', name: 'Crew', instructions: 'Route.', model: {} as never, agents: { lead } });
`,
    });
    const result = await migrate(p.root, { toMastra: c.to, force: true, dryRun: true });
    const note = result.plan.findings.find(
      (f) => f.kind === 'upgrade' && f.locations[0]?.file === 'src/network.ts',
    );
    assert.match(
      note?.message ?? '',
      /removes AgentNetwork \(gone in 0\.17\.0\): its module no longer exists, so the app fails to load/,
    );
    const vnext = result.plan.findings.find(
      (f) => f.kind === 'upgrade' && f.locations[0]?.file === 'src/vnext.ts',
    );
    assert.match(vnext?.message ?? '', /removes NewAgentNetwork \(gone in 0\.20\.0\)/);
    // What the notes say, on the installed lines: both classes are there on 0.16.3, gone on 0.21.1.
    const old = (await import(`${lineOf(c.from).pkg}/network`)) as Record<string, unknown>;
    assert.equal(typeof old.AgentNetwork, 'function');
    await assert.rejects(import(`${lineOf(c.to).pkg}/network`));
    const oldVNext = (await import(`${lineOf(c.from).pkg}/network/vNext`)) as Record<
      string,
      unknown
    >;
    assert.equal(typeof oldVNext.NewAgentNetwork, 'function');
    await assert.rejects(import(`${lineOf(c.to).pkg}/network/vNext`));
    // Within the versions that have it, nothing is said.
    const same = await migrate(p.root, { toMastra: c.from, force: true, dryRun: true });
    assert.equal(
      same.plan.findings.filter(
        (f) =>
          f.kind === 'upgrade' &&
          ['src/network.ts', 'src/vnext.ts'].includes(f.locations[0]?.file ?? ''),
      ).length,
      0,
    );
  });
});

describe('toolChoice and activeTools across the key rewrite (0.13.2), measured', () => {
  test('0.10.15 -> 0.16.3: the forced tool and the active list name what the target offers', async () => {
    const c: Case = { ...CASES[0]!, tools: "{ 'search.web': search, lookup: search }" };
    const p = pinnedApp(
      c,
      "{ toolChoice: { type: 'tool', toolName: 'search.web' }, activeTools: ['search.web', 'lookup'] }",
    );
    const file = p.file;
    const options = (text: string) => ({
      forced: /toolName: '([^']+)'/.exec(text)![1]!,
      active: [.../activeTools: \[([^\]]*)\]/.exec(text)![1]!.matchAll(/'([^']+)'/g)].map(
        (m) => m[1]!,
      ),
    });
    const before = options(readFileSync(file, 'utf8'));
    const spec = readBack(readFileSync(file, 'utf8'));
    const old = await captureCall(lineOf(c.from), provider(), {
      tools: spec.tools,
      toolChoice: { type: 'tool', toolName: before.forced },
      activeTools: before.active,
    });
    assert.ok(old.toolNames?.includes(before.forced), `0.10.15 offers ${before.forced}`);

    const result = await migrate(p.root, { toMastra: c.to, force: true });
    assert.ok(result.written.length > 0);
    const afterText = readFileSync(file, 'utf8');
    const after = options(afterText);
    assert.deepEqual(after, { forced: 'search_web', active: ['search_web', 'lookup'] });
    const target = await captureCall(lineOf(c.to), provider(), {
      tools: readBack(afterText).tools,
      toolChoice: { type: 'tool', toolName: after.forced },
      activeTools: after.active,
    });
    assert.equal(target.error, undefined);
    for (const name of [after.forced, ...after.active])
      assert.ok(
        target.toolNames?.includes(name),
        `${name} is offered by ${c.to}: ${target.toolNames?.join(', ')}`,
      );
    const again = await migrate(p.root, { toMastra: c.to, force: true });
    assert.equal(again.plan.edits.length, 0, 'a second run changes nothing');
  });
});

describe('network() across the prefixes (0.22.0) and network-runs-by-id (0.24.6), measured', () => {
  test('0.21.1 -> 0.24.9: an agent run only through network() keeps its names; the note says its chunks will name a tool by its id', async () => {
    const c: Case = {
      boundary: 'network',
      from: '0.21.1',
      to: '0.24.9',
      tools: '{ web_search: search }',
      agents: '{ researcher }',
      workflows: '{ summarise }',
      prompt: 'Look things up with `web_search`, delegate to `researcher`, and run `summarise`.',
      edits: false,
      wrongBefore: [],
      method: 'network',
    };
    const p = pinnedApp(c);
    const text = readFileSync(p.file, 'utf8');
    const spec = readBack(text);
    // The app's tool `search` (id "search") is registered as web_search; the router picks it.
    const network = {
      tools: Object.fromEntries(spec.tools.map((k) => [k, 'search'])),
      agents: spec.agents,
      workflows: spec.workflows,
      pick: 'web_search',
    };
    const listedAll = (l: { agents: string[]; workflows: string[]; tools: string[] }) => [
      ...l.tools,
      ...l.agents,
      ...l.workflows,
    ];
    const scripted = await startScriptedProvider();
    try {
      const old = await captureNetwork(lineOf(c.from), scripted, network);
      assert.deepEqual(
        spec.named.filter((n) => !listedAll(old.listed).includes(n)),
        [],
        `listed by ${c.from}`,
      );
      assert.equal(old.ranAs, 'web_search', `${c.from} reports the key it picked`);

      // Prompt names stay: network() lists raw keys on both lines, whatever generate() offers.
      const result = await migrate(p.root, { toMastra: c.to, force: true });
      assert.deepEqual(result.written, []);
      assert.equal(readFileSync(p.file, 'utf8'), text);
      const note = result.plan.findings.find(
        (f) => f.kind === 'upgrade' && f.agents?.includes('lead'),
      );
      assert.match(
        note?.message ?? '',
        /network\(\) reports a tool it runs by the tool's id.*\(from 0\.24\.6\)/,
      );
      // generate()'s prefixes do not concern it: the routing agent keeps being given raw keys.
      assert.doesNotMatch(note!.message, /agent-KEY|workflow-KEY|agent-researcher/);
      assert.match(
        note!.message,
        /lead runs only through network\(\), whose routing agent is given the same raw keys/,
      );

      const target = await captureNetwork(lineOf(c.to), scripted, network);
      assert.deepEqual(
        spec.named.filter((n) => !listedAll(target.listed).includes(n)),
        [],
        `listed by ${c.to}`,
      );
      assert.equal(target.ranAs, 'search', `${c.to} reports the tool's id, as the note says`);
    } finally {
      await scripted.close();
    }
  });
});

describe('migrate --to-mastra across agent-network (0.16.3), measured', () => {
  test('0.10.15 -> 0.16.3: nothing the app runs changes, so nothing is edited or noted; the method arrives, listing raw keys', async () => {
    const c: Case = {
      ...CASES[0]!,
      tools: '{ web_search: search }',
      prompt: 'Look things up with `web_search`.',
      edits: false,
    };
    const p = pinnedApp(c);
    const text = readFileSync(p.file, 'utf8');
    const result = await migrate(p.root, { toMastra: c.to, force: true });
    assert.deepEqual(result.written, []);
    assert.equal(readFileSync(p.file, 'utf8'), text);
    const note = result.plan.findings.find(
      (f) => f.kind === 'upgrade' && f.agents?.includes('lead'),
    );
    // The app calls generate() only: the row about network() does not concern it.
    assert.doesNotMatch(note?.message ?? '', /network\(\)/);
    // On the lines: 0.10.15 has no network(); 0.16.3 has it and lists the app's raw keys.
    const { Agent } = (await import(`${lineOf(c.from).pkg}/agent`)) as {
      Agent: new (config: object) => { network?: unknown };
    };
    const before = new Agent({ name: 'lead', instructions: 'x', model: {} });
    assert.equal(typeof before.network, 'undefined');
    const scripted = await startScriptedProvider();
    try {
      const target = await captureNetwork(lineOf(c.to), scripted, {
        tools: { web_search: 'search' },
        agents: [],
        workflows: [],
      });
      assert.deepEqual(target.listed.tools, ['web_search']);
    } finally {
      await scripted.close();
    }
  });
});
