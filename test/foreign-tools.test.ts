/**
 * A name compared with a tool name that the app itself defines as a function tool for another
 * SDK's model (OpenAI's `{ type: 'function', function: { name } }`) is that model's tool, not a
 * stale name of a Mastra tool with the same words. The same comparison without that definition
 * is still reported.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (openaiTools: string) => ({
  'package.json':
    '{ "name": "o", "type": "module", "dependencies": { "@mastra/core": "0.24.8" } }\n',
  'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const createArtifactTool = createTool({ id: 'createArtifact', description: 'make a report', execute: async () => ({}) });
export const assistant = new Agent({ name: 'assistant', instructions: 'Help.', model: 'openai/gpt-4o', tools: { createArtifact: createArtifactTool } });
`,
  'src/route.ts': `import { assistant } from './agent.js';
${openaiTools}
export function label(toolName: string): string {
  if (toolName === 'createArtifact') return 'Writing (Mastra)';
  if (toolName === 'create_artifact') return 'Writing (C1)';
  return toolName;
}
export async function POST() { return assistant.stream('hi'); }
`,
});

const references = async (openaiTools: string) => {
  const p = tempProject(app(openaiTools));
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  return plan.findings.filter((f) => f.kind === 'reference').map((f) => f.message);
};

test('a name the app defines as an OpenAI function tool is not stale', async () => {
  const defined = `export const tools = [{ type: 'function', function: { name: 'create_artifact', description: 'c1', parameters: {} } }];`;
  assert.deepEqual(await references(defined), []);
  const responsesFormat = `export const tools = [{ type: 'function', name: 'create_artifact', parameters: {} }];`;
  assert.deepEqual(await references(responsesFormat), []);
});

test('without that definition, the same comparison is reported', async () => {
  const found = await references('');
  assert.equal(found.length, 1);
  assert.match(found[0]!, /"create_artifact", which names no tool/);
});
