/**
 * Reads a tool map (`tools`, `agents`, `workflows`, `toolsets`, `clientTools`) into entries: object
 * literals, identifiers and imports, spreads, functions with every return path, conditionals, and
 * through helpers and builders (through-code.ts). What it cannot read becomes an unresolved or
 * runtime entry, never a silent omission.
 */
import { memoizedValues } from './memoized.ts';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import {
  assignedAgain,
  boundAbsent,
  declaredSymbol,
  locate,
  propertyValue,
  resolveValue,
  unwrap,
} from '../ast.ts';
import type { ToolSet } from '../model.ts';
import { builtinIdKey, classifyValue } from './tool-value.ts';
import { runtimeSource } from './runtime-tools.ts';
import { normalisedSource, wrapSite } from './runtime-boundary.ts';
import {
  argumentThrough,
  boundArgument,
  emptyToolSet,
  isFunction,
  keyOf,
  returnedExpressions,
  unresolved,
  withValueRef,
  type MapContext,
  type Walk,
} from './map-walk.ts';
import { assignedRecord } from './assigned-record.ts';
import { filledByCode, readCall, stopped } from './through-code.ts';
import { ARRAY_TOOLS } from './array-tools.ts';
import { entriesLoops, exportedValues, namespaceModule, type EntriesLoop } from './entries-loop.ts';
import { specLoop, type SpecLoop } from './spec-loop.ts';
import { idKeyedList } from './id-keyed.ts';
import { singleCallArgument } from './returned-argument.ts';
import { boundArgument as factoryArgument } from '../bound-parameters.ts';

export { emptyToolSet, keyOf, returnedExpressions, type MapContext } from './map-walk.ts';

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

/** The value an expression holds, past casts, `await` and the variables it was read into. */
function held(node: Node): Node {
  const value = unwrap(resolveValue(node));
  return Node.isAwaitExpression(value) ? held(value.getExpression()) : value;
}

/**
 * A memoising function (`const hit = cache.get(k); if (hit) return hit; const v = await make();
 * cache.set(k, v); return v`) returns from its cache only what it stored there: one of its other
 * return values. The cache read is that value again, not a map of its own.
 */
function withoutCacheReads(fn: Node, returns: Node[]): Node[] {
  if (returns.length < 2) return returns;
  const values = returns.map(held);
  const stored = new Map<string, Node[]>();
  for (const call of fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const value = call.getArguments()[1];
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'set' || !value) continue;
    const cache = callee.getExpression().getText();
    stored.set(cache, [...(stored.get(cache) ?? []), held(value)]);
  }
  const cached = (v: Node) => {
    if (!Node.isCallExpression(v)) return false;
    const callee = v.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'get') return false;
    const kept = stored.get(callee.getExpression().getText()) ?? [];
    return kept.some((k) => k !== v && values.includes(k));
  };
  const kept = returns.filter((_, i) => !cached(values[i]!));
  return kept.length ? kept : returns;
}

/** A parameter's map is the argument a call passes it, read where the call is. */
function throughArgument(ctx: MapContext, arg: Node, set: ToolSet, walk: Walk): void {
  collect(ctx, arg, set, { ...walk, via: [...walk.via, locate(ctx, arg.getParent()!)] });
}

function collect(ctx: MapContext, node: Node, set: ToolSet, walk: Walk): void {
  const raw = unwrap(node);
  const expr = Node.isAwaitExpression(raw) ? unwrap(raw.getExpression()) : raw;
  if (walk.seen.has(expr)) return;
  walk.seen.add(expr);
  // `tools: undefined` (a factory's caller saying "none"): nothing is offered.
  if (Node.isIdentifier(expr) && expr.getText() === 'undefined') return;

  const normalised = normalisedSource(ctx, expr, walk.origin);
  if (normalised) {
    set.runtime.push(normalised);
    return;
  }
  const runtime = runtimeSource(ctx, expr, walk.origin);
  if (runtime) {
    const wrap = wrapSite(ctx, runtime, raw, expr, walk);
    set.runtime.push(wrap ? { ...runtime, wrap } : runtime);
    return;
  }
  if (Node.isIdentifier(expr)) {
    // A factory's parameter, in the agent one call of it builds: that call's argument, as written
    // (a record it names may be filled in by code).
    const param = declaredParameter(expr);
    const given = param ? factoryArgument(param) : undefined;
    if (given) return throughArgument(ctx, given, set, walk);
    // A local record that code fills in (`out[name] = tool`) is not the literal it starts as.
    const filled = filledByCode(expr);
    const loops = filled ? entriesLoops(expr) : undefined;
    if (loops) {
      for (const loop of loops)
        readEntriesSource(ctx, loop, set, {
          ...walk,
          conditional: walk.conditional || loop.conditional,
          via: [...walk.via, locate(ctx, expr)],
        });
      return;
    }
    // A record filled from a table of specs (`workers[spec.key] = build(spec)`): the table's keys.
    const table = filled ? specLoop(expr, (list) => argumentThrough(list, walk)) : undefined;
    if (table) return readSpecTable(ctx, table, set, walk);
    // A literal that `Object.assign` adds to (and code may delete from): its entries and each source's.
    const assigned = filled ? assignedRecord(expr) : undefined;
    if (assigned) {
      const via = [...walk.via, locate(ctx, expr)];
      collect(ctx, assigned.literal, set, {
        ...walk,
        conditional: walk.conditional || assigned.deletes,
        via,
      });
      for (const source of assigned.sources)
        collect(ctx, source, set, { ...walk, conditional: true, via });
      return;
    }
    if (filled)
      return stopped(
        ctx,
        raw,
        set,
        walk,
        `${expr.getText()} is filled in by code`,
        collect,
        filled,
      );
  }
  if (Node.isIdentifier(expr) || Node.isPropertyAccessExpression(expr)) {
    const value = resolveValue(expr);
    if (value !== expr)
      return collect(ctx, value, set, { ...walk, via: [...walk.via, locate(ctx, expr)] });
  }
  if (Node.isPropertyAccessExpression(expr)) {
    // `config.tools` where `config` is an object literal: its property, as written.
    const owner = resolveValue(expr.getExpression());
    const prop = Node.isObjectLiteralExpression(owner)
      ? propertyValue(owner, expr.getName())
      : undefined;
    if (prop) return collect(ctx, prop, set, { ...walk, via: [...walk.via, locate(ctx, expr)] });
  }
  if (Node.isObjectLiteralExpression(expr)) return readObject(ctx, expr, set, walk);
  if (Node.isArrayLiteralExpression(expr))
    return unresolved(ctx, set, walk, expr, `an array, not an object: ${ARRAY_TOOLS}`);
  if (Node.isConditionalExpression(expr)) {
    for (const branch of [expr.getWhenTrue(), expr.getWhenFalse()])
      collect(ctx, branch, set, { ...walk, conditional: true });
    return;
  }
  if (
    Node.isBinaryExpression(expr) &&
    ['??', '||', '&&'].includes(expr.getOperatorToken().getText())
  ) {
    // `...(tool && { tool })`: the left is the condition; when falsy it spreads nothing.
    const and = expr.getOperatorToken().getText() === '&&';
    for (const side of and ? [expr.getRight()] : [expr.getLeft(), expr.getRight()])
      collect(ctx, side, set, { ...walk, conditional: true });
    return;
  }
  if (isFunction(expr)) {
    const returns = withoutCacheReads(expr, returnedExpressions(expr));
    if (returns.length === 0)
      return unresolved(ctx, set, walk, expr, 'a function with no return value we can read');
    for (const ret of returns)
      collect(ctx, ret, set, {
        ...walk,
        conditional: walk.conditional || returns.length > 1,
        dynamic: true,
      });
    return;
  }
  // `coreTools.reduce((acc, t) => { acc[t.id] = t; return acc; }, {})`: the list's tools by id.
  const keyed = Node.isCallExpression(expr) ? idKeyedList(expr) : undefined;
  if (keyed) return readIdKeyed(ctx, keyed, expr, set, walk);
  if (Node.isCallExpression(expr)) return readCall(ctx, raw, expr, set, walk, collect);
  if (Node.isIdentifier(expr)) {
    // A helper that returns its parameter (`wrapTools(tools) { ...; return tools }`) keeps the argument's map.
    const bound = boundArgument(expr, walk);
    if (bound) return collect(ctx, bound, set, { ...walk, call: undefined });
    // A parameter of a function the app calls once (`buildOrchestrator(workers)`): that argument.
    const param = declaredParameter(expr);
    const only = param ? singleCallArgument(param) : undefined;
    if (only) return throughArgument(ctx, only, set, walk);
    // `createAgent({ id, model })` of `createAgent({ tools, ...rest })`: the call gives none.
    if (boundAbsent(expr)) return;
    // `cachedTools = await mcp.listTools()`: a cache holds what is assigned to it.
    const stored = memoizedValues(expr);
    if (stored) {
      for (const value of stored)
        collect(ctx, value, set, { ...walk, conditional: walk.conditional || stored.length > 1 });
      return;
    }
    return stopped(
      ctx,
      raw,
      set,
      walk,
      assignedAgain(expr)
        ? `${expr.getText()} is assigned again after its declaration, so its value is known only at run time`
        : `${expr.getText()} has no value we can read statically (a parameter or an untyped binding)`,
      collect,
    );
  }
  const text = expr.getText().replace(/\s+/g, ' ');
  const shown = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  stopped(ctx, raw, set, walk, `cannot read a tool map from \`${shown}\``, collect);
}

/**
 * The map a record copies in a loop over `Object.entries(source)`: read as any map, or, for a
 * namespace import, the module's exported values. Those keys are export names, which no edit may
 * rename as a tool key: they are offered, never edited (`fromType`, as keys a type names).
 */
function readEntriesSource(ctx: MapContext, loop: EntriesLoop, set: ToolSet, walk: Walk): void {
  const module = namespaceModule(loop.source);
  if (!module) return collect(ctx, loop.source, set, walk);
  const at = locate(ctx, loop.call);
  for (const { name, nameNode } of exportedValues(module)) {
    set.entries.push({
      origin: walk.origin,
      key: name,
      keyKind: 'identifier',
      keyText: name,
      keyLocation: locate(ctx, nameNode),
      ...withValueRef(ctx, nameNode, classifyValue(nameNode, ctx)),
      valueName: nameNode.getText(),
      conditional: walk.conditional,
      via: [...walk.via, at],
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
      fromType: { expression: loop.call.getText().slice(0, 80), location: at },
    });
  }
}

/** The parameter an identifier names, when it names one. */
function declaredParameter(id: Node): Node | undefined {
  return declaredSymbol(id)
    ?.getDeclarations()
    .find((d) => Node.isParameterDeclaration(d));
}

/** The values of a list written out (spreads of lists included), or undefined. */
function listElements(list: Node, depth = 0): Node[] | undefined {
  const value = unwrap(resolveValue(list));
  if (depth > 3 || !Node.isArrayLiteralExpression(value)) return undefined;
  const out: Node[] = [];
  for (const el of value.getElements()) {
    if (!Node.isSpreadElement(el)) {
      out.push(unwrap(el));
      continue;
    }
    const inner = listElements(el.getExpression(), depth + 1);
    if (!inner) return undefined;
    out.push(...inner);
  }
  return out;
}

/** Each tool of a list a record keys by id: offered under its id, which no edit renames as a key. */
function readIdKeyed(ctx: MapContext, list: Node, call: Node, set: ToolSet, walk: Walk): void {
  const elements = listElements(list);
  if (!elements)
    return unresolved(
      ctx,
      set,
      walk,
      list,
      `${list.getText().slice(0, 60)} is keyed by its tools' ids, but it is not a list we can read`,
    );
  const at = locate(ctx, call);
  for (const el of elements) {
    const value = classifyValue(el, ctx);
    const id = 'id' in value ? value.id : undefined;
    if (id === undefined) {
      unresolved(
        ctx,
        set,
        walk,
        el,
        `the id of ${el.getText().slice(0, 60)} is known only at run time`,
      );
      continue;
    }
    set.entries.push({
      origin: walk.origin,
      key: id,
      keyKind: 'computed',
      keyText: `[${el.getText().slice(0, 60)}.id]`,
      keyLocation: locate(ctx, el),
      ...withValueRef(ctx, el, value),
      ...(Node.isIdentifier(el) ? { valueName: el.getText() } : {}),
      conditional: walk.conditional,
      via: [...walk.via, at],
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
      fromType: { expression: call.getText().split('\n')[0]!.slice(0, 80), location: at },
    });
  }
}

function readSpecTable(ctx: MapContext, table: SpecLoop, set: ToolSet, walk: Walk): void {
  readObject(ctx, table.literal, set, walk);
  const at = locate(ctx, table.loop);
  for (const { key, at: written, value } of table.keys)
    set.entries.push({
      origin: walk.origin,
      key,
      keyKind: 'string',
      keyText: written.getText(),
      keyLocation: locate(ctx, written),
      ...withValueRef(ctx, value, classifyValue(value, ctx)),
      conditional: walk.conditional,
      via: [...walk.via, at],
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
      // The key is a spec's field, which other code may read too: offered, never edited.
      fromType: { expression: table.loop.getText().split('\n')[0]!.slice(0, 80), location: at },
    });
}

function readObject(ctx: MapContext, object: Node, set: ToolSet, walk: Walk): void {
  if (!Node.isObjectLiteralExpression(object)) return;
  for (const prop of object.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      // `...makeTools` without a call spreads the function itself, which has no enumerable keys:
      // it adds no tool (the prompt's mentions of what it would build are then reported).
      if (isFunction(resolveValue(prop.getExpression()))) continue;
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
