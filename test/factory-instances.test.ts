/**
 * One factory, many agents: `createAgent(config)` merges defaults with its caller's config
 * (`{ ...DEFAULTS, ...config }`) and each call builds its own agent, read with the factory's
 * parameters bound to that call's arguments: its tools, its prompt, where it is registered.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const APP = {
  'package.json':
    '{ "name": "j", "type": "module", "dependencies": { "@mastra/core": "1.58.0" } }\n',
  'src/factory.ts': `import { Agent, type AgentConfig } from '@mastra/core/agent';
export async function createAgent(config: Omit<AgentConfig, 'model'>): Promise<Agent> {
  const DEFAULTS: Partial<AgentConfig> = { model: 'openai/gpt-4o', instructions: 'Be brief.' };
  const merged = { ...DEFAULTS, ...config, id: config.id || 'default-agent' } as AgentConfig;
  return new Agent(merged);
}
`,
  'src/shopping.ts': `import { createTool } from '@mastra/core/tools';
import { createAgent } from './factory.js';
const findProductInCatalog = createTool({ id: 'findProductInCatalog', description: 'find', execute: async () => ({}) });
export async function getShoppingAgent() {
  return createAgent({
    id: 'shopping',
    name: 'Shopping',
    instructions: 'Use find_product_in_catalog to search first. Control devices by calling IoT services.',
    tools: { findProductInCatalog },
  });
}
export async function getNotesAgent() {
  return createAgent({ id: 'notes', name: 'Notes', instructions: 'Take notes.', tools: undefined });
}
`,
  'src/index.ts': `import { Mastra } from '@mastra/core/mastra';
import { getNotesAgent, getShoppingAgent } from './shopping.js';
export const mastra = new Mastra({ agents: { shopping: await getShoppingAgent(), notes: await getNotesAgent() } });
`,
};

test('each call of a factory is an agent with its own tools, prompt and registration', async () => {
  const p = tempProject(APP);
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  assert.deepEqual(
    scan.agents.map((a) => [
      a.id,
      a.location.file,
      a.tools.entries.map((e) => e.key),
      a.tools.unresolved.length,
      a.registeredAs,
    ]),
    [
      ['shopping', 'src/shopping.ts', ['findProductInCatalog'], 0, ['shopping']],
      ['notes', 'src/shopping.ts', [], 0, ['notes']],
    ],
  );
  const mentions = buildPlan(scan)
    .findings.filter((f) => f.kind === 'unknown-tool-mention')
    .map((f) => f.message);
  // The caller's instructions win over the defaults' (the later spread), and are read; "calling
  // IoT services" names services, not a tool.
  assert.deepEqual(mentions, [
    'the instructions of shopping name "find_product_in_catalog", which shopping is not offered; did you mean "findProductInCatalog"?',
  ]);
});

test('a factory that reads no parameter is one agent, as before', async () => {
  const p = tempProject({
    ...APP,
    'src/factory.ts': `import { Agent } from '@mastra/core/agent';
export function createAgent(_config: unknown) {
  return new Agent({ id: 'fixed', name: 'fixed', instructions: 'Fixed.', model: 'openai/gpt-4o' });
}
`,
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  assert.deepEqual(
    scan.agents.map((a) => [a.id, a.location.file]),
    [['fixed', 'src/factory.ts']],
  );
});

test('a static method of a class that builds agents is a factory too', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "k", "type": "module", "dependencies": { "@mastra/core": "1.4.0" } }\n',
    'src/factory.ts': `import { Agent } from '@mastra/core/agent';
export class TenantFactory {
  static create(config: { id: string; name: string }) {
    return new Agent({ id: \`\${config.id}-info-agent\`, name: config.name, instructions: 'Help.', model: 'openai/gpt-4o' });
  }
  static both() {
    return [this.create({ id: 'beta', name: 'Beta' })];
  }
}
`,
    'src/index.ts': `import { Mastra } from '@mastra/core/mastra';
import { TenantFactory } from './factory.js';
export const acme = TenantFactory.create({ id: 'acme', name: 'Acme' });
export const mastra = new Mastra({ agents: { acme } });
`,
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  assert.deepEqual(
    scan.agents.map((a) => [a.id, a.name, a.location.file, a.variable, a.registeredAs]),
    [
      ['beta-info-agent', 'Beta', 'src/factory.ts', undefined, []],
      ['acme-info-agent', 'Acme', 'src/index.ts', 'acme', ['acme']],
    ],
  );
});

test('a factory that a second factory calls from its own parameters: one agent per outer call', async () => {
  const p = tempProject({
    ...APP,
    'src/steps.ts': `import { createAgent } from './factory.js';
export function createAgentStep(config: { id: string; agentConfig: Parameters<typeof createAgent>[0] }) {
  return {
    id: config.id,
    execute: async () => {
      const agent = await createAgent({ ...config.agentConfig, memory: undefined });
      return agent.generate('go');
    },
  };
}
`,
    'src/workflow.ts': `import { createTool } from '@mastra/core/tools';
import { createAgentStep } from './steps.js';
const setQuantity = createTool({ id: 'setQuantity', description: 'set', execute: async () => ({}) });
export const mutate = createAgentStep({
  id: 'mutate',
  agentConfig: { id: 'mutator', name: 'Mutator', instructions: 'Use set_quantity to update the cart.', tools: { setQuantity } },
});
`,
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  const mutator = scan.agents.find((a) => a.id === 'mutator');
  assert.deepEqual(
    [mutator?.location.file, mutator?.tools.entries.map((e) => e.key)],
    ['src/workflow.ts', ['setQuantity']],
  );
  const mentions = buildPlan(scan)
    .findings.filter((f) => f.kind === 'unknown-tool-mention' && f.agents.includes('mutator'))
    .map((f) => f.message);
  assert.equal(mentions.length, 1);
  assert.match(
    mentions[0]!,
    /^the instructions of mutator name "set_quantity", which mutator is not offered; did you mean "setQuantity"\?/,
  );
});

test('a call inside the factory on the agent it builds is a call of every agent it builds', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "c", "type": "module", "dependencies": { "@mastra/core": "1.71.0" } }\n',
    'src/run.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const refund = createTool({ id: 'lookup_refund', description: 'refunds', execute: async () => ({}) });
async function ask(name: string, question: string) {
  const agent = new Agent({ id: name, name, instructions: 'Use the lookup_refund tool.', model: 'openai/gpt-4o' });
  return agent.generate(question, { toolsets: { billing: { lookup_refund: refund } } });
}
export const runs = [ask('billing', 'where is my refund?'), ask('support', 'hello')];
`,
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  assert.deepEqual(
    scan.agents.map((a) => [a.id, a.runs.mode]),
    [
      ['billing', 'function'],
      ['support', 'function'],
    ],
  );
  assert.deepEqual(
    buildPlan(scan).findings.filter((f) => f.kind === 'unknown-tool-mention'),
    [],
  );
});
