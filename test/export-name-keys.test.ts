/**
 * Keys that are a module's export names (`for (const [key, tool] of Object.entries(readTools))`
 * over `import * as readTools`) are offered, never edited: renaming an export would break its
 * imports, and the key edit found no property to rename, so the whole file was reported as
 * "could not process" and its edits were lost (eval: Shinyduo/arali-mastra, through a wrapper).
 * A prompt naming such a tool by its id is rewritten to the key instead.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { tempProject } from './helpers/temp-project.ts';

test('a tool keyed by its export name is not re-keyed by id; the prompt follows the key', async () => {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'ns', dependencies: { '@mastra/core': '1.4.0' } }),
    'src/tools/index.ts': `import { createTool } from '@mastra/core/tools';
export const getCompanies = createTool({ id: 'get-companies', description: 'Lists companies.', execute: async () => ({}) });
export const getTeam = createTool({ id: 'get-team', description: 'Lists the team.', execute: async () => ({}) });
`,
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import type { Tool } from '@mastra/core/tools';
import * as readTools from './tools/index';
function getTools(): Record<string, Tool<any, any>> {
  const tools: Record<string, Tool<any, any>> = {};
  for (const [key, tool] of Object.entries(readTools)) {
    tools[key] = tool;
  }
  return tools;
}
export const crm = new Agent({ id: 'crm', name: 'crm', model: 'openai/gpt-4o', instructions: 'Use get-companies, then get-team.', tools: getTools() });
export const mastra = new Mastra({ agents: { crm } });
`,
  });
  try {
    const r = await migrate(p.root, { force: true, dryRun: true });
    assert.deepEqual(
      r.files.map((f) => [f.file, f.status]),
      [['src/agent.ts', 'changed']],
    );
    assert.deepEqual(
      r.plan.edits.map((e) => `${e.before} -> ${e.after}`),
      ['get-companies -> getCompanies', 'get-team -> getTeam'],
    );
  } finally {
    p.cleanup();
  }
});
