/**
 * Agents built by the app's factories: a record filled from a table of specs
 * (`for (const spec of SPECS) workers[spec.key] = build(spec)`) has the table's keys; a parameter
 * of a function the app calls once holds that call's argument; a call of a function that returns
 * one `new Agent(...)` is that agent (registered, called). Each beside the shape that proves
 * nothing and must stay unresolved.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const source = (parts: {
  fill?: string;
  calls?: string;
}) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
interface Spec { key: string; id: string }
const SPECS: Spec[] = [
  { key: 'build-agent', id: 'build-agent' },
  { key: 'review-agent', id: 'review-agent' },
];
function buildWorker(spec: Spec): Agent {
  return new Agent({ id: spec.id, name: spec.id, instructions: 'Work.', model: 'openai/gpt-4o-mini' });
}
const debugAgent = new Agent({ id: 'debug-agent', name: 'debug', instructions: 'Debug.', model: 'openai/gpt-4o-mini' });
const workers: Record<string, Agent> = { 'debug-agent': debugAgent };
${parts.fill ?? 'for (const spec of SPECS) {\n  workers[spec.key] = buildWorker(spec);\n}'}
function buildOrchestrator(agents: Record<string, Agent>): Agent {
  return new Agent({ id: 'orchestrator', name: 'orchestrator', instructions: 'Route to \`build-agent\`, \`review-agent\` or \`debug-agent\`.', model: 'openai/gpt-4o-mini', agents });
}
${parts.calls ?? 'const orchestrator = buildOrchestrator(workers);'}
export const mastra = new Mastra({ agents: { orchestrator } });
export async function run() { await orchestrator.stream('hi'); }
`;

async function orchestrator(parts: { fill?: string; calls?: string }) {
  const p = tempProject({
    'package.json':
      '{ "name": "f", "type": "module", "dependencies": { "@mastra/core": "1.71.0" } }\n',
    'src/index.ts': source(parts),
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  const agent = scan.agents.find((a) => a.id === 'orchestrator')!;
  return {
    subAgents: agent.agents.entries.map((e) => e.key),
    registeredAs: agent.registeredAs,
    runs: agent.runs.mode,
    unresolved: agent.agents.unresolved.map((u) => u.reason),
  };
}

describe('factories', () => {
  test('a spec table and a factory called once: the sub-agents are known, and the factory agent is registered and called', async () => {
    const r = await orchestrator({});
    assert.deepEqual(r.subAgents, ['debug-agent', 'build-agent', 'review-agent']);
    assert.deepEqual(r.registeredAs, ['orchestrator']);
    assert.equal(r.runs, 'function');
    assert.deepEqual(r.unresolved, []);
  });

  test('a factory called twice builds one agent per call, each with its own arguments', async () => {
    const p = tempProject({
      'package.json':
        '{ "name": "f", "type": "module", "dependencies": { "@mastra/core": "1.71.0" } }\n',
      'src/index.ts': source({
        calls:
          'const orchestrator = buildOrchestrator(workers);\nexport const spare = buildOrchestrator({});',
      }),
    });
    made.push(p.cleanup);
    const scan = await scanRepository(p.root);
    const built = scan.agents.filter((a) => a.id === 'orchestrator');
    assert.deepEqual(
      built.map((a) => [a.variable, a.agents.entries.map((e) => e.key), a.registeredAs]),
      [
        ['orchestrator', ['debug-agent', 'build-agent', 'review-agent'], ['orchestrator']],
        ['spare', [], []],
      ],
    );
    // Each is located at the call that builds it.
    assert.deepEqual(
      built.map((a) => a.location.line),
      [19, 20],
    );
  });

  test('a table written under a condition proves nothing', async () => {
    const branch = await orchestrator({
      fill: 'for (const spec of SPECS) {\n  if (spec.id) workers[spec.key] = buildWorker(spec);\n}',
    });
    assert.deepEqual(branch.subAgents, []);
    assert.match(branch.unresolved[0]!, /workers is filled in by code/);
  });

  test('a module-level record written after its literal is not its literal', async () => {
    const r = await orchestrator({ fill: "workers['deploy-agent'] = debugAgent;" });
    assert.deepEqual(r.subAgents, []);
    assert.match(r.unresolved[0]!, /workers is filled in by code/);
  });
});

describe('a factory that passes its tools on only when given (eval: yerromnitsuj/actng)', () => {
  const app = (tools: string) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
const proposeSelection = createTool({ id: 'propose_selection', description: 'Propose.', execute: async () => ({}) });
function createAdvisor(options: { tools?: Record<string, unknown>; prompt: string }) {
  return new Agent({
    id: 'advisor',
    name: 'advisor',
    instructions: options.prompt,
    model: 'openai/gpt-4o-mini',
    ...(options.tools !== undefined ? { tools: options.tools } : {}),
  });
}
const advisor = createAdvisor({ tools: ${tools}, prompt: 'Always call propose_selection.' });
export const mastra = new Mastra({ agents: { advisor } });
`;

  test('its tools are those of the branch that gives them', async () => {
    const p = tempProject({
      'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
      'src/index.ts': app('{ propose_selection: proposeSelection }'),
    });
    made.push(p.cleanup);
    const scan = await scanRepository(p.root);
    const advisor = scan.agents.find((a) => a.id === 'advisor');
    assert.deepEqual(
      advisor?.tools.entries.map((e) => e.key),
      ['propose_selection'],
    );
  });
});
