/**
 * `--to-mastra VERSION` judges every agent by that version's rules. With the version an app runs
 * with it gives exactly today's answer (every fixture app whose agents all run with one exact
 * version); across a boundary of the version table it gives the edits the target needs; a version
 * the tool has not measured is refused, naming the newest it has.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { NEWEST_MEASURED, targetVersion } from '../src/names/versions.ts';
import { TargetVersionError } from '../src/names/target-error.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { rowsCrossed } from '../src/plan/rules/upgrade.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Every fixture app: a folder with a package.json, not inside another app's node_modules. */
function apps(dir: string, depth = 0): string[] {
  if (existsSync(path.join(dir, 'package.json'))) return [dir];
  if (depth > 2) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'node_modules' && !d.name.startsWith('.'))
    .flatMap((d) => apps(path.join(dir, d.name), depth + 1));
}

const answer = (plan: ReturnType<typeof buildPlan>) =>
  JSON.stringify({ edits: plan.edits, findings: plan.findings });

test('the version an app runs with gives exactly today’s answer, on every fixture app', async () => {
  let compared = 0;
  for (const app of apps(FIXTURES)) {
    const scan = await scanRepository(app);
    const exact = new Set(
      scan.agents
        .filter((a) => a.mastra.source === 'installed' || a.mastra.source === 'lockfile')
        .map((a) => a.mastra.version),
    );
    if (scan.agents.length === 0 || exact.size !== 1 || exact.has(undefined)) continue;
    if (scan.agents.some((a) => a.mastra.source !== 'installed' && a.mastra.source !== 'lockfile'))
      continue;
    const [version] = [...exact] as string[];
    const target = await scanRepository(app, { toMastra: version });
    assert.equal(answer(buildPlan(target)), answer(buildPlan(scan)), path.relative(FIXTURES, app));
    compared++;
  }
  assert.ok(compared >= 30, `compared ${compared} fixture apps`);
});

test('across the workflow-KEY boundary (0.22.0) the prompt is rewritten for the target', async () => {
  const app = path.join(FIXTURES, 'versions/workflow-0-10');
  const now = buildPlan(await scanRepository(app));
  assert.equal(now.edits.length, 0);
  const scan = await scanRepository(app, { toMastra: 'latest' });
  const writer = scan.agents.find((a) => a.name === 'writer' || a.id === 'writer')!;
  assert.equal(writer.mastra.source, 'target');
  assert.equal(writer.mastra.version, NEWEST_MEASURED);
  assert.equal(writer.mastra.now?.version, '0.10.15');
  const plan = buildPlan(scan);
  assert.deepEqual(
    plan.edits.map((e) => [e.before, e.after]),
    [['summarise', 'workflow-summarise']],
  );
  // One note says what the move changes for the model, row by row, and what the agent is offered.
  const [note] = plan.findings.filter((f) => f.kind === 'upgrade');
  assert.ok(note);
  assert.match(
    note.message,
    /^moving from @mastra\/core 0\.10\.15 \(from package-lock\.json\) to @mastra\/core 1\.71\.0/,
  );
  assert.match(note.message, /a workflow is offered as `workflow-KEY`.* \(from 0\.22\.0\)/);
  // Only the rows that concern what the agent has: it has no sub-agents, and no legacy network.
  assert.doesNotMatch(note.message, /legacy `AgentNetwork`|`agent-KEY`/);
  assert.match(
    note.message,
    /writer is offered wordCount, summarise now and wordCount, workflow-summarise after/,
  );
});

test('the rows a move crosses are those one side has and the other has not', () => {
  assert.deepEqual(
    rowsCrossed('0.21.1', '0.22.0').map((r) => r.rule),
    ['agent-prefix', 'workflow-prefix'],
  );
  assert.deepEqual(rowsCrossed('1.0.4', '1.71.0'), []);
});

test('a version newer than the newest measured, or no version, is refused', () => {
  assert.equal(targetVersion('latest'), NEWEST_MEASURED);
  assert.equal(targetVersion('0.22.0'), '0.22.0');
  assert.throws(() => targetVersion('9.0.0'), TargetVersionError);
  assert.throws(() => targetVersion('9.0.0'), new RegExp(`newer than ${NEWEST_MEASURED}`));
  assert.throws(() => targetVersion('0.1.0'), /older than 0\.10\.0/);
  assert.throws(() => targetVersion('soon'), /not a version/);
});

test('the CLI refuses such a version with a usage error, before any work, on every command', async () => {
  for (const command of [['check'], ['migrate', '--dry-run'], ['scan']]) {
    const result = await runCli([...command, 'fixtures/demo-app', '--to-mastra', '9.9.9']);
    assert.equal(result.code, 2, command.join(' '));
    assert.match(result.stderr, new RegExp(`--to-mastra 9.9.9: newer than ${NEWEST_MEASURED}`));
    assert.equal(result.stdout, '');
  }
});

for (const [version, why] of [
  ['0.7.0', /now is older than 0\.10\.0, the oldest measured/],
  // A snapshot of a branch (eval: AbhiPrasad/evergreen-ai) is no older release: its line is unknown.
  ['0.0.0-ai-v5-20250813235735', /now is a snapshot build \(0\.0\.0-ai-v5-20250813235735\)/],
] as const)
  test(`from ${version}, which no measured line describes, the note says every row may apply`, async () => {
    const p = tempProject({
      'package.json': `{ "name": "old", "type": "module", "dependencies": { "@mastra/core": "${version}" } }\n`,
      'package-lock.json': JSON.stringify({
        name: 'old',
        lockfileVersion: 3,
        packages: {
          '': { name: 'old', dependencies: { '@mastra/core': version } },
          'node_modules/@mastra/core': { version },
        },
      }),
      'src/agent.ts': `import { Agent } from '@mastra/core/agent';
export const a = new Agent({ name: 'a', instructions: 'Help.', model: {} as never, tools: {} });
export async function run() { return a.generate('hi'); }
`,
    });
    try {
      const scan = await scanRepository(p.root, { toMastra: 'latest' });
      assert.equal(scan.agents[0]!.mastra.now?.version, version);
      const [note] = buildPlan(scan).findings.filter((f) => f.kind === 'upgrade');
      assert.match(
        note!.message,
        /every row of the version table may apply, as the version it runs with/,
      );
      assert.match(note!.message, why);
    } finally {
      p.cleanup();
    }
  });

/** A project whose lockfile pins @mastra/core to `version`, with one agent file. */
function pinned(name: string, version: string, agent: string) {
  const lock = {
    name,
    lockfileVersion: 3,
    packages: {
      '': { name, dependencies: { '@mastra/core': version } },
      'node_modules/@mastra/core': { version },
    },
  };
  return tempProject({
    'package.json': `{ "name": "${name}", "type": "module", "dependencies": { "@mastra/core": "${version}" } }\n`,
    'package-lock.json': JSON.stringify(lock),
    'src/agent.ts': agent,
  });
}

test('the network() rows concern only an agent that code runs with network(), not one nothing shows how it runs', async () => {
  const p = pinned(
    'net',
    '0.10.15',
    `import { Agent } from '@mastra/core/agent';
const helper = new Agent({ name: 'helper', description: 'Helps.', instructions: 'Help.', model: {} as never });
export const routed = new Agent({ name: 'routed', instructions: 'Route.', model: {} as never, agents: { helper } });
export const idle = new Agent({ name: 'idle', instructions: 'Answer.', model: {} as never, agents: { helper } });
export async function run() {
  return routed.network('hi');
}
`,
  );
  try {
    const notes = buildPlan(await scanRepository(p.root, { toMastra: 'latest' })).findings.filter(
      (f) => f.kind === 'upgrade',
    );
    const about = (label: string) => notes.find((n) => n.agents?.includes(label))?.message ?? '';
    assert.match(about('routed'), /agent\.network\(\) exists/);
    assert.match(about('idle'), /`agent-KEY`/);
    assert.doesNotMatch(about('idle'), /agent\.network\(\) exists/);
  } finally {
    p.cleanup();
  }
});

test('the call-by-id row concerns an agent whose tools the scan cannot read (a wrapper may hide an id)', async () => {
  const p = pinned(
    'wrapped',
    '0.10.15',
    `import { Agent } from '@mastra/core/agent';
declare function logged<T>(tool: T): T;
declare const search: unknown;
export const a = new Agent({ name: 'a', instructions: 'Help.', model: {} as never, tools: { search: logged(search) } });
export async function run() { return a.generate('hi'); }
`,
  );
  try {
    const [note] = buildPlan(await scanRepository(p.root, { toMastra: 'latest' })).findings.filter(
      (f) => f.kind === 'upgrade',
    );
    assert.match(note!.message, /run a tool the model calls by the tool's id .*\(from 0\.20\.0\)/);
  } finally {
    p.cleanup();
  }
});

test('in a monorepo each package moves from its own version', async () => {
  // apps/legacy runs with 0.10.15 (its lockfile entry), apps/current with the installed 1.71.0.
  const scan = await scanRepository(path.join(FIXTURES, 'versions/monorepo'), {
    toMastra: '1.71.0',
  });
  const legacy = scan.agents.find((a) => a.name === 'legacy-writer')!;
  const current = scan.agents.find((a) => a.name === 'current-writer')!;
  assert.equal(legacy.mastra.source, 'target');
  assert.equal(legacy.mastra.now?.version, '0.10.15');
  // Already on the target: judged as it is, no move.
  assert.equal(current.mastra.source, 'installed');
  const plan = buildPlan(scan);
  assert.deepEqual(
    plan.edits
      .filter((e) => e.rule === 'prompts')
      .map((e) => `${e.location.file}: ${e.before} -> ${e.after}`)
      .sort(),
    [
      'apps/current/src/mastra/agents/writer.ts: summarise -> workflow-summarise',
      'apps/legacy/src/mastra/agents/writer.ts: summarise -> workflow-summarise',
    ],
  );
  const notes = plan.findings.filter((f) => f.kind === 'upgrade');
  assert.deepEqual(
    notes.map((n) => n.agents),
    [['legacy-writer']],
  );
  assert.match(notes[0]!.message, /^moving from @mastra\/core 0\.10\.15 \(from pnpm-lock\.yaml\)/);
});
