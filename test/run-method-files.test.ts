/**
 * A file whose only sign of Mastra is a call of one of the methods that run an agent
 * (`generateVNext()` in 0.14-0.21 apps, `resumeStream()`) is read: its prompt reaches the model.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { MASTRA_SIGNS } from '../src/scan/files/discover.ts';
import { CALL_METHODS, NETWORK_METHODS } from '../src/scan/registrations/calls.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

test('every method that runs an agent makes a file a candidate', () => {
  for (const method of [...CALL_METHODS, ...NETWORK_METHODS])
    assert.ok(MASTRA_SIGNS.test(`await planner.${method}(prompt)`), method);
  assert.ok(!MASTRA_SIGNS.test('await planner.generated(prompt)'));
});

test('a route that only calls generateVNext() has its message checked', async () => {
  const app = tempProject({
    'package.json': JSON.stringify({ dependencies: { '@mastra/core': '0.19.1' } }),
    'src/agents.ts': [
      "import { Agent } from '@mastra/core/agent';",
      "import { createTool } from '@mastra/core/tools';",
      "const planTool = createTool({ id: 'study-planner-tool', description: 'plans', execute: async () => ({}) });",
      "const quizTool = createTool({ id: 'quiz-generator-tool', description: 'quizzes', execute: async () => ({}) });",
      "export const planner = new Agent({ name: 'planner', instructions: 'Plan.', model: 'openai/gpt-4o', tools: { planTool } });",
      "export const quizzer = new Agent({ name: 'quizzer', instructions: 'Quiz.', model: 'openai/gpt-4o', tools: { quizTool } });",
      '',
    ].join('\n'),
    'src/route.ts': [
      "import { planner } from './agents';",
      'export async function POST(topic: string) {',
      '  return planner.generateVNext([',
      '    { role: \'user\', content: `Call the "quiz-generator-tool" with ${topic}` },',
      '  ]);',
      '}',
      '',
    ].join('\n'),
  });
  try {
    const scan = await scanRepository(app.root);
    const messages = buildPlan(scan)
      .findings.filter((f) => f.locations[0]?.file === 'src/route.ts')
      .map((f) => f.message);
    assert.equal(messages.length, 1, messages.join('\n'));
    // 0.19 looks a tool up by id, but only among the agent's own: planner is not offered this one.
    assert.match(messages[0]!, /message sent to planner names "quiz-generator-tool"/);
  } finally {
    app.cleanup();
  }
});
