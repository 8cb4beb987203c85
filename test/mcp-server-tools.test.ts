/**
 * MCP servers started from a package whose tools were measured (`src/names/mcp-servers.ts`, written
 * by scripts/measure-mcp-servers.mjs): the client offers each tool as `${server}_${tool}`, so a
 * prompt naming a tool bare (`firecrawl_scrape`) names one the agent is not offered, though it
 * starts with the server's prefix (eval: flying3615/stock_analysis_mastra_app,
 * sella-roum/playwright-test-agent). The offered name, a server the table does not know, and a
 * tool of the server that does start with its key are not reported.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mcpServerTools } from '../src/names/mcp-servers.ts';
import { buildPlan } from '../src/plan/index.ts';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({
  name: 'app',
  dependencies: { '@mastra/core': '1.71.0', '@mastra/mcp': '1.0.0' },
});

const app = (
  server: string,
  prompt: string,
  key = 'firecrawl',
) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MCPClient } from '@mastra/mcp';
const mcp = new MCPClient({ servers: { ${key}: ${server} } });
const scraper = new Agent({
  id: 'scraper',
  name: 'scraper',
  instructions: '${prompt}',
  model: 'openai/gpt-4o-mini',
  tools: await mcp.listTools(),
});
export const mastra = new Mastra({ agents: { scraper } });
`;

const NPX = "{ command: 'npx', args: ['-y', 'firecrawl-mcp@latest'] }";

async function reported(server: string, prompt: string, key?: string) {
  const repo = tempProject({ 'package.json': PACKAGE, 'src/index.ts': app(server, prompt, key) });
  try {
    return buildPlan(await scanRepository(repo.root))
      .findings.filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => ({ name: /name[s]? "([^"]+)"/.exec(f.message)![1], fixes: f.suggestions }));
  } finally {
    repo.cleanup();
  }
}

describe('a measured MCP server', () => {
  test('the table lists the tools the evaluation apps name', () => {
    assert.ok(mcpServerTools('firecrawl-mcp')?.tools.includes('firecrawl_scrape'));
    assert.ok(mcpServerTools('@playwright/mcp')?.tools.includes('browser_snapshot'));
    assert.equal(mcpServerTools('firecrawl-mcp@latest'), undefined, 'looked up without a version');
  });

  test("a tool named bare is not offered: the fix is the server's prefixed name", async () => {
    const found = await reported(NPX, 'Call firecrawl_scrape to read each page.');
    assert.deepEqual(
      found.map((f) => f.name),
      ['firecrawl_scrape'],
    );
    assert.deepEqual(
      found[0]!.fixes?.map((s) => s.text),
      ['firecrawl_firecrawl_scrape'],
    );
  });

  test('a tool of its own server counts on a line with no word for calling it', async () => {
    const found = await reported(
      "{ command: 'npx', args: ['-y', '@playwright/mcp@latest'] }",
      '1. `browser_snapshot` shows the page. 2. Compare it with what the step expects.',
      'playwright',
    );
    assert.deepEqual(
      found.map((f) => [f.name, f.fixes?.map((s) => s.text)]),
      [['browser_snapshot', ['playwright_browser_snapshot']]],
    );
  });

  test('the prefixed name is offered', async () => {
    assert.deepEqual(await reported(NPX, 'Call firecrawl_firecrawl_scrape to read each page.'), []);
  });

  for (const [shape, server] of [
    ['a local script', "{ command: 'node', args: ['./servers/firecrawl.js'] }"],
    ['a remote URL', "{ url: new URL('https://mcp.example.com/firecrawl') }"],
  ] as const)
    test(`a server started from ${shape} may have any tool under its prefix`, async () => {
      assert.deepEqual(await reported(server, 'Call firecrawl_scrape to read each page.'), []);
    });

  test('pnpm dlx and bunx start the package too', async () => {
    for (const server of [
      "{ command: 'pnpm', args: ['dlx', 'firecrawl-mcp'] }",
      "{ command: 'bunx', args: ['firecrawl-mcp'] }",
    ])
      assert.deepEqual(
        (await reported(server, 'Call firecrawl_map first.')).map((f) => f.name),
        ['firecrawl_map'],
      );
  });
});
