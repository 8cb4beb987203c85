/**
 * The name-use search decides which files to parse by one search over every name (regexes over
 * texts, a native search over raw bytes) instead of a pass over each file's words: it must take
 * exactly the files the word pass took, and find the same uses in bytes as in text.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { findNameUses, holderTest } from '../src/scan/mentions/name-uses.ts';

const WORD = /[A-Za-z0-9_-]+/g;
const LEGAL = /^[A-Za-z0-9_-]+$/;

/** The word pass the search replaced, as it was: the reference. */
function wordPass(names: ReadonlySet<string>, text: string): boolean {
  const byWord = new Map<string, string[]>();
  const wordless: string[] = [];
  for (const name of names) {
    if (LEGAL.test(name)) continue;
    const longest = (name.match(WORD) ?? []).sort((a, b) => b.length - a.length)[0];
    if (longest) byWord.set(longest, [...(byWord.get(longest) ?? []), name]);
    else wordless.push(name);
  }
  for (const m of text.matchAll(WORD)) {
    if (names.has(m[0])) return true;
    if (m[0].startsWith('tool-') && names.has(m[0].slice('tool-'.length))) return true;
    if (byWord.get(m[0])?.some((k) => text.includes(k))) return true;
  }
  return wordless.some((n) => text.includes(n));
}

const pieces = [
  'a',
  'b',
  'ab',
  'tool-',
  '-',
  '_',
  '.',
  ' ',
  "'",
  '"',
  '\n',
  '\\',
  'é',
  '🙂',
  '$',
  '(',
  '*',
  'x.y',
  '1',
];
const chunk = fc.constantFrom(...pieces);
const text = fc.array(chunk, { maxLength: 24 }).map((p) => p.join(''));
const name = fc.array(chunk, { minLength: 0, maxLength: 4 }).map((p) => p.join(''));

test('a text is taken exactly when the word pass took it, for any names', () => {
  fc.assert(
    fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 12 }), text, (list, t) => {
      const names = new Set(list);
      const test = holderTest(names);
      const expected = wordPass(names, t);
      assert.equal(test.text(t), expected);
      // The byte search is a necessary condition: it never turns away a text the word pass takes.
      if (expected) assert.equal(test.bytes(Buffer.from(t, 'utf8')), true);
    }),
    { numRuns: 3000 },
  );
});

test('a text is taken exactly when the word pass took it, for many names (the word walk)', () => {
  fc.assert(
    fc.property(fc.uniqueArray(name, { minLength: 9, maxLength: 30 }), text, (list, t) => {
      const names = new Set(list);
      assert.equal(holderTest(names).text(t), wordPass(names, t), JSON.stringify({ list, t }));
    }),
    { numRuns: 2000 },
  );
});

test('bytes are searched per name for a few names and in one pass for many, with one answer', () => {
  const few = new Set(['getProduct', 'search.web', 'café']);
  const many = new Set([...few, ...Array.from({ length: 20 }, (_, i) => `tool${i}`)]);
  for (const names of [few, many]) {
    const test = holderTest(names);
    assert.equal(test.bytes(Buffer.from('const x = getProductById;')), true);
    assert.equal(test.bytes(Buffer.from('{"name": "café"}')), true);
    assert.equal(test.bytes(Buffer.from('{"name": "cafe"}')), false);
    assert.equal(test.bytes(Buffer.from('search web')), false);
    assert.equal(test.bytes(Buffer.from('see search.web')), true);
  }
});

test('uses found in raw bytes are the uses found in the text; files that are not UTF-8 are skipped', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'name-uses-'));
  const files = {
    'ui.tsx':
      "if (part.type === 'tool-getProduct') show(LABELS.getProduct);\nconst x = getProductById;\n",
    'evals.json': '{ "expected": "getProduct", "other": "getProductById", "k": "search.web" }\n',
    'list.yaml': 'tools:\n  - getProduct\n  - search.web\n',
    'plain.ts': 'export const n = getProductById;\n',
  };
  for (const [file, body] of Object.entries(files)) writeFileSync(path.join(root, file), body);
  writeFileSync(path.join(root, 'latin1.json'), Buffer.from('{ "a": "getProduct\xe9" }', 'latin1'));
  const all = [...Object.keys(files), 'latin1.json'].map((f) => path.join(root, f));
  const names = new Set(['getProduct', 'search.web']);
  const byText = findNameUses(root, all, names, (f) =>
    f.endsWith('latin1.json') ? undefined : readFileSync(f, 'utf8'),
  );
  const byBytes = findNameUses(root, all, names, (f) => readFileSync(f));
  assert.deepEqual(byBytes, byText);
  assert.deepEqual(
    byBytes.map((u) => `${u.location.file}:${u.location.line}:${u.name}:${u.kind}`),
    [
      'evals.json:1:getProduct:data',
      'evals.json:1:search.web:data',
      'list.yaml:2:getProduct:data',
      'list.yaml:3:search.web:data',
      'ui.tsx:1:getProduct:string',
      'ui.tsx:1:getProduct:key',
    ],
  );
});

test('the walk skips only subtrees where no name starts: a name inside a longer one, escapes, part types', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'name-uses-prune-'));
  const texts: Record<string, string> = {
    'a.ts': [
      "const key = 'search.web';",
      'export function deep() { return () => [{ inner: { web: 1 } }, obj.web]; }',
      "if (part.type === 'tool-web') show();",
      'const unrelated = { other: 1 };',
      'search.web();',
    ].join('\n'),
    // A backslash anywhere: the file is walked whole (an escape can spell a name).
    'b.ts': "const plain = 'web';\nconst escaped = '\\u0077eb';\n",
  };
  const files = Object.keys(texts).map((f) => path.join(dir, f));
  for (const f of files) writeFileSync(f, texts[path.basename(f)]!);
  const uses = findNameUses(
    dir,
    files,
    new Set(['web', 'search.web']),
    (f) => texts[path.basename(f)],
  );
  assert.deepEqual(
    uses.map(
      (u) => `${u.location.file}:${u.location.line}:${u.location.column} ${u.kind} ${u.name}`,
    ),
    [
      'a.ts:1:14 string search.web',
      'a.ts:2:51 key web',
      'a.ts:2:67 key web',
      'a.ts:3:25 string web',
      'a.ts:5:8 key web',
      'b.ts:1:16 string web',
      'b.ts:2:18 string web',
    ],
  );
});
