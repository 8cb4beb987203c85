/**
 * One agent key registered by two Mastra instances (the app's and an isolated eval instance, both
 * built by one factory): a step's `mastra.getAgent('supervisor')` may be either, so the tools its
 * call sends (`toolsets`) are sent to each (eval: tuval10/bazak-ai-shopping-copilot).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (toolsets: string) => ({
  'package.json':
    '{ "name": "s", "type": "module", "dependencies": { "@mastra/core": "1.47.0" } }\n',
  'src/supervisor.ts': `import { Agent } from '@mastra/core/agent';
export const createSupervisor = (name: string) => new Agent({
  id: 'supervisor',
  name,
  instructions: 'Call find_products first, then answer.',
  model: 'openai/gpt-4o',
});
`,
  'src/step.ts': `import { createTool } from '@mastra/core/tools';
import { createStep } from '@mastra/core/workflows';
import { z } from 'zod';
const findTool = createTool({ id: 'find', description: 'find', execute: async () => ({}) });
export const converse = createStep({
  id: 'converse',
  inputSchema: z.object({}),
  outputSchema: z.object({}),
  execute: async ({ mastra }) => {
    const supervisor = mastra.getAgent('supervisor');
    await supervisor.generate('hi', { ${toolsets} });
    return {};
  },
});
`,
  'src/index.ts': `import { Mastra } from '@mastra/core/mastra';
import { createSupervisor } from './supervisor.js';
export const mastra = new Mastra({ agents: { supervisor: createSupervisor('App') } });
`,
  'evals/mastra.ts': `import { Mastra } from '@mastra/core/mastra';
import { createSupervisor } from '../src/supervisor.js';
export const evalMastra = new Mastra({ agents: { supervisor: createSupervisor('Eval') } });
`,
});

async function unknownNames(toolsets: string): Promise<string[]> {
  const p = tempProject(app(toolsets));
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  const plan = buildPlan(scan);
  return plan.findings
    .filter((f) => f.kind === 'unknown-tool-mention')
    .flatMap((f) => f.agents.map((a) => `${a}:${/"([^"]+)"/.exec(f.message)![1]}`));
}

test('a getAgent call on a key two Mastra instances register is a call of each agent', async () => {
  assert.deepEqual(await unknownNames('toolsets: { catalog: { find_products: findTool } }'), []);
});

test('without the call-time tool, both registrations are told a name they are not offered', async () => {
  assert.deepEqual(await unknownNames('maxSteps: 3'), ['supervisor:find_products']);
});
