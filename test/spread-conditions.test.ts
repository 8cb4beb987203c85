/**
 * `...(x && { x })` in a tools map: the left side is the condition, and when it is falsy the spread
 * adds nothing, so only the right side's keys can be offered (eval: shegz101/Gagent, where each of
 * 13 tools was added so and reported as known only at run time). `...(a || b)` may be either side.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanSource } from '../src/scan/scan.ts';

const agent = (entries: string) =>
  scanSource(
    '/virtual/agent.ts',
    `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const listEventsTool = createTool({ id: 'list-events', description: 'l', execute: async () => ({}) });
const allTools = { listEventsTool };
const extra: any = globalThis.extra;
export const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o', tools: { ${entries} } });
`,
  ).agents[0]!;

test('a spread guarded by && adds the right side: its keys are known, nothing is unresolved', () => {
  const a = agent('...allTools.listEventsTool && { listEventsTool: allTools.listEventsTool }');
  assert.deepEqual(
    a.tools.entries.map((e) => e.key),
    ['listEventsTool'],
  );
  assert.equal(a.tools.unresolved.length, 0);
});

test('a spread of || may be either side: an unknown left side stays unresolved', () => {
  const a = agent('...(extra || { listEventsTool })');
  assert.deepEqual(
    a.tools.entries.map((e) => e.key),
    ['listEventsTool'],
  );
  assert.equal(a.tools.unresolved.length, 1);
});
