/**
 * The descriptions of a tool's parameters reach the model with its JSON schema, so a stale name in
 * them is fixed like one in the tool's description; an output schema's are not sent to the model.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';

const provider = useFakeProvider();

const app = (schema: 'inputSchema' | 'outputSchema') => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const reportTool = createTool({ id: 'analytics-report', description: 'Starts a report.', execute: async () => ({ jobId: 'x' }) });
const statusTool = createTool({
  id: 'job-status',
  description: 'Checks a report job.',
  ${schema}: z.object({ jobId: z.string().describe('The job id that \\'analytics-report\\' returned') }),
  execute: async () => ({}),
});
export const analyst = new Agent({
  id: 'analyst',
  name: 'analyst',
  instructions: 'Use reportTool, then statusTool.',
  model: 'openai/gpt-4o-mini',
  tools: { reportTool, statusTool },
});
`;

const edits = (schema: 'inputSchema' | 'outputSchema') =>
  buildPlan(scanSource('/virtual/analyst.ts', app(schema))).edits.map(
    (e) => `${e.location.line} ${e.before} -> ${e.after}`,
  );

test("a parameter's description naming a sibling by its id is rewritten to the offered name", () => {
  assert.deepEqual(edits('inputSchema'), ['8 analytics-report -> reportTool']);
});

test("an output schema's descriptions are not read", () => {
  assert.deepEqual(edits('outputSchema'), []);
});

test('real @mastra/core 1.71.0 sends a parameter description with the tool', async () => {
  const [{ Agent }, { createTool }, { z }] = await Promise.all([
    import('@mastra/core/agent'),
    import('@mastra/core/tools'),
    import('zod'),
  ]);
  const statusTool = createTool({
    id: 'job-status',
    description: 'Checks a report job.',
    inputSchema: z.object({ jobId: z.string().describe('The job id reportTool returned') }),
    execute: () => Promise.resolve({}),
  });
  const agent = new Agent({
    id: 'analyst',
    name: 'analyst',
    instructions: 'x',
    model: { id: 'openai/gpt-4o-mini', url: provider().urlFor('params'), apiKey: 'sk-fake' },
    tools: { statusTool },
  });
  await agent.generate('hi').catch(() => undefined);
  const [request] = provider().requests('params');
  const [tool] = request?.tools as Array<{
    function: { parameters: { properties: Record<string, { description?: string }> } };
  }>;
  assert.equal(
    tool?.function.parameters.properties.jobId?.description,
    'The job id reportTool returned',
  );
});

// eval: Blakeinstein/HuntOS, where 'Value for "fill" action' was rewritten to browser_fill in 7 tools.
const actions = (enumArg: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
export const fill = createTool({ id: 'browser-fill', description: 'Fills a field.', execute: async () => ({}) });
const ACTIONS = ['click', 'fill'] as const;
const actionSchema = z.enum(${enumArg}).describe('Action to perform');
export const findByRole = createTool({
  id: 'browser-find-role',
  description: 'Finds an element by role and acts on it.',
  inputSchema: z.object({
    action: actionSchema,
    value: z.string().optional().describe('Value for "fill" action'),
  }),
  execute: async () => ({}),
});
const helper = createTool({
  id: 'helper',
  description: 'Before typing, use "fill" to clear the field.',
  inputSchema: z.object({ mode: z.enum(['fast', 'slow']) }),
  execute: async () => ({}),
});
export const browser = new Agent({
  id: 'browser',
  name: 'browser',
  instructions: 'Browse.',
  model: 'openai/gpt-4o-mini',
  tools: { browser_fill: fill, browser_find_role: findByRole, helper },
});
`;

test("a value the tool's own parameters take (an enum, here or in a constant) is an argument in its descriptions, not another tool", () => {
  for (const enumArg of ["['click', 'fill']", 'ACTIONS']) {
    const plan = buildPlan(scanSource('/virtual/browser.ts', actions(enumArg)));
    // Only the helper's description, whose parameters take no "fill", names the fill tool.
    assert.deepEqual(
      plan.edits.map((e) => `${e.location.line} ${e.before} -> ${e.after}`),
      ['18 fill -> browser_fill'],
      enumArg,
    );
  }
});

const team = (instructions: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const requestSpecialistSchema = z.object({
  specialistAgent: z.enum(['portal-scanner', 'portal-monitor']).describe('The specialist agent to request'),
  taskType: z.string(),
});
export const requestSpecialist = createTool({
  id: 'request-specialist',
  description: 'Request a specialist agent to perform a task',
  inputSchema: requestSpecialistSchema,
  execute: async () => ({}),
});
export const portalManager = new Agent({
  id: 'portal-manager',
  name: 'Portal Manager',
  instructions: ${JSON.stringify(instructions)},
  model: 'openai/gpt-4o-mini',
  tools: { requestSpecialist },
});
`;

test('in the instructions too, a value the agent\'s own tool takes is an argument, even after "delegate to" (eval: VerticalLabs-ai/rfpagent)', () => {
  const unknown = (instructions: string) =>
    buildPlan(scanSource('/virtual/team.ts', team(instructions)))
      .findings.filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => /name "([^"]+)"/.exec(f.message)?.[1]);
  assert.deepEqual(unknown('- Use requestSpecialist to delegate to "portal-scanner"'), []);
  // A name the tool does not take is still a name the agent is told to call and is not offered.
  assert.deepEqual(unknown('- Use requestSpecialist, then delegate to "portal-auditor"'), [
    'portal-auditor',
  ]);
});
