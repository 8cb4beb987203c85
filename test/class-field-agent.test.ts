/**
 * An agent a class holds in a field (`this.agent = new Agent(...)` in its constructor) and runs in
 * a method (`this.agent.stream(...)`): that call runs the agent. It was not tied to it, so the agent
 * was reported as run by nothing, and its fixes as changes to code nothing runs (eval:
 * mosh-dev/tax-gpt-poc, a `TaxAgent` singleton a route calls).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanSource } from '../src/scan/scan.ts';

const app = (cls: string) => `import { Agent } from '@mastra/core/agent';
const AGENT = { id: 'tax', name: 'tax', model: 'openai/gpt-4o-mini', instructions: 'Help.' };
${cls}
`;

const callers = (cls: string) => {
  const scan = scanSource('/virtual/tax-agent.ts', app(cls));
  return scan.calls.map((c) => `${c.method}:${c.agentIndex ?? '?'}`);
};

test('a field set once in the constructor, or by its initializer, is the agent its methods run', () => {
  assert.deepEqual(
    callers(`export class TaxAgent {
  private agent: Agent;
  constructor() { this.agent = new Agent(AGENT); }
  chat(text: string) { return this.agent.stream(text); }
  ask(text: string) { const run = () => this.agent.generate(text); return run(); }
}`),
    ['stream:0', 'generate:0'],
  );
  assert.deepEqual(
    callers(`export class TaxAgent {
  private agent = new Agent(AGENT);
  chat(text: string) { return this.agent.generate(text); }
}`),
    ['generate:0'],
  );
});

test('a field written twice, or a this that is not the instance, is not tied to an agent', () => {
  assert.ok(
    !callers(`export class TaxAgent {
  private agent: Agent;
  constructor() { this.agent = new Agent(AGENT); }
  swap(next: Agent) { this.agent = next; }
  chat(text: string) { return this.agent.stream(text); }
}`).includes('stream:0'),
  );
  assert.ok(
    !callers(`export class TaxAgent {
  private agent = new Agent(AGENT);
  chat(text: string) { return function (this: { agent: Agent }) { return this.agent.stream(text); }; }
}`).includes('stream:0'),
  );
});
