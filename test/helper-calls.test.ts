/**
 * A helper of the app that calls generate() on an agent it is given (`runAgent({ agent, prompt })`)
 * makes each of its calls a call of the agent passed there: the message passed there is checked
 * against that agent, and the call shows how it runs. Options a helper spreads from a property its
 * caller does not pass (`...(input.options ?? {})`) add nothing; one its caller passes is unknown.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (extra: string) => ({
  'package.json':
    '{ "name": "h", "type": "module", "dependencies": { "@mastra/core": "1.40.0" } }\n',
  'src/mastra/index.ts': `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { runAgent } from './run.js';
const write = createTool({ id: 'write-file', description: 'Writes.', execute: async () => ({}) });
const other = createTool({ id: 'other', description: 'Other.', execute: async () => ({}) });
export const coder = new Agent({ id: 'coder', name: 'coder', instructions: 'Code.', model: 'openai/gpt-4o', tools: { writeFile: write } });
export const helper = new Agent({ id: 'helper', name: 'helper', instructions: 'Help.', model: 'openai/gpt-4o', tools: { saveTool: other } });
export const mastra = new Mastra({ agents: { coder, helper } });
export async function task() {
  const agent = mastra.getAgent('coder');
  return runAgent({ agent, prompt: 'Save the result: call saveTool.'${extra} });
}
`,
  'src/mastra/run.ts': `import type { Agent } from '@mastra/core/agent';
export async function runAgent(input: { agent: Agent; prompt: string; options?: object }) {
  return input.agent.generate(input.prompt, { maxSteps: 3, ...(input.options ?? {}) });
}
`,
});

async function scanOf(extra: string) {
  const p = tempProject(app(extra));
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  return { scan, plan: buildPlan(scan) };
}

test("a helper's call is a call of the agent its caller passes, with the caller's message", async () => {
  const { scan, plan } = await scanOf('');
  const calls = scan.calls.filter((c) => c.agentIndex === 0);
  assert.equal(calls.length, 1);
  assert.equal(calls[0]!.location.file, 'src/mastra/index.ts');
  assert.equal(calls[0]!.options.unresolved.length, 0);
  assert.equal(scan.agents[0]!.runs.mode, 'function');
  const found = plan.findings.filter((f) => f.kind === 'unknown-tool-mention');
  assert.equal(found.length, 1);
  assert.match(
    found[0]!.message,
    /a message sent to coder names "saveTool", which coder is not offered/,
  );
});

test('options the caller passes to the helper are not known', async () => {
  const { scan } = await scanOf(', options: makeOptions()');
  const [call] = scan.calls.filter((c) => c.agentIndex === 0);
  assert.ok(call);
  assert.equal(call.options.unresolved.length, 1);
});
