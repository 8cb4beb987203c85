/**
 * Reads a tool map (`tools`, `agents`, `workflows`, `toolsets`, `clientTools`) into entries: object
 * literals, identifiers and imports, spreads, functions with every return path, conditionals. What
 * it cannot read becomes an unresolved or runtime entry, never a silent omission.
 */
import { Node, SyntaxKind } from '../ts-morph.ts';
import type { ToolOrigin } from '../names/normalise.ts';
import { locate, resolveValue, unwrap, type ScanContext } from './ast.ts';
import type { KeyKind, Location, ToolSet } from './model.ts';
import { staticString } from './static-value.ts';
import { builtinIdKey, classifyValue, type ValueContext } from './tool-value.ts';
import { runtimeSource } from './runtime-tools.ts';

export interface MapContext extends ScanContext, ValueContext {}

interface Walk {
  origin: ToolOrigin;
  conditional: boolean;
  via: Location[];
  toolset?: string;
  seen: Set<Node>;
}

export function emptyToolSet(): ToolSet {
  return { entries: [], unresolved: [], runtime: [] };
}

export function readToolMap(ctx: MapContext, node: Node, origin: ToolOrigin, toolset?: string): ToolSet {
  const set = emptyToolSet();
  collect(ctx, node, set, { origin, conditional: false, via: [], seen: new Set(), ...(toolset === undefined ? {} : { toolset }) });
  return set;
}

/** The return expressions of a function (arrow body or `return` statements, not nested functions). */
export function returnedExpressions(fn: Node): Node[] {
  if (Node.isArrowFunction(fn) && !Node.isBlock(fn.getBody())) return [fn.getBody()];
  const body = Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn) || Node.isArrowFunction(fn) || Node.isMethodDeclaration(fn) ? fn.getBody() : undefined;
  if (!body) return [];
  return body
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((ret) => ret.getFirstAncestor((a) => isFunction(a) || Node.isMethodDeclaration(a) || Node.isGetAccessorDeclaration(a)) === fn)
    .map((ret) => ret.getExpression())
    .filter((e): e is NonNullable<typeof e> => e !== undefined);
}

function isFunction(node: Node): boolean {
  return Node.isArrowFunction(node) || Node.isFunctionExpression(node) || Node.isFunctionDeclaration(node);
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
    if (value !== expr) return collect(ctx, value, set, { ...walk, via: [...walk.via, locate(ctx, expr)] });
  }
  if (Node.isObjectLiteralExpression(expr)) return readObject(ctx, expr, set, walk);
  if (Node.isConditionalExpression(expr)) {
    for (const branch of [expr.getWhenTrue(), expr.getWhenFalse()]) collect(ctx, branch, set, { ...walk, conditional: true });
    return;
  }
  if (Node.isBinaryExpression(expr) && ['??', '||', '&&'].includes(expr.getOperatorToken().getText())) {
    for (const side of [expr.getLeft(), expr.getRight()]) collect(ctx, side, set, { ...walk, conditional: true });
    return;
  }
  if (isFunction(expr)) {
    const returns = returnedExpressions(expr);
    if (returns.length === 0) return unresolved(ctx, set, walk, expr, 'a function with no return value we can read');
    for (const ret of returns) collect(ctx, ret, set, { ...walk, conditional: walk.conditional || returns.length > 1 });
    return;
  }
  if (Node.isCallExpression(expr)) {
    const callee = resolveValue(expr.getExpression());
    if (isFunction(callee)) return collect(ctx, callee, set, { ...walk, via: [...walk.via, locate(ctx, expr)] });
    return unresolved(ctx, set, walk, expr, `built at run time by ${expr.getExpression().getText()}()`);
  }
  if (Node.isIdentifier(expr)) return unresolved(ctx, set, walk, expr, `${expr.getText()} has no value we can read statically (a parameter or an untyped binding)`);
  unresolved(ctx, set, walk, expr, `cannot read a tool map from ${expr.getKindName()}`);
}

function unresolved(ctx: MapContext, set: ToolSet, walk: Walk, node: Node, reason: string): void {
  set.unresolved.push({ origin: walk.origin, location: locate(ctx, node), text: node.getText().slice(0, 120), reason });
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
        value: classifyValue(nameNode, ctx),
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
    if (key.value === undefined && Node.isComputedPropertyName(nameNode)) key.value = builtinIdKey(nameNode.getExpression(), ctx);
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
      value: classifyValue(init, ctx),
      ...(Node.isIdentifier(init) ? { valueName: init.getText() } : {}),
      conditional: walk.conditional,
      via: walk.via,
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
    });
  }
}

export function keyOf(nameNode: Node): { value: string | undefined; kind: KeyKind } {
  if (Node.isIdentifier(nameNode) || Node.isPrivateIdentifier(nameNode)) return { value: nameNode.getText(), kind: 'identifier' };
  if (Node.isStringLiteral(nameNode)) return { value: nameNode.getLiteralValue(), kind: 'string' };
  if (Node.isNumericLiteral(nameNode)) return { value: String(nameNode.getLiteralValue()), kind: 'numeric' };
  if (Node.isComputedPropertyName(nameNode)) {
    const inner = unwrap(nameNode.getExpression());
    const kind: KeyKind = Node.isTemplateExpression(inner) || Node.isNoSubstitutionTemplateLiteral(inner) ? 'template' : 'computed';
    return { value: staticString(inner), kind };
  }
  return { value: undefined, kind: 'computed' };
}
