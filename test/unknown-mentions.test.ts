/**
 * Unknown tool mentions are asked of ONE agent's offers; the line-level rules that keep prose out
 * (another spelling of the agent's own names in a heading, a line describing another component, a
 * negation, a line about the agent that does offer the name) each beside the true case they must
 * not hide. Scanned in memory with `scanSource`, as a transform run alone sees a file.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Offers } from '../src/offers/index.ts';
import { dataWordsOf } from '../src/plan/rules/prompt-words.ts';
import { nearest, unknownToolMentions } from '../src/plan/rules/unknown-mentions.ts';
import { scanSource } from '../src/scan/scan.ts';

function unknown(prompt: string): string[] {
  const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const searchTool = createTool({ id: 'search', description: 's', execute: async () => ({}) });
const applyPatch = createTool({ id: 'apply-patch', description: 'a', execute: async () => ({}) });
export const researchPaperAgent = new Agent({ id: 'papers', name: 'Papers', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { searchTool } });
export const reviewer = new Agent({ id: 'reviewer', name: 'Reviewer', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { applyPatch } });
export const lead = new Agent({
  id: 'lead',
  name: 'Lead',
  instructions: ${JSON.stringify(prompt)},
  model: 'openai/gpt-4o-mini',
  agents: { researchPaperAgent },
});
`;
  const scan = scanSource('/virtual/agents.ts', text);
  return unknownToolMentions(scan, new Offers(scan), new Set())
    .filter((f) => f.agents.includes('lead'))
    .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
}

describe('line rules beside their true cases', () => {
  test("another spelling of a sub-agent's key in a heading is its name; as an instruction it is stale", () => {
    assert.deepEqual(
      unknown('### ResearchPaperAgent (research-paper-agent)\nUse agents well.'),
      [],
    );
    assert.deepEqual(unknown('Delegate to research-paper-agent for papers.'), [
      'research-paper-agent',
    ]);
  });

  test('a list on one line after a label, holding two of its own keys, names a tool with each item (eval: OpenSignage/xibo-agent)', () => {
    assert.deepEqual(
      unknownWithIds('- Tools: `searchSections`（必須）, `arxivTool`, `pubmedPapers`'),
      ['pubmedPapers'],
    );
    // One own key is no list of its names; the rest of the line must be the list.
    assert.deepEqual(unknownWithIds('- Sources: `searchSections`, `pubmedPapers`'), []);
    assert.deepEqual(
      unknownWithIds('- Steps: `searchSections`, `arxivTool`, `pubmedPapers` and then write'),
      [],
    );
  });

  test('"did you mean" a longer name only where it is the one that continues the word', () => {
    const offered = ['marketResearch', 'signageAdsPlanner', 'workflow-signageAdsPlanner'];
    assert.equal(nearest('signageAds', offered), 'signageAdsPlanner');
    assert.equal(nearest('signage', ['signageAdsPlanner', 'signageBoard']), undefined);
    assert.equal(nearest('signageAd', offered), undefined);
  });

  test('a definition list names tools; a key with a value is data', () => {
    assert.deepEqual(unknown('Agents you can call:\n- writing-agent: turns notes into prose'), [
      'writing-agent',
    ]);
    assert.deepEqual(unknown('Use the tools with user_id: 42 and status_code: 200'), []);
  });

  test('a line describing another component, or telling the model not to use a name, asks nothing', () => {
    assert.deepEqual(unknown('Billing agent: it uses the refundTool to pay back.'), []);
    assert.deepEqual(unknown('Use the refundTool to pay back.'), ['refundTool']);
    assert.deepEqual(unknown('Never call `applyPatch` yourself.'), []);
    assert.deepEqual(unknown('Call `applyPatch` yourself.'), ['applyPatch']);
  });

  test('another agent of the app named in prose is about it; told to call it, the name is one this agent lacks', () => {
    const lead = (prompt: string, schema = '') => {
      const text = `import { Agent } from '@mastra/core/agent';
import { z } from 'zod';
${schema}
export const codeGraphAgent = new Agent({ id: 'code-graph', name: 'Code graph', instructions: 'x', model: 'openai/gpt-4o-mini' });
export const codeMetricsAgent = new Agent({ id: 'code-metrics', name: 'Code metrics', instructions: 'x', model: 'openai/gpt-4o-mini' });
export const supervisor = new Agent({ id: 'supervisor', name: 'Supervisor', instructions: ${JSON.stringify(prompt)}, model: 'openai/gpt-4o-mini' });
`;
      const scan = scanSource('/virtual/graph.ts', text);
      return unknownToolMentions(scan, new Offers(scan), dataWordsOf(scan.dataWords))
        .filter((f) => f.agents.includes('supervisor'))
        .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
    };
    assert.deepEqual(lead('codeGraphAgent builds the graph that codeMetricsAgent scores.'), []);
    // "call" governs the list it starts: both are agents this one is told to call.
    assert.deepEqual(lead('For code, call codeGraphAgent, then codeMetricsAgent.'), [
      'codeGraphAgent',
      'codeMetricsAgent',
    ]);
    // A tool of the app hands tasks over by that name: the name is the value it takes.
    const handOff = "export const target = z.enum(['codeGraphAgent', 'codeMetricsAgent']);";
    assert.deepEqual(lead('For code, call codeGraphAgent, then codeMetricsAgent.', handOff), []);
  });

  test('a line about the agent that offers the name speaks of that agent', () => {
    assert.deepEqual(unknown('Ask the reviewer to run `applyPatch` when done.'), []);
    assert.deepEqual(unknown('Run `applyPatch` when done.'), ['applyPatch']);
  });
});

/** Mentions of one agent that has a tool but no sub-agents. */
function unknownWithoutSubAgents(prompt: string): string[] {
  const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const orderTool = createTool({ id: 'order', description: 'o', execute: async () => ({}) });
export const classifier = new Agent({
  id: 'classifier',
  name: 'Classifier',
  instructions: ${JSON.stringify(prompt)},
  model: 'openai/gpt-4o-mini',
  tools: { orderTool },
});
`;
  const scan = scanSource('/virtual/classifier.ts', text);
  return unknownToolMentions(scan, new Offers(scan), new Set()).map(
    (f) => /"([^"]+)"/.exec(f.message)![1]!,
  );
}

describe('agent-shaped words in an agent without sub-agents', () => {
  test('a category list of agents is prose; asked to delegate, the name is a drift', () => {
    assert.deepEqual(
      unknownWithoutSubAgents(
        'Assign categories from the available agents:\n- salesforceAgent: a specialized agent for cases.',
      ),
      [],
    );
    assert.deepEqual(unknownWithoutSubAgents('Delegate to salesforceAgent for cases.'), [
      'salesforceAgent',
    ]);
    assert.deepEqual(unknownWithoutSubAgents('Use the `salesforceAgent` for cases.'), [
      'salesforceAgent',
    ]);
  });
});

/** Mentions of an agent whose tools are keyed by export name, with ids of their own. */
function unknownWithIds(prompt: string): string[] {
  const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const pushSignalTool = createTool({ id: 'signal_push', description: 'p', execute: async () => ({}) });
const memoryWriteTool = createTool({ id: 'system_memory_write_observation', description: 'm', execute: async () => ({}) });
const searchSections = createTool({ id: 'search-sections', description: 's', execute: async () => ({}) });
const arxivTool = createTool({ id: 'arxiv', description: 'a', execute: async () => ({}) });
export const sales = new Agent({
  id: 'sales',
  name: 'Sales',
  instructions: ${JSON.stringify(prompt)},
  model: 'openai/gpt-4o-mini',
  tools: { pushSignalTool, memoryWriteTool, searchSections, arxivTool },
});
`;
  const scan = scanSource('/virtual/sales.ts', text);
  return unknownToolMentions(scan, new Offers(scan), new Set()).map(
    (f) => /"([^"]+)"/.exec(f.message)![1]!,
  );
}

describe("prompts in French and Spanish, and values of the app's data fields", () => {
  test('"tes appels à X, Y et Z" calls each; "ne jamais appeler X" forbids it (eval: HugoDeiss/Balthazar)', () => {
    assert.deepEqual(unknown('Passe created_by dans tous tes appels à searchTool et applyPatch.'), [
      'searchTool',
      'applyPatch',
    ]);
    assert.deepEqual(unknown("Ne JAMAIS appeler applyPatch — ce tool n'existe plus."), []);
    assert.deepEqual(
      unknown('Ne jamais appeler searchTool, ou applyPatch si la phase est finie.'),
      [],
    );
    assert.deepEqual(unknown('Nunca llames a applyPatch.'), []);
    assert.deepEqual(unknown('Llama a applyPatch para corregir.'), ['applyPatch']);
  });

  test("another spelling of its own tool that the code stores or compares as a field's value is that value", () => {
    const supervisor = (code: string) => {
      const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const row = z.object({ correction_type: z.string() });
${code}
const manualOverride = createTool({ id: 'manual-override', description: 'm', execute: async () => ({}) });
export const supervisor = new Agent({
  id: 'supervisor',
  name: 'Supervisor',
  instructions: "- Cherche l'entrée manual_override la plus récente et cite-la.",
  model: 'openai/gpt-4o-mini',
  tools: { manualOverride },
});
`;
      const scan = scanSource('/virtual/supervisor.ts', text);
      return unknownToolMentions(scan, new Offers(scan), dataWordsOf(scan.dataWords)).map(
        (f) => /"([^"]+)"/.exec(f.message)![1]!,
      );
    };
    assert.deepEqual(
      supervisor("export const save = () => ({ correction_type: 'manual_override' });"),
      [],
    );
    assert.deepEqual(
      supervisor(
        "export const is = (r: { correction_type: string }) => r.correction_type !== 'manual_override';",
      ),
      [],
    );
    // Not a value of any field of the app: a stale spelling of the tool.
    assert.deepEqual(supervisor("export const save = () => ({ label: 'manual_override' });"), [
      'manual_override',
    ]);
  });
});

describe('a word is a tool mention only when something says so', () => {
  test('status codes, memory types and result fields name nothing the app defines', () => {
    assert.deepEqual(
      unknownWithIds(
        'Use the tools. If it fails, return manual_review_required; store `architecture_decision` memories.',
      ),
      [],
    );
    // The same shapes, spelling the app's own tools: another spelling of pushSignalTool, an id cut short.
    assert.deepEqual(
      unknownWithIds('Use the tools. Send pushSignal, then save via system_memory_write.'),
      ['pushSignal', 'system_memory_write'],
    );
  });

  test('another spelling of its own tool counts on a line that does not talk about tools', () => {
    assert.deepEqual(unknownWithIds('Po rozmowie: pushSignal i addContext.'), ['pushSignal']);
  });

  test('a capitalised product is not a tool; the words around a code-shaped name can make it one', () => {
    assert.deepEqual(unknownWithIds('MUTATING MongoDB tool, for the database.'), []);
    // A one-word tool (arxivTool) is named after what prose names too; a two-word one is not.
    assert.deepEqual(unknownWithIds('Papers come from arXiv. Then send push-signal.'), [
      'push-signal',
    ]);
    assert.deepEqual(unknownWithIds('Use the audit_log tool first.'), ['audit_log']);
  });

  test('a field of the result of its own tool is not a tool', () => {
    assert.deepEqual(unknownWithIds('Use the tools: call `searchSections.sections` first.'), []);
    assert.deepEqual(unknownWithIds('Use the tools: call `searchSection.sections` first.'), [
      'searchSection.sections',
    ]);
  });

  test('names a prompt lists as not to use are right where they are', () => {
    assert.deepEqual(
      unknownWithIds('Invalid tool names:\n\n- `sendSignalTool`\n- `legacySearchTool`'),
      [],
    );
    assert.deepEqual(unknownWithIds('Valid tool names:\n\n- `sendSignalTool`'), ['sendSignalTool']);
    assert.deepEqual(unknownWithIds('Deprecated tools: sendSignalTool, legacySearchTool.'), []);
    assert.deepEqual(unknownWithIds('Never call sendSignalTool twice.'), []);
    assert.deepEqual(
      unknownWithIds('Do not use raw `sendSignalTool`, `legacySearchTool`, or `oldPushTool` here.'),
      [],
    );
    assert.deepEqual(unknownWithIds('Use raw `sendSignalTool`, `legacySearchTool` here.'), [
      'sendSignalTool',
      'legacySearchTool',
    ]);
    assert.deepEqual(unknownWithIds('Avoid retries; use sendSignalTool.'), ['sendSignalTool']);
    // "Do NOT use for: pushes (use X)": the aside asks for X (eval: indiejoseph/coworker).
    assert.deepEqual(
      unknownWithIds('- Do NOT use for: pushes (use sendSignalTool), old ones: legacySearchTool.'),
      ['sendSignalTool'],
    );
    // ...and every name of a pair it gives (eval: Array-Ventures/coworker).
    assert.deepEqual(
      unknownWithIds(
        '- Do NOT use for: pushes (use sendSignalTool/legacySearchTool), old ones: oldPushTool.',
      ),
      ['sendSignalTool', 'legacySearchTool'],
    );
  });
});

describe('spellings no source can offer', () => {
  /** The findings of the agent `ops`, whose tools and processors are written in `config`. */
  function opsUnknown(config: string, description: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { ToolSearchProcessor } from '@mastra/core/processors';
import { createTool } from '@mastra/core/tools';
const dbQuery = createTool({ id: 'db_query', description: ${JSON.stringify(description)}, execute: async () => ({}) });
const dbWrite = createTool({ id: 'db_write', description: 'Write rows.', execute: async () => ({}) });
const clock = createTool({ id: 'clock', description: 'Now.', execute: async () => ({}) });
declare const plugins: Record<string, never>;
export const ops = new Agent({ id: 'ops', name: 'ops', instructions: 'You run chores.', model: 'openai/gpt-4o-mini', ${config} });
`;
    const scan = scanSource('/virtual/ops.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('ops'))
      .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
  }
  const deferred =
    'tools: { clock }, inputProcessors: [new ToolSearchProcessor({ tools: { dbQuery, dbWrite }, search: { topK: 5 } })]';

  test('a tool a tool search loads is named by its id: a dotted spelling of it is stale, other dotted words are not names', () => {
    assert.deepEqual(
      opsUnknown(deferred, 'Reads rows. For writes use db.write with confirm: true.'),
      ['db.write'],
    );
    assert.deepEqual(
      opsUnknown(deferred, 'Reads rows. For writes use db.connection with confirm: true.'),
      [],
    );
  });

  test('a map the scan cannot list may offer any legal name, never one Mastra would rewrite', () => {
    const open = 'tools: { ...plugins, clock, dbQuery }';
    // `db_write` is another agent's tool's id: a plugin may offer that very name.
    const other = `export const writer = new Agent({ id: 'w', name: 'w', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { dbWrite } });`;
    const withOther = (d: string) => opsUnknown(`${open} }); ${other} //`, d);
    assert.deepEqual(withOther('Before writing, call `db_write_check`.'), []);
    assert.deepEqual(withOther('Before writing, call `db.write`.'), ['db.write']);
  });
});

describe('a tool object interpolated into a prompt', () => {
  function findings(instructions: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const searchTool = createTool({ id: 'search-docs', description: 's', execute: async () => ({}) });
const config = { mode: 'fast' };
export const helper = new Agent({ id: 'helper', name: 'helper', instructions: \`${instructions}\`, model: 'openai/gpt-4o-mini', tools: { searchTool } });
`;
    const scan = scanSource('/virtual/helper.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set()).map((f) => f.message);
  }

  test('is read by the model as "[object Object]" (measured with the installed @mastra/core)', async () => {
    const { createTool } = await import('@mastra/core/tools');
    const tool = createTool({
      id: 'search-docs',
      description: 's',
      execute: () => Promise.resolve({}),
    });
    // What a template does with the object: the very stringification the lint rule warns of.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    assert.equal(`Use ${String(tool)} to search.`, 'Use [object Object] to search.');
  });

  test('is reported with the name the agent offers it under; its id or another value is not', () => {
    assert.deepEqual(findings('Use ${searchTool} to search.'), [
      'the instructions of helper interpolate "${searchTool}", the tool object itself: the model reads "[object Object]" there, not a name; write "searchTool", the name helper is offered it under',
    ]);
    assert.deepEqual(findings('Use ${searchTool.id} in ${config.mode} mode.'), []);
    assert.deepEqual(findings('Mode: ${config}.'), []);
  });
});

/** The names `agent` is told but not offered, in a file of this text scanned alone. */
function unknownIn(text: string, agent: string): string[] {
  const scan = scanSource(`/virtual/${agent}.ts`, text);
  return unknownToolMentions(scan, new Offers(scan), new Set())
    .filter((f) => f.agents.includes(agent))
    .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
}

describe("a tool's own description", () => {
  /** The findings of `quality`, offered `sonarScanner` and `lint`, with these descriptions. */
  function qualityUnknown(scanner: string, lint: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const sonarScanner = createTool({ id: 'sonarScanner', description: \`${scanner.replace(/`/g, '\\`')}\`, execute: async () => ({}) });
const lint = createTool({ id: 'lint', description: ${JSON.stringify(lint)}, execute: async () => ({}) });
export const quality = new Agent({ id: 'quality', name: 'quality', instructions: 'You check code quality.', model: 'openai/gpt-4o-mini', tools: { sonarScanner, lint } });
`;
    return unknownIn(text, 'quality');
  }

  test('spelling its tool another way in passing names what the tool wraps; elsewhere, or called, it is stale', () => {
    const runs = 'Runs sonar-scanner on the project. Requires sonar-scanner installed.';
    assert.deepEqual(qualityUnknown(runs, 'Lints files.'), []);
    // The same words in another tool's description name the scanner tool by a name it lacks.
    assert.deepEqual(qualityUnknown('Scans.', `Lints files; then use ${'sonar-scanner'}.`), [
      'sonar-scanner',
    ]);
    // A list of the steps inside a tool, in its description, names no tools to call.
    assert.deepEqual(
      qualityUnknown('Scans.\n\nSub-tools included:\n- parseReport: reads the report', 'Lints.'),
      [],
    );
    // Told to call it, even in its own description.
    assert.deepEqual(qualityUnknown('Scans. Call `sonar-scanner` again to rescan.', 'Lints.'), [
      'sonar-scanner',
    ]);
  });
});

describe("a run of the words of a tool's own name, in its description (eval: avunculargroup/business-mono)", () => {
  function newsUnknown(own: string, other: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const queryNewsItems = createTool({ id: 'query_news_items', description: ${JSON.stringify(own)}, execute: async () => ({}) });
const searchWeb = createTool({ id: 'search_web', description: ${JSON.stringify(other)}, execute: async () => ({}) });
const queryNews = createTool({ id: 'query_news', description: 'q', execute: async () => ({}) });
export const rex = new Agent({ id: 'rex', name: 'rex', instructions: 'You research.', model: 'openai/gpt-4o-mini', tools: { query_news_items: queryNewsItems, search_web: searchWeb, query_news: queryNews } });
`;
    return unknownIn(text, 'rex');
  }

  test("names what the tool reads; in another tool's description, or called, it is a name the agent lacks", () => {
    const own = 'Query the internal news_items feed. Always call this BEFORE search_web.';
    assert.deepEqual(newsUnknown(own, 'Searches the web.'), []);
    assert.deepEqual(newsUnknown('Queries the feed.', 'Searches the web. Use news_items first.'), [
      'news_items',
    ]);
    assert.deepEqual(newsUnknown('Query the feed. Call news_items again to page.', 'Searches.'), [
      'news_items',
    ]);
    // A run that spells another tool of the app is that tool (eval: LiorVainer/data-israel).
    assert.deepEqual(
      newsUnknown('Query the news. Use this after query-news to page.', 'Searches.'),
      ['query-news'],
    );
  });
});

describe('an MCP server offers its tools under its prefix', () => {
  /** The findings of `budget`, whose tools come from an MCP client, through a memoising helper. */
  function budgetUnknown(prompt: string, stored = 'made'): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
const client = new MCPClient({ servers: { budgetkey: { url: new URL('http://127.0.0.1:1/mcp') } } });
const cache = new Map<string, unknown>();
async function getOrFetch<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit) return hit as T;
  const made = await fetcher();
  cache.set(key, ${stored});
  return made;
}
const tools = await getOrFetch('budgetkey', () => client.listTools());
export const budget = new Agent({ id: 'budget', name: 'budget', instructions: ${JSON.stringify(prompt)}, model: 'openai/gpt-4o-mini', tools });
`;
    const scan = scanSource('/virtual/budget.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('budget'))
      .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
  }

  test('called by name, a PascalCase tool is a tool; named as "the X tool", it is a product', () => {
    assert.deepEqual(budgetUnknown('First call DatasetInfo, then answer.'), ['DatasetInfo']);
    assert.deepEqual(budgetUnknown('2. קרא ל-DatasetInfo לפני כל שאילתה'), ['DatasetInfo']);
    assert.deepEqual(budgetUnknown('Query it with the Postgres tool.'), []);
    assert.deepEqual(budgetUnknown('First call budgetkey_DatasetInfo, then answer.'), []);
  });

  test('a cache that holds what the helper returned is that value; one that holds anything else is not read', () => {
    // The cache stores another value: what it returns may be any map, so nothing is said.
    assert.deepEqual(budgetUnknown('First call DatasetInfo, then answer.', '{ made }'), []);
  });
});

describe('an MCP client a factory makes (eval: mashharuki/AgentCore-Mastra-x402)', () => {
  function factoryUnknown(factory: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
${factory}
const client = createClient();
const tools = await client.getTools();
export const x402 = new Agent({ id: 'x402', name: 'x402', instructions: 'You MUST use the "get-data-from-resource-server" tool.', model: 'openai/gpt-4o-mini', tools });
export const go = () => x402.generate('hi');
`;
    const scan = scanSource('/virtual/x402.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('x402'))
      .map((f) => f.message);
  }

  test("its servers are known: a bare tool name is reported with the server's prefix", () => {
    const expected = [
      'the instructions of x402 name "get-data-from-resource-server", which x402 is not offered by that name; if it is a tool of an MCP server, the model sees it as "x402_get-data-from-resource-server"',
    ];
    assert.deepEqual(
      factoryUnknown(
        `const createClient = () => { const c = new MCPClient({ id: 'x', servers: { x402: { url: new URL('http://127.0.0.1:1/mcp') } } }); return c; };`,
      ),
      expected,
    );
    assert.deepEqual(
      factoryUnknown(
        `function createClient() { return new MCPClient({ servers: { x402: { url: new URL('http://127.0.0.1:1/mcp') } } }); }`,
      ),
      expected,
    );
  });

  test('a factory that returns something else is an unknown registry: nothing is said', () => {
    assert.deepEqual(
      factoryUnknown(`const createClient = () => ({ getTools: async () => ({}) });`),
      [],
    );
  });
});

describe('MCP tools loaded at start-up into a variable that starts empty (eval: santosh2221994/awas-ai-agents)', () => {
  function gemmaUnknown(load: string, servers: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
${servers}
const mcpClient = new MCPClient({ id: 'c', servers });
${load}
export const gemma = new Agent({ id: 'gemma', name: 'gemma', instructions: 'When asked, use the "chat_completion" tool.', model: 'openai/gpt-4o-mini', tools: { ...mcpTools } });
export const go = () => gemma.generate('hi');
`;
    const scan = scanSource('/virtual/gemma.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('gemma'))
      .map((f) => f.message);
  }
  const TRY = `let mcpTools: any = {};
try { mcpTools = await mcpClient.listTools(); } catch (err) { console.warn(err); }`;
  const BUILT = `const servers: Record<string, any> = {};
if (process.env.FS) servers.filesystem = { command: 'npx', args: ['fs'] };
servers['thinking'] = { command: 'npx', args: ['st'] };`;

  test("assigned once, it holds the client's tools; servers added to the config object one by one are its servers", () => {
    assert.deepEqual(gemmaUnknown(TRY, BUILT), [
      'the instructions of gemma name "chat_completion", which gemma is not offered by that name; if it is a tool of an MCP server, the model sees it as "filesystem_chat_completion" or "thinking_chat_completion"',
    ]);
  });

  test('assigned twice, what it holds is unknown: nothing is said', () => {
    assert.deepEqual(
      gemmaUnknown(`${TRY}\nexport function reload(t: any) { mcpTools = t; }`, BUILT),
      [],
    );
  });
});

describe("Claude Code's names of MCP tools (eval: denimar/stacktalk)", () => {
  function designerFindings(prompt: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
const mcp = new MCPClient({ servers: { imagegen: { command: 'npx', args: ['imagegen-mcp'] } } });
export const designer = new Agent({ id: 'designer', name: 'designer', instructions: ${JSON.stringify(prompt)}, model: 'openai/gpt-4o-mini', tools: await mcp.listTools() });
export const go = () => designer.generate('hi');
`;
    const scan = scanSource('/virtual/designer.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('designer'))
      .map(
        (f) =>
          `${/"([^"]+)"/.exec(f.message)![1]} -> ${[...new Set(f.suggestions?.map((s) => s.text))].join(',')}`,
      );
  }

  test("mcp__server__tool of a server this agent's client has is the server_tool Mastra offers", () => {
    assert.deepEqual(
      designerFindings(
        'Available MCP tools:\n- mcp__imagegen__image_generate_openai — Generate images.\nPrefer mcp__imagegen__image_generate_openai.',
      ),
      ['mcp__imagegen__image_generate_openai -> imagegen_image_generate_openai'],
    );
  });

  test('the same form with a server the client does not have says nothing of a prefix', () => {
    assert.deepEqual(
      designerFindings('Available MCP tools:\n- mcp__figma__get_file — Read a file.'),
      [],
    );
  });
});

describe('a name the model is told not to say (eval: Boredude/abby-ai)', () => {
  function phrasingUnknown(prompt: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const getBrandContext = createTool({ id: 'getBrandContext', description: 'g', execute: async () => ({}) });
const updateBrandContext = createTool({ id: 'updateBrandContext', description: 'u', execute: async () => ({}) });
export const duffy = new Agent({ id: 'duffy', name: 'duffy', instructions: 'Help.', model: 'openai/gpt-4o-mini', tools: { getBrandContext, updateBrandContext } });
export const phrasing = new Agent({ id: 'phrasing', name: 'phrasing', instructions: ${JSON.stringify(prompt)}, model: 'openai/gpt-4o-mini', tools: { getBrandContext } });
export const go = () => [duffy.generate('hi'), phrasing.generate('hi')];
`;
    const scan = scanSource('/virtual/phrasing.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('phrasing'))
      .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
  }

  test('in a list item that says never to echo it, over two lines: not a tool to call', () => {
    assert.deepEqual(
      phrasingUnknown(
        '- NEVER echo internal directives or plumbing in user-facing\n  text: tool names like `updateBrandContext`, JSON.',
      ),
      [],
    );
  });

  test('the same words in another sentence or item, or after the name, do not hide it', () => {
    assert.deepEqual(
      phrasingUnknown('- Never mention tool names. Call `updateBrandContext` after each change.'),
      ['updateBrandContext'],
    );
    assert.deepEqual(
      phrasingUnknown('- Never echo tool names.\n- Call `updateBrandContext` after each change.'),
      ['updateBrandContext'],
    );
    assert.deepEqual(
      phrasingUnknown('- Call `updateBrandContext` after each change; never mention it.'),
      ['updateBrandContext'],
    );
  });
});

describe('the messages a call sends are read by the agent it calls', () => {
  function messageUnknown(message: string): string[] {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const saveSpec = createTool({ id: 'save-spec', description: 's', execute: async () => ({}) });
export const builder = new Agent({ id: 'builder', name: 'builder', instructions: 'You build dashboards.', model: 'openai/gpt-4o-mini', tools: { saveSpec } });
export async function run() {
  return builder.generate(${JSON.stringify(message)});
}
`;
    const scan = scanSource('/virtual/builder.ts', text);
    return unknownToolMentions(scan, new Offers(scan), new Set())
      .filter((f) => f.agents.includes('builder'))
      .map((f) => {
        assert.match(f.message, /^a message sent to builder names/);
        return /"([^"]+)"/.exec(f.message)![1]!;
      });
  }

  test('a name the message tells it to call that it is not offered; one it is offered is fine', () => {
    assert.deepEqual(messageUnknown('When calling getJourneySession, use the thread id.'), [
      'getJourneySession',
    ]);
    assert.deepEqual(messageUnknown('When calling saveSpec, use the thread id.'), []);
    assert.deepEqual(messageUnknown('Build a dashboard for the journey session.'), []);
  });
});

describe('a PascalCase spelling of a tool (eval: AIGC-Hackers/a1d-agent)', () => {
  test("is one of this agent's tools in another case; brands and other agents' tools are not", () => {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const make = (id: string) => createTool({ id, description: id, execute: async () => ({}) });
export const reviewer = new Agent({ id: 'reviewer', name: 'Reviewer', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { applyPatch: make('apply-patch') } });
export const todo = new Agent({
  id: 'todo',
  name: 'Todo',
  instructions: 'Use TodoRead frequently.\\nUse TodoWrite for new lists.\\nSummaries come from OpenAI; code lives on GitHub. ApplyPatch belongs to the reviewer. Search with GraphRAG retrieval.',
  model: 'openai/gpt-4o-mini',
  tools: { todoRead: make('todo-read'), todoWrite: make('todo-write'), graphRag: make('graph-rag') },
});
export const asker = new Agent({
  id: 'asker',
  name: 'Asker',
  instructions: 'After an askUserQuestion call, end your turn; the answers come back as [AskUserQuestion answers].',
  model: 'openai/gpt-4o-mini',
  tools: { askUserQuestion: make('ask-user-question') },
});
`;
    const scan = scanSource('/virtual/agents.ts', text);
    // GraphRAG (an acronym in it) is a technique; the asker's label sits beside the tool's name.
    const found = unknownToolMentions(scan, new Offers(scan), new Set());
    assert.deepEqual(
      found.map((f) => /"([^"]+)".*did you mean "([^"]+)"/.exec(f.message)?.slice(1)),
      [
        ['TodoRead', 'todoRead'],
        ['TodoWrite', 'todoWrite'],
      ],
    );
  });
});

describe('another agent kept in a variable named for its kind (eval: AIGC-Hackers/a1d-agent)', () => {
  test('`const agent = new Agent(...)` does not make every line saying "agent" about it', () => {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const streamTool = createTool({ id: 'toolcall-stream', description: 's', execute: async () => ({}) });
const agent = new Agent({ name: 'Weather Agent', instructions: 'Plan activities.', model: 'openai/gpt-4o-mini' });
export const planner = agent;
export const testAgent = new Agent({
  name: 'Test agent',
  instructions: \`You are a test agent. Generate images using the mock-image-generate tool.
The Weather Agent uses the forecast-lookup tool.\`,
  model: 'openai/gpt-4o-mini',
  tools: { stream: streamTool },
});
`;
    const scan = scanSource('/virtual/agents.ts', text);
    const found = unknownToolMentions(scan, new Offers(scan), new Set()).filter((f) =>
      f.agents.includes('Test agent'),
    );
    // The sentence naming the other agent by its name is still about it.
    assert.deepEqual(
      found.map((f) => /"([^"]+)"/.exec(f.message)?.[1]),
      ['mock-image-generate'],
    );
  });
});

describe('an agent called by a lowercase word (eval: jamroast/slopcontrolv2)', () => {
  test('the word alone in a line is English; quoted or followed by "agent" it names the agent', () => {
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const make = (id: string) => createTool({ id, description: id, execute: async () => ({}) });
export const judge = new Agent({ id: 'judge', name: 'judge', instructions: 'Judge.', model: 'openai/gpt-4o-mini' });
export const admin = new Agent({ id: 'console-admin', name: 'console-admin', instructions: 'Admin.', model: 'openai/gpt-4o-mini', tools: { model_bind: make('model_bind') } });
export const operator = new Agent({
  id: 'operator',
  name: 'operator',
  instructions: \`Each function (research, coding, judge) has a model: use model_bind to change one.
Ask the judge agent to run model_bind when it is done.\`,
  model: 'openai/gpt-4o-mini',
  tools: { get_run: make('get_run') },
});
`;
    const scan = scanSource('/virtual/agents.ts', text);
    const found = unknownToolMentions(scan, new Offers(scan), new Set()).filter((f) =>
      f.agents.includes('operator'),
    );
    assert.deepEqual(
      found.map((f) => `${/"([^"]+)"/.exec(f.message)?.[1]} ${f.locations[0]!.line}`),
      ['model_bind 9'],
    );
  });
});
