/**
 * A record filled from a table of specs, in the scope that declares it:
 *
 *   const workers: Record<string, Agent> = { 'debug-agent': debugAgent };
 *   for (const spec of WORKER_SPECS) workers[spec.key] = buildWorker(spec);
 *
 * Its keys are the literal's and each spec's `key`, when WORKER_SPECS is an array written out as
 * object literals whose `key` is a string the scan reads. A list of names works the same way
 * (`for (const name of toolNames) picked[`${SERVER}_${name}`] = tools[...]`, an MCP server's tools
 * picked by name), the list read through the helper calls that pass it; a `new Set([...])` of names
 * too, and several such loops (a free and a gated set of tools). Read only when every write to the
 * record is such an assignment, each in its own `for…of` straight in the declaring scope (not in a
 * branch or a function called who knows when); anything else leaves the record known only at run
 * time.
 */
import type { ObjectLiteralExpression } from 'ts-morph';
import { Node, SyntaxKind, VariableDeclarationKind } from '../../ts-morph.ts';
import { resolveValue, unwrap } from '../ast.ts';
import { recordChanges } from './record-changes.ts';
import { staticString } from './static-value.ts';

export interface SpecKey {
  key: string;
  /** Where the key is written: the spec's property. */
  at: Node;
  /** What is stored under it. */
  value: Node;
}

export interface SpecLoop {
  /** The record's literal (its own entries). */
  literal: ObjectLiteralExpression;
  keys: SpecKey[];
  /** The `for…of` statement, for the reason. */
  loop: Node;
}

export function specLoop(
  id: Node,
  list: (expr: Node) => Node = resolveValue,
): SpecLoop | undefined {
  const found = recordChanges(id);
  const init = found?.decl.getInitializer();
  const literal = init && unwrap(init);
  if (!found || !literal || !Node.isObjectLiteralExpression(literal)) return undefined;
  // Plain writes, each in its own loop over a table (`for (const n of FREE) ...; for (const n of
  // GATED) ...`): anything else is not a table's keys.
  if (found.changes.length === 0) return undefined;
  const scope = found.fn ?? found.decl.getSourceFile();
  const keys: SpecKey[] = [];
  const loops = new Set<Node>();
  for (const change of found.changes) {
    if (change.kind !== 'write') return undefined;
    if (change.assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
    const read = tableWrite(change.access, change.assignment.getRight(), scope, list);
    if (!read || loops.has(read.loop)) return undefined;
    loops.add(read.loop);
    keys.push(...read.keys);
  }
  return { literal, keys, loop: [...loops][0]! };
}

/** The elements of a table: an array literal, or the array a `new Set([...])` is made of. */
function tableElements(table: Node, list: (expr: Node) => Node): Node[] | undefined {
  if (Node.isArrayLiteralExpression(table)) return table.getElements();
  if (Node.isNewExpression(table) && table.getExpression().getText() === 'Set') {
    const [items, ...rest] = table.getArguments();
    const array = items && rest.length === 0 ? list(unwrap(items)) : undefined;
    return array && Node.isArrayLiteralExpression(array) ? array.getElements() : undefined;
  }
  return undefined;
}

/**
 * The key one element gives: `rec[spec.prop]` reads the spec's property; `rec[name]`, or a
 * `${PREFIX}_${name}` template (directly or through a `const` of the loop's body), is the element
 * itself, a string, with constants around it (a subset of an MCP server's tools picked by name).
 */
function keyReader(index: Node, item: string): ((element: Node) => string | undefined) | undefined {
  if (Node.isPropertyAccessExpression(index)) {
    if (index.getExpression().getText() !== item) return undefined;
    const prop = index.getName();
    return (element) => {
      const spec = resolveValue(element);
      if (!Node.isObjectLiteralExpression(spec)) return undefined;
      const keyProp = spec.getProperty(prop);
      return keyProp && Node.isPropertyAssignment(keyProp)
        ? staticString(keyProp.getInitializerOrThrow())
        : undefined;
    };
  }
  let key = index;
  // `const namespaced = `${SERVER}_${name}`` in the loop, then `rec[namespaced]`.
  if (Node.isIdentifier(key) && key.getText() !== item) {
    const decl = key.getSymbol()?.getDeclarations()[0];
    const list = decl?.getParent();
    const init =
      Node.isVariableDeclaration(decl) &&
      Node.isVariableDeclarationList(list) &&
      list.getDeclarationKind() === VariableDeclarationKind.Const
        ? decl.getInitializer()
        : undefined;
    if (!init) return undefined;
    key = unwrap(init);
  }
  if (Node.isIdentifier(key) && key.getText() === item) return (element) => staticString(element);
  if (!Node.isTemplateExpression(key)) return undefined;
  const spans = key.getTemplateSpans();
  return (element) => {
    let text = key.getHead().getLiteralText();
    for (const span of spans) {
      const part = unwrap(span.getExpression());
      const value =
        Node.isIdentifier(part) && part.getText() === item
          ? staticString(element)
          : staticString(part);
      if (value === undefined) return undefined;
      text += value + span.getLiteral().getLiteralText();
    }
    return text;
  };
}

/** `rec[KEY] = value` in `for (const item of TABLE)` straight in `scope`. */
function tableWrite(
  access: Node,
  value: Node,
  scope: Node,
  list: (expr: Node) => Node,
): { keys: SpecKey[]; loop: Node } | undefined {
  if (!Node.isElementAccessExpression(access)) return undefined;
  const index = unwrap(access.getArgumentExpression()!);
  const loop = access.getFirstAncestorByKind(SyntaxKind.ForOfStatement);
  if (!loop) return undefined;
  const declared = loop.getInitializer();
  const binding = Node.isVariableDeclarationList(declared)
    ? declared.getDeclarations()[0]?.getNameNode()
    : undefined;
  if (!binding || !Node.isIdentifier(binding)) return undefined;
  const keyOf = keyReader(index, binding.getText());
  if (!keyOf) return undefined;
  // The loop runs once, in the scope that declares the record: no branch, no nested function.
  let p: Node | undefined = loop.getParent();
  while (p && p !== scope) {
    if (!Node.isBlock(p) && !Node.isSourceFile(p)) return undefined;
    p = p.getParent();
  }
  if (p !== scope) return undefined;
  // The write is a statement of the loop's body, not under an `if` or in a nested function.
  for (let q = access.getParent()?.getParent(); q !== loop; q = q.getParent()) {
    if (!q || !(Node.isExpressionStatement(q) || Node.isBlock(q))) return undefined;
  }
  const elements = tableElements(list(loop.getExpression()), list);
  if (!elements) return undefined;
  const keys: SpecKey[] = [];
  for (const element of elements) {
    const key = keyOf(element);
    if (key === undefined) return undefined;
    keys.push({ key, at: element, value });
  }
  return { keys, loop };
}
