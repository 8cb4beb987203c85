/**
 * A workflow the app defines reaches an agent's model only through that agent's own `workflows`.
 * A prompt of an agent without it that tells it to run the workflow by id is reported; the same
 * prompt for an agent given the workflow is rewritten to `workflow-KEY` instead, and an id that is a
 * value a tool of the agent takes (an enum of its input) is data, not a tool.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (agentExtra: string, tools = '{}') => ({
  // The tool taking the id as a value exists only when the agent is given it.
  'package.json':
    '{ "name": "w", "type": "module", "dependencies": { "@mastra/core": "1.13.2", "zod": "3.25.0" } }\n',
  'src/mastra/workflows.ts': `import { createWorkflow, createStep } from '@mastra/core/workflows';
import { z } from 'zod';
const step = createStep({ id: 'read', inputSchema: z.object({}), outputSchema: z.object({}), execute: async () => ({}) });
export const summarize = createWorkflow({ id: 'document-summarize', inputSchema: z.object({}), outputSchema: z.object({}) }).then(step).commit();
`,
  'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
import { summarize } from './workflows.js';
${tools.includes('start') ? "const start = createTool({ id: 'start', description: 'Starts a job.', inputSchema: z.object({ job: z.enum(['document-summarize', 'other']) }), execute: async () => ({}) });" : ''}
export const transformer = new Agent({ id: 'transformer', name: 'transformer', model: 'openai/gpt-4o',
  instructions: 'To summarise a document, run the workflow "document-summarize".',
  tools: ${tools},${agentExtra} });
export const mastra = new Mastra({ agents: { transformer }, workflows: { summarize } });
export async function run() { return transformer.generate('hi'); }
`,
});

async function plan(agentExtra: string, tools?: string) {
  const p = tempProject(app(agentExtra, tools));
  made.push(p.cleanup);
  return buildPlan(await scanRepository(p.root));
}

test('a workflow only the Mastra instance has, named by an agent prompt, is reported', async () => {
  const result = await plan('');
  const found = result.findings.filter((f) => f.kind === 'unknown-tool-mention');
  assert.equal(found.length, 1);
  assert.match(
    found[0]!.message,
    /"document-summarize", which transformer is not offered: it is a workflow the app defines at src\/mastra\/workflows.ts:4/,
  );
});

test('given to the agent, the same name is rewritten to workflow-KEY', async () => {
  const result = await plan('\n  workflows: { summarize },');
  assert.deepEqual(
    result.edits.map((e) => [e.before, e.after]),
    [['document-summarize', 'workflow-summarize']],
  );
  assert.equal(result.findings.filter((f) => f.kind === 'unknown-tool-mention').length, 0);
});

test('a value a tool of the agent takes is data', async () => {
  const result = await plan('', '{ start }');
  assert.equal(result.findings.filter((f) => f.kind === 'unknown-tool-mention').length, 0);
});
