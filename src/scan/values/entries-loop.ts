/**
 * A record a function fills in a loop over another map's entries has that map's keys:
 *
 *   const tools = {};
 *   for (const [key, tool] of Object.entries(readTools)) tools[key] = wrap(tool);
 *   return tools;
 *
 * Mastra offers each tool under `key`, so the keys are those of `readTools`: an object the scan
 * reads like any map, or a namespace import (`import * as readTools from './read'`), whose keys are
 * the module's exports. Read only when every write to the record is such a loop's `record[key] = …`
 * of a value that comes from the loop's own value; any other write leaves it known only at run time.
 */
import type { Identifier, SourceFile } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { unwrap } from '../ast.ts';
import { isFunction } from './map-walk.ts';
import { recordChanges } from './record-changes.ts';

export interface EntriesLoop {
  /** The map whose entries the loop reads (`readTools` of `Object.entries(readTools)`). */
  source: Node;
  /** The `Object.entries(...)` call, where the keys come from. */
  call: Node;
  /** Inside an `if` or another branch of the function: only on some paths. */
  conditional: boolean;
}

/** The loops that fill the record `id` names, or undefined when anything else writes to it. */
export function entriesLoops(id: Node): EntriesLoop[] | undefined {
  const found = recordChanges(id);
  const init = found?.decl.getInitializer();
  if (!found?.fn || !init) return undefined;
  const start = unwrap(init);
  if (!Node.isObjectLiteralExpression(start) || start.getProperties().length > 0) return undefined;
  const loops = new Map<Node, EntriesLoop>();
  for (const change of found.changes) {
    if (change.kind !== 'write') return undefined;
    const loop = Node.isElementAccessExpression(change.access)
      ? loopOf(change.access, change.assignment)
      : undefined;
    if (!loop) return undefined;
    loops.set(loop.call, loop);
  }
  return loops.size > 0 ? [...loops.values()] : undefined;
}

/** `record[key] = value(tool)` inside `for (const [key, tool] of Object.entries(source))`. */
function loopOf(access: Node, assignment: Node): EntriesLoop | undefined {
  if (!Node.isElementAccessExpression(access) || !Node.isBinaryExpression(assignment))
    return undefined;
  if (assignment.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
  const keyRef = unwrap(access.getArgumentExpression() ?? access);
  const keyDecl = Node.isIdentifier(keyRef) ? keyRef.getSymbol()?.getDeclarations()[0] : undefined;
  const pattern = keyDecl?.getParent();
  if (!keyDecl || !Node.isBindingElement(keyDecl) || !Node.isArrayBindingPattern(pattern))
    return undefined;
  const [first, second] = pattern.getElements();
  if (first !== keyDecl || !second || !Node.isBindingElement(second)) return undefined;
  const loop = pattern.getFirstAncestorByKind(SyntaxKind.ForOfStatement);
  const list = loop?.getInitializer();
  if (!loop || !list || pattern.getParent()?.getParent() !== list) return undefined;
  if (!loop.getStatement().containsRange(assignment.getPos(), assignment.getEnd()))
    return undefined;
  const call = unwrap(loop.getExpression());
  if (!Node.isCallExpression(call) || call.getExpression().getText() !== 'Object.entries')
    return undefined;
  const source = call.getArguments()[0];
  if (!source || !fromLoopValue(assignment.getRight(), second.getNameNode())) return undefined;
  const fn = loop.getFirstAncestor(isFunction);
  const conditional = loop
    .getAncestors()
    .some(
      (a) =>
        a !== fn &&
        (Node.isIfStatement(a) || Node.isConditionalExpression(a) || Node.isCaseClause(a)) &&
        fn !== undefined &&
        fn.containsRange(a.getPos(), a.getEnd()),
    );
  return { source: unwrap(source), call, conditional };
}

/**
 * The written value reads the loop's value, directly or through a `const t = tool as Tool` of the
 * loop body: `tool`, `wrap(t, ...)`, `shouldLog ? wrap(t) : t`.
 */
function fromLoopValue(value: Node, binding: Node): boolean {
  if (!Node.isIdentifier(binding)) return false;
  const names = new Set([binding.getText()]);
  const body = binding.getFirstAncestorByKind(SyntaxKind.ForOfStatement)?.getStatement();
  for (const v of body?.getDescendantsOfKind(SyntaxKind.VariableDeclaration) ?? []) {
    const init = v.getInitializer();
    if (init && Node.isIdentifier(unwrap(init)) && names.has(unwrap(init).getText()))
      names.add(v.getName());
  }
  const ids = [value, ...value.getDescendants()].filter(Node.isIdentifier);
  return ids.some((i) => names.has(i.getText()));
}

/** The module a namespace import (`import * as readTools from './read'`) names, when it is read. */
export function namespaceModule(node: Node): SourceFile | undefined {
  if (!Node.isIdentifier(node)) return undefined;
  const decl = node.getSymbol()?.getDeclarations().find(Node.isNamespaceImport);
  const imp = decl?.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
  return imp?.getModuleSpecifierSourceFile();
}

/** The module's exported variables: the name each is exported as, and its declaration's name. */
export function exportedValues(file: SourceFile): Array<{ name: string; nameNode: Identifier }> {
  const out: Array<{ name: string; nameNode: Identifier }> = [];
  for (const [name, decls] of file.getExportedDeclarations()) {
    const decl = decls[0];
    if (name === 'default' || decls.length !== 1 || !Node.isVariableDeclaration(decl)) continue;
    const nameNode = decl.getNameNode();
    if (Node.isIdentifier(nameNode) && decl.getInitializer()) out.push({ name, nameNode });
  }
  return out;
}
