/**
 * A work tree with more than 20,000 untracked files: the demo app with a `node_modules` its
 * .gitignore forgot (long paths, as real packages have: git's listing of them is several MiB, far
 * past Node's default 1 MiB output buffer) and an untracked data folder. `verify`, `check` and
 * `migrate` run through, and an unsafe target is refused in one line, never as an internal error.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gitState } from '../src/migrate/git.ts';
import { copyFixture, git } from './helpers/git-copy.ts';
import { runCli } from './helpers/run-cli.ts';

const PACKAGES = 1_000;
const FILES_PER_PACKAGE = 16;
const DATA_FILES = 5_000;

/** Untracked files under `node_modules/` (20 per package folder) and a data folder. */
function addUntracked(root: string): number {
  // Not listed by the fixture's .gitignore, as in the app the issue reports.
  writeFileSync(path.join(root, '.gitignore'), '.env\n');
  let n = 0;
  for (let p = 0; p < PACKAGES; p++) {
    const dir = path.join(
      root,
      'node_modules',
      `@untracked-scope-${p % 10}`,
      `a-package-with-a-long-name-${p}`,
      'dist',
      'esm',
      'components',
    );
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < FILES_PER_PACKAGE; f++, n++)
      writeFileSync(path.join(dir, `generated-component-module-${f}.js`), 'export {};\n');
  }
  const data = path.join(root, 'recorded-data');
  for (let d = 0; d < DATA_FILES / 100; d++) {
    const dir = path.join(data, `batch-${d}`);
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < 100; f++, n++)
      writeFileSync(path.join(dir, `recording-of-a-session-${f}.bin`), 'x');
  }
  return n;
}

describe('a tree with 20,000+ untracked files', () => {
  let root: string;
  let cleanup: () => void;
  before(() => {
    const copy = copyFixture('demo-app');
    root = copy.root;
    cleanup = copy.cleanup;
    git(root, 'add', '.gitignore');
    writeFileSync(path.join(root, '.gitignore'), '.env\n');
    git(root, 'commit', '-qam', 'a .gitignore without node_modules');
    const added = addUntracked(root);
    assert.ok(added >= 21_000, `${added} untracked files`);
    const listing = git(root, 'status', '--porcelain', '--untracked-files=all');
    assert.ok(
      Buffer.byteLength(listing) > 2 * 1024 * 1024,
      `git lists ${Buffer.byteLength(listing)} bytes of untracked paths`,
    );
  });
  after(() => cleanup());

  const noInternalError = (stderr: string) =>
    assert.doesNotMatch(stderr, /internal error|maxBuffer|RangeError/);

  test('the safety check counts what is uncommitted without holding the listing; node_modules is left out', async () => {
    const state = await gitState(root);
    assert.equal(state.kind, 'dirty');
    assert.deepEqual(state.kind === 'dirty' && state.files, ['recorded-data/']);
    assert.equal(state.kind === 'dirty' && state.count, 1);
  });

  test('check runs and reports', async () => {
    const r = await runCli(['check', root, '--format', 'json']);
    noInternalError(r.stderr);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout) as { totals: { changes: number } };
    assert.ok(report.totals.changes > 0);
  });

  test('verify measures the app', async () => {
    const r = await runCli(['verify', root, '--timeout', '600']);
    noInternalError(r.stderr);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /3 agents: 2 match, 0 differ, 1 not predictable statically/);
  });

  test('migrate refuses the untracked data folder in one line, then writes once it is excluded', async () => {
    const refused = await runCli(['migrate', root]);
    noInternalError(refused.stderr);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /uncommitted changes in .* \(recorded-data\/\); commit or stash/);
    assert.equal(refused.stderr.trim().split('\n').length, 2, refused.stderr);

    writeFileSync(path.join(root, '.git', 'info', 'exclude'), 'recorded-data/\n');
    const before = readFileSync(path.join(root, 'src/mastra/agents/support-agent.ts'), 'utf8');
    const written = await runCli(['migrate', root, '--format', 'json']);
    noInternalError(written.stderr);
    assert.equal(written.code, 0, written.stderr);
    assert.notEqual(
      readFileSync(path.join(root, 'src/mastra/agents/support-agent.ts'), 'utf8'),
      before,
    );
  });
});

describe('git cannot be started', () => {
  test('migrate refuses in one line that says so; check reads the files by walking the tree', async (t) => {
    const copy = copyFixture('scan/clean');
    t.after(() => copy.cleanup());
    const empty = path.join(copy.root, 'no-git-here');
    mkdirSync(empty);
    const env = { PATH: empty };
    const migrate = await runCli(['migrate', copy.root], undefined, undefined, env);
    assert.equal(migrate.code, 2);
    assert.match(
      migrate.stderr,
      /^mastra-tool-names: git could not be started \(spawn git ENOENT\), so whether .* has uncommitted changes could not be checked; use --dry-run, or pass --force\n/,
    );
    const check = await runCli(['check', copy.root, '--format', 'json'], undefined, undefined, env);
    assert.doesNotMatch(check.stderr, /internal error/);
    assert.equal(check.code, 0, check.stderr);
    assert.equal((JSON.parse(check.stdout) as { totals: { findings: number } }).totals.findings, 0);
  });
});
