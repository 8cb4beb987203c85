/**
 * Tool names compared without `===`: the keys of a table looked up by a tool name
 * (`DEPENDENCIES[toolName]`), and strings tested against a Set that holds only tool names
 * (`called.add(call.toolName)` ... `called.has('lookup_order')`), including the strings of a
 * table's lists that a callback walks (`deps.every((dep) => called.has(dep))`). A key or string
 * that is not the name the model calls the tool never matches, like a stale `===`.
 */
import { Node, SyntaxKind, ts, type CallExpression, type SourceFile } from '../../ts-morph.ts';
import { calledMethod, descendantsOfKind, resolveValue, unwrap } from '../ast.ts';

/** Strings compared with one tool-name expression, and the other strings of the same test. */
export interface LookupGroup {
  compared: Node;
  /** String literals, or the name nodes of plain object keys. */
  members: Node[];
}

const STRING = (n: Node) => Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n);

/** The name nodes of an object literal's keys, or undefined when one is computed or spread. */
function keyNodes(table: Node): Node[] | undefined {
  if (!Node.isObjectLiteralExpression(table)) return undefined;
  const out: Node[] = [];
  for (const prop of table.getProperties()) {
    if (!Node.isPropertyAssignment(prop)) return undefined;
    const name = prop.getNameNode();
    if (!Node.isIdentifier(name) && !Node.isStringLiteral(name)) return undefined;
    out.push(name);
  }
  return out;
}

/** `TABLE[x]` where TABLE is an object literal of this program: the table. */
function tableOf(access: Node): Node | undefined {
  if (!Node.isElementAccessExpression(access)) return undefined;
  const table = resolveValue(access.getExpression());
  return Node.isObjectLiteralExpression(table) ? table : undefined;
}

/**
 * The string literals a list expression holds: an array literal, or `TABLE[x]` (every list the
 * table's values hold), through `const` variables and `?? []`.
 */
function listStrings(expr: Node, depth = 0): Node[] {
  if (depth > 4) return [];
  let value = unwrap(expr);
  if (Node.isBinaryExpression(value) && ['??', '||'].includes(value.getOperatorToken().getText()))
    return [
      ...listStrings(value.getLeft(), depth + 1),
      ...listStrings(value.getRight(), depth + 1),
    ];
  value = resolveValue(value);
  if (Node.isArrayLiteralExpression(value))
    return value.getElements().filter((e) => STRING(unwrap(e)));
  const table = tableOf(value);
  if (!table || !Node.isObjectLiteralExpression(table)) return [];
  return table
    .getProperties()
    .flatMap((p) =>
      Node.isPropertyAssignment(p) ? listStrings(p.getInitializerOrThrow(), depth + 1) : [],
    );
}

const WALKS = new Set(['every', 'some', 'filter', 'find', 'findIndex', 'forEach', 'map']);

/** The strings a tested value can be: a literal, or the element a callback over a list is given. */
function testedStrings(expr: Node): Node[] {
  const value = unwrap(expr);
  if (STRING(value)) return [value];
  if (!Node.isIdentifier(value)) return [];
  const decls = value.getSymbol()?.getDeclarations() ?? [];
  const param = decls.length === 1 ? decls[0] : undefined;
  if (!param || !Node.isParameterDeclaration(param) || !Node.isIdentifier(param.getNameNode()))
    return [];
  const fn = param.getParent();
  if (
    !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) ||
    fn.getParameters()[0] !== param
  )
    return [];
  const call = fn.getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments()[0] !== fn) return [];
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || !WALKS.has(callee.getName())) return [];
  return listStrings(callee.getExpression());
}

/** `x.add(...)` / `x.has(...)` calls on a plain variable, by the variable's declaration. */
function setCalls(file: SourceFile, method: string): Map<Node, CallExpression[]> {
  const out = new Map<Node, CallExpression[]>();
  const called = (n: ts.Node) => calledMethod(n) === method;
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, called)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const target = unwrap(callee.getExpression());
    if (!Node.isIdentifier(target) || call.getArguments().length !== 1) continue;
    const decls = target.getSymbol()?.getDeclarations() ?? [];
    if (decls.length !== 1) continue;
    const list = out.get(decls[0]!) ?? [];
    list.push(call);
    out.set(decls[0]!, list);
  }
  return out;
}

/** A variable declared `new Set()` or `new Set<string>()`: filled only by `.add` calls. */
function isEmptySet(decl: Node): boolean {
  if (!Node.isVariableDeclaration(decl)) return false;
  const init = decl.getInitializer();
  const made = init ? unwrap(init) : undefined;
  return (
    made !== undefined &&
    Node.isNewExpression(made) &&
    made.getExpression().getText() === 'Set' &&
    (made.getArguments()?.length ?? 0) === 0
  );
}

export function lookupGroups(file: SourceFile, isToolName: (n: Node) => boolean): LookupGroup[] {
  const out: LookupGroup[] = [];
  const tables = new Set<Node>();
  for (const access of descendantsOfKind(file, SyntaxKind.ElementAccessExpression)) {
    const arg = access.getArgumentExpression();
    const table = tableOf(access);
    // A table of another file is read from that file, once.
    if (table?.getSourceFile() !== file) continue;
    const keys = table ? keyNodes(table) : undefined;
    if (!table || !arg || !keys?.length || tables.has(table) || !isToolName(arg)) continue;
    tables.add(table);
    out.push({ compared: arg, members: keys });
  }
  const adds = setCalls(file, 'add');
  for (const [decl, has] of setCalls(file, 'has')) {
    const added = (adds.get(decl) ?? []).map((c) => c.getArguments()[0]!);
    // Only a Set that nothing but tool names go into holds tool names.
    if (!isEmptySet(decl) || added.length === 0 || !added.every(isToolName)) continue;
    const members = has.flatMap((c) => testedStrings(c.getArguments()[0]!));
    if (members.length) out.push({ compared: added[0]!, members: [...new Set(members)] });
  }
  return out;
}
