/**
 * An MCP server's tools picked by name (agentiknet/hackaton-naia, fresh-2026-12-06d): the agent's
 * `tools: () => resolveTools(['search_recipes', 'query_sql'])` passes the names through a helper to
 * another that writes `picked[`${SERVER}_${name}`] = tools[...]` in a loop. The keys are read (the
 * list followed through both helpers' parameters), and a prompt's bare `query_sql` is reported with
 * the prefixed name the agent is offered. A loop over a list the code does not write stays unread.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyse } from '../src/api/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const MCP = `import { MCPClient } from '@mastra/mcp';
import type { Tool } from '@mastra/core/tools';
const SERVER_NAME = 'kitchen';
export const mcp = new MCPClient({ id: SERVER_NAME, servers: { [SERVER_NAME]: { url: new URL('http://localhost') } } });
export type Tools = Record<string, Tool<any, any, any, any>>;
export function pickTools(tools: Tools, toolNames: string[]): Tools {
  const picked: Tools = {};
  for (const name of toolNames) {
    const namespaced = \`\${SERVER_NAME}_\${name}\`;
    const tool = tools[namespaced];
    if (!tool) throw new Error(\`not found: \${namespaced}\`);
    picked[namespaced] = tool;
  }
  return picked;
}
export async function resolveTools(toolNames: string[]): Promise<Tools> {
  return pickTools(await mcp.listTools(), toolNames);
}
`;

async function run(names: string) {
  const p = tempProject({
    'package.json':
      '{ "name": "t", "dependencies": { "@mastra/core": "1.71.0", "@mastra/mcp": "1.13.0" } }\n',
    'src/mcp.ts': MCP,
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { resolveTools } from './mcp';
export const chef = new Agent({
  id: 'chef', name: 'chef', model: 'openai/gpt-4o',
  instructions: 'Call \`query_sql\` to count the recipes, then answer.',
  tools: () => resolveTools(${names}),
});
export const run = () => chef.generate('How many recipes?');
`,
  });
  try {
    const { report } = await analyse(p.root, { cache: false });
    return report.findings.map((f) => `${f.kind}: ${f.message}`);
  } finally {
    p.cleanup();
  }
}

test("the names a helper picks are the agent's tools; a bare name gets the prefixed one", async () => {
  assert.deepEqual(await run("['search_recipes', 'query_sql']"), [
    'unknown-tool-mention: the instructions of chef name "query_sql", which chef is not offered; did you mean "kitchen_query_sql"?',
  ]);
});

test('names the code does not write leave the tools known only at run time', async () => {
  const found = await run('JSON.parse(process.env.TOOLS ?? "[]")');
  assert.ok(
    found.some((f) => f.startsWith('unresolved')),
    found.join('\n'),
  );
  assert.ok(!found.some((f) => f.startsWith('unknown-tool-mention')), found.join('\n'));
});
