/**
 * A provider's own tool (`openai.tools.webSearch()`) is sent as the provider's native tool, so the
 * model knows it by the provider's name (`web_search`), not by its key: a prompt that says
 * `web_search` names a tool the agent has. The names are checked against the AI SDK packages
 * installed here: every factory's `name` (Anthropic, Google) or the part of its `id` after the
 * provider (OpenAI).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { nativeToolName } from '../src/names/provider-tools.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const require = createRequire(import.meta.url);
const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

type Factory = (args: object) => { id: string; name?: string };

test('the native names are the installed AI SDK factories’ names', () => {
  const providers: Array<[string, string]> = [
    ['@ai-sdk/openai', 'openai'],
    ['@ai-sdk/anthropic-v5', 'anthropic'],
    ['@ai-sdk/google-v5', 'google'],
  ];
  let checked = 0;
  for (const [pkg, name] of providers) {
    const tools = (require(pkg) as Record<string, { tools: Record<string, Factory> }>)[name]!.tools;
    for (const [method, factory] of Object.entries(tools)) {
      const made = factory({});
      const expected =
        method === 'customTool' || method === 'mcp'
          ? undefined
          : (made.name ?? made.id.slice(made.id.indexOf('.') + 1));
      assert.equal(nativeToolName(`${name}.tools.${method}`), expected, `${name}.tools.${method}`);
      checked++;
    }
  }
  assert.ok(checked >= 25, `${checked} factories`);
});

test('a prompt naming a provider tool by the provider’s name is right for the agent that has it, not for one that has not', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "p", "type": "module", "dependencies": { "@mastra/core": "1.16.0" } }\n',
    'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { openai } from '@ai-sdk/openai';
import { anthropic } from '@ai-sdk/anthropic';
import { createTool } from '@mastra/core/tools';
// One list read by three agents (two of its terms are their own keys): right for the two with a
// provider web search.
const fetchPage = createTool({ id: 'fetch-page', description: 'Fetch.', execute: async () => ({}) });
const readPdf = createTool({ id: 'read-pdf', description: 'Read.', execute: async () => ({}) });
const SEARCH = \`## Tools Available
- **web_search**: search the internet
- **fetchPage**: fetch a page
- **readPdf**: read a PDF\`;
export const mini = new Agent({ id: 'mini', name: 'mini', model: 'openai/gpt-5-mini',
  instructions: SEARCH,
  tools: { webSearch: openai.tools.webSearch({}), fetchPage, readPdf } });
export const haiku = new Agent({ id: 'haiku', name: 'haiku', model: 'anthropic/claude-haiku-4-5',
  instructions: SEARCH,
  tools: { web_search: anthropic.tools.webSearch_20250305({}), fetchPage, readPdf } });
export const plain = new Agent({ id: 'plain', name: 'plain', model: 'openai/gpt-5-mini',
  instructions: SEARCH,
  tools: { fetchPage, readPdf } });
export async function run() {
  return [await mini.generate('hi'), await haiku.generate('hi'), await plain.generate('hi')];
}
`,
  });
  made.push(p.cleanup);
  const found = buildPlan(await scanRepository(p.root)).findings.filter(
    (f) => f.kind === 'unknown-tool-mention',
  );
  assert.deepEqual(
    found.map((f) => f.agents),
    [['plain']],
  );
  assert.match(found[0]!.message, /name "web_search", which plain is not offered/);
});
