/**
 * A tools function that returns a promise: Mastra awaits it, so the keys are the record's, never
 * a Promise's `then`, `catch` and `finally` (an async builder whose records the checker reads).
 * What real Mastra sends is captured.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();

const files = (url: string) => ({
  'src/mastra/tools.ts': `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const tool = (id: string) =>
  createTool({ id, description: id, inputSchema: z.object({}), execute: () => Promise.resolve({}) });
export async function loadTools() {
  const [local, remote] = await Promise.all([
    Promise.resolve({ 'notes.save': tool('notes-save') }),
    Promise.resolve({ fetchPage: tool('fetch-page') }),
  ]);
  return { ...local, ...remote };
}
`,
  'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { loadTools } from './tools';

export const loader = new Agent({
  id: 'loader',
  name: 'Loader',
  instructions: 'Use fetchPage, then notes_save.',
  model: { id: 'openai/gpt-4o-mini', url: '${url}', apiKey: 'sk-fake' },
  tools: () => loadTools(),
});
`,
});

describe('a tools function returning a promise', () => {
  test('is read as the awaited record; real Mastra sends its keys', async () => {
    const p = tempProject(files(provider().urlFor('awaited')));
    try {
      const scan = await scanRepository(p.root);
      const agent = scan.agents.find((a) => a.id === 'loader')!;
      const keys = agent.tools.entries.map((e) => e.key);
      assert.ok(!keys.some((k) => ['then', 'catch', 'finally'].includes(k)), keys.join(', '));
      assert.deepEqual(
        { keys: [...keys].sort(), predicted: agent.prediction.offered.map((t) => t.wireName) },
        { keys: ['fetchPage', 'notes.save'], predicted: ['fetchPage', 'notes_save'] },
      );
      const { loader } = (await import(`${p.root}/src/mastra/agent.ts`)) as {
        loader: { generate(prompt: string): Promise<unknown> };
      };
      await loader.generate('hi').catch(() => undefined);
      const [request] = provider().requests('awaited');
      const sent = ((request?.tools ?? []) as Array<{ function: { name: string } }>).map(
        (t) => t.function.name,
      );
      assert.deepEqual(sent, ['fetchPage', 'notes_save']);
    } finally {
      p.cleanup();
    }
  });
});
