/**
 * What a destructured binding resolves to (`resolveValue` in src/scan/ast.ts): the element or the
 * property value when the code says which, and nothing (the binding itself) when it does not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createInMemoryProject } from '../src/scan/files/project.ts';
import { resolveValue } from '../src/scan/ast.ts';
import { SyntaxKind } from '../src/ts-morph.ts';

/** The text `name` resolves to where `use(name)` is written in `code`. */
function resolved(code: string, name: string): string {
  const sf = createInMemoryProject().createSourceFile('/app.ts', `${code}\nuse(${name});\n`);
  const call = sf
    .getStatements()
    .at(-1)!
    .getFirstDescendantByKindOrThrow(SyntaxKind.CallExpression);
  return resolveValue(call.getArguments()[0]!).getText();
}

test('the element or property the code names', () => {
  assert.equal(resolved('const [a, b] = [one, two];', 'b'), 'two');
  assert.equal(resolved('const [a] = await Promise.all([make(), other()]);', 'a'), 'make()');
  assert.equal(resolved('const { a } = { a: one, b: two };', 'a'), 'one');
  assert.equal(resolved('function f() { return { a: one }; }\nconst { a: x } = f();', 'x'), 'one');
  assert.equal(
    resolved('async function f() { return { a: one }; }\nconst { a } = await f();', 'a'),
    'one',
  );
});

test('nothing where the code does not say which value it is', () => {
  const cases: Array<[string, string]> = [
    // Not awaited: the binding reads a property of a Promise.
    ['async function f() { return { a: one }; }\nconst { a } = f();', 'a'],
    // A generator returns an iterator, not the object it returns at the end.
    ['function* f() { return { a: one }; }\nconst { a } = f();', 'a'],
    // A computed key or a spread may write `a` too; a getter is not a value written.
    ["const k = 'a';\nconst { a } = { a: one, [k]: two };", 'a'],
    ['const { a } = { a: one, ...rest };', 'a'],
    ['const { a } = { a: one, get a() { return two; } };', 'a'],
    // Two return paths, a rest element, a default, a spread before the element.
    [
      'function f(x: boolean) { if (x) return { a: one }; return { a: two }; }\nconst { a } = f(true);',
      'a',
    ],
    ['const [...a] = [one];', 'a'],
    ['const [a = two] = [one];', 'a'],
    ['const [, a] = [...list, one];', 'a'],
  ];
  for (const [code, name] of cases) assert.equal(resolved(code, name), name, code);
});

test('a let or var is its initializer only while nothing assigns it again', () => {
  assert.equal(resolved('let tools = { a };', 'tools'), '{ a }');
  assert.equal(resolved('var tools = { a };\nconst other = 1;\nother == tools;', 'tools'), '{ a }');
  // Started empty and assigned once (in a try block): what that assignment gives, when anything.
  assert.equal(
    resolved('let tools = {};\ntry { tools = sets["x"] ?? {}; } catch {}', 'tools'),
    'sets["x"] ?? {}',
  );
  // Assigned twice, from itself, by a compound operator, through ++: its value is unknown.
  assert.equal(
    resolved('let tools = {};\ntry { tools = sets["x"]; } catch { tools = sets["y"]; }', 'tools'),
    'tools',
  );
  assert.equal(resolved('let tools = {};\ntools = { ...tools, ...more };', 'tools'), 'tools');
  assert.equal(resolved('let tools = { a };\ntools = more;', 'tools'), 'tools');
  assert.equal(resolved('let tools = {};\ntools ??= more;', 'tools'), 'tools');
  assert.equal(resolved('let n = 1;\nn++;', 'n'), 'n');
  // Another variable of the same name in an inner scope is not this one.
  assert.equal(
    resolved('let tools = { a };\nfunction f() { let tools = 1; tools = 2; }', 'tools'),
    '{ a }',
  );
  // ...nor the other way round: the outer one is assigned, the inner one is not.
  assert.equal(
    resolved('let tools = {};\ntools = more;\nfunction f() { let tools = { b }; }', 'tools'),
    'more',
  );
  // A const is never assigned again.
  assert.equal(resolved('const tools = { a };', 'tools'), '{ a }');
});
