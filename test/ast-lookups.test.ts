/**
 * The fast lookups of src/scan/ast.ts against the ts-morph calls they stand in for: `nodeAtSpan`
 * finds the node `getDescendantAtStartWithWidth` finds, and `descendantsOfKind` with a compiler-node
 * filter returns the same wrapped nodes as filtering the unfiltered list, and `mastraExport`'s
 * remembered answers are dropped with the checker they came from.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calledMethod, descendantsOfKind, mastraExport, nodeAtSpan } from '../src/scan/ast.ts';
import { createInMemoryProject } from '../src/scan/files/project.ts';
import { Node, SyntaxKind, ts } from '../src/ts-morph.ts';

const CODE = `import { Agent } from '@mastra/core/agent';
/** A doc comment the start of a node never includes. */
export const agent = new Agent({
  name: 'a',
  tools: { 'search.web': search, ['x' + y]: other, ...more() },
  instructions: \`Use \${name} first\`,
});
const picked = table[key] ?? (list.includes(name) ? tools.get(name) : undefined);
if (part.toolName === 'a' || part.toolName !== "b" || a == b || c != d || e < f) run(agent.generate('x'));
switch (kind) { case 'a': break; }
`;

test('nodeAtSpan finds the node getDescendantAtStartWithWidth finds, for every node', () => {
  const sf = createInMemoryProject().createSourceFile('/app.ts', CODE);
  let checked = 0;
  sf.forEachDescendant((node) => {
    const start = node.getStart();
    const width = node.getEnd() - start;
    const expected = sf.getDescendantAtStartWithWidth(start, width);
    assert.equal(nodeAtSpan(sf, start, width), expected, `${node.getKindName()} at ${start}`);
    checked++;
  });
  assert.ok(checked > 100, `only ${checked} nodes`);
  // A span no node has: nothing, as ts-morph answers.
  const start = CODE.indexOf('tools:');
  assert.equal(nodeAtSpan(sf, start, 3), undefined);
  assert.equal(sf.getDescendantAtStartWithWidth(start, 3), undefined);
});

test('descendantsOfKind with a filter keeps what filtering the whole list keeps, same objects', () => {
  const sf = createInMemoryProject().createSourceFile('/app.ts', CODE);
  const includes = (n: ts.Node) => calledMethod(n) === 'includes';
  const filtered = descendantsOfKind(sf, SyntaxKind.CallExpression, includes);
  const all = descendantsOfKind(sf, SyntaxKind.CallExpression).filter((c) => {
    const callee = c.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'includes';
  });
  assert.equal(filtered.length, 1);
  assert.deepEqual(filtered, all);
  assert.equal(filtered[0]!.getText(), 'list.includes(name)');
  // Indexed kinds come from one walk, in document order, as ts-morph lists them.
  for (const kind of [SyntaxKind.ElementAccessExpression, SyntaxKind.BinaryExpression]) {
    assert.deepEqual(descendantsOfKind(sf, kind), sf.getDescendantsOfKind(kind));
  }
  const methods = descendantsOfKind(sf, SyntaxKind.CallExpression).map((c) =>
    calledMethod(c.compilerNode),
  );
  assert.deepEqual(methods, [undefined, 'includes', 'get', undefined, 'generate']);
});

test("mastraExport's remembered answers end with the program: a file taken out is seen", () => {
  const project = createInMemoryProject();
  const reexport = project.createSourceFile(
    '/lib.ts',
    "export { Agent as Helper } from '@mastra/core/agent';",
  );
  const app = project.createSourceFile(
    '/app.ts',
    "import { Helper } from './lib';\nexport const a = new Helper({ name: 'a' });\nexport const b = new Helper({ name: 'b' });",
  );
  const [first, second] = app
    .getDescendantsOfKind(SyntaxKind.NewExpression)
    .map((n) => n.getExpression());
  assert.ok(first && second);
  const agent = { module: '@mastra/core/agent', exportName: 'Agent' };
  assert.deepEqual(mastraExport(first), agent);
  assert.deepEqual(mastraExport(first), agent, 'asked again');
  assert.deepEqual(mastraExport(second), agent);
  // The scan takes a file it cannot analyse out of the project and runs again (scan.ts).
  project.removeSourceFile(reexport);
  assert.equal(mastraExport(first), undefined);
  assert.equal(mastraExport(second), undefined);
});
