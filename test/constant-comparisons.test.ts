/**
 * Code that compares a tool name with a constant (`toolName === WorkflowId.Generate`, an enum
 * member or a `const`) tests the constant's value. When that value is a name the model is not
 * offered, the test never matches: reported with the offered name, never edited (the constant is
 * written elsewhere and often serves other code, such as the workflow's own id).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

test('an enum member and a const naming what the model is not offered are reported, not edited', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "c", "type": "module", "dependencies": { "@mastra/core": "1.40.0" } }\n',
    'src/mastra/ids.ts': `export enum WorkflowId {
  Generate = 'generateRecipes',
}
export const SEARCH = 'search';
export const LOOKUP = 'lookup';
`,
    'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { createWorkflow } from '@mastra/core/workflows';
import { WorkflowId } from './ids';
const search = createTool({ id: 'search', description: 'Search.', execute: async () => ({}) });
const lookup = createTool({ id: 'lookup', description: 'Look up.', execute: async () => ({}) });
const generate = createWorkflow({ id: WorkflowId.Generate } as never) as never;
export const chef = new Agent({ id: 'chef', name: 'chef', model: 'openai/gpt-4o', instructions: 'Cook.',
  tools: { 'search.web': search, lookup }, workflows: { [WorkflowId.Generate]: generate } });
`,
    'src/stream.ts': `import { chef } from './mastra/agent';
import { WorkflowId, SEARCH, LOOKUP } from './mastra/ids';
export async function run() {
  const out = await chef.stream('hi');
  for await (const chunk of out.fullStream) {
    if (chunk.type !== 'tool-call') continue;
    const toolName = chunk.payload.toolName;
    if (toolName === WorkflowId.Generate) console.log('generating');
    if (toolName === SEARCH) console.log('searching');
    if (toolName === LOOKUP) console.log('looking up');
  }
}
`,
  });
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  const references = plan.findings.filter((f) => f.kind === 'reference');
  assert.deepEqual(
    references.map((f) => [
      f.locations[0]!.line,
      /with (\S+) \("([^"]+)"\).*calls the tool "([^"]+)"/.exec(f.message)?.slice(1),
    ]),
    [
      [8, ['WorkflowId.Generate', 'generateRecipes', 'workflow-generateRecipes']],
      // The id of the tool keyed 'search.web', which the model calls search_web.
      [9, ['SEARCH', 'search', 'search_web']],
    ],
  );
  assert.deepEqual(
    plan.edits.filter((e) => e.location.file === 'src/stream.ts'),
    [],
  );
});
