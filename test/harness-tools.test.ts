/**
 * An AgentController (`Harness`) runs its modes' agents with toolsets of its own (harness.ts): its
 * built-in tools and the tools of its `tools` option, whose descriptions the model reads (eval:
 * Array-Ventures/coworker, whose harness tool view_image says "Use this instead of read_file"
 * where the agent is offered mastra_workspace_read_file). Checked against what real
 * @mastra/core 1.71.0 sends.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/index.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();

const APP = (withHarness: boolean) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Harness } from '@mastra/core/harness';
import { z } from 'zod';
export const viewImage = createTool({
  id: 'view_image',
  description: 'View an image. For a web page, call fetch_page instead.',
  inputSchema: z.object({ path: z.string() }),
  execute: async () => ({}),
});
export const coworker = new Agent({
  id: 'coworker',
  name: 'coworker',
  instructions: 'When unsure, call ask_user. Call task_write to track work.',
  model: 'openai/gpt-4o-mini',
});
${withHarness ? "export const harness = new Harness({ id: 'h', modes: [{ id: 'build', name: 'Build', default: true, agent: coworker }], tools: async () => ({ view_image: viewImage }) });" : ''}
`;

async function scanned(withHarness: boolean, version = '1.71.0') {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': version } }),
    'src/app.ts': APP(withHarness),
  });
  try {
    const scan = await scanRepository(p.root);
    return { scan, plan: buildPlan(scan) };
  } finally {
    p.cleanup();
  }
}

const unknown = (plan: ReturnType<typeof buildPlan>) =>
  plan.findings
    .filter((f) => f.kind === 'unknown-tool-mention')
    .map((f) => /names? "([^"]+)"/.exec(f.message)?.[1])
    .sort();

test('the names a Harness adds are the names real @mastra/core 1.71.0 sends', async () => {
  const [{ Agent }, { createTool }, { Harness }, { InMemoryStore }, { z }] = await Promise.all([
    import('@mastra/core/agent'),
    import('@mastra/core/tools'),
    import('@mastra/core/harness'),
    import('@mastra/core/storage'),
    import('zod'),
  ]);
  const viewImage = createTool({
    id: 'view_image',
    description: 'View an image.',
    inputSchema: z.object({ path: z.string() }),
    execute: () => Promise.resolve({}),
  });
  const agent = new Agent({
    id: 'coworker',
    name: 'coworker',
    instructions: 'x',
    model: { id: 'openai/gpt-4o-mini', url: provider().urlFor('harness'), apiKey: 'sk-fake' },
  });
  const harness = new Harness({
    id: 'h',
    storage: new InMemoryStore(),
    modes: [{ id: 'build', name: 'Build', default: true, agent }],
    tools: () => Promise.resolve({ view_image: viewImage }),
  });
  const session = await (
    harness as unknown as {
      createSession(o: object): Promise<{ sendMessage(o: object): Promise<unknown> }>;
    }
  ).createSession({ resourceId: 'r' });
  await session.sendMessage({ content: 'hi' }).catch(() => undefined);
  const [request] = provider().requests('harness');
  const sent = ((request?.tools ?? []) as Array<{ function?: { name: string } }>)
    .map((t) => t.function?.name)
    .sort();
  const { scan } = await scanned(true);
  const source = scan.agents[0]!.tools.runtime.find((r) => r.kind === 'harness');
  assert.deepEqual([...(source?.names ?? [])].sort(), sent);
});

test("a prompt naming the Harness's tools names tools the agent is offered; a harness tool's description is read", async () => {
  assert.deepEqual(unknown((await scanned(true)).plan), ['fetch_page']);
  // Without the Harness nothing offers them.
  assert.deepEqual(unknown((await scanned(false)).plan), ['ask_user', 'task_write']);
});

test('the built-ins follow the version: 1.6 to 1.32 have no task_update or task_complete', async () => {
  const names = async (version: string) =>
    (await scanned(true, version)).scan.agents[0]!.tools.runtime.find(
      (r) => r.kind === 'harness',
    )?.names?.filter((n) => n !== 'view_image');
  assert.deepEqual(await names('1.6.0'), ['ask_user', 'submit_plan', 'task_write', 'task_check']);
  assert.deepEqual(await names('^1.33.0'), [
    'ask_user',
    'submit_plan',
    'task_write',
    'task_update',
    'task_complete',
    'task_check',
  ]);
});
