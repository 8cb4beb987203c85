/** Classifies the value registered under a tool key: createTool, built-in, AI SDK, provider tool... */
import { Node, type CallExpression } from '../../ts-morph.ts';
import { importedFrom, isMastraExport, mastraExport, resolveValue, unwrap } from '../ast.ts';
import {
  BUNDLED_BUILTIN_IDS,
  declaredToolId,
  installedToolId,
  WEB_SEARCH_MARKER,
} from './builtins.ts';
import type { ToolValue } from '../model.ts';
import type { TypeOracle } from './type-oracle.ts';
import { isFunction, returnedExpressions } from './map-walk.ts';
import { returnedArgument } from './returned-argument.ts';
import { objectBehind, staticString } from './static-value.ts';

export interface ValueContext {
  agentIndexOf(node: Node): number | undefined;
  types: TypeOracle;
}

const RAG_FACTORIES = ['createVectorQueryTool', 'createGraphRAGTool'];

export function idFromArgument(call: Node): string | undefined {
  const obj = objectBehind(call);
  const id = obj && Node.isObjectLiteralExpression(obj) ? obj.getProperty('id') : undefined;
  return id && Node.isPropertyAssignment(id) ? staticString(id.getInitializerOrThrow()) : undefined;
}

/** A literal id, or the id of an Agent (`evergreenAgent.id` of `new Agent({ id: '…' })`). */
function idValue(arg: Node): string | undefined {
  const literal = staticString(arg);
  if (literal !== undefined) return literal;
  const a = unwrap(arg);
  if (!Node.isPropertyAccessExpression(a) || a.getName() !== 'id') return undefined;
  const owner = resolveValue(a.getExpression());
  return Node.isNewExpression(owner) && isMastraExport(owner.getExpression(), ['Agent'])
    ? idFromArgument(owner)
    : undefined;
}

/** The `createTool(...)` call that is the one return of the app's function a call runs. */
function factoryTool(call: CallExpression): CallExpression | undefined {
  const fn = resolveValue(call.getExpression());
  const returns = isFunction(fn) ? returnedExpressions(fn) : [];
  const made = returns.length === 1 ? unwrap(resolveValue(returns[0]!)) : undefined;
  return made && Node.isCallExpression(made) && isMastraExport(made.getExpression(), ['createTool'])
    ? made
    : undefined;
}

/**
 * `createToolFromAgent(evergreenAgent.id, description)`: a function of the app whose one return is
 * `createTool({ id: agentId, ... })` with `agentId` one of its parameters makes a tool whose id is
 * that argument at this call (or the literal it writes). Only when the id is known this way.
 */
function madeByFactory(call: Node): ToolValue | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const fn = resolveValue(call.getExpression());
  const made = factoryTool(call);
  if (!made) return undefined;
  const config = objectBehind(made);
  const prop =
    config && Node.isObjectLiteralExpression(config) ? config.getProperty('id') : undefined;
  const init =
    prop && Node.isPropertyAssignment(prop) ? unwrap(prop.getInitializerOrThrow()) : undefined;
  if (!init) return undefined;
  const params =
    Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isFunctionDeclaration(fn)
      ? fn.getParameters()
      : [];
  const index = Node.isIdentifier(init)
    ? params.findIndex((p) => p.getName() === init.getText())
    : -1;
  const arg = index >= 0 ? call.getArguments()[index] : undefined;
  const id = arg ? idValue(arg) : index < 0 ? staticString(init) : undefined;
  return id === undefined ? undefined : { kind: 'createTool', id };
}

/** `x.commit()` at the end of a `createWorkflow(...).then(...)` chain. */
function isWorkflowChain(node: Node): boolean {
  let current: Node = node;
  while (Node.isCallExpression(current)) {
    const callee = current.getExpression();
    if (Node.isPropertyAccessExpression(callee)) current = callee.getExpression();
    else return isMastraExport(callee, ['createWorkflow']);
  }
  return false;
}

function workflowId(node: Node): string | undefined {
  let current: Node = node;
  while (Node.isCallExpression(current)) {
    const callee = current.getExpression();
    if (Node.isPropertyAccessExpression(callee)) current = callee.getExpression();
    else return idFromArgument(current);
  }
  return undefined;
}

/**
 * The `createTool(...)` call a value is made by, through the app's functions: one that returns
 * the tool it is given (`withToolLogging(tool)`) and a factory whose one return is `createTool(...)`
 * (`createSearchTool(service)`). Else the value itself.
 */
export function toolCallBehind(node: Node): Node {
  let current = unwrap(resolveValue(node));
  for (let hop = 0; hop < 4 && Node.isCallExpression(current); hop++) {
    if (isMastraExport(current.getExpression(), ['createTool'])) return current;
    const passed = returnedArgument(current);
    if (passed) {
      current = unwrap(passed);
      continue;
    }
    return factoryTool(current) ?? current;
  }
  return current;
}

export function classifyValue(expr: Node, ctx: ValueContext, depth = 0): ToolValue {
  const exported =
    Node.isIdentifier(expr) || Node.isPropertyAccessExpression(expr)
      ? mastraExport(expr)
      : undefined;
  if (exported && exported.module.startsWith('@mastra/core')) {
    if (exported.exportName === WEB_SEARCH_MARKER)
      return { kind: 'web-search-marker', ...exported };
    const declared = installedToolId(ctx.types, expr, exported);
    const bundled = BUNDLED_BUILTIN_IDS[exported.exportName];
    if (declared || bundled) {
      return declared
        ? { kind: 'builtin', ...exported, id: declared, idSource: 'installed-declarations' }
        : { kind: 'builtin', ...exported, id: bundled, idSource: 'bundled-table' };
    }
  }
  const value = resolveValue(expr);
  const agentIndex = ctx.agentIndexOf(value);
  if (agentIndex !== undefined) return { kind: 'agent', agentIndex };
  if (Node.isNewExpression(value) && isMastraExport(value.getExpression(), ['Agent']))
    return { kind: 'agent' };
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    if (isMastraExport(callee, ['createTool'])) {
      const id = idFromArgument(value) ?? declaredToolId(ctx.types, value);
      return id === undefined ? { kind: 'createTool' } : { kind: 'createTool', id };
    }
    // @mastra/rag's tool factories use the `id` they are given (1.0.8: `id || \`VectorQuery …\``):
    // read from the argument, no type checker to build for a declared `id: string`.
    if (isMastraExport(callee, RAG_FACTORIES, '@mastra/rag')) {
      const id = idFromArgument(value);
      if (id !== undefined) return { kind: 'unknown', text: expr.getText().slice(0, 80), id };
    }
    const from = importedFrom(callee);
    if (from?.module === 'ai' && from.exportName === 'tool') return { kind: 'ai-sdk-tool' };
    // openai.tools.webSearch(), anthropic.tools.webSearch_20250305(), google.tools.googleSearch()
    if (
      Node.isPropertyAccessExpression(callee) &&
      /\.tools$/.test(callee.getExpression().getText())
    ) {
      return { kind: 'provider-defined', call: callee.getText() };
    }
    const made = madeByFactory(value);
    if (made) return made;
    // `withToolLogging(createSearchTool(...))`: a function that returns the tool it is given.
    const passed = depth < 4 ? returnedArgument(value) : undefined;
    if (passed) return classifyValue(passed, ctx, depth + 1);
    if (isWorkflowChain(value)) {
      const id = workflowId(value);
      return id === undefined ? { kind: 'workflow' } : { kind: 'workflow', id };
    }
  }
  // An object written out in the code has no declared id to ask the type checker for: read it.
  const id = Node.isObjectLiteralExpression(value)
    ? idFromArgument(value)
    : declaredToolId(ctx.types, expr);
  const text = expr.getText().slice(0, 80);
  return id === undefined ? { kind: 'unknown', text } : { kind: 'unknown', text, id };
}

/**
 * `[webFetchTool.id]` as a key: the id of a Mastra built-in (from the installed package, or the
 * bundled table when it is not installed), so the key is known without running the code.
 */
export function builtinIdKey(computed: Node, ctx: ValueContext): string | undefined {
  const inner = unwrap(computed);
  if (!Node.isPropertyAccessExpression(inner) || inner.getName() !== 'id') return undefined;
  const owner = classifyValue(unwrap(inner.getExpression()), ctx);
  return owner.kind === 'builtin' ? owner.id : undefined;
}
