/**
 * Request context: an agent whose `instructions` read `requestContext.get('databaseSchema')` fails
 * before any request when nothing sets it (as in the official text-to-SQL template). The scan reads
 * the keys an agent's option functions read; verify names them (those the call read without a
 * value too) and says how to give them; `--request-context FILE` and the scenarios module's
 * `requestContext` export set them on each call, as `requestContext` (1.x) or `runtimeContext`
 * (0.x), built with the app's own class.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scanSource } from '../src/scan/analyse.ts';
import type { VerifyReport } from '../src/verify/model.ts';
import { fixturePath, scanFixture } from './helpers/fixture-scan.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';
import { verifyApp } from './helpers/verify-app.ts';

const APP = 'verify/request-context';
/** These tests are not about the time limit: a busy machine must not make them time out. */
const SLOW_OK = ['--timeout', '600'];
const MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

describe('the scan reads the request-context keys of an agent option function', () => {
  test('the fixture: instructions read databaseSchema and dialect', async () => {
    const scan = await scanFixture(APP);
    const byId = Object.fromEntries(scan.agents.map((a) => [a.id ?? '', a.contextKeys] as const));
    assert.deepEqual(
      byId['sql-agent']!.map((k) => [k.key, k.option, k.via, k.location.file, k.location.line]),
      [
        ['databaseSchema', 'instructions', 'requestContext', 'src/mastra/agents.ts', 21],
        ['dialect', 'instructions', 'requestContext', 'src/mastra/agents.ts', 22],
      ],
    );
    assert.deepEqual(byId['help-agent'], []);
  });

  test('aliases, methods, functions declared elsewhere, `args.requestContext`, 0.x `runtimeContext`; not other `.get()`s', () => {
    const scan = scanSource(
      '/virtual/agents.ts',
      `import { Agent } from '@mastra/core/agent';
function buildInstructions({ requestContext }: any) {
  return String(requestContext.get('tenant'));
}
const cache = new Map<string, string>();
export const a = new Agent({
  id: 'a',
  instructions: buildInstructions,
  model: ({ requestContext: ctx }: any) => ctx.get('modelName'),
  tools: (args: any) => (args.requestContext.get('readOnly') ? {} : { x: cache.get('tool') }),
  memory({ runtimeContext }: any) {
    return runtimeContext.get('store');
  },
});
`,
    );
    assert.deepEqual(
      scan.agents[0]!.contextKeys.map((k) => [k.key, k.option, k.via]),
      [
        ['tenant', 'instructions', 'requestContext'],
        ['modelName', 'model', 'requestContext'],
        ['readOnly', 'tools', 'requestContext'],
        ['store', 'memory', 'runtimeContext'],
      ],
    );
  });
});

describe('verify an agent whose instructions need request context', () => {
  test('without it: not measured, with the keys it reads and how to give them (exit 1)', async () => {
    const r = await runCli(['verify', fixturePath(APP), ...SLOW_OK, '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    const [app] = (JSON.parse(r.stdout) as VerifyReport).apps;
    const sql = app!.agents.find((a) => a.key === 'sqlAgent')!;
    assert.equal(sql.status, 'unmeasured');
    assert.deepEqual(sql.measurement.contextReads, [
      { key: 'databaseSchema', set: false },
      { key: 'dialect', set: false },
    ]);
    assert.equal(sql.measurement.requests, undefined, 'no provider request');
    assert.equal(
      sql.reasons[0],
      "the call failed before any provider request: Cannot read properties of undefined (reading 'tables')",
    );
    assert.equal(
      sql.reasons[1],
      'it reads request-context keys this run did not set: databaseSchema (instructions, src/mastra/agents.ts:21; read by this call), dialect (instructions, src/mastra/agents.ts:22; read by this call). ' +
        'Give them with --request-context FILE (a JSON object such as {"databaseSchema": ..., "dialect": ...}, set as requestContext on each call) ' +
        'or with `export const requestContext = {"databaseSchema": ..., "dialect": ...}` in the --scenarios module',
    );
    // The other agent reads none, and Mastra's own reads (`MastraMemory`, ...) are not listed.
    const help = app!.agents.find((a) => a.key === 'helpAgent')!;
    assert.equal(help.status, 'match');
    assert.deepEqual(help.measurement.contextReads, undefined);
    assert.equal(help.measurement.requests, 1);
  });

  test('--request-context FILE: set on each call; the agent is measured and matches (exit 0)', async () => {
    const r = await runCli([
      'verify',
      fixturePath(APP),
      ...SLOW_OK,
      '--request-context',
      'request-context.json',
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(
      r.stdout,
      /Request context on each call \(requestContext\): databaseSchema from request-context\.json\n/,
    );
    assert.match(r.stdout, /sqlAgent \(sql-agent\) {2}match/);
    assert.match(r.stdout, /measured: {2}sql_run\n/);
    assert.match(r.stdout, /2 agents: 2 match/);
  });

  test('the same through the scenarios module: `export const requestContext`', async () => {
    const { report } = await verifyApp(fixturePath(APP), {
      scenarios: 'context.scenarios.ts',
      timeoutMs: 600_000,
    });
    assert.deepEqual(report.requestContext, {
      option: 'requestContext',
      keys: ['databaseSchema', 'dialect'],
      sources: ['context.scenarios.ts (export requestContext)'],
    });
    const sql = report.agents.find((a) => a.key === 'sqlAgent')!;
    assert.equal(sql.status, 'match', sql.reasons.join('; '));
    assert.deepEqual(sql.measurement.contextReads, [
      { key: 'databaseSchema', set: true },
      { key: 'dialect', set: true },
    ]);
  });

  test('a file that is not a JSON object is a usage error before anything runs', async (t) => {
    const dir = tempProject({ 'list.json': '[1, 2]', 'broken.json': '{' });
    t.after(() => dir.cleanup());
    const list = await runCli([
      'verify',
      fixturePath(APP),
      '--request-context',
      path.join(dir.root, 'list.json'),
    ]);
    assert.equal(list.code, 2);
    assert.match(list.stderr, /must hold a JSON object of keys and values/);
    const broken = await runCli([
      'verify',
      fixturePath(APP),
      '--request-context',
      path.join(dir.root, 'broken.json'),
    ]);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /--request-context .*broken\.json: not JSON/);
  });

  test('0.24: the option is runtimeContext, the class RuntimeContext of the app’s own @mastra/core', async (t) => {
    const project = tempProject({});
    t.after(() => project.cleanup());
    cpSync(fixturePath(APP), project.root, { recursive: true });
    const agents = path.join(project.root, 'src/mastra/agents.ts');
    writeFileSync(
      agents,
      readFileSync(agents, 'utf8').replace(/requestContext/g, 'runtimeContext'),
    );
    mkdirSync(path.join(project.root, 'node_modules', '@mastra'), { recursive: true });
    symlinkSync(
      path.join(MODULES, 'mastra-core-0-24'),
      path.join(project.root, 'node_modules', '@mastra', 'core'),
    );
    const without = await verifyApp(project.root, { timeoutMs: 600_000 });
    assert.equal(without.report.mastra.version, '0.24.9');
    const failing = without.report.agents.find((a) => a.key === 'sqlAgent')!;
    assert.equal(failing.status, 'unmeasured');
    assert.match(
      failing.reasons[1] ?? '',
      /^it reads runtime-context keys this run did not set: databaseSchema .*set as runtimeContext on each call/,
    );
    const given = await verifyApp(project.root, {
      requestContext: 'request-context.json',
      timeoutMs: 600_000,
    });
    assert.equal(given.report.requestContext?.option, 'runtimeContext');
    const sql = given.report.agents.find((a) => a.key === 'sqlAgent')!;
    assert.notEqual(sql.status, 'unmeasured', sql.reasons.join('; '));
    assert.deepEqual(sql.measurement.request?.tools, ['sql_run']);
  });
});
