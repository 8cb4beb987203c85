/**
 * `verify --allow-mcp` and the names file, on a fixture app whose real `@mastra/mcp` MCPClient
 * starts a stdio MCP server inside the fixture (tool names with dots, a colon, a slash, a long
 * name). Without the option the start is refused and listed, and the agent is measured without the
 * MCP tools; with it the start is listed and the measured names are the ones Mastra sends. The same
 * app with the tools wrapped in `normaliseTools(...)` by hand, or by `migrate --wrap-runtime-tools`
 * on a copy, sends exactly the helper's mapping. The names
 * file verify writes is read back by the scan: a prompt naming the MCP tool by its own name gets the
 * measured name as the fix; one naming the measured name gets nothing. An MCP server at a local URL
 * (the fixture's own, started here) is reached only with the option.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { MCPClient } from '@mastra/mcp';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import { namesTarget } from '../bin/commands/verify.ts';
import { toWireName } from '../src/names/wire-name.ts';
import { Offers } from '../src/offers/index.ts';
import { unknownToolMentions } from '../src/plan/rules/unknown-mentions.ts';
import { renderVerifyReport } from '../src/report/verify-render.ts';
import { measuredNames, normaliseTools } from '../src/runtime/index.ts';
import { applyMeasuredNames, type MeasuredNamesFile } from '../src/scan/measured-names.ts';
import { scanRepository } from '../src/scan/scan.ts';
import type { AppReport } from '../src/verify/model.ts';
import { verify } from '../src/verify/verify.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { copyFixture } from './helpers/git-copy.ts';
import { migrate } from '../src/migrate/migrate.ts';
import { runCli } from './helpers/run-cli.ts';

const APP = fixturePath('verify/mcp-stdio');
const WRAPPED = fixturePath('verify/mcp-stdio-wrapped');
const HTTP_APP = fixturePath('verify/mcp-http');
const SERVER = path.join(APP, 'mcp/linear-server.mjs');
const RENAME = {
  'linear.app_list_issues_assigned_to_the_current_user_in_the_active_cycle_open':
    'linear_my_open_issues',
};

const sent = (app: AppReport, key = 'linearAgent') =>
  app.agents.find((a) => a.key === key)?.measurement.request?.tools;

describe('verify --allow-mcp: a stdio MCP server the app configures', { timeout: 300_000 }, () => {
  let client: MCPClient;
  /** The keys a real client gives the server's tools, listed here in the test's own process. */
  let listed: string[];
  let tmp: string;

  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'mtn-verify-mcp-'));
    client = new MCPClient({
      id: 'verify-mcp-test',
      servers: { 'linear.app': { command: process.execPath, args: [SERVER] } },
    });
    listed = Object.keys(await client.listTools());
  });
  after(async () => {
    await client.disconnect();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('without it: the start is refused and listed, the agent is measured without the MCP tools, and the report names the option', async () => {
    const { report } = await verify(APP);
    const app = report.apps[0]!;
    assert.equal(app.outcome, 'verified');
    assert.equal(app.mcpStarts, undefined);
    assert.deepEqual(sent(app), ['notes_save']);
    const start = app.blocked.find((b) => b.kind === 'process');
    assert.equal(start?.target, 'node mcp/linear-server.mjs');
    assert.equal(start?.mcp, true);
    const text = renderVerifyReport(report, 'text', undefined, false);
    assert.match(text, /import\s+start node mcp\/linear-server\.mjs/);
    assert.match(text, /--allow-mcp lets them start the stdio servers the app configures/);
  });

  test('with it: the start is listed with the tools the server listed, and the measured names are the ones Mastra sends', async () => {
    const { report, names } = await verify(APP, { allowMcp: true, names: true });
    const app = report.apps[0]!;
    assert.equal(app.mcpStarts?.length, 1);
    const [start] = app.mcpStarts;
    assert.equal(start!.transport, 'stdio');
    assert.equal(start!.command, 'node');
    assert.deepEqual(start!.args, ['mcp/linear-server.mjs']);
    assert.deepEqual(
      start!.tools?.map((t) => `linear.app_${t}`),
      listed,
    );
    assert.deepEqual(app.blocked, []);
    // Mastra rewrites the illegal keys and sends them after the legal one.
    assert.deepEqual(sent(app), ['notes_save', ...listed.map(toWireName)]);
    assert.deepEqual(sent(app), [
      'notes_save',
      'linear_app_get-team',
      'linear_app_search_issues',
      'linear_app_issue_create',
      'linear_app_projects_list',
      'linear_app_list_issues_assigned_to_the_current_user_in_the_acti',
    ]);
    const text = renderVerifyReport(report, 'text', undefined, false);
    assert.match(text, /MCP servers started \(--allow-mcp\)/);
    assert.match(text, /import\s+stdio node mcp\/linear-server\.mjs/);

    // The names file: the offered names in order, the MCP ones with their server and tool.
    assert.equal(names?.version, 1);
    const [agent] = names.agents;
    assert.deepEqual(
      { ...agent, runtime: undefined },
      {
        app: '.',
        key: 'linearAgent',
        id: 'linear-agent',
        name: 'Linear Agent',
        mastraVersion: '1.71.0',
        offered: sent(app),
        runtime: undefined,
        complete: true,
      },
    );
    assert.deepEqual(
      agent!.runtime,
      listed.map((key) => ({
        name: toWireName(key),
        source: 'mcp',
        server: 'linear.app',
        tool: key.slice('linear.app_'.length),
      })),
    );
    writeFileSync(path.join(tmp, 'names.json'), JSON.stringify(names));
  });

  test('the names file read back: a prompt naming the MCP tool by its own name gets the measured name; the measured name is offered', async () => {
    const file = path.join(tmp, 'names.json');
    const messages = async (names?: string) => {
      const scan = await scanRepository(APP, names ? { names } : {});
      return { scan, found: unknownToolMentions(scan, new Offers(scan), new Set()) };
    };
    // Without the file the scan only knows the server's prefix.
    const before = await messages();
    assert.deepEqual(
      before.found.map((f) => f.message),
      [
        'the instructions of linear-agent name "search.issues", which linear-agent is not offered by that name; if it is a tool of an MCP server, the model sees it as "linear.app_search.issues"',
      ],
    );
    const after = await messages(file);
    assert.deepEqual(after.scan.measuredNames, {
      file,
      applied: ['linearAgent'],
      unmatched: [],
    });
    assert.deepEqual(
      after.found.map((f) => f.message),
      [
        `the instructions of linear-agent name "search.issues", which linear-agent is not offered by that name: verify measured the MCP tool "search.issues" offered as "linear_app_search_issues" (${file}); write "linear_app_search_issues"`,
      ],
    );
    // `linear_app_get-team` in the same prompt is a measured name: nothing said about it.

    // Through the CLI: check --names, with the finding in its report.
    const r = await runCli(['check', APP, '--names', file, '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /verify measured the MCP tool \\"search\.issues\\"/);
    const scanned = await runCli(['scan', APP, '--json', '--names', file]);
    assert.equal(scanned.code, 0, scanned.stderr);
    assert.deepEqual((JSON.parse(scanned.stdout) as { measuredNames?: unknown }).measuredNames, {
      file,
      applied: ['linearAgent'],
      unmatched: [],
    });
    const bad = await runCli(['check', APP, '--names', path.join(tmp, 'missing.json')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--names .*missing\.json: not found/);
  });

  test('the names file read by the runtime helper: measuredNames gives the measured name of each MCP tool', () => {
    const doc: unknown = JSON.parse(readFileSync(path.join(tmp, 'names.json'), 'utf8'));
    const names = measuredNames(doc, 'linear-agent');
    assert.deepEqual(
      names.list.map((e) => [e.original, e.offered]),
      listed.map((key) => [key, toWireName(key)]),
    );
    assert.equal(names.offered('linear.app_search.issues'), 'linear_app_search_issues');
    assert.equal(names.original('linear_app_search_issues'), 'linear.app_search.issues');
    assert.equal(measuredNames(doc).offered('linear.app_get-team'), 'linear_app_get-team');
    assert.throws(() => names.offered('search.issues'), /no measured tool originally named/);
    assert.throws(() => measuredNames(doc, 'nobody'), /no agent "nobody" \(agents: linearAgent\)/);
    assert.throws(() => measuredNames({ version: 2 }), /not a names file/);
  });

  test('wrapped in normaliseTools(...): the measured names equal the mapping, and a remote server stays refused', async () => {
    const mapping = await normaliseTools(client.listTools(), { rename: RENAME });
    const { report, names } = await verify(WRAPPED, { allowMcp: true, names: true });
    const app = report.apps[0]!;
    assert.deepEqual(sent(app), ['notes_save', ...mapping.names.list.map((e) => e.offered)]);
    assert.deepEqual(sent(app), [
      'notes_save',
      'linear_app_get-team',
      'linear_app_search_issues',
      'linear_app_issue_create',
      'linear_app_projects_list',
      'linear_my_open_issues',
    ]);
    assert.deepEqual(
      app.mcpStarts?.map((m) => m.command),
      ['node'],
    );
    const remote = app.blocked.find((b) => b.kind === 'http');
    assert.equal(remote?.target, 'https://mcp.example.com/mcp');
    assert.equal(remote?.mcp, true);
    assert.match(
      renderVerifyReport(report, 'text', undefined, false),
      /MCP servers at URLs other than localhost, 127\.0\.0\.1 and ::1 stay refused with --allow-mcp/,
    );
    // A server was not reached, so the names file says the measurement is incomplete.
    assert.equal(names?.agents[0]?.complete, false);
    assert.match(names.agents[0].incomplete!, /POST https:\/\/mcp\.example\.com\/mcp/);
  });

  test("wrapped by migrate --wrap-runtime-tools: verify measures the helper's mapping, before and after", async () => {
    const copy = copyFixture('verify/mcp-stdio');
    try {
      const before = await verify(copy.root, { allowMcp: true });
      const result = await migrate(copy.root, { only: ['wrap-runtime-tools'] });
      assert.deepEqual(
        result.files.flatMap((f) => f.edits.map((e) => e.after.trim())),
        [
          "import { normaliseTools } from 'mastra-tool-names/runtime';",
          '(await normaliseTools(mcp.listTools())).tools',
        ],
      );
      // The copy resolves the package's runtime entry to this checkout's source.
      const tsconfig = path.join(copy.root, 'tsconfig.json');
      const config = JSON.parse(readFileSync(tsconfig, 'utf8')) as {
        compilerOptions: Record<string, unknown>;
      };
      config.compilerOptions.baseUrl = '.';
      config.compilerOptions.paths = {
        'mastra-tool-names/runtime': [path.resolve('src/runtime/index.ts')],
      };
      writeFileSync(tsconfig, JSON.stringify(config));
      const after = await verify(copy.root, { allowMcp: true });
      const mapping = await normaliseTools(client.listTools());
      const names = (r: typeof after) => sent(r.report.apps[0]!);
      assert.deepEqual(names(after), ['notes_save', ...mapping.names.list.map((e) => e.offered)]);
      // With the default options the names are the ones Mastra sent before the wrap.
      assert.deepEqual(names(after), names(before));
    } finally {
      copy.cleanup();
    }
  });

  test('CLI: --allow-mcp --write-names writes the names file; a relative file outside the path is refused', async () => {
    const file = path.join(tmp, 'cli-names.json');
    const r = await runCli(['verify', APP, '--allow-mcp', '--write-names', file]);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as MeasuredNamesFile;
    // It follows schema/names.schema.json, which is generated from the type (`npm run schema`).
    const schema = JSON.parse(
      readFileSync(new URL('../schema/names.schema.json', import.meta.url), 'utf8'),
    ) as object;
    const generated = createGenerator({
      path: new URL('../src/scan/measured-names.ts', import.meta.url).pathname,
      tsconfig: new URL('../tsconfig.json', import.meta.url).pathname,
      type: 'MeasuredNamesFile',
      topRef: false,
    }).createSchema('MeasuredNamesFile');
    assert.deepEqual(JSON.parse(JSON.stringify(generated)), schema);
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    assert.ok(validate(doc), JSON.stringify(validate.errors));
    assert.deepEqual(doc.agents[0]?.offered.slice(0, 2), ['notes_save', 'linear_app_get-team']);
    assert.match(r.stdout, /MCP servers started \(--allow-mcp\)/);
    const outside = await runCli(['verify', APP, '--write-names', '../outside.json']);
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /--write-names \.\.\/outside\.json is outside/);
    assert.equal(namesTarget('/repo/app', 'names.json'), '/repo/app/names.json');
    assert.equal(namesTarget('/repo/app', '/tmp/names.json'), '/tmp/names.json');
    assert.throws(() => namesTarget('/repo/app', '../names.json'), /is outside/);
  });
});

describe('measured names close a run-time source: toolChoice and activeTools', () => {
  test('a toolChoice naming the MCP tool by its own name gets the measured name; the measured one passes', async () => {
    const { scanSource } = await import('../src/scan/scan.ts');
    const { buildPlan } = await import('../src/plan/plan.ts');
    const text = (toolName: string) => `import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
const mcp = new MCPClient({ servers: { 'linear.app': { command: 'node', args: ['s.mjs'] } } });
export const agent = new Agent({ id: 'triage', name: 'triage', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { ...(await mcp.listTools()) } });
await agent.generate('hi', { toolChoice: { type: 'tool', toolName: ${JSON.stringify(toolName)} } });
`;
    const doc: MeasuredNamesFile = {
      version: 1,
      tool: 'mastra-tool-names',
      agents: [
        {
          app: '.',
          key: 'triage',
          id: 'triage',
          offered: ['linear_app_search_issues'],
          runtime: [
            {
              name: 'linear_app_search_issues',
              source: 'mcp',
              server: 'linear.app',
              tool: 'search.issues',
            },
          ],
          complete: true,
        },
      ],
    };
    const findings = (toolName: string, measured: boolean) => {
      const scan = scanSource('/virtual/agents.ts', text(toolName));
      if (measured) applyMeasuredNames(scan, doc, 'names.json');
      return buildPlan(scan)
        .findings.filter((f) => f.rule === 'tool-choice')
        .map((f) => f.message);
    };
    // Unmeasured, any `linear.app_` name may exist; the tool's own name matches none, without a fix.
    assert.deepEqual(findings('search.issues', false), [
      'toolChoice names "search.issues" (generate() at agents.ts:5), which matches no tool of triage',
    ]);
    assert.deepEqual(findings('linear_app_whatever', false), []);
    assert.deepEqual(findings('search.issues', true), [
      'toolChoice names "search.issues" (generate() at agents.ts:5), which matches no tool of triage; verify measured the MCP tool "search.issues" offered as "linear_app_search_issues" (names.json): use "linear_app_search_issues"',
    ]);
    assert.deepEqual(findings('linear_app_whatever', true), [
      'toolChoice names "linear_app_whatever" (generate() at agents.ts:5), which matches no tool of triage',
    ]);
    assert.deepEqual(findings('linear_app_search_issues', true), []);
  });
});

describe('verify --allow-mcp: an MCP server at a local URL', { timeout: 300_000 }, () => {
  let server: ChildProcess;
  let url: string;

  before(async () => {
    // Its own process: the scan verify runs beside the app must not hold up its replies.
    server = spawn(process.execPath, [path.join(HTTP_APP, 'mcp/docs-server.mjs')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      server.on('exit', (code) => reject(new Error(`the docs server exited (${code})`)));
    });
    // The fixture reads its server's URL from the environment, which the app's process inherits.
    process.env.DOCS_MCP_URL = url;
  });
  after(() => {
    delete process.env.DOCS_MCP_URL;
    server.kill();
  });

  test('without it the request is refused; with it the client reaches the server, which is listed, and its tools are measured', async () => {
    const refused = (await verify(HTTP_APP)).report.apps[0]!;
    assert.deepEqual(sent(refused, 'docsAgent'), []);
    assert.deepEqual(
      refused.blocked.map((b) => [b.kind, b.method, b.target, b.mcp]),
      [['http', 'POST', url, true]],
    );
    const allowed = (await verify(HTTP_APP, { allowMcp: true })).report.apps[0]!;
    assert.deepEqual(allowed.blocked, []);
    assert.deepEqual(
      allowed.mcpStarts?.map((m) => [m.transport, m.url]),
      [['http', url]],
    );
    assert.deepEqual(sent(allowed, 'docsAgent'), ['docs_lookup_page', 'docs_search_docs']);
  });
});
