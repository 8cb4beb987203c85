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

test('the bytes the cache hashed are the text the prefilter reads: same fingerprint, no second read', async () => {
  const { Fingerprints, fingerprint } = await import('../src/cache/fingerprint.ts');
  const app = tempProject({ 'a.ts': 'export const a = 1;\n', 'b.bin': 'x\u0000y' });
  try {
    const a = path.join(app.root, 'a.ts');
    const bin = path.join(app.root, 'b.bin');
    const texts = new TextCache();
    const prints = new Fingerprints(undefined, {
      wants: (f) => f === a || f === bin,
      bytes: (f, b) => texts.keepBytes(f, b),
    });
    assert.equal(prints.of(a), fingerprint(a), 'the fingerprint a streamed read gives');
    assert.equal(prints.of(bin), fingerprint(bin));
    // Changed on disk after the hashing: the prefilter reads the kept text, as hashed.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(a, 'export const a = 2;\n');
    assert.equal(texts.read(a), 'export const a = 1;\n');
    // Not text: nothing kept, read (and refused) as before.
    assert.equal(texts.read(bin), undefined);
  } finally {
    app.cleanup();
  }
});
