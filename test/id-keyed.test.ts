/**
 * A tool record built from a list, each tool under its own id (`list.reduce((acc, t) => { acc[t.id]
 * = t; return acc }, {})`, the spread form, `Object.fromEntries(list.map((t) => [t.id, t]))`): the
 * agent is offered the list's tools under their ids, and a tool its prompt names that is not in
 * the list is reported (eval: annex-ai/scion). Another key (`t.name`) is not read as the id.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Offers } from '../src/offers/index.ts';
import { unknownToolMentions } from '../src/plan/rules/unknown-mentions.ts';
import { scanSource } from '../src/scan/scan.ts';

function taskAgent(build: string) {
  const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const readTool = createTool({ id: 'read-file', description: 'r', execute: async () => ({}) });
const bashTool = createTool({ id: 'bash', description: 'b', execute: async () => ({}) });
const coreTools = [readTool, bashTool];
const toolsMap = ${build};
export const task = new Agent({ id: 'task', name: 'task', model: 'openai/gpt-4o-mini', tools: toolsMap,
  instructions: \`## Available Tools
- **read-file**: Read files
- **bash**: Run commands
- **ask-user**: Ask questions\` });
export const go = () => task.generate('hi');
`;
  const scan = scanSource('/virtual/task.ts', text);
  const agent = scan.agents[0]!;
  return {
    keys: agent.tools.entries.map((e) => e.key),
    unresolved: agent.tools.unresolved.length,
    unknown: unknownToolMentions(scan, new Offers(scan), new Set()).map(
      (f) => /"([^"]+)"/.exec(f.message)![1],
    ),
  };
}

for (const [shape, build] of [
  [
    'reduce with a write',
    'coreTools.reduce((acc, tool) => { acc[tool.id] = tool; return acc; }, {} as Record<string, any>)',
  ],
  ['reduce with a spread', 'coreTools.reduce((acc, t) => ({ ...acc, [t.id]: t }), {})'],
  ['Object.fromEntries of a map', 'Object.fromEntries(coreTools.map((t) => [t.id, t]))'],
] as const)
  test(`${shape}: the list's tools under their ids`, () => {
    assert.deepEqual(taskAgent(build), {
      keys: ['read-file', 'bash'],
      unresolved: 0,
      unknown: ['ask-user'],
    });
  });

test('keyed by another field: not read as ids, so nothing is said of the prompt', () => {
  const found = taskAgent(
    'coreTools.reduce((acc, t) => { acc[t.description] = t; return acc; }, {})',
  );
  assert.deepEqual(found.keys, []);
  assert.deepEqual(found.unknown, []);
});
