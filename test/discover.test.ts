/**
 * Discovery's file selection: the fast default matcher gives the glob patterns' answer; the text
 * prefilter picks the files worth parsing.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileMatcher, prefilter } from '../src/scan/files/discover.ts';

const PATHS = [
  'a.ts',
  'src/a.tsx',
  'src/a.mts',
  'src/a.cts',
  'a.js',
  'a.jsx',
  'a.mjs',
  'a.cjs',
  'a.mtsx',
  'a.cjsx',
  'a.TS',
  'a.d.ts',
  'src/a.d.ts',
  'a.d.mts',
  'a.min.js',
  'a.min.mjs',
  'README.md',
  'docs/a.mdx',
  'a.txt',
  'evals/a.json',
  'a.yaml',
  'a.yml',
  'tsconfig.json',
  'packages/x/tsconfig.json',
  'a.png',
  'a.tsbuildinfo',
  'Makefile',
  '.eslintrc.json',
  '.github/workflows/ci.yml',
  'src/.hidden/a.ts',
  'src/.a.ts',
  'a./b.ts',
  'node_modules/x/a.ts',
  'src/node_modules/a.ts',
  'dist/a.ts',
  'packages/x/dist/a.ts',
  'build/a.ts',
  'out/a.ts',
  '.next/a.ts',
  '.mastra/output/a.ts',
  'coverage/a.json',
  'distant/a.ts',
  'src/dist.ts',
  'outer/a.ts',
  'rebuild/a.ts',
  'src/coverage.ts',
  'my-node_modules/a.ts',
  '-leading.ts',
  'with space/a.ts',
  'ünïcödé/a.ts',
];

describe('file selection', () => {
  test('the default matcher agrees with the glob patterns on every path kind', () => {
    const fast = fileMatcher({});
    // An exclude that matches nothing forces the glob engine with the same patterns.
    const globs = fileMatcher({ exclude: ['no/such/path'] });
    for (const p of PATHS) assert.equal(fast(p), globs(p), p);
    assert.deepEqual(PATHS.filter(fast), [
      'a.ts',
      'src/a.tsx',
      'src/a.mts',
      'src/a.cts',
      'a.js',
      'a.jsx',
      'a.mjs',
      'a.cjs',
      'a.d.mts',
      'a.min.mjs',
      'README.md',
      'docs/a.mdx',
      'a.txt',
      'evals/a.json',
      'a.yaml',
      'a.yml',
      'tsconfig.json',
      'packages/x/tsconfig.json',
      'a./b.ts',
      'distant/a.ts',
      'src/dist.ts',
      'outer/a.ts',
      'rebuild/a.ts',
      'src/coverage.ts',
      'my-node_modules/a.ts',
      '-leading.ts',
      'with space/a.ts',
      'ünïcödé/a.ts',
    ]);
  });

  test('--include replaces the source patterns (tsconfigs and texts stay); --exclude takes folders and globs', () => {
    const m = fileMatcher({ include: ['src/**/*.ts', '!src/skip.ts'], exclude: ['scripts'] });
    assert.deepEqual(
      ['src/a.ts', 'src/skip.ts', 'lib/a.ts', 'scripts/a.md', 'README.md', 'tsconfig.json'].filter(
        m,
      ),
      ['src/a.ts', 'README.md', 'tsconfig.json'],
    );
  });
});

describe('prefilter', () => {
  test('`tools` and `agents` make a candidate as code, not as a segment of a module path', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'prefilter-'));
    const files: Record<string, string> = {
      'imports-only.ts':
        "import { search } from './tools/search';\nimport { Agent } from '@openai/agents';\n",
      'barrel.ts': "export * from '../agents/support';\n",
      'map.ts': 'export const tools = { search };\n',
      'member.ts': 'run(mastra.agents);\n',
      'key.ts': "const config = { 'tools': [] };\n",
      'spread.ts': 'const all = { ...tools };\n',
    };
    for (const [file, body] of Object.entries(files)) writeFileSync(path.join(root, file), body);
    const { candidates } = prefilter(
      root,
      Object.keys(files).map((f) => path.join(root, f)),
    );
    assert.deepEqual(
      candidates.map((f) => path.basename(f)),
      ['map.ts', 'member.ts', 'key.ts', 'spread.ts'],
    );
  });
});
