/**
 * Reads the tool-related options of a generate()/stream() call or an Agent's `defaultOptions`:
 * toolsets, clientTools, toolChoice, activeTools and what prepareStep returns.
 */
import { Node, type ObjectLiteralExpression } from '../../ts-morph.ts';
import { declaredSymbol, locate, resolveValue, unwrap } from '../ast.ts';
import type { CallOptionsInfo, NameRef } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import {
  emptyToolSet,
  readToolMap,
  returnedExpressions,
  type MapContext,
} from '../values/tool-map.ts';

export function emptyOptions(): CallOptionsInfo {
  return {
    activeTools: [],
    prepareStep: { activeTools: [], toolChoice: [], tools: emptyToolSet() },
    toolsets: emptyToolSet(),
    clientTools: emptyToolSet(),
    unresolved: [],
  };
}

/** The members of a union of string literal types (`'a' | 'b'`), through a type alias. */
function literalMembers(type: Node | undefined, depth = 0): string[] | undefined {
  if (!type || depth > 3) return undefined;
  if (Node.isLiteralTypeNode(type)) {
    const literal = type.getLiteral();
    return Node.isStringLiteral(literal) ? [literal.getLiteralValue()] : undefined;
  }
  if (Node.isParenthesizedTypeNode(type)) return literalMembers(type.getTypeNode(), depth + 1);
  if (Node.isUnionTypeNode(type)) {
    const parts = type.getTypeNodes().map((t) => literalMembers(t, depth + 1));
    return parts.every((p) => p !== undefined) ? parts.flat() : undefined;
  }
  if (Node.isTypeReference(type) && type.getTypeArguments().length === 0) {
    const alias = declaredSymbol(type.getTypeName())
      ?.getDeclarations()
      .find((d) => Node.isTypeAliasDeclaration(d));
    return alias && Node.isTypeAliasDeclaration(alias)
      ? literalMembers(alias.getTypeNode(), depth + 1)
      : undefined;
  }
  return undefined;
}

/** A parameter or variable whose written type is a union of string literals: those strings. */
function possibleNames(node: Node): string[] | undefined {
  if (!Node.isIdentifier(node)) return undefined;
  for (const decl of declaredSymbol(node)?.getDeclarations() ?? []) {
    if (Node.isParameterDeclaration(decl) || Node.isVariableDeclaration(decl)) {
      const members = literalMembers(decl.getTypeNode());
      if (members?.length) return [...new Set(members)];
    }
  }
  return undefined;
}

function nameRef(ctx: MapContext, node: Node): NameRef {
  const name = staticString(node);
  const possible = name === undefined ? possibleNames(node) : undefined;
  const value = resolveValue(node);
  const literal =
    Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)
      ? { location: locate(ctx, value), raw: value.getText() }
      : undefined;
  return {
    ...(name === undefined ? {} : { name }),
    text: node.getText(),
    location: locate(ctx, node),
    ...(literal ? { literal } : {}),
    ...(possible ? { possible } : {}),
  };
}

/** Every name in an `activeTools` value: an array literal, a constant, or an `as const` tuple type. */
function names(ctx: MapContext, node: Node): NameRef[] {
  const value = resolveValue(node);
  if (Node.isArrayLiteralExpression(value)) {
    return value
      .getElements()
      .flatMap((el) =>
        Node.isSpreadElement(el) ? names(ctx, el.getExpression()) : [nameRef(ctx, unwrap(el))],
      );
  }
  return [{ text: node.getText(), location: locate(ctx, node) }];
}

function readToolChoice(ctx: MapContext, node: Node, into: CallOptionsInfo): NameRef | undefined {
  const value = resolveValue(node);
  if (Node.isObjectLiteralExpression(value)) {
    const prop = value.getProperty('toolName');
    if (prop && Node.isPropertyAssignment(prop))
      return nameRef(ctx, unwrap(prop.getInitializerOrThrow()));
    if (prop && Node.isShorthandPropertyAssignment(prop)) return nameRef(ctx, prop.getNameNode());
    return undefined;
  }
  const mode = staticString(value);
  if (mode === 'auto' || mode === 'none' || mode === 'required') into.toolChoiceMode = mode;
  else into.unresolved.push(`toolChoice ${node.getText()}`);
  return undefined;
}

/** The object literals an expression can evaluate to: through await, conditionals and `??`/`||`. */
function objectsOf(node: Node): ObjectLiteralExpression[] {
  const value = resolveValue(node);
  if (Node.isAwaitExpression(value)) return objectsOf(value.getExpression());
  if (Node.isConditionalExpression(value))
    return [...objectsOf(value.getWhenTrue()), ...objectsOf(value.getWhenFalse())];
  if (
    Node.isBinaryExpression(value) &&
    ['??', '||', '&&'].includes(value.getOperatorToken().getText())
  )
    return [...objectsOf(value.getLeft()), ...objectsOf(value.getRight())];
  return Node.isObjectLiteralExpression(value) ? [value] : [];
}

function readPrepareStep(ctx: MapContext, node: Node, into: CallOptionsInfo): void {
  const fn = resolveValue(node);
  for (const obj of returnedExpressions(fn).flatMap(objectsOf)) {
    for (const prop of obj.getProperties()) {
      if (!Node.isPropertyAssignment(prop)) continue;
      const init = unwrap(prop.getInitializerOrThrow());
      switch (prop.getName()) {
        case 'activeTools':
          into.prepareStep.activeTools.push(...names(ctx, init));
          break;
        case 'toolChoice': {
          const ref = readToolChoice(ctx, init, into);
          if (ref) into.prepareStep.toolChoice.push(ref);
          break;
        }
        case 'tools': {
          const tools = readToolMap(ctx, init, 'tools');
          into.prepareStep.tools.entries.push(...tools.entries);
          into.prepareStep.tools.unresolved.push(...tools.unresolved);
          into.prepareStep.tools.runtime.push(...tools.runtime);
          break;
        }
      }
    }
  }
}

/** Whether an object literal surely has no property `name`: not written, nor by a spread. */
function lacks(object: Node, name: string, depth = 0): boolean {
  if (!Node.isObjectLiteralExpression(object) || depth > 4) return false;
  return object.getProperties().every((p) => {
    if (Node.isSpreadAssignment(p)) return lacks(resolveValue(p.getExpression()), name, depth + 1);
    return (
      !(
        Node.isPropertyAssignment(p) ||
        Node.isShorthandPropertyAssignment(p) ||
        Node.isMethodDeclaration(p)
      ) || p.getName() !== name
    );
  });
}

/**
 * `...(input.options ?? {})` where `input` is an object literal without `options` (a helper's
 * bound argument), `...{}`: a spread that adds no option.
 */
function spreadsNothing(expr: Node): boolean {
  const e = unwrap(expr);
  const empty = (n: Node) => {
    const v = resolveValue(n);
    return Node.isObjectLiteralExpression(v) && v.getProperties().length === 0;
  };
  if (empty(e)) return true;
  if (!Node.isBinaryExpression(e) || !['??', '||'].includes(e.getOperatorToken().getText()))
    return false;
  const left = unwrap(e.getLeft());
  return (
    empty(e.getRight()) &&
    Node.isPropertyAccessExpression(left) &&
    lacks(resolveValue(left.getExpression()), left.getName())
  );
}

/** Options that add tools, force one, or pick some by name: a spread that may set them is read as unknown. */
const NAMING_OPTIONS = new Set(['toolsets', 'clientTools', 'tools', 'toolChoice', 'prepareStep']);

/**
 * `...(opts.synthetic ? { activeTools: [] } : {})`, `...(long && { maxSteps: 50 })`: a spread whose
 * every branch is an object literal that sets no option naming tools (an empty `activeTools` only
 * takes tools away), so the call adds nothing the agent is not already known to be offered.
 */
function spreadsNoNames(expr: Node): boolean {
  const e = unwrap(expr);
  if (Node.isConditionalExpression(e))
    return [e.getWhenTrue(), e.getWhenFalse()].every(spreadsNoNames);
  if (Node.isBinaryExpression(e)) {
    const op = e.getOperatorToken().getText();
    if (op === '&&') return spreadsNoNames(e.getRight());
    if (op === '??' || op === '||') return [e.getLeft(), e.getRight()].every(spreadsNoNames);
    return false;
  }
  const v = resolveValue(e);
  if (!Node.isObjectLiteralExpression(v)) return false;
  return v.getProperties().every((p) => {
    if (!Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p)) return false;
    const name = p.getName();
    if (NAMING_OPTIONS.has(name)) return false;
    if (name !== 'activeTools') return true;
    const value = Node.isPropertyAssignment(p) ? unwrap(p.getInitializerOrThrow()) : undefined;
    return Node.isArrayLiteralExpression(value) && value.getElements().length === 0;
  });
}

export function readCallOptions(ctx: MapContext, node: Node | undefined): CallOptionsInfo {
  const info = emptyOptions();
  if (!node) return info;
  const obj = resolveValue(node);
  if (!Node.isObjectLiteralExpression(obj)) {
    info.unresolved.push(`options ${node.getText().slice(0, 80)}`);
    return info;
  }
  for (const prop of obj.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      if (!spreadsNothing(prop.getExpression()) && !spreadsNoNames(prop.getExpression()))
        info.unresolved.push(`spread ${prop.getText().slice(0, 80)}`);
      continue;
    }
    const name =
      Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop)
        ? prop.getName()
        : undefined;
    const init = Node.isPropertyAssignment(prop)
      ? unwrap(prop.getInitializerOrThrow())
      : Node.isShorthandPropertyAssignment(prop)
        ? prop.getNameNode()
        : undefined;
    if (!name || !init) continue;
    switch (name) {
      case 'toolsets': {
        const sets = resolveValue(init);
        if (!Node.isObjectLiteralExpression(sets)) {
          const whole = readToolMap(ctx, init, 'toolsets');
          info.toolsets.unresolved.push(...whole.unresolved);
          info.toolsets.runtime.push(...whole.runtime);
          info.toolsets.entries.push(...whole.entries);
          break;
        }
        for (const set of sets.getProperties()) {
          // A toolset's own name is dropped by Mastra; it is kept here for the report only.
          const read = Node.isPropertyAssignment(set)
            ? readToolMap(ctx, set.getInitializerOrThrow(), 'toolsets', set.getName())
            : Node.isShorthandPropertyAssignment(set)
              ? readToolMap(ctx, set.getNameNode(), 'toolsets', set.getName())
              : readToolMap(
                  ctx,
                  Node.isSpreadAssignment(set) ? set.getExpression() : set,
                  'toolsets',
                );
          info.toolsets.entries.push(...read.entries);
          info.toolsets.unresolved.push(...read.unresolved);
          info.toolsets.runtime.push(...read.runtime);
        }
        break;
      }
      case 'clientTools':
        info.clientTools = readToolMap(ctx, init, 'clientTools');
        break;
      case 'toolChoice': {
        const ref = readToolChoice(ctx, init, info);
        if (ref) info.toolChoice = ref;
        break;
      }
      case 'activeTools':
        info.activeTools = names(ctx, init);
        break;
      case 'prepareStep':
        readPrepareStep(ctx, init, info);
        break;
    }
  }
  return info;
}
