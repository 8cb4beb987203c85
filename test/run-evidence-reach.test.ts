/**
 * Evidence of how an agent runs, weighed by whether the code it is in is used: a route no code
 * calls and a hook no file imports are outweighed by used evidence of the other mode; a client's
 * request to Mastra's server API counts; an agent nothing uses gets notes, not warnings. Each case
 * beside the one of the same shape where the code is used.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/index.ts';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } });

const AGENTS = `import { Agent } from '@mastra/core/agent';
export const writer = new Agent({ id: 'writer', name: 'writer', instructions: 'Write.', model: 'openai/gpt-4o-mini' });
export const lead = new Agent({
  id: 'lead',
  name: 'lead',
  instructions: 'Delegate drafting to \`writer\`.',
  model: 'openai/gpt-4o-mini',
  agents: { writer },
});
`;

const mastraWith = (routes: string) => `import { Mastra } from '@mastra/core/mastra';
import { chatRoute, networkRoute } from '@mastra/ai-sdk';
import { lead, writer } from './agents';
export const mastra = new Mastra({
  agents: { lead, writer },
  server: { apiRoutes: [${routes}] },
});
`;

async function scanApp(files: Record<string, string>) {
  const app = tempProject({ 'package.json': PACKAGE, ...files });
  try {
    const scan = await scanRepository(app.root);
    return { scan, plan: buildPlan(scan) };
  } finally {
    app.cleanup();
  }
}

const lead = (scan: Awaited<ReturnType<typeof scanApp>>['scan']) =>
  scan.agents.find((a) => a.id === 'lead')!;

describe('a route no code calls', () => {
  const routes =
    "networkRoute({ path: '/network/:agentId' }), chatRoute({ path: '/chat/:agentId' })";
  test('is outweighed by a route the app calls, and the prompt is fixed for generate()/stream()', async () => {
    const { scan, plan } = await scanApp({
      'src/mastra/agents.ts': AGENTS,
      'src/mastra/index.ts': mastraWith(routes),
      'src/ui/chat.ts':
        'export const send = (id: string) => fetch(`/chat/${id}`, { method: "POST" });\n',
    });
    assert.equal(lead(scan).runs.mode, 'function');
    assert.deepEqual(
      lead(scan).runs.ignored?.map((e) => e.kind),
      ['network-route'],
    );
    assert.deepEqual(
      plan.edits.map((e) => `${e.before} -> ${e.after}`),
      ['writer -> agent-writer'],
    );
    assert.match(
      plan.edits[0]!.reason,
      /not counted, as nothing in this repository uses it: served by a network route/,
    );
  });

  test('counts when the app calls it too: the mode is undecided and nothing is edited', async () => {
    const { scan, plan } = await scanApp({
      'src/mastra/agents.ts': AGENTS,
      'src/mastra/index.ts': mastraWith(routes),
      'src/ui/chat.ts':
        'export const send = (id: string) => fetch(`/chat/${id}`);\nexport const plan = (id: string) => fetch(`/network/${id}`);\n',
    });
    assert.equal(lead(scan).runs.mode, 'both');
    assert.deepEqual(plan.edits, []);
  });

  test('still counts when it is all there is', async () => {
    const { scan } = await scanApp({
      'src/mastra/agents.ts': AGENTS,
      'src/mastra/index.ts': mastraWith("networkRoute({ path: '/network/:agentId' })"),
    });
    assert.equal(lead(scan).runs.mode, 'network');
  });
});

describe('a hook no file imports', () => {
  const HOOKS = `import { MastraClient } from '@mastra/client-js';
const client = new MastraClient({ baseUrl: '/' });
export const useNetwork = (id: string) => client.getAgent(id).network('go');
`;
  const files = {
    'src/mastra/agents.ts': AGENTS,
    'src/mastra/index.ts': mastraWith("chatRoute({ path: '/chat/:agentId' })"),
    'src/ui/chat.ts': 'export const send = (id: string) => fetch(`/chat/${id}`);\n',
    'src/lib/hooks.ts': HOOKS,
  };
  test('is outweighed', async () => {
    const { scan } = await scanApp(files);
    assert.equal(lead(scan).runs.mode, 'function');
    assert.deepEqual(
      lead(scan).runs.ignored?.map((e) => e.kind),
      ['dynamic-call'],
    );
  });

  test('counts once a component imports it', async () => {
    const { scan } = await scanApp({
      ...files,
      'src/ui/plan.ts':
        "import { useNetwork } from '../lib/hooks';\nexport const run = () => useNetwork('lead');\n",
    });
    assert.equal(lead(scan).runs.mode, 'both');
  });
});

describe("requests to Mastra's server API", () => {
  const files = {
    'src/mastra/agents.ts': AGENTS,
    'src/mastra/index.ts': mastraWith(''),
  };
  test('/api/agents/:id/stream from a client decides generate()/stream() for every registered agent', async () => {
    const { scan, plan } = await scanApp({
      ...files,
      'client/api.ts':
        'export const go = (agentId: string) => fetch(`/api/agents/${agentId}/stream`);\n',
    });
    assert.equal(lead(scan).runs.mode, 'function');
    assert.deepEqual(
      lead(scan)
        .runs.evidence.filter((e) => e.kind === 'api-call')
        .map((e) => e.location.file),
      ['client/api.ts'],
    );
    assert.deepEqual(
      plan.edits.map((e) => `${e.before} -> ${e.after}`),
      ['writer -> agent-writer'],
    );
  });

  test('/api/agents/<id>/network names one agent, which runs with network()', async () => {
    const { scan } = await scanApp({
      ...files,
      'client/api.ts': "export const go = () => fetch('/api/agents/lead/network');\n",
    });
    assert.equal(lead(scan).runs.mode, 'network');
    assert.equal(scan.agents.find((a) => a.id === 'writer')!.runs.mode, 'function');
  });
});

describe('one message sent with network() and with stream() (eval: louisklinogo/Excella)', () => {
  test('is one place in the note of names that depend on the mode', async () => {
    const { plan } = await scanApp({
      'src/agents.ts': AGENTS,
      'src/mastra.ts': mastraWith(''),
      'src/route.ts': `import { mastra } from './mastra';
export async function POST() {
  const agent = mastra.getAgent('lead');
  const messages = [{ role: 'system' as const, content: 'Delegate every draft to \`writer\`.' }];
  void agent.network(messages);
  return agent.stream(messages);
}
`,
    });
    const [note] = plan.findings.filter((f) => f.kind === 'mode-dependent-mention');
    assert.ok(note, plan.findings.map((f) => f.message).join('\n'));
    const places = note.locations.map((l) => `${l.file}:${l.start}`);
    assert.ok(
      places.some((p) => p.startsWith('src/route.ts:')),
      places.join(', '),
    );
    assert.equal(new Set(places).size, places.length, places.join(', '));
  });
});

describe('an agent nothing uses', () => {
  const dead = (exported: boolean) => `import { Agent } from '@mastra/core/agent';
${exported ? 'export ' : ''}const scraper = new Agent({
  id: 'scraper',
  name: 'scraper',
  instructions: 'Call the webScraperTool for every page.',
  model: 'openai/gpt-4o-mini',
});
`;
  test('gets a note for a stale name in its prompt, saying why', async () => {
    const { plan } = await scanApp({ 'src/agents/scraper.ts': dead(false) });
    const [finding] = plan.findings.filter((f) => f.kind === 'unknown-tool-mention');
    assert.equal(finding?.quiet, true);
    assert.match(
      finding.message,
      /scraper is never registered, called, imported or offered as a sub-agent/,
    );
  });

  test('imported by another file, it may run: a warning', async () => {
    const { plan } = await scanApp({
      'src/agents/scraper.ts': dead(true),
      'src/run.ts':
        "import { scraper } from './agents/scraper';\nexport const go = () => scraper;\n",
    });
    const [finding] = plan.findings.filter((f) => f.kind === 'unknown-tool-mention');
    assert.ok(finding);
    assert.equal(finding.quiet, undefined);
  });
});

describe('a dead copy of an agent that keeps its id and export name (eval: lawalalx/tech4human-wa-banking)', () => {
  const agent = (tool: string) => `import { Agent } from '@mastra/core/agent';
export const scraper = new Agent({
  id: 'scraper',
  name: 'scraper',
  instructions: 'Call the ${tool} for every page.',
  model: 'openai/gpt-4o-mini',
});
`;
  test('a stale name in the prompt of the one that runs is a warning; in the copy, a note', async () => {
    const { plan } = await scanApp({
      'src/agents/scraper.ts': agent('webScraperTool'),
      'src/agents/old-scraper.ts': agent('pageFetcherTool'),
      'src/run.ts':
        "import { scraper } from './agents/scraper';\nexport const go = () => scraper;\n",
    });
    const found = plan.findings.filter((f) => f.kind === 'unknown-tool-mention');
    const of = (file: string) => found.find((f) => f.locations[0]?.file === file);
    assert.equal(of('src/agents/scraper.ts')?.quiet, undefined);
    assert.equal(of('src/agents/old-scraper.ts')?.quiet, true);
  });
});

describe('agents the scan could not check whole', () => {
  test('are counted alike in text, JSON, Markdown and SARIF, so a clean check is not taken for a checked one', async () => {
    const { migrate } = await import('../src/migrate/migrate.ts');
    const { buildReport } = await import('../src/report/build.ts');
    const { renderReport } = await import('../src/report/render/index.ts');
    const app = tempProject({
      'package.json': PACKAGE,
      'src/agents.ts': `import { Agent } from '@mastra/core/agent';
declare function loadTools(): any;
export const reader = new Agent({ id: 'reader', name: 'reader', instructions: 'Read.', model: 'openai/gpt-4o-mini', tools: loadTools() });
export const plain = new Agent({ id: 'plain', name: 'plain', instructions: 'Hi.', model: 'openai/gpt-4o-mini' });
`,
      'src/mastra.ts': `import { Mastra } from '@mastra/core/mastra';
import { reader, plain } from './agents';
export const mastra = new Mastra({ agents: { reader, plain } });
`,
    });
    try {
      const report = buildReport(await migrate(app.root, { dryRun: true }), 'check', 'app');
      assert.deepEqual(report.unchecked, [
        { agent: 'reader', reasons: ['tools known only at run time'] },
      ]);
      assert.equal(report.totals.findings, 0);
      assert.equal(report.totals.unchecked, 1);
      const text = renderReport(report, 'text');
      assert.match(text, /0 findings need a human \(1 agent not checked in full\)/);
      assert.match(text, /Not checked in full\n {2}tools known only at run time: reader/);
      assert.equal((JSON.parse(renderReport(report, 'json')) as typeof report).totals.unchecked, 1);
      assert.match(renderReport(report, 'markdown'), /\| agents not checked in full \| 1 \|/);
      const sarif = JSON.parse(renderReport(report, 'sarif')) as {
        runs: Array<{ properties: { uncheckedAgents: unknown[] } }>;
      };
      assert.equal(sarif.runs[0]!.properties.uncheckedAgents.length, 1);
    } finally {
      app.cleanup();
    }
  });
});
