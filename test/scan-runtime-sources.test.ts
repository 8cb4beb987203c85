/**
 * Tools an agent gets at run time from its `browser`, `workspace` and `skills` options, and from
 * a workspace set on `new Mastra()` (fixtures/scan/browser-tools, its README section is the spec):
 * what the scan records, what the plan reports (only what is true), and what real @mastra/core
 * sends for the workspace agents. The browser providers are not installed here: their names were
 * read from @mastra/agent-browser 0.5.0 and @mastra/stagehand 0.3.1 (and AgentBrowser's measured
 * once by hand); what is measured below is how Mastra offers a browser's tools.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { toWireName } from '../src/names/wire-name.ts';
import { buildPlan } from '../src/plan/plan.ts';
import type { AgentInfo, RuntimeTools } from '../src/scan/model.ts';
import { migrate } from '../src/migrate/migrate.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { agent, fixturePath, keys, scanFixture, wire } from './helpers/fixture-scan.ts';
import { copyFixture } from './helpers/git-copy.ts';

const provider = useFakeProvider();
const FIXTURE = 'scan/browser-tools';

const sources = (a: AgentInfo) =>
  a.tools.runtime.map((r) => ({
    kind: r.kind,
    prefixes: r.prefixes,
    names: r.names ?? [],
    bounded: r.bounded,
  }));

/** Whether a run-time source of the agent can add this name (as the model sees it). */
function covered(a: AgentInfo, name: string): boolean {
  return a.tools.runtime.some(
    (r: RuntimeTools) =>
      r.prefixes.some((p) => name.startsWith(p)) ||
      (r.names ?? []).some((n) => toWireName(n) === name),
  );
}

const BROWSER = { kind: 'browser', prefixes: ['browser_'], names: [], bounded: true };
/** The tools a workspace with a sandbox may add (the constants of @mastra/core 1.71.0). */
const SANDBOX_TOOLS = [
  'execute_command',
  'get_process_output',
  'kill_process',
  ...['screenshot', 'click', 'double_click', 'right_click', 'move_mouse', 'drag', 'type']
    .concat(['press_key', 'scroll', 'get_screen_info', 'wait'])
    .map((t) => `computer_${t}`),
].map((t) => `mastra_workspace_${t}`);
const FILE_TOOLS = [
  'read_file',
  'write_file',
  'edit_file',
  'list_files',
  'delete',
  'file_stat',
  'mkdir',
  'grep',
  'ast_edit',
].map((t) => `mastra_workspace_${t}`);
const MASTRA_WORKSPACE = {
  kind: 'workspace',
  prefixes: [],
  names: SANDBOX_TOOLS,
  bounded: true,
};

describe('run-time sources in the scan', () => {
  test('a browser adds its provider’s prefix; the Mastra workspace reaches every agent without its own', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(keys(agent(scan, 'web-researcher')), []);
    assert.deepEqual(sources(agent(scan, 'web-researcher')), [BROWSER, MASTRA_WORKSPACE]);
    assert.deepEqual(keys(agent(scan, 'lead-finder')), ['lead.save', 'summarizePage']);
    assert.deepEqual(sources(agent(scan, 'lead-finder')), [BROWSER, MASTRA_WORKSPACE]);
    assert.deepEqual(sources(agent(scan, 'form-filler')), [
      { ...BROWSER, prefixes: ['stagehand_', 'browser_'] },
      MASTRA_WORKSPACE,
    ]);
    assert.deepEqual(sources(agent(scan, 'ops-agent')), [MASTRA_WORKSPACE]);
    assert.match(agent(scan, 'ops-agent').tools.runtime[0]!.reason, /set on new Mastra\(\)/);
    for (const a of scan.agents) assert.deepEqual(a.tools.unresolved, [], a.id);
  });

  test('an own workspace wins over the Mastra one; its config renames a tool; its skills add skill tools', async () => {
    const notes = agent(await scanFixture(FIXTURE), 'notes-keeper');
    assert.deepEqual(sources(notes), [
      {
        ...MASTRA_WORKSPACE,
        names: FILE_TOOLS.map((t) => (t === 'mastra_workspace_read_file' ? 'notes.read' : t)),
      },
      {
        kind: 'skills',
        prefixes: [],
        names: ['skill', 'skill_search', 'skill_read'],
        bounded: true,
      },
    ]);
    assert.equal(notes.tools.runtime[0]!.location.file, 'src/mastra/agents/workspace-agents.ts');
    assert.equal(notes.tools.runtime[0]!.since, '1.1.0');
  });
});

describe('what the plan reports', () => {
  test('names a run-time source offers are never unknown; a stale provider name and a renamed workspace tool are', async () => {
    const plan = buildPlan(await scanFixture(FIXTURE));
    const unknown = plan.findings.filter((f) => f.kind === 'unknown-tool-mention');
    assert.deepEqual(
      unknown.map((f) => `${f.agents[0]} ${f.locations[0]!.line}`),
      ['form-filler 34', 'notes-keeper 17'],
    );
    assert.match(
      unknown[0]!.message,
      /"page_screenshot", which form-filler is not offered \(its run-time sources offer stagehand_\*, browser_\*, its workspace's 14 tools\)/,
    );
    assert.match(
      unknown[1]!.message,
      /"notes\.read", which notes-keeper is not offered; did you mean "notes_read"\?/,
    );
    assert.ok(!plan.findings.some((f) => /offers no tools/.test(f.message)));
    // Only the rename is news; a browser's or workspace's own names are not.
    assert.deepEqual(
      plan.findings
        .filter((f) => f.kind === 'runtime-names')
        .map((f) => f.message.replace(/^.*; /, '')),
      ['"notes.read" becomes "notes_read"'],
    );
    assert.deepEqual(
      plan.edits.map((e) => `${e.rule} ${e.location.line} ${e.before} -> ${e.after}`),
      [
        'prompts 22 lead.save -> lead_save',
        'prompts 22 save-lead -> lead_save',
        "rewrite-keys 24 'lead.save' -> lead_save",
      ],
    );
  });
});

/** Imports the fixture's Mastra instance (so agents get its workspace), from the fixture's folder. */
async function loadInstance(root: string): Promise<void> {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    await import(pathToFileURL(path.join(root, 'src/mastra/index.ts')).href);
  } finally {
    process.chdir(cwd);
  }
}

describe('against real @mastra/core', () => {
  test('workspace agents send their own tools as predicted, and every other name is one a run-time source covers', async () => {
    const root = fixturePath(FIXTURE);
    const scan = await scanFixture(FIXTURE);
    await loadInstance(root);
    for (const id of ['notes-keeper', 'ops-agent']) {
      const a = agent(scan, id);
      const names = (await captureFixtureAgent(root, a, provider())).toolNames ?? [];
      const own = wire(a);
      assert.deepEqual(
        names.filter((n) => own.includes(n)),
        own,
        id,
      );
      const others = names.filter((n) => !own.includes(n));
      assert.ok(others.length > 0, id);
      for (const n of others) assert.ok(covered(a, n), `${id}: ${n}`);
      // What the instructions name is offered, except the one name the plan reports.
      for (const f of a.instructions)
        for (const [, name] of f.text.replace(/\\`/g, '`').matchAll(/`([^`]+)`/g))
          if (name !== 'notes.read') assert.ok(names.includes(name!), `${id}: ${name}`);
      if (id === 'notes-keeper') {
        assert.ok(names.includes('notes_read') && !names.includes('notes.read'));
        for (const n of ['skill', 'skill_search', 'skill_read']) assert.ok(names.includes(n), n);
      } else {
        assert.ok(names.includes('mastra_workspace_execute_command'), names.join(', '));
      }
    }
  });

  test("a browser's tools are offered under the keys its getTools() returns, merged and rewritten with the agent's", async () => {
    const [{ Agent }, { MastraBrowser }, { createTool }, { MockMemory }, { noopLogger }, { z }] =
      await Promise.all([
        import('@mastra/core/agent'),
        import('@mastra/core/browser'),
        import('@mastra/core/tools'),
        import('@mastra/core/memory'),
        import('@mastra/core/logger'),
        import('zod'),
      ]);
    const tool = (id: string) =>
      createTool({
        id,
        description: id,
        inputSchema: z.object({}),
        execute: () => Promise.resolve({}),
      });
    class TwoToolBrowser extends MastraBrowser {
      readonly id = 'two-tools';
      readonly name = 'TwoToolBrowser';
      readonly provider = 'test';
      protected async doLaunch() {}
      protected async doClose() {}
      protected getActivePage() {
        return Promise.resolve(null as never);
      }
      protected getBrowserStateForThread() {
        return null;
      }
      getTools() {
        return { browser_goto: tool('browser_goto'), 'browser.peek': tool('browser.peek') };
      }
    }
    const agentWithBrowser = new Agent({
      id: 'browsing',
      name: 'browsing',
      instructions: 'browse',
      model: { id: 'openai/gpt-4o-mini', url: provider().urlFor('browser'), apiKey: 'sk-fake' },
      tools: { 'page.summary': tool('page-summary'), notes: tool('notes') },
      browser: new TwoToolBrowser(),
      memory: new MockMemory(),
    });
    agentWithBrowser.__setLogger(noopLogger);
    await agentWithBrowser
      .generate('hi', { memory: { thread: 't1', resource: 'r1' } })
      .catch(() => undefined);
    const [request] = provider().requests('browser');
    const names = (request?.tools as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    assert.deepEqual(names, ['notes', 'browser_goto', 'page_summary', 'browser_peek']);
  });

  test('after migrate, a browser agent still sends the names its prompt now uses (the browser a stand-in without tools)', async () => {
    const copy = copyFixture(FIXTURE);
    try {
      const result = await migrate(copy.root);
      assert.deepEqual(
        result.files.filter((f) => f.status === 'failed'),
        [],
      );
      assert.deepEqual((await migrate(copy.root, { force: true, dryRun: true })).plan.edits, []);
      const lead = agent(await scanRepository(copy.root), 'lead-finder');
      assert.deepEqual(wire(lead), ['lead_save', 'summarizePage']);
      // A browser needs a memory thread to run (1.71.0: its context processor asks for one).
      const mod = (await import(pathToFileURL(path.join(copy.root, lead.location.file)).href)) as {
        leadFinder: { __setMemory(memory: unknown): void };
      };
      const { MockMemory } = await import('@mastra/core/memory');
      mod.leadFinder.__setMemory(new MockMemory());
      const names = (
        await captureFixtureAgent(copy.root, lead, provider(), {
          memory: { thread: 't1', resource: 'r1' },
        })
      ).toolNames;
      assert.deepEqual(names, wire(lead));
      const text = lead.instructions.map((f) => f.text.replace(/\\`/g, '`')).join('\n');
      assert.match(text, /`lead_save` tool/);
      assert.match(text, /Never call lead_save twice/);
    } finally {
      copy.cleanup();
    }
  });
});
