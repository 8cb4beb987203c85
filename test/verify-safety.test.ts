/**
 * What `verify` never does: nothing leaves the machine (a real server on 127.0.0.1 stands in for an
 * outside URL and must see nothing), nothing is written in the repository (every byte compared),
 * API keys are dummies inside the child only, libSQL file storage goes to a temporary folder.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { verifyApp } from './helpers/verify-app.ts';
import { copyFixture, git, snapshot } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

describe('verify on an app with side effects at import', () => {
  let server: http.Server;
  let hits = 0;
  let url = '';
  before(async () => {
    server = http.createServer((_req, res) => {
      hits++;
      res.end('{"tools":["leaked"]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tools.json`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('every request, socket, write and program start is refused and listed; nothing arrives; the tree is byte-identical', async (t) => {
    const copy = copyFixture('verify/side-effects');
    t.after(() => copy.cleanup());
    const bytes = snapshot(copy.root);
    process.env.TOOLS_CONFIG_URL = url;
    let report;
    try {
      ({ report } = await verifyApp(copy.root));
    } finally {
      delete process.env.TOOLS_CONFIG_URL;
    }
    assert.equal(report.outcome, 'verified', report.loadError?.reason);
    assert.equal(hits, 0, 'the local server stands in for the outside world: it must see nothing');
    const listed = report.blocked.map((b) =>
      `${b.kind} ${b.method ?? ''} ${b.target} ${b.at ?? ''}`.replace(/\s+/g, ' ').trim(),
    );
    assert.deepEqual(listed.sort(), [
      `http GET ${url} src/mastra/remote.ts:9`,
      'http GET https://telemetry.example.com/ping?app=side-effects src/mastra/remote.ts:18',
      'process git --version src/mastra/remote.ts:45',
      'socket db.example.com:5432 src/mastra/remote.ts:25',
      'write .cache src/mastra/remote.ts:36',
    ]);
    assert.ok(report.blocked.every((b) => b.phase === 'import'));
    // The app copes with being offline: only its local tools are offered.
    assert.deepEqual(report.agents[0]?.measurement.request?.tools, ['fetchPage', 'search_web']);
    assert.deepEqual(snapshot(copy.root), bytes);
    assert.equal(git(copy.root, 'status', '--porcelain', '--untracked-files=all'), '');
  });
});

describe('verify on the demo with scenarios', () => {
  test('writes nothing: every byte of the tree is the same afterwards, and git sees no change', async (t) => {
    const copy = copyFixture('demo-app');
    t.after(() => copy.cleanup());
    const bytes = snapshot(copy.root);
    const { report } = await verifyApp(copy.root, {
      scenarios: new URL('../fixtures/verify/demo.scenarios.ts', import.meta.url).pathname,
    });
    assert.equal(report.outcome, 'verified');
    assert.equal(report.calls.length, 4);
    assert.deepEqual(snapshot(copy.root), bytes);
    assert.equal(git(copy.root, 'status', '--porcelain', '--untracked-files=all'), '');
  });
});

const PROBE = `import { createRequire } from 'node:module';
import https from 'node:https';
import { Worker } from 'node:worker_threads';
import { createClient } from '@libsql/client';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

// Each observation becomes a tool key, so the measured list reports it.
const inRepo = (url: string) => url === 'file:./mastra.db' || url.startsWith('file:' + process.cwd());
const esm = createClient({ url: 'file:./mastra.db' });
const cjs = createRequire(import.meta.url)('@libsql/client').createClient({ url: 'file:./mastra.db' });
const reply: string = await new Promise((resolve, reject) => {
  const req = https.request('https://api.openai.com/v1/chat/completions', { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => resolve(body));
  });
  req.on('error', reject);
  req.end(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }));
});
// A worker thread from a file runs the guards too; one from source text is refused.
const worker: string = await new Promise((resolve) => new Worker(new URL('./worker.mjs', import.meta.url)).once('message', resolve));
let evalWorker = 'eval_worker_started';
try {
  new Worker('1', { eval: true }).unref();
} catch (e) {
  evalWorker = (e as { code?: string }).code === 'MTN_VERIFY_OFFLINE' ? 'eval_worker_refused' : 'eval_worker_error';
}
const observed = [
  inRepo(esm.url) ? 'esm_storage_in_repo' : 'esm_storage_redirected',
  inRepo(cjs.url) ? 'cjs_storage_in_repo' : 'cjs_storage_redirected',
  'http_reply_' + JSON.parse(reply).choices[0].message.content,
  process.env.OPENAI_API_KEY === 'mastra-tool-names-verify-dummy-key' ? 'key_dummy' : 'key_real',
  process.env.MASTRA_TELEMETRY_DISABLED === '1' ? 'telemetry_off' : 'telemetry_on',
  worker,
  evalWorker,
];
const tool = createTool({ id: 'probe', description: 'probe', inputSchema: z.object({ q: z.string() }), execute: async () => ({}) });
export const mastra = new Mastra({
  agents: { probe: new Agent({ id: 'probe', name: 'Probe', instructions: 'Probe.', model: 'openai/gpt-4o-mini', tools: Object.fromEntries(observed.map((k) => [k, tool])) }) },
});
`;

const WORKER = `import { parentPort } from 'node:worker_threads';
fetch('https://example.com/from-a-worker').then(
  () => parentPort.postMessage('worker_reached'),
  (e) => parentPort.postMessage(e?.cause?.code === 'MTN_VERIFY_OFFLINE' ? 'worker_refused' : 'worker_failed'),
);
`;

const LIBSQL_STUB = {
  'node_modules/@libsql/client/package.json': JSON.stringify({
    name: '@libsql/client',
    version: '0.0.0-stub',
    exports: { import: './index.mjs', require: './index.cjs' },
  }),
  'node_modules/@libsql/client/index.mjs':
    'export function createClient(config) { return { url: config.url }; }\n',
  'node_modules/@libsql/client/index.cjs':
    'exports.createClient = (config) => ({ url: config.url });\n',
};

describe('verify inside the child', () => {
  test('libSQL file storage (ESM and require) is redirected, node:https provider requests are answered, API keys are dummies, telemetry is off, worker threads are guarded', async (t) => {
    const app = tempProject({
      'package.json': '{ "type": "module" }',
      'src/mastra/index.ts': PROBE,
      'src/mastra/worker.mjs': WORKER,
      ...LIBSQL_STUB,
    });
    t.after(() => app.cleanup());
    const bytes = snapshot(app.root);
    const realKey = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-a-real-key-stays-outside';
    let report;
    try {
      ({ report } = await verifyApp(app.root));
    } finally {
      if (realKey === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = realKey;
    }
    assert.equal(report.outcome, 'verified', report.loadError?.reason);
    assert.deepEqual(report.agents[0]?.measurement.request?.tools, [
      'esm_storage_redirected',
      'cjs_storage_redirected',
      'http_reply_ok',
      'key_dummy',
      'telemetry_off',
      'worker_refused',
      'eval_worker_refused',
    ]);
    // The import-time provider request was answered, and listed as outside any measured call.
    assert.deepEqual(report.otherProviderRequests, [
      { url: 'https://api.openai.com/v1/chat/completions', phase: 'import' },
    ]);
    // Refusals inside a worker fail there but are not listed (only the main thread reports).
    assert.deepEqual(
      report.blocked.map((b) => `${b.kind} ${b.target}`),
      ['process a worker thread from source text (new Worker(code, { eval: true }))'],
    );
    assert.deepEqual(snapshot(app.root), bytes);
  });
});
