/**
 * A monorepo (fixtures/scan/monorepo): tsconfigs reached through the root's `references` (one not
 * named tsconfig.json), each package's own `paths`, a nested .gitignore, and a file in no tsconfig.
 * The scan finds the agents of every package and resolves their cross-package tool maps.
 *
 * `apps/web/generated/` is build output that the nested .gitignore names. In this repository the
 * fixture's copy is committed (with `git add -f`, so the fixture is complete), and a committed file
 * is never hidden by an ignore rule; the tests about ignoring therefore run on a fresh git copy of
 * the fixture, where, as in the monorepo it models, the build output is not committed.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { TsConfigs } from '../src/scan/files/tsconfigs.ts';
import { discover } from '../src/scan/files/discover.ts';
import { ts } from '../src/ts-morph.ts';
import { agent, fixturePath, scanFixture, wire } from './helpers/fixture-scan.ts';
import { copyFixture, git } from './helpers/git-copy.ts';

const ROOT = fixturePath('scan/monorepo');

describe('monorepo', () => {
  test('finds the agents of every package, and none in an ignored folder', async () => {
    const copy = copyFixture('scan/monorepo');
    try {
      assert.equal(
        git(copy.root, 'ls-files', 'apps/web/generated'),
        '',
        'the build output is not committed in the copy',
      );
      const scan = await scanRepository(copy.root);
      assert.equal(scan.files.membership, 'git');
      assert.deepEqual(scan.agents.map((a) => `${a.id} ${a.location.file}`).sort(), [
        'research-agent packages/agents/src/research-agent.ts',
        'seed-agent scripts/seed.ts',
        'web-agent apps/web/src/agent.ts',
      ]);
    } finally {
      copy.cleanup();
    }
  });

  test('a committed file in an ignored folder is scanned: tracked files are never hidden by ignore rules', async () => {
    const copy = copyFixture('scan/monorepo');
    try {
      git(copy.root, 'add', '-f', 'apps/web/generated/agent.ts');
      git(copy.root, 'commit', '-qm', 'commit the generated agent');
      const scan = await scanRepository(copy.root);
      assert.deepEqual(scan.agents.map((a) => a.id).sort(), [
        'generated-agent',
        'research-agent',
        'seed-agent',
        'web-agent',
      ]);
      // The in-place fixture is committed the same way in this repository.
      assert.ok(
        (await scanFixture('scan/monorepo')).agents.some((a) => a.id === 'generated-agent'),
      );
    } finally {
      copy.cleanup();
    }
  });

  test("resolves imports with the owning tsconfig's paths, across packages", async () => {
    const scan = await scanFixture('scan/monorepo');
    // `@acme/tools` (packages/agents paths) leads to a map in packages/tools that never names Mastra.
    assert.deepEqual(wire(agent(scan, 'research-agent')), ['web_search', 'fetch_page']);
    assert.deepEqual(
      agent(scan, 'research-agent').tools.entries.map((e) => e.keyLocation.file),
      ['packages/tools/src/map.ts', 'packages/tools/src/map.ts'],
    );
    // `~/tools/map.js` (apps/web/tsconfig.app.json, reached only through references).
    assert.deepEqual(wire(agent(scan, 'web-agent')), ['notes_save']);
    assert.deepEqual(agent(scan, 'web-agent').tools.unresolved, []);
    assert.deepEqual(wire(agent(scan, 'seed-agent')), ['seed_db']);
  });

  test('each file is owned by the nearest tsconfig that includes it; files in none get defaults', async () => {
    const found = await discover(ROOT);
    assert.deepEqual(found.tsconfigs.map((f) => path.relative(ROOT, f)).sort(), [
      'packages/agents/tsconfig.json',
      'packages/tools/tsconfig.json',
      'tsconfig.json',
    ]);
    const configs = new TsConfigs(ROOT, found.tsconfigs);
    const owner = (file: string) => {
      const c = configs.ownerOf(path.join(ROOT, file)).configFile;
      return c ? path.relative(ROOT, c) : undefined;
    };
    assert.equal(owner('apps/web/src/tools/map.ts'), 'apps/web/tsconfig.app.json');
    assert.equal(owner('packages/tools/src/map.ts'), 'packages/tools/tsconfig.json');
    assert.equal(owner('packages/agents/src/research-agent.ts'), 'packages/agents/tsconfig.json');
    assert.equal(owner('scripts/seed.ts'), undefined);
    assert.ok(
      configs.ownerOf(path.join(ROOT, 'packages/agents/src/research-agent.ts')).options.paths?.[
        '@acme/tools'
      ],
    );
  });

  test('tsconfig file lists are walked only for the tsconfigs an ownership question reaches, with the same owners', async () => {
    const found = await discover(ROOT);
    const walked: string[] = [];
    // Saved to be put back as it was (ts.sys's own functions do not use `this`).
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const readDirectory = ts.sys.readDirectory;
    ts.sys.readDirectory = (dir, ...rest) => {
      walked.push(path.relative(ROOT, dir));
      return readDirectory(dir, ...rest);
    };
    try {
      const configs = new TsConfigs(ROOT, found.tsconfigs);
      assert.deepEqual(walked, [], 'reading the tsconfigs walks no folder');
      configs.ownerOf(path.join(ROOT, 'packages/tools/src/map.ts'));
      assert.deepEqual(walked, ['packages/tools']);
      // The same owner for every file as a list expanded up front: the nearest tsconfig whose
      // file list (include globs walked by TypeScript) holds it.
      const eager = [...found.tsconfigs, path.join(ROOT, 'apps/web/tsconfig.app.json')].map(
        (file) => ({
          file,
          files: new Set(
            ts
              .getParsedCommandLineOfConfigFile(
                file,
                {},
                {
                  ...ts.sys,
                  readDirectory,
                  onUnRecoverableConfigFileDiagnostic: () => {},
                },
              )!
              .fileNames.map((f) => path.resolve(f)),
          ),
        }),
      );
      for (const source of found.sources) {
        const expected = eager
          .filter((c) => c.files.has(source))
          .sort((a, b) => b.file.length - a.file.length)[0]?.file;
        assert.equal(configs.ownerOf(source).configFile, expected, source);
      }
    } finally {
      ts.sys.readDirectory = readDirectory;
    }
  });

  test('a tsconfig without references is parsed only when a file asks about its folder', async () => {
    const found = await discover(ROOT);
    const parsed: string[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const readFile = ts.sys.readFile;
    ts.sys.readFile = (file, ...rest) => {
      if (file.endsWith('.json')) parsed.push(path.relative(ROOT, file));
      return readFile(file, ...rest);
    };
    try {
      const configs = new TsConfigs(ROOT, found.tsconfigs);
      // Tsconfigs with references are read at once (they may add a tsconfig anywhere), with
      // what they extend; the others, the one a reference added included, wait.
      assert.deepEqual(parsed.sort(), [
        'packages/agents/tsconfig.json',
        'tsconfig.base.json',
        'tsconfig.json',
      ]);
      parsed.length = 0;
      const owner = (file: string) => configs.ownerOf(path.join(ROOT, file)).configFile;
      assert.equal(
        owner('packages/tools/src/map.ts'),
        path.join(ROOT, 'packages/tools/tsconfig.json'),
      );
      // (Read twice: options first, then again to walk its include globs.)
      assert.deepEqual([...new Set(parsed)], ['packages/tools/tsconfig.json'], 'apps/web waits');
      assert.equal(
        owner('apps/web/src/tools/map.ts'),
        path.join(ROOT, 'apps/web/tsconfig.app.json'),
      );
      assert.deepEqual(
        [...new Set(parsed)],
        ['packages/tools/tsconfig.json', 'apps/web/tsconfig.app.json'],
      );
    } finally {
      ts.sys.readFile = readFile;
    }
  });

  test("scanning one package's src still uses the tsconfig above it (reached through references)", async () => {
    const scan = await scanRepository(path.join(ROOT, 'apps/web/src'));
    assert.deepEqual(
      scan.agents.map((a) => a.id),
      ['web-agent'],
    );
    assert.deepEqual(
      wire(agent(scan, 'web-agent')),
      ['notes_save'],
      '`~/tools/map.js` resolved with tsconfig.app.json',
    );
  });

  test('--include and --exclude narrow the files read', async () => {
    const onlyApps = await scanRepository(ROOT, { include: ['apps/**/*.ts'] });
    assert.deepEqual(onlyApps.agents.map((a) => a.id).sort(), ['generated-agent', 'web-agent']);
    const noScripts = await scanRepository(ROOT, { exclude: ['scripts/**', 'apps/web/generated'] });
    assert.deepEqual(noScripts.agents.map((a) => a.id).sort(), ['research-agent', 'web-agent']);
  });

  test('migrate edits every package, and afterwards every forced name is offered', async () => {
    const copy = copyFixture('scan/monorepo');
    try {
      const result = await migrate(copy.root);
      assert.deepEqual(
        result.files.map((f) => `${f.status} ${f.file}`),
        [
          'changed apps/web/src/agent.ts',
          'changed apps/web/src/tools/map.ts',
          'changed packages/agents/src/research-agent.ts',
          'changed packages/tools/src/map.ts',
          'changed scripts/seed.ts',
        ],
      );
      const after = await scanRepository(copy.root);
      assert.deepEqual(
        wire(agent(after, 'research-agent')),
        ['web_search', 'fetch_page'],
        'the wire is preserved',
      );
      assert.deepEqual(
        after.calls.flatMap((c) => c.unknownNames),
        [],
      );
      assert.ok(
        after.agents.every((a) =>
          a.tools.entries.every(
            (e) => e.key === a.prediction.offered.find((t) => t.key === e.key)?.wireName,
          ),
        ),
        'every key is its own wire name',
      );
    } finally {
      copy.cleanup();
    }
  });
});
