/**
 * The result cache: a warm run gives the very report a cold run gives, on every fixture app, and
 * any change to what an answer rests on sends the next run back to a full scan.
 */
import assert from 'node:assert/strict';
import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  migrateWithCache,
  type CacheFiles,
  type CacheOutcome,
} from '../src/migrate/cached-migrate.ts';
import { cacheDir } from '../src/cache/dir.ts';
import { migrate } from '../src/migrate/migrate.ts';
import { buildReport } from '../src/report/build.ts';
import { renderReport } from '../src/report/render/index.ts';
import { PLAIN } from '../src/report/style.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function freshCacheDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mtn-cache-'));
  dirs.push(dir);
  return dir;
}

/** Every fixture app: demo-app and each folder of the fixture groups. */
function fixtureApps(): string[] {
  const isDir = (p: string) => statSync(p).isDirectory();
  const apps = ['demo-app'];
  for (const group of readdirSync(FIXTURES).sort()) {
    if (group === 'demo-app' || !isDir(path.join(FIXTURES, group))) continue;
    for (const app of readdirSync(path.join(FIXTURES, group)).sort())
      if (isDir(path.join(FIXTURES, group, app))) apps.push(`${group}/${app}`);
  }
  return apps;
}

/** A dry run through the cache, with how it used the cache, and its JSON and text reports. */
async function run(root: string, dir: string, extra: { only?: string[]; names?: string } = {}) {
  let outcome: CacheOutcome | undefined;
  const result = await migrateWithCache(
    root,
    { dryRun: true, cacheDir: dir, ...extra },
    (o) => (outcome = o),
  );
  return { outcome, ...reports(result) };
}

function reports(result: Awaited<ReturnType<typeof migrate>>) {
  const report = buildReport(result, 'check', 'app');
  return {
    json: renderReport(report, 'json', PLAIN, { base: '.' }),
    text: renderReport(report, 'text', PLAIN, { base: '.' }),
  };
}

describe('cache', () => {
  const dir = freshCacheDir();
  for (const app of fixtureApps())
    test(`${app}: a warm run gives byte-identical JSON and text reports`, async () => {
      const root = path.join(FIXTURES, app);
      const cold = await run(root, dir);
      const warm = await run(root, dir);
      assert.equal(cold.outcome, 'stored');
      assert.equal(warm.outcome, 'hit');
      assert.equal(warm.json, cold.json);
      assert.equal(warm.text, cold.text);
    });

  test('a cold run through the cache reports what a run without it does', async () => {
    for (const app of ['demo-app', 'scan/monorepo', 'prompts/prompt-file', 'versions/monorepo']) {
      const root = path.join(FIXTURES, app);
      const plain = reports(await migrate(root, { dryRun: true }));
      const cold = await run(root, freshCacheDir());
      assert.equal(cold.outcome, 'stored', app);
      assert.equal(cold.json, plain.json, app);
      assert.equal(cold.text, plain.text, app);
    }
  });

  describe('what sends the next run back to a full scan', () => {
    const files = {
      'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true } }),
      'src/agent.ts': [
        `import { Agent } from '@mastra/core/agent';`,
        `import { readFileSync } from 'node:fs';`,
        `import { search } from './tools';`,
        `export const agent = new Agent({`,
        `  id: 'a', name: 'a', model: 'openai/gpt-4o',`,
        `  instructions: readFileSync(new URL('../prompt.md', import.meta.url), 'utf8') + readFileSync(new URL('../private/prompt.md', import.meta.url), 'utf8'),`,
        `  tools: { 'search.web': search },`,
        `});`,
        ``,
      ].join('\n'),
      'src/tools.ts': [
        `import { createTool } from '@mastra/core/tools';`,
        `export const search = createTool({ id: 'search', description: 'd', execute: async () => 1 });`,
        ``,
      ].join('\n'),
      'prompt.md': 'Use search.web to look things up.\n',
      // Ignored, so not in the file list: only the record of what the run read covers it.
      '.gitignore': 'private/\n',
      'private/prompt.md': 'Use search.web first.\n',
    };

    async function warmed() {
      const project = tempProject(files);
      const dir = freshCacheDir();
      const cold = await run(project.root, dir);
      assert.equal(cold.outcome, 'stored');
      assert.equal((await run(project.root, dir)).outcome, 'hit');
      return { ...project, dir, cold };
    }

    const changes: Array<[string, (root: string) => void]> = [
      [
        'a candidate file changes',
        (r) => writeFileSync(path.join(r, 'src/tools.ts'), `${files['src/tools.ts']}// edited\n`),
      ],
      [
        'an imported file changes',
        (r) =>
          writeFileSync(
            path.join(r, 'src/tools.ts'),
            files['src/tools.ts'].replace(`id: 'search'`, `id: 'find'`),
          ),
      ],
      ['the tsconfig changes', (r) => writeFileSync(path.join(r, 'tsconfig.json'), '{}')],
      [
        'a package.json changes',
        (r) =>
          writeFileSync(
            path.join(r, 'package.json'),
            JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '0.10.15' } }),
          ),
      ],
      [
        'a file is added',
        (r) => writeFileSync(path.join(r, 'src/more.ts'), 'export const x = 1;\n'),
      ],
      [
        'a prompt file changes',
        (r) => writeFileSync(path.join(r, 'prompt.md'), 'Use search_web.\n'),
      ],
      [
        'a prompt file outside the file list changes',
        (r) => writeFileSync(path.join(r, 'private/prompt.md'), 'Call search_web.\n'),
      ],
      ['a prettier config appears', (r) => writeFileSync(path.join(r, '.prettierrc'), '{}\n')],
    ];
    for (const [what, change] of changes)
      test(what, async () => {
        const { root, dir, cold, cleanup } = await warmed();
        try {
          change(root);
          const next = await run(root, dir);
          assert.equal(next.outcome, 'stored');
          // And the stored answer is the fresh one: a second run serves it.
          const again = await run(root, dir);
          assert.equal(again.outcome, 'hit');
          assert.equal(again.json, next.json);
          if (/imported|prompt/.test(what)) assert.notEqual(next.json, cold.json);
        } finally {
          cleanup();
        }
      });

    test('a file that kept its size and modification time is read again all the same', async () => {
      const project = tempProject(files);
      const dir = freshCacheDir();
      try {
        // Files changed within 2 s of a hashing are always read again (a coarse file-system clock).
        await new Promise((resolve) => setTimeout(resolve, 2100));
        const seen: Array<[CacheOutcome, CacheFiles | undefined]> = [];
        const note = (o: CacheOutcome, f?: CacheFiles) => seen.push([o, f]);
        const once = () => migrateWithCache(project.root, { dryRun: true, cacheDir: dir }, note);
        const cold = reports(await once());
        await new Promise((resolve) => setTimeout(resolve, 2100));
        await once();
        const [[first, all], [second, warm]] = seen as [
          [CacheOutcome, CacheFiles],
          [CacheOutcome, CacheFiles],
        ];
        assert.equal(first, 'stored');
        assert.equal(all.read, all.fingerprinted);
        // Nothing changed: the stats vouch for every file, none is read.
        assert.equal(second, 'hit');
        assert.equal(warm.read, 0);
        assert.equal(warm.fingerprinted, all.fingerprinted);
        // Same size, modification time set back: the inode's change time still tells.
        const file = path.join(project.root, 'src/tools.ts');
        const { atime, mtime } = statSync(file);
        writeFileSync(file, files['src/tools.ts'].replace(`id: 'search'`, `id: 'seeks'`));
        utimesSync(file, atime, mtime);
        const changed = reports(await once());
        const [third, after] = seen[2]!;
        assert.equal(third, 'stored');
        assert.ok(after!.read >= 1);
        assert.notEqual(changed.json, cold.json);
      } finally {
        project.cleanup();
      }
    });

    test('other options are another entry, never the same answer', async () => {
      const { root, dir, cold, cleanup } = await warmed();
      try {
        const other = await run(root, dir, { only: ['rewrite-keys'] });
        assert.equal(other.outcome, 'stored');
        assert.equal((await run(root, dir)).json, cold.json);
      } finally {
        cleanup();
      }
    });
  });

  test('a names file (--names): its path and its bytes are part of the answer', async () => {
    const measured = (name: string) =>
      JSON.stringify({
        version: 1,
        tool: 'mastra-tool-names',
        agents: [
          {
            app: '.',
            key: 'triage',
            id: 'triage',
            offered: [name],
            runtime: [{ name, source: 'mcp', server: 'linear.app', tool: 'search.issues' }],
            complete: true,
          },
        ],
      });
    const project = tempProject({
      'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
      'src/agent.ts': [
        `import { Agent } from '@mastra/core/agent';`,
        `import { MCPClient } from '@mastra/mcp';`,
        `const mcp = new MCPClient({ servers: { 'linear.app': { command: 'node', args: ['s.mjs'] } } });`,
        `export const triage = new Agent({ id: 'triage', name: 'triage', model: 'openai/gpt-4o', instructions: 'Call \`search.issues\` first.', tools: await mcp.listTools() });`,
        ``,
      ].join('\n'),
      'names.json': measured('linear_app_search_issues'),
      'other.json': measured('linear_app_search_issues_v2'),
    });
    try {
      const dir = freshCacheDir();
      const plain = (names: string) =>
        migrate(project.root, { dryRun: true, names }).then((r) => reports(r).json);
      const cold = await run(project.root, dir, { names: 'names.json' });
      assert.equal(cold.outcome, 'stored');
      assert.ok(cold.json.includes('offered as \\"linear_app_search_issues\\"'), cold.json);
      assert.equal((await run(project.root, dir, { names: 'names.json' })).outcome, 'hit');
      // Another file is another answer, not the cached one.
      const other = await run(project.root, dir, { names: 'other.json' });
      assert.notEqual(other.outcome, 'hit');
      assert.equal(other.json, await plain('other.json'));
      // The same path with other bytes misses too.
      writeFileSync(path.join(project.root, 'names.json'), measured('linear_app_search_v3'));
      const changed = await run(project.root, dir, { names: 'names.json' });
      assert.notEqual(changed.outcome, 'hit');
      assert.equal(changed.json, await plain('names.json'));
      assert.notEqual(changed.json, cold.json);
    } finally {
      project.cleanup();
    }
  });

  test('--no-cache and writing runs never use the cache', async () => {
    const dir = freshCacheDir();
    const root = path.join(FIXTURES, 'scan/clean');
    let outcome: CacheOutcome | undefined;
    await migrateWithCache(
      root,
      { dryRun: true, cache: false, cacheDir: dir },
      (o) => (outcome = o),
    );
    assert.equal(outcome, 'off');
    assert.deepEqual(readdirSync(dir), []);
  });

  test('a cache folder inside the target is not used: a dry run writes nothing there', async () => {
    const project = tempProject({ 'src/a.ts': 'export const a = 1;\n' });
    try {
      const inside = path.join(project.root, '.cache');
      const first = await run(project.root, inside);
      const second = await run(project.root, inside);
      assert.equal(first.outcome, 'off');
      assert.equal(second.json, first.json);
      assert.deepEqual(readdirSync(project.root).sort(), ['src']);
    } finally {
      project.cleanup();
    }
  });

  test('a cache that cannot be read or written never fails the run', async () => {
    const root = path.join(FIXTURES, 'scan/clean');
    const expected = await run(root, freshCacheDir());
    // A file where the cache folder should be: nothing can be written under it.
    const blocked = path.join(freshCacheDir(), 'file');
    writeFileSync(blocked, 'not a folder');
    const unwritable = await run(root, blocked);
    assert.equal(unwritable.outcome, 'miss');
    assert.equal(unwritable.json, expected.json);
    // A corrupt entry is a miss, and is replaced.
    const dir = freshCacheDir();
    await run(root, dir);
    const [version] = readdirSync(dir);
    for (const f of readdirSync(path.join(dir, version!))) {
      writeFileSync(path.join(dir, version!, f), '{"format":1,"key":');
      chmodSync(path.join(dir, version!, f), 0o644);
    }
    const corrupt = await run(root, dir);
    assert.equal(corrupt.outcome, 'stored');
    assert.equal(corrupt.json, expected.json);
  });

  test('the CLI: a second check is served from the cache, --no-cache runs in full', async () => {
    const env = { MASTRA_TOOL_NAMES_CACHE_DIR: freshCacheDir() };
    const args = ['check', path.join(FIXTURES, 'demo-app'), '--format', 'json', '--verbose'];
    const cold = await runCli(args, undefined, undefined, env);
    const warm = await runCli(args, undefined, undefined, env);
    const off = await runCli([...args, '--no-cache'], undefined, undefined, env);
    assert.match(cold.stderr, /^cache +stored \(\d+ of \d+ files read to hash them\)$/m);
    assert.match(warm.stderr, /^cache +hit \(\d+ of \d+ files read to hash them\)$/m);
    assert.doesNotMatch(off.stderr, /^cache /m);
    assert.equal(cold.code, 1);
    for (const r of [warm, off]) {
      assert.equal(r.code, cold.code);
      assert.equal(r.stdout, cold.stdout);
    }
  });

  test('the cache folder: the override, XDG_CACHE_HOME, else the home cache folder', () => {
    assert.equal(cacheDir({ MASTRA_TOOL_NAMES_CACHE_DIR: '/x/y' }), '/x/y');
    if (process.platform === 'linux') {
      assert.equal(cacheDir({ XDG_CACHE_HOME: '/c' }), '/c/mastra-tool-names');
      // A relative XDG_CACHE_HOME is not valid and is ignored.
      assert.equal(
        cacheDir({ XDG_CACHE_HOME: 'rel' }),
        path.join(os.homedir(), '.cache', 'mastra-tool-names'),
      );
    }
  });
});
