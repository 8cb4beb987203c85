/**
 * `check --base`: what a change introduces and fixes against its base commit. Each head is made from
 * the base (fixtures/check-base/app, which has a backlog of one pending key rewrite and its prompt)
 * by a one-file edit, committed, and checked with `--base HEAD~1`.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { Report } from '../src/report/model.ts';
import { copyFixture, git } from './helpers/git-copy.ts';
import { runCli } from './helpers/run-cli.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/check-base/app/', import.meta.url));
const INSTALLED = fileURLToPath(new URL('../node_modules/', import.meta.url));
const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The base app as a fresh repository, installed as a user's is (node_modules, ignored by git). */
function baseRepo(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'mtn-check-base-'));
  made.push(root);
  cpSync(FIXTURE, root, { recursive: true });
  symlinkSync(INSTALLED, path.join(root, 'node_modules'), 'junction');
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'base');
  return root;
}

/** The head: one file edited and committed. */
function head(edit: { file: string; from: string | RegExp; to: string }): string {
  const root = baseRepo();
  const file = path.join(root, edit.file);
  const text = readFileSync(file, 'utf8');
  const next = text.replace(edit.from, edit.to);
  assert.notEqual(next, text, `the edit applies to ${edit.file}`);
  writeFileSync(file, next);
  git(root, 'commit', '-qam', 'head');
  return root;
}

const check = async (root: string, ...args: string[]) => {
  const r = await runCli(['check', root, '--base', 'HEAD~1', '--format', 'json', ...args]);
  return { ...r, report: JSON.parse(r.stdout) as Report };
};

const worktrees = (root: string) =>
  execFileSync('git', ['-C', root, 'worktree', 'list', '--porcelain'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.startsWith('worktree ')).length;

describe('check --base', () => {
  test('a key renamed in one file makes the prompt in another stale: reported as introduced, exit 1', async () => {
    const root = head({
      file: 'src/mastra/tools/index.ts',
      from: 'searchDocs: searchTool',
      to: 'docsSearch: searchTool',
    });
    const { code, report, stderr } = await check(root);
    assert.equal(code, 1, stderr);
    const brought = [...report.changes, ...report.findings].filter(
      (i) => i.baseline === 'new' || i.baseline === 'updated',
    );
    assert.ok(brought.length > 0, 'something is introduced');
    const files = brought.map((i) => ('before' in i ? i.file : i.locations[0]!.file));
    assert.ok(files.includes('src/mastra/prompts/helpdesk.md'), files.join(', '));
    assert.ok(
      brought.some((i) => ('before' in i ? i.before : i.message).includes('searchDocs')),
      'the stale name is the one the prompt still uses',
    );
    // The backlog (the kb.lookup key and its prompt) was there before: not new.
    assert.equal(report.baseline!.totals.unchanged, 2);
    assert.equal(report.baseline!.totals.fixed, 0);
    assert.equal(worktrees(root), 1, 'the base worktree is gone');
  });

  test('lines moved by an edit above them are not new: exit 0', async () => {
    const root = head({
      file: 'src/mastra/tools/index.ts',
      from: "import { z } from 'zod';\n",
      to: "import { z } from 'zod';\n\n// Tools of the helpdesk.\n// Each one is offered under its key below.\n",
    });
    const { code, report, stderr } = await check(root);
    assert.equal(code, 0, stderr);
    const key = report.changes.find((c) => c.rule === 'rewrite-keys')!;
    assert.equal(key.line, 32, 'the pending key moved down by three lines');
    assert.equal(key.baseline, 'unchanged');
    assert.deepEqual(report.baseline!.totals, {
      introduced: 0,
      updated: 0,
      fixed: 0,
      unchanged: 2,
    });
  });

  test('a prompt fixed by hand is reported as fixed; what is left is not new: exit 0', async () => {
    const root = head({
      file: 'src/mastra/prompts/helpdesk.md',
      from: '`kb.lookup`',
      to: '`kb_lookup`',
    });
    const text = await runCli(['check', root, '--base', 'HEAD~1']);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /this change introduces 0, fixes 1, leaves 1 as they were\./);
    assert.match(text.stdout, /Fixed by this change[^\n]*\n {2}prompts {2}kb\.lookup -> kb_lookup/);
    const { report } = await check(root);
    assert.deepEqual(
      report.baseline!.fixed.changes.map((c) => [c.file, c.before, c.after]),
      [['src/mastra/prompts/helpdesk.md', 'kb.lookup', 'kb_lookup']],
      'JSON keeps the base-only item',
    );
    assert.equal(report.baseline!.base.changes, 2);
  });

  test('a clean change in a repository with a backlog exits 0, and says so in Markdown', async () => {
    const root = head({ file: 'README.md', from: '# check-base app', to: '# The check-base app' });
    const r = await runCli(['check', root, '--base', 'HEAD~1', '--format', 'markdown']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /## mastra-tool-names: this change introduces 0, fixes 0, leaves 2 as they were/,
    );
    assert.match(
      r.stdout,
      /<details><summary>Left as they were \(2, already on HEAD~1\)<\/summary>/,
    );
    // Without --base, the same tree fails on its backlog.
    const plain = await runCli(['check', root]);
    assert.equal(plain.code, 1);
  });

  test('a second run with nothing changed is served from the cache for both sides', async () => {
    const root = head({ file: 'README.md', from: '# check-base app', to: '# Renamed app' });
    const first = await runCli(['check', root, '--base', 'HEAD~1', '--verbose']);
    assert.match(first.stderr, /^base +[0-9a-f]{12} run$/m);
    const second = await runCli(['check', root, '--base', 'HEAD~1', '--verbose']);
    assert.match(second.stderr, /^cache +hit/m);
    assert.match(second.stderr, /^base +[0-9a-f]{12} hit$/m);
    assert.equal(second.stdout, first.stdout);
  });

  test('the base borrows what the head has installed, in the repository and above it', async () => {
    // A repository under this one's folder: @mastra/core resolves from node_modules above it.
    const root = copyFixture('demo-app').root;
    made.push(root);
    writeFileSync(path.join(root, 'NOTES.md'), 'notes\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'notes');
    const { report } = await check(root);
    assert.equal(report.mastra.builtinIds, 'installed-declarations');
    assert.equal(report.baseline!.mastra.builtinIds, 'installed-declarations');
    assert.equal(report.baseline!.totals.introduced, 0);
    const inRepo = await check(head({ file: 'README.md', from: '# check-base app', to: '# App' }));
    assert.equal(inRepo.report.baseline!.mastra.builtinIds, 'installed-declarations');
  });

  test('a base that names no commit, or a folder outside git, is a usage error (exit 2)', async () => {
    const root = baseRepo();
    const none = await runCli(['check', root, '--base', 'no-such-branch']);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--base no-such-branch: no such commit in this repository/);
    const bare = mkdtempSync(path.join(os.tmpdir(), 'mtn-no-git-'));
    made.push(bare);
    const outside = await runCli(['check', bare, '--base', 'HEAD']);
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /--base needs a git repository/);
  });
});
