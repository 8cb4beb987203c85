/**
 * A tool passed through the app's own functions is the tool it was made as: a wrapper that returns
 * the tool it is given (`withToolLogging(tool)`, through `const t = tool as any; return t`) and a
 * factory whose one return is `createTool(...)`. Its id and its descriptions are read through them.
 * eval: Blakeinstein/HuntOS, `searchLinkSummaries: withToolLogging(createSearchLinkSummariesTool(...))`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';

const app = (wrapper: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
${wrapper}
function createSearchTool(service: unknown) {
  return createTool({ id: 'search-docs', description: 'Searches the docs.', execute: async () => ({ service }) });
}
function createFetchTool() {
  return createTool({ id: 'fetch-doc', description: 'Fetches a page. Call search-docs first.', execute: async () => ({}) });
}
export const docs = new Agent({
  id: 'docs',
  name: 'docs',
  model: 'openai/gpt-4o-mini',
  instructions: 'Answer from the docs.',
  tools: { searchDocs: withLogging(createSearchTool({})), fetchDoc: withLogging(createFetchTool()) },
});
`;

const edits = (wrapper: string) =>
  buildPlan(scanSource('/virtual/docs.ts', app(wrapper))).edits.map(
    (e) => `${e.location.line} ${e.before} -> ${e.after}`,
  );

test('a wrapper that returns the tool it is given: the id and description of the tool inside', () => {
  const identity = `function withLogging<T>(tool: T): T {
  const t = tool as any;
  const run = t.execute;
  t.execute = async (...args: unknown[]) => run(...args);
  return t as T;
}`;
  assert.deepEqual(edits(identity), ["20 searchDocs -> 'search-docs'"]);
});

test('a wrapper that may return something else proves nothing', () => {
  const other = `function withLogging<T>(tool: T): T {
  if (Math.random() > 2) return { ...tool } as T;
  return tool;
}`;
  assert.deepEqual(edits(other), []);
});
