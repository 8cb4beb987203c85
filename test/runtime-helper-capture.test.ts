/**
 * The runtime helper against real @mastra/core and @mastra/mcp: a local MCP server over stdio
 * (test/harness/mcp-stdio-server.mjs) listed by a real MCPClient, its tools given to a real Agent,
 * and the request generate() sends captured by the fake provider on 127.0.0.1. Before the helper
 * Mastra rewrites the keys, moves them after the legal ones and fails on the pair that clashes after
 * the cut; after it, Mastra sends exactly the mapping's offered names, in the mapping's order, and a
 * prompt built from the mapping names only tools the model is offered. docs/boundary.md quotes these
 * names.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { MCPClient } from '@mastra/mcp';
import { toWireName } from '../src/names/wire-name.ts';
import { normaliseTools } from '../src/runtime/index.ts';
import { startFakeProvider, type FakeProvider } from './harness/fake-provider.ts';
import { loadLine, type LoadedLine } from './harness/mastra-capture.ts';
import { CURRENT_LINE } from './harness/mastra-versions.ts';

interface Sent {
  toolNames: string[];
  system: string;
}

let provider: FakeProvider;
let mastra: LoadedLine;
let mcp: MCPClient;
let counter = 0;
/** Per original key, the name each run sent it under, for the table in docs/boundary.md. */
const measured = new Map<string, { before?: string; hash?: string; rename?: string }>();
const note = (original: string, run: 'before' | 'hash' | 'rename', name: string) =>
  measured.set(original, { ...measured.get(original), [run]: name });

/** One generate() of an agent with these tools; what reached the provider, or why it did not. */
async function send(tools: Record<string, unknown>, instructions = 'probe'): Promise<Sent> {
  const caseId = `helper${++counter}`;
  const agent = new mastra.Agent({
    id: 'boundary',
    name: 'boundary',
    instructions,
    model: mastra.model(provider.urlFor(caseId)),
    tools,
  });
  agent.__setLogger?.(mastra.noopLogger);
  let error: unknown;
  // The fake provider answers 400, so generate() rejects once the request is captured.
  await agent.generate('hi').catch((e: unknown) => (error = e));
  const [request] = provider.requests(caseId);
  provider.forget(caseId);
  if (!request) throw error instanceof Error ? error : new Error(String(error));
  const messages = request.messages as Array<{ role: string; content: unknown }>;
  return {
    toolNames: (request.tools as Array<{ function: { name: string } }>).map((t) => t.function.name),
    system: messages
      .filter((m) => m.role === 'system')
      .map((m) => String(m.content))
      .join('\n'),
  };
}

describe(
  `imported MCP tools through the helper, as @mastra/core ${CURRENT_LINE.version} sends them`,
  {
    timeout: 300_000,
  },
  () => {
    let listed: Record<string, unknown>;
    const notesSave = () => mastra.createTool({ id: 'notes_save', description: 'save a note' });

    before(async () => {
      provider = await startFakeProvider();
      mastra = await loadLine(CURRENT_LINE);
      mcp = new MCPClient({
        id: 'boundary-test',
        servers: {
          'linear.app': {
            command: process.execPath,
            args: ['test/harness/mcp-stdio-server.mjs'],
          },
        },
      });
      listed = await mcp.listTools();
    });
    after(async () => {
      await mcp.disconnect();
      await provider.close();
    });

    test('the client names them `${server}_${tool}`, keys no provider accepts', () => {
      assert.deepEqual(Object.keys(listed), [
        'linear.app_get-team',
        'linear.app_search.issues',
        'linear.app_issue:create',
        'linear.app_projects/list',
        'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open',
        'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_closed',
      ]);
    });

    test('before: Mastra rejects the set (two keys clash after the cut); without one of them it rewrites the rest and sends them after the legal key', async (t) => {
      // Mastra's own error names the shared name, not the two tools.
      const clash = toWireName(
        'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open',
      );
      await assert.rejects(send({ ...listed, notes_save: notesSave() }), (e: Error) =>
        `${e.message} ${String(e.cause)}`.includes(
          `Two or more tools resolve to the same name "${clash}"`,
        ),
      );
      const {
        'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_closed': _,
        ...rest
      } = listed;
      const sent = await send({ ...rest, notes_save: notesSave() });
      assert.deepEqual(sent.toolNames, ['notes_save', ...Object.keys(rest).map(toWireName)]);
      Object.keys(rest).forEach((k, i) => note(k, 'before', sent.toolNames[i + 1]!));
      t.diagnostic(`before: ${sent.toolNames.join(', ')}`);
    });

    test("after `normaliseTools(mcp.listTools(), { onCollision: 'hash' })`: Mastra sends the mapping, in its order, rewriting nothing", async (t) => {
      const { tools, names } = await normaliseTools(mcp.listTools(), { onCollision: 'hash' });
      const sent = await send({ ...tools, notes_save: notesSave() });
      assert.deepEqual(sent.toolNames, [...names.list.map((e) => e.offered), 'notes_save']);
      assert.deepEqual(
        names.list.map((e) => e.how),
        ['normalised', 'normalised', 'normalised', 'normalised', 'hashed', 'hashed'],
      );
      for (const e of names.list) note(e.original, 'hash', e.offered);
      t.diagnostic(`after (hash): ${sent.toolNames.join(', ')}`);
    });

    test('after, with names the user picked: rename for the long pair, the rest normalised', async (t) => {
      const { tools, names } = await normaliseTools(mcp.listTools(), {
        rename: {
          'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open':
            'linear_my_open_issues',
          'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_closed':
            'linear_my_closed_issues',
        },
      });
      const sent = await send(tools);
      assert.deepEqual(sent.toolNames, [
        'linear_app_get-team',
        'linear_app_search_issues',
        'linear_app_issue_create',
        'linear_app_projects_list',
        'linear_my_open_issues',
        'linear_my_closed_issues',
      ]);
      assert.deepEqual(
        sent.toolNames,
        names.list.map((e) => e.offered),
      );
      for (const e of names.list) note(e.original, 'rename', e.offered);
      t.diagnostic(`after (rename): ${sent.toolNames.join(', ')}`);
    });

    test("docs/boundary.md's before/after table is what these captures measured", () => {
      const doc = readFileSync('docs/boundary.md', 'utf8');
      const code = (s: string) => `\`${s}\``;
      assert.equal(measured.size, 6);
      for (const [original, m] of measured) {
        assert.ok(m.hash && m.rename, original);
        const before = m.before ? code(m.before) : 'the same name: Mastra rejects the call';
        const row = `| ${[original, before, m.hash, m.rename].map((c, i) => (i === 1 ? c : code(c))).join(' | ')} |`;
        assert.ok(doc.includes(row), row);
      }
    });

    test('a prompt built with names.offered() names only tools the model is offered', async () => {
      const { tools, names } = await normaliseTools(mcp.listTools(), { onCollision: 'hash' });
      const instructions = [
        `Find issues with ${names.offered('linear.app_search.issues')}.`,
        `Create one with ${names.offered('linear.app_issue:create')} only when asked.`,
        `For the user's open work call ${names.offered('linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open')}.`,
      ].join('\n');
      const sent = await send(tools, instructions);
      assert.ok(sent.system.includes(instructions), 'the instructions reach the model');
      // Every tool-like word of the prompt (one holding `_`) is a name in the request's tool list.
      const named = sent.system.match(/[A-Za-z_][\w-]*_[\w-]*/g) ?? [];
      assert.equal(named.length, 3);
      for (const name of named) assert.ok(sent.toolNames.includes(name), name);
      // The originals (what MCP calls them) appear nowhere in it.
      for (const original of Object.keys(listed))
        assert.ok(!sent.system.includes(original), original);
    });
  },
);
