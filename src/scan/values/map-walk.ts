/**
 * The state of one read of a tool map (tool-map.ts, through-code.ts) and how it reports what it
 * cannot read: an unresolved entry at the code the user wrote, with a reason.
 */
import { Node, ts } from '../../ts-morph.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import { locate, resolveValue, unwrap, wrappedNode, type ScanContext } from '../ast.ts';
import type { KeyKind, Location, ToolSet, ToolValue } from '../model.ts';
import { numericKey, staticString } from './static-value.ts';
import type { ValueContext } from './tool-value.ts';

export interface MapContext extends ScanContext, ValueContext {}

export interface Walk {
  origin: ToolOrigin;
  conditional: boolean;
  via: Location[];
  toolset?: string;
  seen: Set<Node>;
  /** Inside a helper the map was passed to (`tools: wrapTools({...})`): its parameters' arguments. */
  call?: HelperCall;
  /** Inside a function given as the map (`tools: async ({ requestContext }) => ...`). */
  dynamic?: boolean;
  /** Reading a call's arguments for the keys they write: the type checker is not asked. */
  syntaxOnly?: boolean;
}

export interface HelperCall {
  node: Node;
  name: string;
  bindings: Map<Node, Node>;
  /** The outermost call, the one written in the tool map: what is reported, and typed. */
  top: Node;
  /** The helper call this one is made in, when the walk followed one into another. */
  outer?: HelperCall;
}

/** Reads the map at `node` into `set` (tool-map.ts's reader, passed to the modules it calls). */
export type Collect = (ctx: MapContext, node: Node, set: ToolSet, walk: Walk) => void;

export function emptyToolSet(): ToolSet {
  return { entries: [], unresolved: [], runtime: [] };
}

export function merge(into: ToolSet, from: ToolSet): void {
  into.entries.push(...from.entries);
  into.unresolved.push(...from.unresolved);
  into.runtime.push(...from.runtime);
}

export function isFunction(node: Node): boolean {
  return (
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node)
  );
}

/** The return expressions of a function (arrow body or `return` statements, not nested functions). */
export function returnedExpressions(fn: Node): Node[] {
  if (Node.isArrowFunction(fn) && !Node.isBlock(fn.getBody())) return [fn.getBody()];
  const body =
    Node.isFunctionDeclaration(fn) ||
    Node.isFunctionExpression(fn) ||
    Node.isArrowFunction(fn) ||
    Node.isMethodDeclaration(fn)
      ? fn.getBody()
      : undefined;
  if (!body) return [];
  const file = body.getSourceFile();
  return statementsOf(body.compilerNode, ts.SyntaxKind.ReturnStatement).flatMap((ret) =>
    ret.expression ? [wrappedNode<Node>(file, ret.expression)] : [],
  );
}

/** Kinds whose body is another function's: their `return`s and `throw`s are not this one's. */
const OWN_BODY = new Set([
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.GetAccessor,
]);

/**
 * The `return` (or `throw`) statements of a function body, not of functions nested in it. Walks
 * compiler nodes and wraps only what it finds: wrapping every node of every tool's `execute` cost
 * a tenth of a second on a 77-agent app.
 */
export function statementsOf(
  body: ts.Node,
  kind: typeof ts.SyntaxKind.ReturnStatement,
): ts.ReturnStatement[];
export function statementsOf(
  body: ts.Node,
  kind: typeof ts.SyntaxKind.ThrowStatement,
): ts.ThrowStatement[];
export function statementsOf(body: ts.Node, kind: ts.SyntaxKind): ts.Node[] {
  const found: ts.Node[] = [];
  const visit = (n: ts.Node): void => {
    if (n.kind === kind) found.push(n);
    if (!OWN_BODY.has(n.kind)) ts.forEachChild(n, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** The argument a helper's parameter was given at the call being followed. */
export function boundArgument(id: Node, walk: Walk): Node | undefined {
  for (const decl of id.getSymbol()?.getDeclarations() ?? []) {
    const arg = walk.call?.bindings.get(decl);
    if (arg) return arg;
  }
  return undefined;
}

/**
 * What `expr` holds at the call being followed: a parameter is its argument there, and an argument
 * that is the calling helper's own parameter is that helper's argument, out to the tool map.
 */
export function argumentThrough(expr: Node, walk: Walk): Node {
  let node = unwrap(expr);
  for (let call = walk.call; call && Node.isIdentifier(node); call = call.outer) {
    const decl = node
      .getSymbol()
      ?.getDeclarations()
      .find((d) => call.bindings.has(d));
    if (!decl) break;
    node = unwrap(call.bindings.get(decl)!);
  }
  return resolveValue(node);
}

export function bindingsOf(fn: Node, call: Node): Map<Node, Node> {
  const bindings = new Map<Node, Node>();
  if (
    !Node.isCallExpression(call) ||
    !(Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn) || Node.isArrowFunction(fn))
  )
    return bindings;
  const args = call.getArguments();
  fn.getParameters().forEach((p, i) => {
    if (args[i]) bindings.set(p, args[i]);
  });
  return bindings;
}

export function keyOf(nameNode: Node): { value: string | undefined; kind: KeyKind } {
  if (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode))
    return { value: nameNode.getText(), kind: 'identifier' };
  if (Node.isStringLiteral(nameNode)) return { value: nameNode.getLiteralValue(), kind: 'string' };
  if (Node.isNumericLiteral(nameNode)) return { value: numericKey(nameNode), kind: 'numeric' };
  if (Node.isComputedPropertyName(nameNode)) {
    const inner = unwrap(nameNode.getExpression());
    const kind: KeyKind =
      Node.isTemplateExpression(inner) || Node.isNoSubstitutionTemplateLiteral(inner)
        ? 'template'
        : 'computed';
    return { value: staticString(inner), kind };
  }
  return { value: undefined, kind: 'computed' };
}

/**
 * The value and what identifies it across maps: a built-in by its export, anything else by where
 * its definition is (one `createTool(...)` registered by two agents is one tool).
 */
export function withValueRef(
  ctx: MapContext,
  node: Node,
  value: ToolValue,
): { value: ToolValue; valueRef?: string; valueLocation?: Location } {
  if (value.kind === 'builtin' || value.kind === 'web-search-marker')
    return { value, valueRef: `builtin#${value.exportName}` };
  const def = resolveValue(node);
  if (Node.isIdentifier(def)) return { value };
  const at = locate(ctx, def);
  return { value, valueRef: `${at.file}:${at.start}`, valueLocation: at };
}

export function unresolved(
  ctx: MapContext,
  set: ToolSet,
  walk: Walk,
  node: Node,
  reason: string,
): void {
  if (!walk.call) {
    set.unresolved.push({
      origin: walk.origin,
      location: locate(ctx, node),
      text: node.getText().slice(0, 120),
      reason,
    });
    return;
  }
  // Inside a helper: point at the call the user wrote, and say what the helper was given.
  const at = locate(ctx, node);
  const given = [...walk.call.bindings.values()]
    .map((arg) => resolveValue(arg))
    .filter(Node.isObjectLiteralExpression);
  const keys = given.flatMap((o) =>
    o
      .getProperties()
      .map((p) =>
        Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p)
          ? keyOf(p.getNameNode()).value
          : undefined,
      )
      .filter((k): k is string => k !== undefined),
  );
  const top = walk.call.top;
  set.unresolved.push({
    origin: walk.origin,
    location: locate(ctx, top),
    text: top.getText().slice(0, 120),
    reason: `${walk.call.name} builds the map at run time (${reason}, at ${at.file}:${at.line})${keys.length ? `; if it keeps the keys it is given, they are ${keys.map((k) => `"${k}"`).join(', ')}` : ''}`,
  });
}
