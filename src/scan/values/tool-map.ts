/**
 * Reads a tool map (`tools`, `agents`, `workflows`, `toolsets`, `clientTools`) into entries: object
 * literals, identifiers and imports, spreads, functions with every return path, conditionals. What
 * it cannot read becomes an unresolved or runtime entry, never a silent omission.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import { locate, resolveValue, unwrap, type ScanContext } from '../ast.ts';
import type { KeyKind, Location, ToolSet, ToolValue } from '../model.ts';
import { numericKey, staticString } from './static-value.ts';
import { builtinIdKey, classifyValue, type ValueContext } from './tool-value.ts';
import { runtimeSource } from './runtime-tools.ts';

export interface MapContext extends ScanContext, ValueContext {}

interface Walk {
  origin: ToolOrigin;
  conditional: boolean;
  via: Location[];
  toolset?: string;
  seen: Set<Node>;
  /** Inside a helper the map was passed to (`tools: wrapTools({...})`): its parameters' arguments. */
  call?: { node: Node; name: string; bindings: Map<Node, Node> };
}

/** The argument a helper's parameter was given at the call being followed. */
function boundArgument(id: Node, walk: Walk): Node | undefined {
  for (const decl of id.getSymbol()?.getDeclarations() ?? []) {
    const arg = walk.call?.bindings.get(decl);
    if (arg) return arg;
  }
  return undefined;
}

function bindingsOf(fn: Node, call: Node): Map<Node, Node> {
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

export function emptyToolSet(): ToolSet {
  return { entries: [], unresolved: [], runtime: [] };
}

export function readToolMap(
  ctx: MapContext,
  node: Node,
  origin: ToolOrigin,
  toolset?: string,
): ToolSet {
  const set = emptyToolSet();
  collect(ctx, node, set, {
    origin,
    conditional: false,
    via: [],
    seen: new Set(),
    ...(toolset === undefined ? {} : { toolset }),
  });
  return set;
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
  return body
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter(
      (ret) =>
        ret.getFirstAncestor(
          (a) => isFunction(a) || Node.isMethodDeclaration(a) || Node.isGetAccessorDeclaration(a),
        ) === fn,
    )
    .map((ret) => ret.getExpression())
    .filter((e): e is NonNullable<typeof e> => e !== undefined);
}

function isFunction(node: Node): boolean {
  return (
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node)
  );
}

function collect(ctx: MapContext, node: Node, set: ToolSet, walk: Walk): void {
  const raw = unwrap(node);
  const expr = Node.isAwaitExpression(raw) ? unwrap(raw.getExpression()) : raw;
  if (walk.seen.has(expr)) return;
  walk.seen.add(expr);

  const runtime = runtimeSource(ctx, expr, walk.origin);
  if (runtime) {
    set.runtime.push(runtime);
    return;
  }
  if (Node.isIdentifier(expr) || Node.isPropertyAccessExpression(expr)) {
    const value = resolveValue(expr);
    if (value !== expr)
      return collect(ctx, value, set, { ...walk, via: [...walk.via, locate(ctx, expr)] });
  }
  if (Node.isObjectLiteralExpression(expr)) return readObject(ctx, expr, set, walk);
  if (Node.isConditionalExpression(expr)) {
    for (const branch of [expr.getWhenTrue(), expr.getWhenFalse()])
      collect(ctx, branch, set, { ...walk, conditional: true });
    return;
  }
  if (
    Node.isBinaryExpression(expr) &&
    ['??', '||', '&&'].includes(expr.getOperatorToken().getText())
  ) {
    for (const side of [expr.getLeft(), expr.getRight()])
      collect(ctx, side, set, { ...walk, conditional: true });
    return;
  }
  if (isFunction(expr)) {
    const returns = returnedExpressions(expr);
    if (returns.length === 0)
      return unresolved(ctx, set, walk, expr, 'a function with no return value we can read');
    for (const ret of returns)
      collect(ctx, ret, set, { ...walk, conditional: walk.conditional || returns.length > 1 });
    return;
  }
  if (Node.isCallExpression(expr)) {
    const callee = resolveValue(expr.getExpression());
    if (isFunction(callee)) {
      const call = {
        node: expr,
        name: expr.getExpression().getText().slice(0, 60),
        bindings: bindingsOf(callee, expr),
      };
      return collect(ctx, callee, set, { ...walk, via: [...walk.via, locate(ctx, expr)], call });
    }
    return unresolved(
      ctx,
      set,
      walk,
      expr,
      `built at run time by ${expr.getExpression().getText()}()`,
    );
  }
  if (Node.isIdentifier(expr)) {
    // A helper that returns its parameter (`wrapTools(tools) { ...; return tools }`) keeps the argument's map.
    const bound = boundArgument(expr, walk);
    if (bound) return collect(ctx, bound, set, { ...walk, call: undefined });
    return unresolved(
      ctx,
      set,
      walk,
      expr,
      `${expr.getText()} has no value we can read statically (a parameter or an untyped binding)`,
    );
  }
  unresolved(ctx, set, walk, expr, `cannot read a tool map from ${expr.getKindName()}`);
}

function unresolved(ctx: MapContext, set: ToolSet, walk: Walk, node: Node, reason: string): void {
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
  set.unresolved.push({
    origin: walk.origin,
    location: locate(ctx, walk.call.node),
    text: walk.call.node.getText().slice(0, 120),
    reason: `${walk.call.name}() builds the map at run time (${reason}, at ${at.file}:${at.line})${keys.length ? `; if it keeps the keys it is given, they are ${keys.map((k) => `"${k}"`).join(', ')}` : ''}`,
  });
}

function readObject(ctx: MapContext, object: Node, set: ToolSet, walk: Walk): void {
  if (!Node.isObjectLiteralExpression(object)) return;
  for (const prop of object.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      collect(ctx, prop.getExpression(), set, { ...walk, via: [...walk.via, locate(ctx, prop)] });
      continue;
    }
    if (Node.isShorthandPropertyAssignment(prop)) {
      const nameNode = prop.getNameNode();
      set.entries.push({
        origin: walk.origin,
        key: nameNode.getText(),
        keyKind: 'shorthand',
        keyText: nameNode.getText(),
        keyLocation: locate(ctx, nameNode),
        ...withValueRef(ctx, nameNode, classifyValue(nameNode, ctx)),
        valueName: nameNode.getText(),
        conditional: walk.conditional,
        via: walk.via,
        ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
      });
      continue;
    }
    if (!Node.isPropertyAssignment(prop)) {
      unresolved(ctx, set, walk, prop, `a ${prop.getKindName()} is not a tool entry we can read`);
      continue;
    }
    const nameNode = prop.getNameNode();
    const key = keyOf(nameNode);
    if (key.value === undefined && Node.isComputedPropertyName(nameNode))
      key.value = builtinIdKey(nameNode.getExpression(), ctx);
    if (key.value === undefined) {
      unresolved(ctx, set, walk, nameNode, `the key ${nameNode.getText()} is computed at run time`);
      continue;
    }
    const init = unwrap(prop.getInitializerOrThrow());
    set.entries.push({
      origin: walk.origin,
      key: key.value,
      keyKind: key.kind,
      keyText: nameNode.getText(),
      keyLocation: locate(ctx, nameNode),
      ...withValueRef(ctx, init, classifyValue(init, ctx)),
      ...(Node.isIdentifier(init) ? { valueName: init.getText() } : {}),
      conditional: walk.conditional,
      via: walk.via,
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
    });
  }
}

/**
 * The value and what identifies it across maps: a built-in by its export, anything else by where
 * its definition is (one `createTool(...)` registered by two agents is one tool).
 */
function withValueRef(
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
