/**
 * Options the docs list that other tests pass only through the engine's API, here on the command
 * line: `--rekey-by-id`, `--prefer`, `--include` and `--exclude` for migrate, scan and verify, each
 * with the effect the docs promise, on the demo (dry runs: nothing is written).
 */
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Report } from '../src/report/model.ts';
import type { ScanResult } from '../src/scan/model.ts';
import type { VerifyReport } from '../src/verify/model.ts';
import { runCli } from './helpers/run-cli.ts';

const DEMO = 'fixtures/demo-app';

async function dryRun(...options: string[]): Promise<Report> {
  const r = await runCli(['migrate', '--dry-run', '--format', 'json', DEMO, ...options]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as Report;
}

const edits = (report: Report, rule: string) =>
  report.changes.filter((c) => c.rule === rule).map((c) => `${c.before} -> ${c.after}`);

describe('migrate options on the command line', () => {
  let plain: Report;
  before(async () => {
    plain = await dryRun();
  });

  test('--rekey-by-id keys user tools by their createTool id; without it, none is', async () => {
    assert.deepEqual(edits(plain, 'rekey-by-id'), []);
    const byId = await dryRun('--rekey-by-id');
    assert.deepEqual(edits(byId, 'rekey-by-id').sort(), [
      "'fetch:page' -> 'fetch-page'",
      "'notes.save' -> 'save-note'",
      "'search.web' -> 'web-search'",
      "lookupOrderTool -> 'lookup-order'",
    ]);
  });

  test('--prefer rekey re-keys a tool the evidence would keep and reports what it breaks; --prefer prompt rewrites the prompt instead of re-keying', async () => {
    // By default the prompt naming "issue-refund" is rewritten: the UI compares "issueRefundTool".
    assert.ok(edits(plain, 'prompts').includes('issue-refund -> issueRefundTool'));
    assert.ok(edits(plain, 'prompts').includes("lookupOrderTool -> 'lookup-order'"));
    const rekey = await dryRun('--prefer', 'rekey');
    assert.ok(edits(rekey, 'prompts').includes("issueRefundTool -> 'issue-refund'"));
    assert.ok(!edits(rekey, 'prompts').includes('issue-refund -> issueRefundTool'));
    assert.ok(rekey.findings.some((f) => f.kind === 'rename-breaks'));
    const prompt = await dryRun('--prefer', 'prompt');
    assert.ok(edits(prompt, 'prompts').includes('lookup-order -> lookupOrderTool'));
    assert.ok(!edits(prompt, 'prompts').includes("lookupOrderTool -> 'lookup-order'"));
  });

  test('--include and --exclude select the files that are read and changed', async () => {
    const files = (report: Report) => [...new Set(report.changes.map((c) => c.file))];
    const found = (report: Report) =>
      report.findings.flatMap((f) => f.locations.map((l) => l.file));
    assert.ok(files(plain).includes('src/run.ts'));
    assert.ok(found(plain).includes('src/ui/ToolCallView.tsx'));
    const some = await dryRun(
      '--include',
      'src/mastra/**',
      'src/run.ts',
      '--exclude',
      'src/run.ts',
    );
    assert.ok(files(some).some((f) => f.startsWith('src/mastra/')));
    assert.ok(!files(some).includes('src/run.ts'), 'excluded');
    assert.deepEqual(
      found(some).filter((f) => f.startsWith('src/ui/')),
      [],
      'src/ui/ is not included, so its comparisons are not read',
    );
  });
});

describe('scan and verify options on the command line', () => {
  test('scan --include reads only these files, --exclude skips some of them', async () => {
    const r = await runCli([
      'scan',
      DEMO,
      '--json',
      '--include',
      'src/mastra/agents/support-agent.ts',
      'src/mastra/agents/planner-agent.ts',
      '--exclude',
      'src/mastra/agents/planner-agent.ts',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(
      (JSON.parse(r.stdout) as ScanResult).agents.map((a) => a.id),
      ['support-agent'],
    );
  });

  test('verify --include and --exclude narrow the files the prediction reads, not what is measured', async () => {
    const r = await runCli([
      'verify',
      DEMO,
      '--format',
      'json',
      '--agent',
      'supportAgent',
      'plannerAgent',
      'researchAgent',
      '--include',
      'src/mastra/agents/support-agent.ts',
      'src/mastra/agents/planner-agent.ts',
      '--exclude',
      'src/mastra/agents/support-agent.ts',
    ]);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as VerifyReport;
    assert.equal(report.apps.length, 1);
    const agents = report.apps[0]!.agents;
    assert.deepEqual(Object.fromEntries(agents.map((a) => [a.key, a.status])), {
      supportAgent: 'unpredictable',
      plannerAgent: 'match',
      researchAgent: 'unpredictable',
    });
    for (const a of agents) assert.ok(a.measurement.request?.tools.length, a.key);
  });
});
