/**
 * A variable that caches a tool map (`let cached; ... cached = await mcp.listTools(); return
 * cached`) holds what is assigned to it: the agent is offered the MCP client's tools and checked.
 * A variable also written another way (`cached = { ...cached, ...more }`) stays unknown.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (store: string) => ({
  'package.json':
    '{ "name": "m", "type": "module", "dependencies": { "@mastra/core": "1.9.0", "@mastra/mcp": "1.0.0" } }\n',
  'src/mcp.ts': `import { MCPClient } from '@mastra/mcp';
const client = new MCPClient({ servers: { biomcp: { command: 'npx', args: ['biomcp'] } } });
let cachedTools: Record<string, unknown> | undefined;
export async function getBioTools() {
  if (cachedTools) return cachedTools;
  ${store}
  return cachedTools;
}
`,
  'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { getBioTools } from './mcp.js';
const query = createTool({ id: 'query-data', description: 'Query.', execute: async () => ({}) });
export const researcher = new Agent({ id: 'researcher', name: 'researcher', instructions: 'Research.', model: 'openai/gpt-4o',
  tools: { queryData: query, ...(await getBioTools()) } });
export async function run() { return researcher.generate('hi'); }
`,
});

async function researcher(store: string) {
  const p = tempProject(app(store));
  made.push(p.cleanup);
  return (await scanRepository(p.root)).agents[0]!;
}

test('a caching variable holds the MCP tools assigned to it', async () => {
  const agent = await researcher('cachedTools = await client.listTools();');
  assert.deepEqual(agent.tools.unresolved, []);
  assert.deepEqual(
    agent.tools.runtime.map((r) => [r.kind, r.prefixes]),
    [['mcp', ['biomcp_']]],
  );
});

test('a variable that also reads itself when written stays unknown', async () => {
  const agent = await researcher(
    'cachedTools = { ...cachedTools, ...(await client.listTools()) };',
  );
  assert.ok(agent.tools.unresolved.length > 0);
  assert.match(agent.tools.unresolved[0]!.reason, /cachedTools is assigned again/);
});
