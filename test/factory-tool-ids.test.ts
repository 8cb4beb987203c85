/**
 * A tool made by the app's own factory (`createToolFromAgent(evergreenAgent.id, ...)`, whose one
 * return is `createTool({ id: agentId, ... })`) has the id its argument gives: a literal, or the id
 * of the Agent it names (eval: evergreen-ci/sage). An id the factory computes stays unknown.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanSource } from '../src/scan/scan.ts';

function toolIds(factory: string, made: string): unknown[] {
  const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
${factory}
export const evergreenAgent = new Agent({ id: 'evergreenAgent', name: 'e', instructions: 'E.', model: 'openai/gpt-4o-mini' });
export const askEvergreen = ${made};
export const thinking = new Agent({ id: 'thinking', name: 't', instructions: 'Ask.', model: 'openai/gpt-4o-mini', tools: { askEvergreen } });
`;
  const scan = scanSource('/virtual/sage.ts', text);
  const thinking = scan.agents.find((a) => a.id === 'thinking')!;
  return thinking.tools.entries.map((e) => e.value);
}

const FACTORY = `const createToolFromAgent = (agentId: string, description: string) =>
  createTool({ id: agentId, description, execute: async () => ({}) });`;

test("the factory's id parameter: the Agent's id the call passes, or a literal", () => {
  assert.deepEqual(toolIds(FACTORY, 'createToolFromAgent(evergreenAgent.id, "Ask it.")'), [
    { kind: 'createTool', id: 'evergreenAgent' },
  ]);
  assert.deepEqual(toolIds(FACTORY, "createToolFromAgent('ask-evergreen', 'Ask it.')"), [
    { kind: 'createTool', id: 'ask-evergreen' },
  ]);
});

test('an id the factory computes is not guessed', () => {
  const computed = `function createToolFromAgent(agentId: string) {
  return createTool({ id: \`ask-\${agentId}-\${Date.now()}\`, description: 'd', execute: async () => ({}) });
}`;
  const [value] = toolIds(computed, 'createToolFromAgent(evergreenAgent.id)');
  assert.notDeepEqual(value, { kind: 'createTool', id: 'evergreenAgent' });
  assert.equal((value as { id?: string }).id, undefined);
});
