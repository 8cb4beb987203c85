/**
 * The code fingerprint in every cache key: the code that runs (src/, transforms/, the manifest),
 * not its declaration files or source maps.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { codeFingerprintOf } from '../src/cache/fingerprint.ts';
import { tempProject } from './helpers/temp-project.ts';

test('code changes the fingerprint; declaration files and source maps do not', () => {
  const dir = tempProject({
    'package.json': '{"name":"x","version":"1.0.0"}',
    'src/a.js': 'export const a = 1;\n',
    'src/a.d.ts': 'export declare const a = 1;\n',
    'src/a.js.map': '{}',
    'src/runtime/index.d.cts': 'export {};\n',
    'transforms/t.js': 'export default () => {};\n',
  });
  try {
    const base = codeFingerprintOf(dir.root);
    const edit = (rel: string, text: string) => writeFileSync(path.join(dir.root, rel), text);
    edit('src/a.d.ts', 'export declare const a: number;\n');
    edit('src/a.js.map', '{"version":3}');
    edit('src/runtime/index.d.cts', 'export declare const b: 1;\n');
    assert.equal(codeFingerprintOf(dir.root), base);
    for (const [rel, text] of [
      ['src/a.js', 'export const a = 2;\n'],
      ['transforms/t.js', 'export default () => 1;\n'],
      ['package.json', '{"name":"x","version":"1.0.1"}'],
    ] as const) {
      const before = codeFingerprintOf(dir.root);
      edit(rel, text);
      assert.notEqual(codeFingerprintOf(dir.root), before, rel);
    }
  } finally {
    dir.cleanup();
  }
});
