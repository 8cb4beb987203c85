/**
 * Prompts a class builds in its own methods (`instructions: this.paymentPrompt(config)`,
 * `Prompts.payment(config)`) are read, with the call's arguments bound; a `this` that belongs to a
 * nested plain function is not the class's, and proves nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const app = (instructions: string) => ({
  'package.json': '{ "name": "c", "dependencies": { "@mastra/core": "1.4.0" } }\n',
  'src/factory.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const statusTool = createTool({ id: 'check_status', description: 'status', execute: async () => ({}) });
export class Factory {
  static create(config: { name: string }) {
    return new Agent({ id: 'pay', name: 'pay', model: 'openai/gpt-4o', tools: { statusTool }, instructions: ${instructions} });
  }
  private static paymentPrompt(config: { name: string }): string {
    return \`Payments for \${config.name}: use 'check_status' first.\`;
  }
}
export class Prompts {
  static payment(): string { return "Call 'check_status'."; }
}
`,
});

const mentioned = async (instructions: string) => {
  const p = tempProject(app(instructions));
  try {
    const scan = await scanRepository(p.root);
    return scan.mentions
      .filter((m) => m.context === 'instructions')
      .map((m) => `${m.name}@${m.location.line}`);
  } finally {
    p.cleanup();
  }
};

test("this.method(args) in a class reads the method's returned text", async () => {
  assert.deepEqual(await mentioned('this.paymentPrompt(config)'), ['check_status@9']);
});

test('Class.method() reads the static method of that class', async () => {
  assert.deepEqual(await mentioned('Prompts.payment()'), ['check_status@13']);
});

test('an unknown method, or the `this` of a nested plain function, gives no text', async () => {
  assert.deepEqual(await mentioned('this.missingPrompt(config)'), []);
  assert.deepEqual(
    await mentioned('(function (this: any) { return this.paymentPrompt(config); })()'),
    [],
  );
});
