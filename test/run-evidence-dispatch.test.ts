/**
 * Calls that reach an agent the way servers pick one at run time: from a table keyed by the request
 * (`CHAT_AGENTS[id].agent.generate()`), in a loop over a table of routes, through Mastra's
 * per-request copy (`__fork()`), and through a lazy `await import()`. Each is a call of the agents
 * it can reach (eval: Musdaf-Hirsi/outreach-mock, GuySilverMT/EVAIX), beside the shape that is
 * not: a table with an entry that is not an agent proves nothing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } });

const AGENTS = `import { Agent } from '@mastra/core/agent';
export const manager = new Agent({ id: 'manager', name: 'manager', instructions: 'Manage.', model: 'openai/gpt-4o-mini' });
export const drafter = new Agent({ id: 'drafter', name: 'drafter', instructions: 'Draft.', model: 'openai/gpt-4o-mini' });
`;

async function modes(server: string): Promise<Record<string, string>> {
  const app = tempProject({
    'package.json': PACKAGE,
    'src/agents.ts': AGENTS,
    'src/server.ts': server,
  });
  try {
    const scan = await scanRepository(app.root);
    return Object.fromEntries(scan.agents.map((a) => [a.id!, a.runs.mode]));
  } finally {
    app.cleanup();
  }
}

test("the installed @mastra/core's __fork() is a copy of the agent: its id and tool keys", async () => {
  const searchWeb = createTool({
    id: 'search-web',
    description: 'Search.',
    execute: () => Promise.resolve({}),
  });
  const agent = new Agent({
    id: 'manager',
    name: 'manager',
    instructions: 'Manage.',
    model: 'openai/gpt-4o-mini',
    tools: { searchWeb },
  });
  const fork = (agent as unknown as { __fork(): Agent }).__fork();
  assert.ok(fork instanceof Agent);
  assert.equal(fork.id, 'manager');
  assert.deepEqual(Object.keys(await fork.listTools()), ['searchWeb']);
});

describe('an agent picked at run time', () => {
  test('from a table keyed by the request: a call of each agent the table holds', async () => {
    assert.deepEqual(
      await modes(`import { manager, drafter } from './agents';
const CHAT_AGENTS: Record<string, { agent: any; label: string }> = {
  manager: { agent: manager, label: 'Manager' },
  drafting: { agent: drafter, label: 'Drafting' },
};
export async function chat(id: string, messages: string[]) {
  const entry = CHAT_AGENTS[id];
  return entry.agent.generate(messages);
}
`),
      { manager: 'function', drafter: 'function' },
    );
  });

  test('by a key the code writes: that entry alone', async () => {
    assert.deepEqual(
      await modes(`import { manager, drafter } from './agents';
const AGENTS = { manager, drafter };
export const ask = (q: string) => AGENTS['manager'].generate(q);
`),
      { manager: 'function', drafter: 'unreached' },
    );
  });

  test('a table with an entry that is not an agent proves nothing', async () => {
    assert.deepEqual(
      await modes(`import { manager, drafter } from './agents';
import { other } from './other';
const CHAT_AGENTS: Record<string, { agent: any }> = {
  manager: { agent: manager },
  other: { agent: other },
};
export async function chat(id: string, messages: string[]) {
  return CHAT_AGENTS[id].agent.generate(messages);
}
`),
      { manager: 'unreached', drafter: 'unreached' },
    );
  });

  test("in a loop over a table of routes, through Mastra's per-request copy", async () => {
    assert.deepEqual(
      await modes(`import { manager, drafter } from './agents';
const TOOLS = [
  { id: 'ask_manager', agent: manager },
  { id: 'ask_drafter', agent: drafter },
];
export function register(app: any) {
  for (const tool of TOOLS)
    app.post('/' + tool.id, async (req: any) => {
      const run = (tool.agent as any).__fork();
      return run.generate(req.body.prompt);
    });
}
`),
      { manager: 'function', drafter: 'function' },
    );
  });

  test('imported lazily with await import()', async () => {
    assert.deepEqual(
      await modes(`export async function plan(intent: string) {
  const { manager } = await import('./agents');
  return manager.generate(intent);
}
`),
      { manager: 'function', drafter: 'unreached' },
    );
  });
});
