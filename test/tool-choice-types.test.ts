/**
 * A `toolChoice` / `activeTools` value the code builds at run time, whose written type allows only
 * some strings (`forcedTool: 'search-wiki' | 'log-kb-gap'`): when the agent is offered every one
 * of them as written, there is nothing to check by hand; when one is not, it is still reported
 * (eval: vios-s/VioScope-agent).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { tempProject } from './helpers/temp-project.ts';

function app(union: string): string {
  return `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const search = createTool({ id: 'search-wiki', description: 'Searches.', execute: async () => ({}) });
const logGap = createTool({ id: 'log-kb-gap', description: 'Logs a gap.', execute: async () => ({}) });
export const wiki = new Agent({ id: 'wiki', name: 'wiki', instructions: 'Answer.', model: 'openai/gpt-4o', tools: { 'search-wiki': search, 'log-kb-gap': logGap } });
type ToolName = ${union};
export async function check(forcedTool: ToolName) {
  return wiki.generate('q', { activeTools: [forcedTool], toolChoice: { type: 'tool', toolName: forcedTool } });
}
`;
}

async function findingsOf(union: string): Promise<string[]> {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/wiki.ts': app(union),
  });
  try {
    const result = await migrate(p.root, { force: true, dryRun: true });
    return result.plan.findings.filter((f) => f.rule === 'tool-choice').map((f) => f.message);
  } finally {
    p.cleanup();
  }
}

test('a type that allows only offered names: nothing to report', async () => {
  assert.deepEqual(await findingsOf(`'search-wiki' | 'log-kb-gap'`), []);
});

test('a type that also allows a name the agent is not offered: still reported', async () => {
  const found = await findingsOf(`'search-wiki' | 'search_wiki'`);
  assert.equal(found.length, 2);
  assert.ok(found.every((m) => /forcedTool .* is built at run time/.test(m)));
});

test('a plain string type says nothing of the value: still reported', async () => {
  assert.equal((await findingsOf('string')).length, 2);
});
