/**
 * Where the app's structure says what a word in a prompt is (eval: fresh-2026-12-08 and -08b):
 * each case that is not a tool mention is paired with one of the same shape that still is.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/index.ts';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({
  name: 'app',
  dependencies: { '@mastra/core': '1.71.0', '@mastra/mcp': '1.0.0' },
});

async function unknownNames(source: string): Promise<string[]> {
  const repo = tempProject({ 'package.json': PACKAGE, 'src/index.ts': source });
  try {
    return buildPlan(await scanRepository(repo.root))
      .findings.filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => /name[s]? "([^"]+)"/.exec(f.message)![1]!);
  } finally {
    repo.cleanup();
  }
}

const quote = (s: string) => JSON.stringify(s);

describe("an MCP server's tools the scan cannot list (eval: Bakhitov/crafty-demo)", () => {
  const app = (
    prompt: string,
    tools = 'await mcp.getTools()',
  ) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MCPClient } from '@mastra/mcp';
const mcp = new MCPClient({ servers: { n8n: { url: new URL(process.env.N8N_MCP_URL!) } } });
const builder = new Agent({
  id: 'builder',
  name: 'builder',
  instructions: ${quote(prompt)},
  model: 'openai/gpt-4o-mini',
  tools: ${tools},
});
export const mastra = new Mastra({ agents: { builder } });
`;
  const prompt = [
    'You build n8n workflows using n8n-MCP tools.',
    '1. Start with: `tools_documentation()` to learn the tools.',
    "   - `search_nodes({query: 'keyword'})` - Search by functionality",
    "Summarise dates with `date_trunc('day', ts)` where useful.",
  ].join('\n');

  test('a name written as a call is one of them, named bare', async () => {
    assert.deepEqual(await unknownNames(app(prompt)), ['tools_documentation', 'search_nodes']);
  });

  test('without such a server the same calls may be code the prompt shows: not read', async () => {
    assert.deepEqual(await unknownNames(app(prompt, '{}')), []);
  });
});

describe('the name a prompt gives the agent it is read by (eval: Michsantozz/karaforcasper)', () => {
  const app = (prompt: string) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
const minutesAgent = new Agent({ id: 'minutes', name: 'minutes', description: 'Writes minutes.', instructions: 'x', model: 'openai/gpt-4o-mini' });
const assistant = new Agent({
  id: 'assistant',
  name: 'assistant',
  instructions: ${quote(prompt)},
  model: 'openai/gpt-4o-mini',
  agents: { minutesAgent },
});
export const mastra = new Mastra({ agents: { assistant } });
`;

  test('"You are the CasperAgent assistant" is its persona', async () => {
    assert.deepEqual(
      await unknownNames(
        app('You are the CasperAgent assistant. Delegate minutes to agent-minutesAgent.'),
      ),
      [],
    );
  });

  test('told to delegate to it, the same name is a sub-agent it lacks', async () => {
    assert.deepEqual(
      await unknownNames(
        app('Delegate minutes to agent-minutesAgent, and reviews to CasperAgent.'),
      ),
      ['CasperAgent'],
    );
  });
});

describe("a sub-agent's description, which its supervisor reads (eval: Michsantozz/karaforcasper)", () => {
  const app = (description: string) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
const summarize_meeting = createTool({ id: 'summarize_meeting', description: 'Summarises.', execute: async () => ({}) });
const minutesAgent = new Agent({
  id: 'minutes',
  name: 'minutes',
  description: ${quote(description)},
  instructions: 'Use summarize_meeting.',
  model: 'openai/gpt-4o-mini',
  tools: { summarize_meeting },
});
const assistant = new Agent({
  id: 'assistant',
  name: 'assistant',
  instructions: 'Delegate minutes to agent-minutesAgent.',
  model: 'openai/gpt-4o-mini',
  agents: { minutesAgent },
});
export const mastra = new Mastra({ agents: { assistant } });
export const chat = (text: string) => mastra.getAgent('assistant').stream(text);
`;

  test("names that agent's own tools: it says what the specialist does", async () => {
    assert.deepEqual(
      await unknownNames(
        app(
          'Turns a recorded meeting into a summary, decisions and topics (summarize_meeting). Use once a botId is known.',
        ),
      ),
      [],
    );
  });

  test('a tool no agent has is still a name the supervisor is told about wrongly', async () => {
    assert.deepEqual(
      await unknownNames(
        app('Turns a recorded meeting into a summary; call the get_recall_transcript tool first.'),
      ),
      ['get_recall_transcript'],
    );
  });
});

describe('a tool renamed by a word added at its end (eval: CodeSaurabhCode/ProjectPal)', () => {
  const app = (prompt: string) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
const queryHandbookSmart = createTool({ id: 'query-handbook-smart', description: 'Searches the handbook.', execute: async () => ({}) });
const assistant = new Agent({
  id: 'assistant',
  name: 'assistant',
  instructions: ${quote(prompt)},
  model: 'openai/gpt-4o-mini',
  tools: { queryHandbookSmart },
});
export const mastra = new Mastra({ agents: { assistant } });
`;

  test('its old name, the first words of the new one, is that tool named stale', async () => {
    assert.deepEqual(await unknownNames(app('- This is about policy -> use queryHandbook')), [
      'queryHandbook',
    ]);
  });

  test('one word of it is no name', async () => {
    assert.deepEqual(await unknownNames(app('- This is about policy -> query the handbook')), []);
  });
});

describe('tools named after their MCP server, whose list the scan cannot read (eval: kamekamek/my-mastra-1)', () => {
  const app = (prompt: string) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MCPClient } from '@mastra/mcp';
const mcp = new MCPClient({ servers: { googleSheets: { url: new URL(process.env.SHEETS_URL!) } } });
const sheets = new Agent({
  id: 'sheets',
  name: 'sheets',
  instructions: ${quote(prompt)},
  model: 'openai/gpt-4o-mini',
  tools: await mcp.getTools(),
});
export const mastra = new Mastra({ agents: { sheets } });
`;

  test('a list of the server-named names names its tools bare; the model sees googleSheets_…', async () => {
    const prompt = [
      '- Read a range (GOOGLESHEETS_BATCH_GET)',
      '- Clear a range (GOOGLESHEETS_CLEAR_VALUES)',
      '- Start the connection (GOOGLESHEETS_INITIATE_CONNECTION)',
    ].join('\n');
    assert.deepEqual(await unknownNames(app(prompt)), [
      'GOOGLESHEETS_BATCH_GET',
      'GOOGLESHEETS_CLEAR_VALUES',
      'GOOGLESHEETS_INITIATE_CONNECTION',
    ]);
  });

  test('one or two such names are settings named after the service, not a list of tools', async () => {
    assert.deepEqual(
      await unknownNames(
        app('If GOOGLESHEETS_API_KEY or GOOGLESHEETS_PROJECT is missing, tell the user.'),
      ),
      [],
    );
  });

  test('a name already under the server prefix is the offered name', async () => {
    const prompt = ['googleSheets_BATCH_GET', 'googleSheets_CLEAR', 'googleSheets_OPEN']
      .map((n) => `- use ${n}`)
      .join('\n');
    assert.deepEqual(await unknownNames(app(prompt)), []);
  });
});
