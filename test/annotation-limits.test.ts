/**
 * `--format github` within GitHub's limits (10 annotations of each kind per step, 50 per job): on a
 * repository with 300 results, at most 10 of each kind, what the change introduced first, then one
 * notice whose count is the JSON report's. SARIF stays within code scanning's limits and says so.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Log } from 'sarif';
import type { Report } from '../src/report/model.ts';
import { renderMarkdown } from '../src/report/render/markdown.ts';
import { renderSarif } from '../src/report/render/sarif.ts';
import { git } from './helpers/git-copy.ts';
import { runCli } from './helpers/run-cli.ts';

const INSTALLED = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** 160 illegal keys (notices), 40 colliding pairs (errors), `active` unknown activeTools (warnings). */
function agentSource(active: number): string {
  const keys = Array.from({ length: 160 }, (_, i) => `    't.${i}': t,`);
  const pairs = Array.from({ length: 40 }, (_, i) => `    'c.${i}': t,\n    c_${i}: t,`);
  const names = Array.from({ length: active }, (_, i) => `'missing${i}'`);
  return [
    `import { Agent } from '@mastra/core/agent';`,
    `import { createTool } from '@mastra/core/tools';`,
    ``,
    `const t = createTool({ id: 'x', description: 'x', execute: async () => ({}) });`,
    ``,
    `export const a = new Agent({`,
    `  id: 'a',`,
    `  name: 'a',`,
    `  instructions: 'x',`,
    `  model: 'openai/gpt-4o',`,
    `  tools: {`,
    ...keys,
    ...pairs,
    `  },`,
    `});`,
    ``,
    `export async function run() {`,
    `  await a.generate('hi', { activeTools: [${names.join(', ')}] });`,
    `}`,
    ``,
  ].join('\n');
}

let root: string;
let lines: string[];
let json: Report;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'mtn-annotations-'));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(
    path.join(root, 'package.json'),
    '{ "name": "many", "private": true, "type": "module", "dependencies": { "@mastra/core": "1.71.0" } }\n',
  );
  writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
  symlinkSync(INSTALLED, path.join(root, 'node_modules'), 'junction');
  writeFileSync(path.join(root, 'src/agent.ts'), agentSource(90));
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'base');
  // The head: ten more names in activeTools, on one line.
  writeFileSync(path.join(root, 'src/agent.ts'), agentSource(100));
  git(root, 'commit', '-qam', 'head');
  const report = path.join(root, '..', `${path.basename(root)}.json`);
  const r = await runCli([
    'check',
    root,
    '--base',
    'HEAD~1',
    '--format',
    'github',
    '--report',
    report,
  ]);
  assert.equal(r.code, 1, r.stderr);
  lines = r.stdout.trimEnd().split('\n');
  json = JSON.parse(readFileSync(report, 'utf8')) as Report;
  rmSync(report);
});
after(() => rmSync(root, { recursive: true, force: true }));

describe('annotations within GitHub limits', () => {
  test('the repository has 300 results', () => {
    assert.equal(json.changes.length + json.findings.length, 300);
  });

  test('at most 10 of each kind, 30 in all (under the 50 a job shows)', () => {
    for (const kind of ['error', 'warning', 'notice']) {
      const n = lines.filter((l) => l.startsWith(`::${kind} `)).length;
      assert.ok(n <= 10, `${n} ${kind} annotations`);
      assert.ok(n > 0, `some ${kind} annotations`);
    }
    assert.ok(lines.length <= 30);
  });

  test('what the change introduced comes first', () => {
    const introduced = lines.map((l) => /introduced by this change\)::/.test(l));
    assert.equal(introduced.filter(Boolean).length, 10, 'the ten new activeTools names');
    assert.deepEqual(introduced.slice(0, 10), Array(10).fill(true));
    assert.equal(json.baseline!.totals.introduced, 10);
  });

  test('one closing notice counts what was left out, as the JSON report counts it', () => {
    const last = lines[lines.length - 1]!;
    assert.match(last, /^::notice title=mastra-tool-names \(more results than annotations\)::/);
    const all = json.changes.length + json.findings.length;
    const shown = lines.length - 1;
    assert.match(
      last,
      new RegExp(
        `::${all} results \\(${json.changes.length} changes, ${json.findings.length} findings\\); ${shown} shown as annotations, ${all - shown} left out`,
      ),
    );
    assert.match(last, /0 of those left out were introduced by this change/);
  });

  test('the pull-request comment: what the change introduced first, the backlog folded, one line per cause', () => {
    const md = renderMarkdown(json);
    assert.ok(md.length <= 65_536);
    assert.match(
      md,
      /^## mastra-tool-names: this change introduces 10, fixes 0, leaves \d+ as they were$/m,
    );
    const introduced = md.indexOf('### Introduced by this change (10)');
    const backlog = md.indexOf('<details><summary>Left as they were');
    assert.ok(introduced > 0 && backlog > introduced);
    const section = md
      .slice(introduced, backlog)
      .split('\n')
      .filter((l) => l.startsWith('- '));
    assert.equal(section.length, 10, 'ten names, ten causes');
    // 40 collisions, each its own pair of keys: one line each, naming both places.
    const collisions = md.split('\n').filter((l) => l.startsWith('- **collision**'));
    assert.equal(collisions.length, 40);
  });

  test('SARIF keeps every result under the limit, and the most deserving when cut', () => {
    const full = JSON.parse(renderSarif(json)) as Log;
    assert.equal(full.runs[0]!.results!.length, 300);
    assert.equal(full.runs[0]!.invocations, undefined, 'nothing cut, nothing said');
    assert.equal(full.runs[0]!.results!.filter((r) => r.baselineState === 'new').length, 10);
    const cut = JSON.parse(renderSarif(json, { maxResults: 25 })) as Log;
    const run = cut.runs[0]!;
    assert.equal(run.results!.length, 25);
    assert.deepEqual(
      run.results!.slice(0, 10).map((r) => r.baselineState),
      Array(10).fill('new'),
    );
    assert.match(
      run.invocations![0]!.toolExecutionNotifications![0]!.message.text!,
      /^275 of 300 results left out/,
    );
    const small = renderSarif(json, { maxBytes: 60_000 });
    assert.ok(Buffer.byteLength(small) <= 60_000);
    assert.ok((JSON.parse(small) as Log).runs[0]!.results!.length < 300);
  });
});
