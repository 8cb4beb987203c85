/**
 * A tool map filled in two loops over `new Set([...])` of names (a free and a gated tier, each name
 * a `createTool` under that key), and a call that spreads `activeTools: []` only on some turns: the
 * agent's tools are those names, and the spread takes tools away without naming any. Both made the
 * agent "known only at run time", so its prompt was never checked (eval: jamroast/slopcontrolv2's
 * chat-operator, 96 tools).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';

const app = (loops: string, spread: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const FREE: ReadonlySet<string> = new Set(['get_run', 'list_runs']);
const GATED: ReadonlySet<string> = new Set(['start_run']);
// Another agent's tool, which the operator is not given.
const stopRun = createTool({ id: 'stop_run', description: 'Stops a run.', execute: async () => ({}) });
export const admin = new Agent({ id: 'admin', name: 'admin', model: 'openai/gpt-4o-mini', instructions: 'Admin.', tools: { stop_run: stopRun } });
function buildTools() {
  const tools: Record<string, ReturnType<typeof createTool>> = {};
${loops}
  return tools;
}
export async function turn(text: string, synthetic: boolean) {
  const agent = new Agent({
    id: 'operator',
    name: 'operator',
    model: 'openai/gpt-4o-mini',
    instructions: 'Check get_run first. Use stop_run to cancel.',
    tools: buildTools(),
  });
  return agent.stream(text, { maxSteps: 5, ${spread} });
}
`;

const BOTH = `  for (const name of FREE) tools[name] = createTool({ id: name, description: 'free', execute: async () => ({}) });
  for (const name of GATED) tools[name] = createTool({ id: name, description: 'gated', execute: async () => ({}) });`;

const read = (loops: string, spread: string) => {
  const scan = scanSource('/virtual/operator.ts', app(loops, spread));
  const agent = scan.agents.find((a) => a.id === 'operator')!;
  return {
    keys: agent.tools.entries.map((e) => e.key),
    unchecked: buildPlan(scan).unchecked.flatMap((u) => u.reasons),
    unknown: buildPlan(scan)
      .findings.filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => f.message),
  };
};

test('both loops over sets of names give the keys, and the prompt is checked against them', () => {
  const r = read(BOTH, '...(synthetic ? { activeTools: [] as string[] } : {})');
  assert.deepEqual(r.keys, ['get_run', 'list_runs', 'start_run']);
  assert.deepEqual(r.unchecked, []);
  assert.equal(r.unknown.length, 1);
  assert.match(r.unknown[0]!, /"stop_run", which operator is not offered/);
});

test('a spread that may name tools, or a write outside such a loop, leaves the agent unchecked', () => {
  assert.deepEqual(read(BOTH, '...(synthetic ? { activeTools: ["get_run"] } : {})').unchecked, [
    'tools known only at run time',
  ]);
  assert.deepEqual(read(BOTH, '...(synthetic ? { toolsets: {} } : {})').unchecked, [
    'tools known only at run time',
  ]);
  const extra = `${BOTH}\n  if (Math.random() > 0.5) tools['stop_run'] = createTool({ id: 'stop_run', description: 'x', execute: async () => ({}) });`;
  assert.deepEqual(read(extra, 'maxSteps: 3').unchecked, ['tools known only at run time']);
});
