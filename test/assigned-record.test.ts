/**
 * A tool map a helper builds from a literal and `Object.assign` calls (and maybe `delete`s) holds
 * the literal's tools and, possibly, each merged map's. It was reported as "filled in by code" with
 * the helper's option fields guessed as its keys, so the agent's own tools were never checked
 * (eval: dcolley/tourbillon, `{ ...CONTROL_PLANE_TOOLS }` + `Object.assign(tools, ROLE_TOOLS[id])`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanSource } from '../src/scan/scan.ts';

const app = (body: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const identityTool = createTool({ id: 'identity', description: 'Who am I.', execute: async () => ({}) });
const inboxTool = createTool({ id: 'inbox', description: 'My inbox.', execute: async () => ({}) });
const mailTool = createTool({ id: 'mail', description: 'Sends mail.', execute: async () => ({}) });
const rosterTool = createTool({ id: 'roster', description: 'Lists agents.', execute: async () => ({}) });
const BASE_TOOLS = { identityTool, inboxTool, mailTool };
const ROLE_TOOLS = { roster: { rosterTool } };
async function assemble(opts: { roles: string[]; mail: boolean }): Promise<Record<string, unknown>> {
${body}
}
export async function build(opts: { roles: string[]; mail: boolean }) {
  const tools = await assemble(opts);
  return new Agent({ id: 'worker', name: 'worker', model: 'openai/gpt-4o-mini', instructions: 'Work.', tools });
}
`;

const toolsOf = (body: string) => {
  const agent = scanSource('/virtual/agents.ts', app(body)).agents[0]!;
  return {
    entries: agent.tools.entries.map((e) => `${e.key}${e.conditional ? '?' : ''}`),
    unresolved: agent.tools.unresolved.length,
  };
};

test('the literal and the maps Object.assign merges in, the merged ones as possible', () => {
  assert.deepEqual(
    toolsOf(`  const tools: Record<string, unknown> = { ...BASE_TOOLS };
  Object.assign(tools, { rosterTool });
  return tools;`),
    { entries: ['identityTool', 'inboxTool', 'mailTool', 'rosterTool?'], unresolved: 0 },
  );
});

test('a delete makes the literal tools possible; a source it cannot read leaves the map open', () => {
  assert.deepEqual(
    toolsOf(`  const tools: Record<string, unknown> = { ...BASE_TOOLS };
  for (const role of opts.roles) Object.assign(tools, ROLE_TOOLS[role as 'roster']);
  if (!opts.mail) delete tools.mailTool;
  return tools;`).entries.slice(0, 3),
    ['identityTool?', 'inboxTool?', 'mailTool?'],
  );
});

test('a key written by code is not read this way (the loop readers decide)', () => {
  const read = toolsOf(`  const tools: Record<string, unknown> = { ...BASE_TOOLS };
  tools[opts.roles[0]!] = rosterTool;
  return tools;`);
  assert.deepEqual(read.entries, []);
  assert.equal(read.unresolved, 1);
});
