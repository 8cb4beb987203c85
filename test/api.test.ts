/**
 * The engine's API (src/api/): `analyse` writes nothing and returns the report model the CLI
 * renders (`check --format json` prints the same changes and findings); `apply` writes those
 * changes, after which `analyse` finds nothing left to change.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { analyse, apply } from '../src/index.ts';
import type { Report } from '../src/report/model.ts';
import { copyFixture, snapshot } from './helpers/git-copy.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const cacheDir = mkdtempSync(path.join(tmpdir(), 'mtn-api-cache-'));
after(() => rmSync(cacheDir, { recursive: true, force: true }));

/** `check --format json` of the CLI, which exits 1 while changes are pending. */
function cliCheck(root: string): Report {
  try {
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'bin/mastra-tool-names.ts',
        'check',
        root,
        '--format',
        'json',
        '--no-cache',
      ],
      { cwd: REPO, encoding: 'utf8' },
    );
    assert.fail('check exits 1 on the demo');
  } catch (e) {
    return JSON.parse((e as { stdout: string }).stdout) as Report;
  }
}

describe('analyse and apply', () => {
  test('analyse writes nothing and gives what `check --format json` prints; apply writes it', async () => {
    const copy = copyFixture('demo-app');
    try {
      const bytes = snapshot(copy.root);
      const { report, result } = await analyse(copy.root, { cacheDir });
      assert.deepEqual(snapshot(copy.root), bytes);
      assert.equal(result.dryRun, true);
      assert.equal(report.mode, 'check');
      assert.ok(report.totals.changes > 0 && report.totals.findings > 0, 'the demo has both');
      const printed = cliCheck(copy.root);
      assert.deepEqual(printed.changes, report.changes);
      assert.deepEqual(printed.findings, report.findings);
      assert.deepEqual(printed.totals, report.totals);

      const applied = await apply(copy.root);
      assert.equal(applied.report.mode, 'migrate');
      assert.deepEqual(
        applied.result.written.sort(),
        [...new Set(report.changes.map((c) => c.file))].sort(),
      );
      const again = await analyse(copy.root, { cacheDir });
      assert.equal(again.report.totals.changes, 0);
    } finally {
      copy.cleanup();
    }
  });
});
