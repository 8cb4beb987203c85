/**
 * What `wrap-runtime-tools` changes on the wire, measured: an agent module whose tools spread a
 * real @mastra/mcp client's `listTools()` (the local stdio server of test/harness), run before and
 * after the transform with real @mastra/core, and the request captured by the fake provider on
 * 127.0.0.1. The reason the rule gives must hold: every MCP tool keeps the name Mastra sent, the
 * rewritten ones no longer come after the legal key, and a clash fails at the await, naming both
 * tools, where Mastra failed the call.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import jscodeshift, { type Transform } from 'jscodeshift';
import { toWireName } from '../src/names/wire-name.ts';
import transform from '../transforms/wrap-runtime-tools.ts';
import { startFakeProvider, type FakeProvider } from './harness/fake-provider.ts';
import { loadLine, type LoadedLine } from './harness/mastra-capture.ts';
import { CURRENT_LINE } from './harness/mastra-versions.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SERVER = path.join(ROOT, 'test/harness/mcp-stdio-server.mjs');
const HELPER = pathToFileURL(path.join(ROOT, 'src/runtime/index.ts')).href;

/** The app's agent module; the model comes from the test (set on globalThis before the import). */
const moduleText = (id: string, args: string[]) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { MCPClient } from '@mastra/mcp';

export const mcp = new MCPClient({
  id: '${id}',
  servers: { 'linear.app': { command: ${JSON.stringify(process.execPath)}, args: ${JSON.stringify([SERVER, ...args])} } },
});
(globalThis.WRAP_CAPTURE_CLIENTS ??= []).push(mcp);

const notesSave = createTool({ id: 'notes_save', description: 'save a note' });

export const agent = new Agent({
  id: 'boundary',
  name: 'boundary',
  instructions: 'probe',
  model: globalThis.WRAP_CAPTURE_MODEL,
  tools: { ...(await mcp.listTools()), notes_save: notesSave },
});
`;

interface AgentModule {
  agent: { generate(prompt: string): Promise<unknown>; __setLogger?(logger: unknown): void };
}

let provider: FakeProvider;
let mastra: LoadedLine;
let dir: string;
let counter = 0;
/** Every client the modules started (also those whose import then failed), to stop their servers. */
const clients = () =>
  ((
    globalThis as { WRAP_CAPTURE_CLIENTS?: Array<{ disconnect(): Promise<void> }> }
  ).WRAP_CAPTURE_CLIENTS ??= []);

async function wrapped(source: string, file: string): Promise<string> {
  const api = { jscodeshift, j: jscodeshift, stats: () => {}, report: () => {} };
  const out = await (transform as Transform)({ path: file, source }, api, {});
  assert.equal(typeof out, 'string', 'the transform wraps the listTools() call');
  // The package cannot import itself from a temporary folder: point at the helper's source.
  return (out as string).replace(`'mastra-tool-names/runtime'`, `'${HELPER}'`);
}

/** Imports the module as the app would run it, and captures what its agent sends. */
async function run(text: string): Promise<{ toolNames: string[] } | { error: Error }> {
  const caseId = `wrap${++counter}`;
  const file = path.join(dir, `${caseId}.ts`);
  writeFileSync(file, text);
  (globalThis as { WRAP_CAPTURE_MODEL?: unknown }).WRAP_CAPTURE_MODEL = mastra.model(
    provider.urlFor(caseId),
  );
  let mod: AgentModule;
  try {
    mod = (await import(pathToFileURL(file).href)) as AgentModule;
  } catch (e) {
    return { error: e as Error };
  }
  mod.agent.__setLogger?.(mastra.noopLogger);
  let error: unknown;
  await mod.agent.generate('hi').catch((e: unknown) => (error = e));
  const [request] = provider.requests(caseId);
  provider.forget(caseId);
  if (!request) return { error: error instanceof Error ? error : new Error(String(error)) };
  return {
    toolNames: (request.tools as Array<{ function: { name: string } }>).map((t) => t.function.name),
  };
}

const MCP_KEYS = [
  'linear.app_get-team',
  'linear.app_search.issues',
  'linear.app_issue:create',
  'linear.app_projects/list',
  'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open',
];

describe(
  `wrap-runtime-tools on a real MCP client, as @mastra/core ${CURRENT_LINE.version} sends it`,
  {
    timeout: 300_000,
  },
  () => {
    before(async () => {
      provider = await startFakeProvider();
      mastra = await loadLine(CURRENT_LINE);
      mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
      dir = mkdtempSync(path.join(ROOT, '.tmp', 'wrap-capture-'));
    });
    after(async () => {
      await Promise.all(clients().map((c) => c.disconnect()));
      await provider.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('the same names: legal ones as they were, the others as Mastra rewrote them; only the order changes', async (t) => {
      const original = moduleText('wrap-before', ['--no-clash']);
      const before = await run(original);
      const after = await run(await wrapped(moduleText('wrap-after', ['--no-clash']), 'agent.ts'));
      assert.ok('toolNames' in before && 'toolNames' in after, JSON.stringify({ before, after }));
      const wire = MCP_KEYS.map(toWireName);
      // Before: Mastra sends the legal key first and the rewritten MCP names after it.
      assert.deepEqual(before.toolNames, ['notes_save', ...wire]);
      // After: the helper's names are those same names, now legal keys in the record's own order.
      assert.deepEqual(after.toolNames, [...wire, 'notes_save']);
      t.diagnostic(`before: ${before.toolNames.join(', ')}`);
      t.diagnostic(`after: ${after.toolNames.join(', ')}`);
    });

    test('a clash: Mastra fails the call before; after the wrap the await throws, naming both tools', async () => {
      const before = await run(moduleText('wrap-clash-before', []));
      assert.ok('error' in before);
      assert.match(
        `${before.error.message} ${String(before.error.cause)}`,
        /Two or more tools resolve to the same name/,
      );
      const after = await run(await wrapped(moduleText('wrap-clash-after', []), 'agent.ts'));
      assert.ok('error' in after);
      assert.match(
        after.error.message,
        /^normaliseTools: "linear\.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open" and "linear\.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_closed" would both be offered as/,
      );
    });
  },
);
