/**
 * Tools of an MCP server the app writes with the MCP SDK for another client reach a Mastra agent
 * only through an MCP client. A prompt of an agent without one that tells it to use such a tool is
 * reported, naming the server; for an agent with an MCP client the fix is the name its client
 * offers. A name the server does not define (`otro-nombre`) is not reported.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const server = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const TOOLS = [
  { name: 'analizar-proyecto', description: 'Lee el proyecto.', inputSchema: {} },
  { name: 'leer-archivo', description: 'Lee un archivo.', inputSchema: {} },
] as const;
const server = new Server({ name: 'orq', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
}));
const other = new McpServer({ name: 'x', version: '1' });
other.registerTool('buscar-en-codigo', { description: 'grep' }, async () => ({ content: [] }));
`;

const app = (tools: string) => ({
  'package.json':
    '{ "name": "m", "type": "module", "dependencies": { "@mastra/core": "1.13.2" } }\n',
  'src/mcp-server.ts': server,
  'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
${tools.includes('mcp') ? "import { MCPClient } from '@mastra/mcp';\nconst mcp = new MCPClient({ servers: { orq: { command: 'node', args: ['x'] } } });" : ''}
const tests = createTool({ id: 'ejecutar-tests', description: 'Corre los tests.', execute: async () => ({}) });
export const tester = new Agent({ id: 'tester', name: 'tester', model: 'openai/gpt-4o',
  instructions: 'Usa el resultado de analizar-proyecto. Busca con buscar-en-codigo y luego usa ejecutarTests. Nunca uses otro-nombre.',
  tools: ${tools} });
export async function run() { return tester.generate('hola'); }
`,
});

async function findings(tools: string) {
  const p = tempProject(app(tools));
  made.push(p.cleanup);
  return buildPlan(await scanRepository(p.root)).findings.filter(
    (f) => f.kind === 'unknown-tool-mention',
  );
}

test("an agent without an MCP client told to use the app's MCP server tools gets a finding each", async () => {
  const found = await findings('{ ejecutarTests: tests }');
  assert.deepEqual(found.map((f) => /"([^"]+)"/.exec(f.message)?.[1]).sort(), [
    'analizar-proyecto',
    'buscar-en-codigo',
  ]);
  assert.match(
    found[0]!.message,
    /a tool of the MCP server the app writes at src\/mcp-server.ts:\d+/,
  );
});

test('an agent with an MCP client is told the name its client offers, not that it has none', async () => {
  const found = await findings('{ ejecutarTests: tests, ...(await mcp.listTools()) }');
  assert.equal(found.length, 2);
  for (const f of found) {
    assert.match(f.message, /the model sees it as "orq_/);
    assert.doesNotMatch(f.message, /has none/);
  }
});
