/**
 * Which files a scan reads: in a git work tree git decides (tracked files, plus untracked files git
 * does not ignore), so an ignore rule never hides a committed file; outside git the .gitignore files
 * decide. fixtures/scan/ignored-mastra has a root `.gitignore` line `mastra/` (meant for build output)
 * over the committed `src/mastra/`.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { agentSource } from './helpers/hostile-tree.ts';
import { fixturePath, scanFixture, wire } from './helpers/fixture-scan.ts';
import { copyFixture, git } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

/** The fixture as its users have it: committed before the `mastra/` line was added. */
function committedCopy() {
  const copy = copyFixture('scan/ignored-mastra', { init: false });
  git(copy.root, 'init', '-q');
  git(copy.root, 'add', '-A');
  git(copy.root, 'add', '-f', 'src/mastra');
  git(copy.root, 'commit', '-qm', 'app');
  return copy;
}

describe('membership', () => {
  test('a .gitignore line matching committed files does not hide them (in place, and in a fresh repository)', async () => {
    const inPlace = await scanFixture('scan/ignored-mastra');
    assert.deepEqual(
      inPlace.agents.map((a) => a.id),
      ['weather-agent'],
    );
    const copy = committedCopy();
    try {
      const scan = await scanRepository(copy.root);
      assert.equal(scan.files.membership, 'git');
      assert.deepEqual(
        scan.agents.map((a) => `${a.id} ${a.location.file}`),
        ['weather-agent src/mastra/agents/weather-agent.ts'],
      );
      assert.deepEqual(wire(scan.agents[0]!), ['weather_current']);
      assert.deepEqual(
        scan.agents[0]!.registeredAs,
        ['weatherAgent'],
        'src/mastra/index.ts is read too',
      );
      const result = await migrate(copy.root);
      assert.deepEqual(result.written, ['src/mastra/agents/weather-agent.ts']);
    } finally {
      copy.cleanup();
    }
  });

  test('untracked files: git ignore rules apply to them (.gitignore, .git/info/exclude); --include and --exclude still select', async () => {
    const copy = committedCopy();
    try {
      // Untracked and matched by `mastra/`: ignored, as git ignores it.
      writeFileSync(path.join(copy.root, 'src/mastra/agents/draft.ts'), agentSource('draft'));
      // Untracked and not ignored: read.
      writeFileSync(path.join(copy.root, 'src/extra.ts'), agentSource('extra'));
      // Untracked and excluded by the repository's own exclude file.
      writeFileSync(path.join(copy.root, 'src/local.ts'), agentSource('local'));
      writeFileSync(path.join(copy.root, '.git/info/exclude'), 'src/local.ts\n');
      // Always skipped, even when committed.
      mkdirSync(path.join(copy.root, 'dist'));
      writeFileSync(path.join(copy.root, 'dist/built.ts'), agentSource('built'));
      git(copy.root, 'add', '-f', 'dist/built.ts');
      git(copy.root, 'commit', '-qm', 'dist');
      assert.deepEqual((await scanRepository(copy.root)).agents.map((a) => a.id).sort(), [
        'extra',
        'weather-agent',
      ]);
      assert.deepEqual(
        (await scanRepository(copy.root, { exclude: ['src/mastra'] })).agents.map((a) => a.id),
        ['extra'],
      );
      assert.deepEqual(
        (await scanRepository(copy.root, { include: ['src/mastra/**/*.ts'] })).agents.map(
          (a) => a.id,
        ),
        ['weather-agent'],
      );
    } finally {
      copy.cleanup();
    }
  });

  test('outside git the .gitignore files decide, so the same line hides src/mastra', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mtn-outside-git-'));
    try {
      cpSync(fixturePath('scan/ignored-mastra'), root, { recursive: true });
      assert.throws(() => git(root, 'rev-parse', '--show-toplevel'), 'not in a git work tree');
      const scan = await scanRepository(root);
      assert.equal(scan.files.membership, 'gitignore');
      assert.deepEqual(scan.agents, []);
      // Remove the line and the agent is there.
      writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
      assert.deepEqual(
        (await scanRepository(root)).agents.map((a) => a.id),
        ['weather-agent'],
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a nested repository (not a submodule) is read with its own rules', async () => {
    const p = tempProject({
      'app.ts': agentSource('outer'),
      'vendor/lib/.gitignore': 'gen/\n',
      'vendor/lib/agent.ts': agentSource('nested'),
      'vendor/lib/gen/agent.ts': agentSource('nested-gen'),
    });
    try {
      git(path.join(p.root, 'vendor/lib'), 'init', '-q');
      git(p.root, 'init', '-q');
      assert.deepEqual((await scanRepository(p.root)).agents.map((a) => a.id).sort(), [
        'nested',
        'outer',
      ]);
    } finally {
      p.cleanup();
    }
  });
});
