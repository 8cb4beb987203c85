/**
 * A membership test against a list the code writes (values/membership.ts) is a comparison with each
 * item: in a delegation hook (test/delegation-allow-list.test.ts) and where a tool name is tested.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createInMemoryProject } from '../src/scan/files/project.ts';
import { scanSource } from '../src/scan/scan.ts';
import { membershipTest } from '../src/scan/values/membership.ts';
import { SyntaxKind } from '../src/ts-morph.ts';

/** The items and tested value of the last call in `code`, as text. */
function tested(code: string): string | undefined {
  const sf = createInMemoryProject().createSourceFile('/a.ts', code);
  const call = sf.getDescendantsOfKind(SyntaxKind.CallExpression).at(-1)!;
  const t = membershipTest(call);
  return (
    t &&
    `${t.list
      .getElements()
      .map((e) => e.getText())
      .join(',')} ? ${t.value.getText()}`
  );
}

test('an array or a Set written in the code, directly or through a const', () => {
  assert.equal(tested("['a', 'b'].includes(x);"), "'a','b' ? x");
  assert.equal(tested("const L = ['a'];\nL.includes(x);"), "'a' ? x");
  assert.equal(tested("new Set(['a']).has(x);"), "'a' ? x");
  assert.equal(tested("const S = new Set(['a']);\nS.has(x);"), "'a' ? x");
});

test('anything else is no membership test', () => {
  assert.equal(tested('list.includes(x);'), undefined);
  assert.equal(tested("['a'].includes(x, 1);"), undefined);
  assert.equal(tested("new Map([['a', 1]]).has(x);"), undefined);
  assert.equal(tested("'abc'.includes(x);"), undefined);
});

test("a Set of names tested with a part's tool name is compared with each", () => {
  const scan = scanSource(
    '/virtual/ui.ts',
    "export const isSearch = (part: { toolName: string }) => new Set(['search.web', 'fetch']).has(part.toolName);\n",
  );
  assert.deepEqual(
    scan.comparisons.map((c) => c.value),
    ['search.web', 'fetch'],
  );
});
