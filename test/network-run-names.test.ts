/**
 * Code that reads what network() reports about the tools it runs sees each tool's id (the
 * `tool-execution-end` chunk's toolName, from 0.24.6: the version table's `network-runs-by-id`),
 * not the key the routing agent picked. A comparison with the id is right for an agent that runs
 * only through network(); the same comparison for an agent run with stream() is reported.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const references = async (version: string, run: string) => {
  const p = tempProject({
    'package.json': `{ "name": "n", "type": "module", "dependencies": { "@mastra/core": "${version}" } }\n`,
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const search = createTool({ id: 'web-search', description: 'search', execute: async () => ({}) });
export const router = new Agent({ name: 'router', instructions: 'Route.', model: 'openai/gpt-4o', tools: { web_search: search } });
`,
    'src/run.ts': `import { router } from './agent.js';
export async function run(onSearch: () => void) {
  const stream = await router.${run}('find x');
  for await (const chunk of stream as AsyncIterable<{ payload: { toolName?: string } }>)
    if (chunk.payload.toolName === 'web-search') onSearch();
}
`,
  });
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  return [...plan.edits, ...plan.findings]
    .filter((x) => ('rule' in x ? x.rule === 'references' : false))
    .map((x) => ('message' in x ? x.message : `${x.before} -> ${x.after}`));
};

test('network() only, from 0.24.6: a comparison with the tool id is right', async () => {
  assert.deepEqual(await references('1.71.0', 'network'), []);
  assert.deepEqual(await references('0.24.9', 'network'), []);
});

test('before 0.24.6, or run with stream(), the model-facing key is what code sees', async () => {
  for (const [version, run] of [
    ['0.18.0', 'network'],
    ['0.24.5', 'network'],
    ['1.71.0', 'stream'],
  ] as const) {
    const found = await references(version, run);
    assert.equal(found.length, 1, `${version} ${run}: ${found.join('; ')}`);
    assert.match(found[0]!, /web_search/);
  }
});
