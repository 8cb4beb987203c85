/**
 * A record filled from a table of specs, in the scope that declares it:
 *
 *   const workers: Record<string, Agent> = { 'debug-agent': debugAgent };
 *   for (const spec of WORKER_SPECS) workers[spec.key] = buildWorker(spec);
 *
 * Its keys are the literal's and each spec's `key`, when WORKER_SPECS is an array written out as
 * object literals whose `key` is a string the scan reads. Read only when every write to the record
 * is such an assignment, in a `for…of` straight in the declaring scope (not in a branch or a
 * function called who knows when); anything else leaves the record known only at run time.
 */
import type { ObjectLiteralExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.ts';
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

export function specLoop(id: Node): SpecLoop | undefined {
  const found = recordChanges(id);
  const init = found?.decl.getInitializer();
  const literal = init && unwrap(init);
  if (!found || !literal || !Node.isObjectLiteralExpression(literal)) return undefined;
  // One loop, one plain write: anything else is not a table's keys.
  const [change, ...more] = found.changes;
  if (!change || more.length > 0 || change.kind !== 'write') return undefined;
  if (change.assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
  const scope = found.fn ?? found.decl.getSourceFile();
  const read = tableWrite(change.access, change.assignment.getRight(), scope);
  return read ? { literal, ...read } : undefined;
}

/** `rec[spec.prop] = value` in `for (const spec of TABLE)` straight in `scope`. */
function tableWrite(
  access: Node,
  value: Node,
  scope: Node,
): { keys: SpecKey[]; loop: Node } | undefined {
  if (!Node.isElementAccessExpression(access)) return undefined;
  const index = unwrap(access.getArgumentExpression()!);
  if (!Node.isPropertyAccessExpression(index)) return undefined;
  const item = index.getExpression();
  const prop = index.getName();
  const loop = access.getFirstAncestorByKind(SyntaxKind.ForOfStatement);
  if (!loop || !Node.isIdentifier(item)) return undefined;
  const declared = loop.getInitializer();
  const binding = Node.isVariableDeclarationList(declared)
    ? declared.getDeclarations()[0]?.getNameNode()
    : undefined;
  if (!binding || !Node.isIdentifier(binding) || binding.getText() !== item.getText())
    return undefined;
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
  const table = resolveValue(loop.getExpression());
  if (!Node.isArrayLiteralExpression(table)) return undefined;
  const keys: SpecKey[] = [];
  for (const element of table.getElements()) {
    const spec = resolveValue(element);
    if (!Node.isObjectLiteralExpression(spec)) return undefined;
    const keyProp = spec.getProperty(prop);
    if (!keyProp || !Node.isPropertyAssignment(keyProp)) return undefined;
    const key = staticString(keyProp.getInitializerOrThrow());
    if (key === undefined) return undefined;
    keys.push({ key, at: keyProp.getInitializerOrThrow(), value });
  }
  return { keys, loop };
}
