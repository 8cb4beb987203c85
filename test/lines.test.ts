/**
 * lineLocator places every offset where counting line breaks from the start does; morphLineLocator
 * where ts-morph's own count does.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { lineLocator, morphLineLocator } from '../src/scan/files/lines.ts';
import { createInMemoryProject } from '../src/scan/files/project.ts';

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

test("morphLineLocator places every offset where ts-morph's getLineAndColumnAtPos does", () => {
  const project = createInMemoryProject();
  fc.assert(
    fc.property(
      fc.string({ unit: fc.constantFrom('a', '\n', '\r', '\u2028', 'é', ' ') }),
      (text) => {
        const sf = project.createSourceFile('/t.ts', text, { overwrite: true });
        const at = morphLineLocator(sf.getFullText());
        for (let i = 0; i <= sf.getFullText().length; i++)
          assert.deepEqual(at(i), sf.getLineAndColumnAtPos(i));
      },
    ),
  );
});
