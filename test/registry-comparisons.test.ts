/**
 * A test of a tool name tied to no agent, against a key of the app's tool registry (a map of its
 * tools read by a name known only at run time): agents built from data are offered the registry's
 * tools under its keys, so the name may be theirs and is not reported as the code agent's stale
 * name (eval: Appello-Prototypes/agentc2, 2 false warnings on its workspace page).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (lookup: string) => ({
  'package.json':
    '{ "name": "r", "type": "module", "dependencies": { "@mastra/core": "1.2.0" } }\n',
  'src/tools.ts': `import { createTool } from '@mastra/core/tools';
export const networkExecuteTool = createTool({ id: 'network-execute', description: 'n', execute: async () => ({}) });
export const webFetchTool = createTool({ id: 'web-fetch', description: 'w', execute: async () => ({}) });
export const toolRegistry = { 'network-execute': networkExecuteTool, 'web-fetch': webFetchTool };
export function pick(names: string[]) {
  return Object.fromEntries(names.map((n) => [n, ${lookup}]));
}
`,
  'src/assistant.ts': `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { networkExecuteTool } from './tools.js';
export const assistant = new Agent({ id: 'assistant', name: 'assistant', instructions: 'Help.', model: 'openai/gpt-4o', tools: { networkExecuteTool } });
export const mastra = new Mastra({ agents: { assistant } });
`,
  'src/page.tsx': `export function label(part: { toolName: string }) {
  return part.toolName === 'network-execute' ? 'Running a network' : part.toolName;
}
`,
});

async function references(lookup: string): Promise<string[]> {
  const p = tempProject(app(lookup));
  made.push(p.cleanup);
  return buildPlan(await scanRepository(p.root))
    .findings.filter((f) => f.kind === 'reference')
    .map((f) => `${f.locations[0]!.file}:${f.locations[0]!.line}`);
}

test('a registry key compared by code tied to no agent may be what agents built from data call', async () => {
  assert.deepEqual(await references('toolRegistry[n as keyof typeof toolRegistry]'), []);
});

test('without the registry read by name, the test is of the code agent, which calls networkExecuteTool', async () => {
  assert.deepEqual(await references('networkExecuteTool'), ['src/page.tsx:2']);
});
