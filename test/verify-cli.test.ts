/** `verify` as a user runs it: output formats, exit codes, one-line reasons, usage errors. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import type { VerifyReport } from '../src/verify/model.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

const SCHEMA = JSON.parse(
  readFileSync(fileURLToPath(new URL('../schema/verify.schema.json', import.meta.url)), 'utf8'),
) as object;

describe('verify on the demo', () => {
  test('text: each agent with what it sent, the prediction, the refused MCP start-ups; exit 0', async () => {
    const r = await runCli(['verify', 'fixtures/demo-app']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /Measured fixtures\/demo-app with its own @mastra\/core 1\.71\.0 \(entry src\/mastra\/index\.ts, export mastra\)/,
    );
    assert.match(r.stdout, /supportAgent \(support-agent\) {2}match/);
    assert.match(
      r.stdout,
      /measured: {2}weatherTool, issueRefundTool, lookupOrderTool, askUserTool\n/,
    );
    assert.match(r.stdout, /researchAgent \(research-agent\) {2}not predictable statically/);
    assert.match(r.stdout, /measured: {2}search_web, fetch_page, notes_save, agent-fact_checker\n/);
    assert.match(
      r.stdout,
      /not predictable: tools: MCP tools .* \(src\/mastra\/agents\/research-agent\.ts:20\)/,
    );
    assert.match(r.stdout, /POST https:\/\/api\.openai\.com\/v1\/responses \(openai-responses\)/);
    assert.match(r.stdout, /import {4}start npx -y @modelcontextprotocol\/server-github/);
    assert.match(r.stdout, /import {4}POST http:\/\/localhost:9999\/mcp/);
    assert.match(
      r.stdout,
      /Found by the scan but not on the instance, so not measured: fact-checker/,
    );
    assert.match(
      r.stdout,
      /3 agents: 2 match, 0 differ, 1 not predictable statically, 0 not measured/,
    );
  });

  test('JSON validates against schema/verify.schema.json, which is generated from src/verify/model.ts', async () => {
    const generated = createGenerator({
      path: fileURLToPath(new URL('../src/verify/model.ts', import.meta.url)),
      tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
      type: 'VerifyReport',
      topRef: false,
    }).createSchema('VerifyReport');
    assert.deepEqual(JSON.parse(JSON.stringify(generated)), SCHEMA, 'run `npm run schema`');

    const r = await runCli([
      'verify',
      'fixtures/demo-app',
      '--agent',
      'plannerAgent',
      '--format',
      'json',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as VerifyReport;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(SCHEMA);
    assert.ok(validate(report), JSON.stringify(validate.errors, null, 1));
    // --agent: only that agent is measured, and nothing else is reported as missing.
    const [app] = report.apps;
    assert.deepEqual(
      app!.agents.map((a) => a.key),
      ['plannerAgent'],
    );
    assert.deepEqual(app!.agents[0]!.measurement.request?.tools, [
      'submitPlanTool',
      'workflow-daily_digest',
    ]);
    assert.deepEqual(app!.notOnInstance, []);
  });

  test('Markdown: one table row per agent', async () => {
    const r = await runCli([
      'verify',
      'fixtures/demo-app',
      '--agent',
      'supportAgent',
      'researchAgent',
      '--format',
      'markdown',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /^## mastra-tool-names verify: 1 match, 0 differ, 1 not predictable statically, 0 not measured/,
    );
    assert.match(
      r.stdout,
      /\| supportAgent \(support-agent\) \| match \| weatherTool, issueRefundTool, lookupOrderTool, askUserTool \| _same_ \|/,
    );
    assert.match(
      r.stdout,
      /\| researchAgent \(research-agent\) \| not predictable statically \| search_web, fetch_page, notes_save, agent-fact_checker \|/,
    );
  });

  test('an agent key the instance does not have is a usage error that names the keys it has', async () => {
    const r = await runCli(['verify', 'fixtures/demo-app', '--agent', 'nope']);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /no agent "nope" on the Mastra instance \(it has: supportAgent, researchAgent, plannerAgent\)/,
    );
  });
});

describe('verify: apps that cannot be loaded exit 3 with one line', () => {
  test('an app that throws at import: the first line of the error and where; the stack only with --verbose', async () => {
    const r = await runCli(['verify', 'fixtures/verify/import-throws']);
    assert.equal(r.code, 3, r.stderr);
    assert.equal(
      r.stdout.trim(),
      'The app could not be loaded (src/mastra/index.ts, export mastra): Cannot start: the pricing table is empty (at src/mastra/pricing.ts:4)',
    );
    const verbose = await runCli(['verify', 'fixtures/verify/import-throws', '--verbose']);
    assert.equal(verbose.code, 3);
    assert.match(
      verbose.stdout,
      /Cannot start: the pricing table is empty[^\n]*\nError: Cannot start[^\n]*\n\s+at .*pricing\.ts:4/,
    );
  });

  test('an app that needs an environment variable it does not have: the variable is named', async () => {
    const r = await runCli(['verify', 'fixtures/verify/missing-env', '--format', 'json']);
    assert.equal(r.code, 3);
    assert.equal(
      r.stderr,
      'mastra-tool-names: the app could not be loaded: missing environment variable SUPPORT_DB_URL: SUPPORT_DB_URL is not set (at src/mastra/db.ts:2)\n',
    );
    const [report] = (JSON.parse(r.stdout) as VerifyReport).apps;
    assert.equal(report!.outcome, 'load-failed');
    assert.equal(report!.loadError?.kind, 'missing-env');
    assert.equal(report!.loadError?.detail, undefined, 'no stack without --verbose');
  });

  test('a wrong --export, an app that hangs past --timeout', async (t) => {
    const hang = tempProject({
      'package.json': '{ "type": "module" }',
      'src/mastra/index.ts':
        "import { Mastra } from '@mastra/core/mastra';\nawait new Promise(() => setInterval(() => {}, 1000));\nexport const mastra = new Mastra({});\n",
    });
    t.after(() => hang.cleanup());
    const [wrongExport, slow] = await Promise.all([
      runCli(['verify', 'fixtures/verify/runtime-keys', '--export', 'app']),
      runCli(['verify', hang.root, '--timeout', '3']),
    ]);
    assert.equal(wrongExport.code, 3);
    assert.match(
      wrongExport.stdout,
      /src\/mastra\/index\.ts has no export "app" \(it exports: mastra\); pass --export NAME/,
    );
    assert.equal(slow.code, 3);
    assert.match(slow.stdout, /the app did not finish loading within 3 s \(--timeout\)$/m);
  });
});

describe('verify: usage', () => {
  const made: Array<() => void> = [];
  after(() => made.forEach((f) => f()));

  test('no entry, a missing --entry or --scenarios file, a bad --timeout: exit 2 before anything runs', async () => {
    const empty = tempProject({ 'package.json': '{}' });
    made.push(empty.cleanup);
    const runs = await Promise.all([
      runCli(['verify', empty.root]),
      runCli(['verify', 'fixtures/demo-app', '--entry', 'src/nope.ts']),
      runCli(['verify', 'fixtures/demo-app', '--scenarios', 'nope.ts']),
      runCli(['verify', 'fixtures/demo-app', '--timeout', '0']),
    ]);
    assert.deepEqual(
      runs.map((r) => r.code),
      [2, 2, 2, 2],
    );
    assert.match(
      runs[0].stderr,
      /no src\/mastra\/index\.ts in .* or in any folder under it; name the app's folder with --app PATH, or the file that exports the Mastra instance with --entry FILE/,
    );
    assert.match(runs[1].stderr, /entry not found: src\/nope\.ts/);
    assert.match(runs[2].stderr, /scenarios file not found: nope\.ts/);
    assert.match(runs[3].stderr, /--timeout must be a positive number of seconds/);
  });

  test('--help says that verify runs the app, and what it never does', async () => {
    const r = await runCli(['verify', '--help']);
    assert.equal(r.code, 0);
    const text = r.stdout.replace(/\s+/g, ' ');
    assert.match(text, /This RUNS YOUR APP: it imports the entry/);
    assert.match(text, /nothing is written in the repository/);
    const migrate = await runCli(['migrate', '--help']);
    assert.match(migrate.stdout.replace(/\s+/g, ' '), /--verify: This RUNS YOUR APP/);
  });
});
