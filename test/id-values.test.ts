/**
 * A tool's id that the code also gives another field as a value (`context: 'create-patient'` in the
 * error a workflow throws): unquoted and not called a tool, a prompt naming it may mean the value,
 * so it is reported, not rewritten; the same prompt's tool list is still fixed (eval:
 * CodeSistency/gnu-agent-mastra, where the rewrite made the prompt describe a value the model
 * never receives).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const PROMPT = [
  '<tool name="create-patient">Registers a patient.</tool>',
  'When a step fails, explain the error using:',
  '   - the operation context (create-patient, intake, etc.)',
].join('\n');

const app = (errorContext: string, tool = 'createPatientTool') => ({
  'package.json':
    '{ "name": "g", "type": "module", "dependencies": { "@mastra/core": "1.20.0" } }\n',
  'src/tools.ts': `import { createTool } from '@mastra/core/tools';
export const ${tool} = createTool({ id: 'create-patient', description: 'c', execute: async () => ({}) });
`,
  'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { ${tool} } from './tools.js';
export const admin = new Agent({
  id: 'admin',
  name: 'admin',
  instructions: \`${PROMPT}\`,
  model: 'openai/gpt-4o',
  tools: { ${tool} },
});
`,
  'src/scorer.ts': `export const expected = '${tool}';\n`,
  'src/step.ts': `import { createStep } from '@mastra/core/workflows';
export const step = createStep;
export function fail(status: number) {
  throw new Error(JSON.stringify({ type: 'api_error', status, context: '${errorContext}' }));
}
`,
  'src/index.ts': `import { Mastra } from '@mastra/core/mastra';
import { admin } from './agent.js';
export const mastra = new Mastra({ agents: { admin } });
await admin.generate('hi');
`,
});

async function outcome(errorContext: string) {
  const p = tempProject(app(errorContext));
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  return {
    edits: plan.edits.map((e) => `${e.location.line}:${e.before}->${e.after}`),
    held: plan.findings
      .filter((f) => f.kind === 'ambiguous-mention')
      .map((f) => `${f.locations[0]!.line}:${/\(also the value of "(\w+)"/.exec(f.message)?.[1]}`),
  };
}

test("the id as another field's value in code: the list of contexts is left, the tool list fixed", async () => {
  assert.deepEqual(await outcome('create-patient'), {
    edits: ['6:create-patient->createPatientTool'],
    held: ['8:context'],
  });
});

test('where the code gives no field that value, both mentions are the tool and are rewritten', async () => {
  assert.deepEqual(await outcome('register'), {
    edits: ['6:create-patient->createPatientTool', '8:create-patient->createPatientTool'],
    held: [],
  });
});

test("a table from one name of the tool to another (`{ registerPatient: 'create-patient' }`) is no other field's value", async () => {
  const p = tempProject({
    ...app('register', 'registerPatient'),
    'src/names.ts': `import { createStep } from '@mastra/core/workflows';
export const step = createStep;
export const DISPLAY = { registerPatient: 'create-patient' };
`,
  });
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  assert.deepEqual(
    plan.edits.map((e) => `${e.location.line}:${e.before}->${e.after}`),
    ['6:create-patient->registerPatient', '8:create-patient->registerPatient'],
  );
});
