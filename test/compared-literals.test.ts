/**
 * Comparisons read in code: the walk keeps only comparisons whose text can name a tool
 * (`toolName`, `tool_name`, a `tool-…` part type), and an escape can spell a part type too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanSource } from '../src/scan/scan.ts';

test('a part type spelled with an escape is read like the plain one', () => {
  const scan = scanSource(
    '/r/src/app.ts',
    `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const t = createTool({ id: 'search', description: 'Searches', execute: async () => 1 });
export const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o', tools: { search_web: t } });
export const plain = (part: { type: string }) => part.type === 'tool-search_web';
export const escaped = (part: { type: string }) => part.type === '\\u0074ool-search_web';
export const other = (part: { type: string }) => part.type === 'text';
`,
  );
  const compared = scan.mentions.filter((m) => m.context === 'comparison');
  assert.deepEqual(
    compared.map((m) => [m.raw, m.name, m.prefix]),
    [
      ["'tool-search_web'", 'search_web', 'tool-'],
      ["'\\u0074ool-search_web'", 'search_web', 'tool-'],
    ],
  );
});
