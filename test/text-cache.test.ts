/**
 * TextCache.share: the parser's copy of a file replaces the prefilter's only when the two are the
 * same text, and never makes the cache keep a file its budget left out.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { TextCache } from '../src/scan/files/text-cache.ts';
import { tempProject } from './helpers/temp-project.ts';

test('share keeps what was read when the parser saw another text', () => {
  const app = tempProject({ 'a.ts': 'export const a = 1;\n' });
  try {
    const file = path.join(app.root, 'a.ts');
    const cache = new TextCache();
    assert.equal(cache.read(file), 'export const a = 1;\n');
    cache.share(file, 'export const a = 2;\n');
    assert.equal(cache.textOrBytes(file), 'export const a = 1;\n');
    cache.share(file, 'export const a = 1;\n');
    assert.equal(cache.textOrBytes(file), 'export const a = 1;\n');
  } finally {
    app.cleanup();
  }
});

test('share does not keep a file the budget left out', () => {
  const app = tempProject({ 'a.ts': 'export const a = 1;\n' });
  try {
    const file = path.join(app.root, 'a.ts');
    const cache = new TextCache(0);
    assert.equal(cache.read(file), 'export const a = 1;\n');
    cache.share(file, 'export const a = 1;\n');
    assert.ok(Buffer.isBuffer(cache.textOrBytes(file)), 'read from disk again, not kept');
  } finally {
    app.cleanup();
  }
});
