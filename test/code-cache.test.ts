/**
 * The Node 20 code cache (`bin/code-cache.ts`): a second process compiles a large dependency from
 * the entry the first one wrote, an edited file never runs its old code, a broken entry is
 * compiled as usual and replaced, the files it serves have no `import()` (which cached data cannot
 * run on Node 20), and the CLI's answers are the same with and without the cache.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CACHED_FILES } from '../bin/code-cache.ts';
import { ts } from '../src/ts-morph.ts';

const CODE_CACHE = new URL('../bin/code-cache.ts', import.meta.url).href;
const BIN = fileURLToPath(new URL('../bin/mastra-tool-names.ts', import.meta.url));
const root = mkdtempSync(path.join(tmpdir(), 'mtn-code-cache-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A CommonJS package of about 300 KB whose exports name `value`. */
function writeBig(name: string, value: string): string {
  const dir = path.join(root, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  const filler = Array.from({ length: 9000 }, (_, i) => `function f${i}() { return ${i}; }`);
  writeFileSync(
    path.join(dir, 'index.js'),
    [`exports.value = '${value}';`, 'exports.sum = (a, b) => a + b;', ...filler].join('\n'),
  );
  return path.join(dir, 'index.js');
}

interface Loaded {
  stats: { used: string[]; missed: string[] };
  value: string;
  sum: number;
}

/** Loads `name` in a fresh process with the cache in `dir` on. */
function load(dir: string, name: string): Loaded {
  const script = `
    import { createRequire } from 'node:module';
    const { enableCodeCache } = await import(${JSON.stringify(CODE_CACHE)});
    const stats = enableCodeCache(${JSON.stringify(dir)}, [/[\\\\/]big-[a-z][\\\\/]index\\.js$/]);
    const m = createRequire(${JSON.stringify(path.join(root, 'x.js'))})(${JSON.stringify(name)});
    console.log(JSON.stringify({ stats, value: m.value, sum: m.sum(2, 3) }));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Loaded;
}

const entries = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'));

describe('the code cache', () => {
  test('the first process writes an entry at exit, the next one compiles from it', () => {
    const file = writeBig('big-a', 'A');
    const dir = path.join(root, 'cache-a');
    const cold = load(dir, 'big-a');
    assert.deepEqual(cold.stats, { used: [], missed: [file] });
    assert.equal(entries(dir).length, 1);
    const warm = load(dir, 'big-a');
    assert.deepEqual(warm.stats, { used: [file], missed: [] });
    for (const run of [cold, warm]) {
      assert.equal(run.value, 'A');
      assert.equal(run.sum, 5);
    }
  });

  test('an edited file of the same length runs its new code and replaces its entry', () => {
    const file = writeBig('big-b', 'A');
    const dir = path.join(root, 'cache-b');
    load(dir, 'big-b');
    const before = entries(dir);
    writeBig('big-b', 'B');
    const edited = load(dir, 'big-b');
    assert.equal(edited.value, 'B');
    assert.deepEqual(edited.stats, { used: [], missed: [file] });
    const now = entries(dir);
    assert.equal(now.length, 1, 'the old entry is dropped');
    assert.deepEqual(
      readdirSync(dir).filter((f) => !f.endsWith('.bin')),
      [],
      'no temporary file is left',
    );
    assert.notDeepEqual(now, before);
  });

  test("a killed run's temporary file is dropped with the next entry of its file", () => {
    writeBig('big-e', 'E');
    const dir = path.join(root, 'cache-e');
    load(dir, 'big-e');
    const [entry] = entries(dir);
    assert.ok(entry);
    const slot = entry.split('-')[0]!;
    writeFileSync(path.join(dir, `${slot}-left-by-a-killed-run.bin.123.tmp`), 'x');
    writeBig('big-e', 'F');
    load(dir, 'big-e');
    assert.equal(readdirSync(dir).length, 1);
  });

  test('a broken entry is compiled as usual and written again', () => {
    const file = writeBig('big-c', 'C');
    const dir = path.join(root, 'cache-c');
    load(dir, 'big-c');
    const [entry] = entries(dir);
    assert.ok(entry);
    writeFileSync(path.join(dir, entry), Buffer.alloc(4096, 7));
    const broken = load(dir, 'big-c');
    assert.equal(broken.value, 'C');
    assert.deepEqual(broken.stats, { used: [], missed: [file] });
    assert.deepEqual(load(dir, 'big-c').stats, { used: [file], missed: [] });
  });

  test('files it is not given are compiled as usual', () => {
    writeBig('other', 'O');
    const dir = path.join(root, 'cache-d');
    const run = load(dir, 'other');
    assert.deepEqual(run.stats, { used: [], missed: [] });
    assert.equal(run.value, 'O');
    assert.throws(() => readdirSync(dir));
  });

  test('each file it serves is installed and calls no import()', () => {
    const require = createRequire(import.meta.url);
    const installed = [
      path.join(path.dirname(require.resolve('@ts-morph/common')), 'typescript.js'),
      require.resolve('ts-morph'),
      require.resolve('@babel/parser'),
    ];
    assert.deepEqual(
      CACHED_FILES.map((pattern) => installed.filter((f) => pattern.test(f)).length),
      [1, 1, 1],
    );
    for (const file of installed) {
      const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
      let calls = 0;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
          calls++;
        ts.forEachChild(node, visit);
      };
      visit(sf);
      assert.equal(calls, 0, file);
    }
  });

  test('the CLI answers the same with a cold and a warm cache; NODE_DISABLE_COMPILE_CACHE=1 writes none', () => {
    const cli = (env: Record<string, string>) => {
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          BIN,
          'migrate',
          '--dry-run',
          '--no-cache',
          '--format',
          'json',
          'fixtures/demo-app',
        ],
        {
          encoding: 'utf8',
          cwd: fileURLToPath(new URL('..', import.meta.url)),
          env: { ...process.env, NO_COLOR: '1', ...env },
        },
      );
      assert.equal(r.stderr, '');
      return r.stdout;
    };
    const dir = path.join(root, 'cache-cli');
    const cold = cli({ MASTRA_TOOL_NAMES_CODE_CACHE_DIR: dir });
    assert.equal(entries(dir).length, CACHED_FILES.length, 'each listed file has an entry');
    assert.equal(cli({ MASTRA_TOOL_NAMES_CODE_CACHE_DIR: dir }), cold);
    const off = path.join(root, 'cache-off');
    assert.equal(
      cli({ MASTRA_TOOL_NAMES_CODE_CACHE_DIR: off, NODE_DISABLE_COMPILE_CACHE: '1' }),
      cold,
    );
    assert.throws(() => readdirSync(off));
  });
});
