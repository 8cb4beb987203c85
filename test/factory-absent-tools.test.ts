/**
 * A factory that passes its `tools` on (`createAgent({ id, tools, ...rest })`), called with an object
 * literal that leaves `tools` out: the agent is given no tools, which is known, not "a value known
 * only at run time". With a spread in the call, `tools` may come from it: still unread.
 * eval: Blakeinstein/HuntOS's job-board orchestrator, whose note hid every dead UI-table entry.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';

const provider = useFakeProvider();

const app = (call: string) => `import { Agent } from '@mastra/core/agent';
import type { ToolsInput } from '@mastra/core/agent';
function createAgent({ id, tools, ...rest }: { id: string; tools?: ToolsInput; instructions: string }) {
  return new Agent({ id, name: id, model: 'openai/gpt-4o-mini', tools, ...rest });
}
declare const extra: { tools?: ToolsInput };
export const router = ${call};
`;

const unresolved = (call: string) =>
  buildPlan(scanSource('/virtual/agents.ts', app(call))).findings.filter(
    (f) => f.kind === 'unresolved',
  ).length;

test('a call that leaves tools out gives the agent none; a spread may give some', () => {
  assert.equal(unresolved("createAgent({ id: 'router', instructions: 'Route.' })"), 0);
  assert.equal(unresolved("createAgent({ id: 'router', instructions: 'Route.', ...extra })"), 1);
});

test('real @mastra/core 1.71.0: an agent given `tools: undefined` is offered no tools', async () => {
  const { Agent } = await import('@mastra/core/agent');
  const agent = new Agent({
    id: 'router',
    name: 'router',
    instructions: 'Route.',
    model: { id: 'openai/gpt-4o-mini', url: provider().urlFor('no-tools'), apiKey: 'sk-fake' },
    tools: undefined,
  });
  await agent.generate('hi').catch(() => undefined);
  const [request] = provider().requests('no-tools');
  assert.ok(request, 'the request reached the fake provider');
  assert.equal((request.tools as unknown[] | undefined)?.length ?? 0, 0);
});
