/**
 * Working memory's tool, measured: real @mastra/core 1.71.0 with @mastra/memory 1.31.0 offers
 * `updateWorkingMemory` to an agent whose memory enables working memory, and not to one whose memory
 * does not, as the scan predicts for the same configs (`src/scan/values/memory-tools.ts`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanSource } from '../src/scan/scan.ts';
import { WORKING_MEMORY_TOOL } from '../src/scan/values/memory-tools.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';

const provider = useFakeProvider();

async function sent(options: Record<string, unknown>, tag: string): Promise<string[]> {
  const [{ Agent }, { Memory }, { InMemoryStore }] = await Promise.all([
    import('@mastra/core/agent'),
    import('@mastra/memory'),
    import('@mastra/core/storage'),
  ]);
  const agent = new Agent({
    id: 'a',
    name: 'a',
    instructions: 'x',
    model: { id: 'openai/gpt-4o-mini', url: provider().urlFor(tag), apiKey: 'sk-fake' },
    memory: new Memory({ storage: new InMemoryStore(), options }),
  });
  await agent
    .generate('hi', { memory: { thread: `t-${tag}`, resource: 'u' } })
    .catch(() => undefined);
  const [request] = provider().requests(tag);
  return ((request?.tools ?? []) as Array<{ function: { name: string } }>).map(
    (t) => t.function.name,
  );
}

function predicted(options: string): string[] {
  const scan = scanSource(
    '/virtual/a.ts',
    `import { Agent } from '@mastra/core/agent';
import { Memory } from '@mastra/memory';
export const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', memory: new Memory({ options: ${options} }) });
`,
  );
  return scan.agents[0]!.tools.runtime.flatMap((r) => r.names ?? []);
}

test('working memory enabled: the tool is sent, as predicted', async () => {
  assert.deepEqual(await sent({ workingMemory: { enabled: true } }, 'wm-on'), [
    WORKING_MEMORY_TOOL,
  ]);
  assert.deepEqual(predicted('{ workingMemory: { enabled: true } }'), [WORKING_MEMORY_TOOL]);
});

test('no working memory: nothing is sent, and nothing predicted', async () => {
  assert.deepEqual(await sent({ lastMessages: 5 }, 'wm-off'), []);
  assert.deepEqual(predicted('{ lastMessages: 5 }'), []);
});
