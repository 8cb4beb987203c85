/** lineLocator places every offset where counting line breaks from the start does. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { lineLocator } from '../src/scan/files/lines.ts';

function counted(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

test('every offset of a text, as counting from the start gives it', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é', ' ') }), (text) => {
      const at = lineLocator(text);
      for (let i = 0; i <= text.length; i++) assert.deepEqual(at(i), counted(text, i));
    }),
  );
});

test('a text without line breaks, and offsets on a break', () => {
  assert.deepEqual(lineLocator('abc')(2), { line: 1, column: 3 });
  const at = lineLocator('a\n\nb');
  assert.deepEqual(at(1), { line: 1, column: 2 });
  assert.deepEqual(at(2), { line: 2, column: 1 });
  assert.deepEqual(at(3), { line: 3, column: 1 });
});
