/**
 * Where the syntax of a tool map stops: a call to a helper or builder, a parameter, a value the
 * reader cannot follow. In order, and stopping at the first that answers:
 * 1. the helper's body, followed like any code (a helper that returns its argument keeps its map);
 * 2. the helper's declared signature, read from its syntax (helper-signature.ts): it keeps the
 *    keys of an argument (read that argument), it declares its keys (offered, marked `fromType`),
 *    or it is keyed by any string (unresolved, naming the helper and where it is declared);
 * 3. the type checker, asked about the expression written in the map (typed-map.ts): keys written
 *    in an object literal the call was given keep that literal's entry, so they can be edited
 *    there; keys only the type names are `fromType`.
 * What none of them can list stays an unresolved entry.
 */
import type { CallExpression } from 'ts-morph';
import { Node } from '../../ts-morph.ts';
import { calledAs, calleeName, INLINE_FUNCTION, locate, resolveValue, unwrap } from '../ast.ts';
import type { ToolEntry, ToolSet, Unresolved } from '../model.ts';
import { filteredRecord } from './filtered-entries.ts';
import { recordChanges } from './record-changes.ts';
import { helperSignature, type Signature } from './helper-signature.ts';
import {
  bindingsOf,
  boundArgument,
  emptyToolSet,
  isFunction,
  keyOf,
  merge,
  unresolved,
  withValueRef,
  type Collect,
  type HelperCall,
  type MapContext,
  type Walk,
} from './map-walk.ts';
import { classifyValue } from './tool-value.ts';
import { scanNodeAt, typedMap } from './typed-map.ts';

export function unwrapAwait(node: Node): Node {
  return Node.isAwaitExpression(node) ? unwrap(node.getExpression()) : node;
}

/** A call in a tool map (`raw` is the call, or `await` of it, as written). */
export function readCall(
  ctx: MapContext,
  raw: Node,
  call: CallExpression,
  set: ToolSet,
  walk: Walk,
  collect: Collect,
): void {
  const calleeExpr = call.getExpression();
  // A helper that calls the function it was given (`fetcher()`): the function the call site passed.
  const given = Node.isIdentifier(calleeExpr) ? boundArgument(calleeExpr, walk) : undefined;
  const callee =
    given && isFunction(resolveValue(given)) ? resolveValue(given) : resolveValue(calleeExpr);
  const via = [...walk.via, locate(ctx, call)];
  const record = filteredRecord(call);
  if (record) {
    const kept = emptyToolSet();
    collect(ctx, record, kept, { ...walk, via });
    if (kept.unresolved.length === 0) {
      kept.entries = kept.entries.map((e) => ({ ...e, conditional: true }));
      // The filter stands between the source and the agent: no single place to wrap it.
      kept.runtime = kept.runtime.map(({ wrap: _wrap, ...r }) => r);
      return merge(set, kept);
    }
  }
  const body = emptyToolSet();
  if (isFunction(callee)) {
    const helper: HelperCall = {
      node: call,
      name: calledAs(calleeExpr),
      bindings: bindingsOf(callee, call),
      top: walk.call?.top ?? raw,
      ...(walk.call && { outer: walk.call }),
    };
    // A copy of `seen`: what the body reads may be read again through the signature.
    collect(ctx, callee, body, { ...walk, via, call: helper, seen: new Set(walk.seen) });
    if (body.unresolved.length === 0) return merge(set, body);
  } else {
    unresolved(ctx, body, walk, call, `built at run time by ${calledAs(calleeExpr)}`);
  }
  const signature = helperSignature(calleeExpr);
  if (signature?.kind === 'keeps-argument') {
    const arg = call.getArguments()[signature.index];
    const { omit, pick } = signature;
    if (arg && !omit && !pick) return collect(ctx, arg, set, { ...walk, via });
    if (arg) {
      const kept = emptyToolSet();
      collect(ctx, arg, kept, { ...walk, via });
      kept.entries = kept.entries.filter((e) =>
        omit ? !omit.includes(e.key) : pick!.includes(e.key),
      );
      return merge(set, kept);
    }
  }
  if (signature?.kind === 'declared')
    return declaredKeys(ctx, raw, signature, set, walk, body.runtime);
  if (signature?.kind === 'open') {
    told(
      body.unresolved,
      helperOf(ctx, calleeExpr, signature),
      `${signature.typeText}, keyed by any string`,
    );
    return merge(set, body);
  }
  if (walk.call || walk.syntaxOnly || !readType(ctx, raw, set, walk, body, collect))
    merge(set, body);
}

/**
 * The syntax stops at `node`: outside any helper the type checker is asked for its keys; inside
 * one, the outermost call is asked instead (its type is the one instantiated for this use).
 */
export function stopped(
  ctx: MapContext,
  node: Node,
  set: ToolSet,
  walk: Walk,
  reason: string,
  collect: Collect,
  at: Node = unwrapAwait(node),
): void {
  const before = emptyToolSet();
  unresolved(ctx, before, walk, at, reason);
  if (walk.call || walk.syntaxOnly || !readType(ctx, node, set, walk, before, collect))
    merge(set, before);
}

type Helper = NonNullable<Unresolved['helper']>;

function helperOf(ctx: MapContext, callee: Node, signature: Signature): Helper {
  return {
    name: calleeName(callee),
    declaredAt: locate(ctx, signature.declaration),
  };
}

function describe(helper: Helper): string {
  const at = helper.declaredAt;
  const called = helper.name === INLINE_FUNCTION ? helper.name : `${helper.name}()`;
  return `${called}${at ? ` (${at.file}:${at.line})` : ''}`;
}

/** `its type is any` → `any`; `its type X is keyed by any string` → `X, keyed by any string`. */
function typeOf(open: string): string {
  return open.replace(/^its type is /, '').replace(/^its type (.*) is (.*)$/s, '$1, $2');
}

/** Adds to what the syntax could not read what the helper's type says (that it lists no keys). */
function told(list: Unresolved[], helper: Helper | undefined, type: string): void {
  for (const u of list) {
    u.reason += `; ${helper ? `${describe(helper)} returns` : 'its type is'} ${type}`;
    if (helper) u.helper = helper;
  }
}

/** Keys the helper's declared return type names (an interface or type literal in the repository). */
function declaredKeys(
  ctx: MapContext,
  raw: Node,
  signature: Extract<Signature, { kind: 'declared' }>,
  set: ToolSet,
  walk: Walk,
  runtime: ToolSet['runtime'],
): void {
  const at = locate(ctx, raw);
  for (const member of signature.members) {
    const key = keyOf(member.getNameNode());
    if (key.value === undefined) continue;
    const typeNode = member.getTypeNode();
    const query = typeNode && Node.isTypeQuery(typeNode) ? typeNode.getExprName() : undefined;
    set.entries.push({
      origin: walk.origin,
      key: key.value,
      keyKind: key.kind,
      keyText: member.getNameNode().getText(),
      keyLocation: locate(ctx, member.getNameNode()),
      ...(query
        ? withValueRef(ctx, query, classifyValue(query, ctx))
        : { value: { kind: 'unknown', text: typeNode?.getText().slice(0, 80) ?? 'any' } }),
      conditional: walk.conditional || member.hasQuestionToken(),
      via: [...walk.via, at],
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
      fromType: { expression: raw.getText().slice(0, 80), location: at },
    });
  }
  set.runtime.push(...runtime);
  if (signature.open && runtime.length === 0)
    set.unresolved.push({
      origin: walk.origin,
      location: at,
      text: raw.getText().slice(0, 120),
      reason: `besides the keys its type ${signature.typeText} names, it may hold any key (an index signature)`,
    });
}

/**
 * Reads the map at `anchor` from the checker's type, in place of what the syntax found
 * (`syntactic`). Returns false (and adds nothing) when the type lists no key; what the syntax
 * found then stands, told what the type is.
 */
function readType(
  ctx: MapContext,
  anchor: Node,
  set: ToolSet,
  walk: Walk,
  syntactic: ToolSet,
  collect: Collect,
): boolean {
  const call = unwrapAwait(anchor);
  // TypeScript types every Object.fromEntries() result as keyed by any string: nothing to ask.
  if (Node.isCallExpression(call) && call.getExpression().getText() === 'Object.fromEntries')
    return false;
  const typed = typedMap(ctx, anchor);
  if (!typed) return false;
  const helper = typed.helper;
  if (typed.keys.length === 0) {
    told(syntactic.unresolved, helper, typed.open ? typeOf(typed.open) : typed.typeText);
    return false;
  }
  const at = locate(ctx, anchor);
  // Entries of the object literals the call was given, by where each key is written.
  const written = new Map<string, ToolEntry>();
  if (Node.isCallExpression(call))
    for (const arg of call.getArguments()) {
      const read = emptyToolSet();
      collect(ctx, arg, read, {
        ...walk,
        via: [...walk.via, at],
        seen: new Set(),
        call: undefined,
        syntaxOnly: true,
      });
      for (const e of read.entries) written.set(`${e.keyLocation.file}:${e.keyLocation.start}`, e);
    }
  for (const key of typed.keys) {
    const literal = key.declarations
      .map((d) => written.get(`${d.location.file}:${d.location.start}`))
      .find((e) => e !== undefined);
    const conditional = walk.conditional || key.conditional;
    if (literal) {
      set.entries.push({ ...literal, conditional: literal.conditional || conditional });
      continue;
    }
    const decl = key.declarations[0];
    const valueSpan = decl?.initializer ?? decl?.typeQuery;
    const value = valueSpan ? scanNodeAt(anchor, valueSpan) : undefined;
    set.entries.push({
      origin: walk.origin,
      key: key.key,
      keyKind: decl?.keyKind ?? 'computed',
      keyText: decl?.keyText ?? JSON.stringify(key.key),
      keyLocation: decl?.location ?? at,
      ...(value
        ? withValueRef(ctx, value, classifyValue(value, ctx))
        : { value: { kind: 'unknown', text: key.typeText } }),
      conditional,
      via: [...walk.via, at],
      ...(walk.toolset === undefined ? {} : { toolset: walk.toolset }),
      fromType: { expression: anchor.getText().slice(0, 80), location: at },
    });
  }
  set.runtime.push(...syntactic.runtime);
  if (typed.open && syntactic.runtime.length === 0)
    set.unresolved.push({
      origin: walk.origin,
      location: at,
      text: anchor.getText().slice(0, 120),
      reason: `besides ${typed.keys.map((k) => `"${k.key}"`).join(', ')}, ${helper ? describe(helper) : 'it'} may hold any key: ${typed.open}`,
      ...(helper ? { helper } : {}),
    });
  return true;
}

/**
 * Where code fills in a local record after it is written (`out[name] = tool`, `out.x = t`,
 * `Object.assign(out, ...)`, `delete out.x`): its literal is not what the function returns.
 * A module-level record is checked in its own file: one filled in a loop there at import time
 * (`for (const spec of SPECS) workers[spec.key] = build(spec)`) holds more than its literal.
 */
export function filledByCode(id: Node): Node | undefined {
  return recordChanges(id)?.changes[0]?.ref;
}
