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
