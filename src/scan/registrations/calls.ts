/**
 * Finds `agent.generate(...)` / `agent.stream(...)` calls and ties each to its agent: through a
 * variable (across files), `mastra.getAgent('key')` or `mastra.getAgentById('id')`.
 */
import type { CallExpression, PropertyAccessExpression } from 'ts-morph';
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import {
  calledMethod,
  descendantsOfKind,
  locate,
  propertyValue,
  resolveValue,
  unwrap,
} from '../ast.ts';
import { readCallOptions } from './call-options.ts';
import type { AgentInfo, CallSite, TextFragment } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import { textFragments } from '../mentions/prompt-text.ts';
import { withBoundParameters } from '../bound-parameters.ts';
import { helperCalls } from '../values/factory-calls.ts';
import type { MapContext } from '../values/tool-map.ts';
import { picked, tableValues } from '../values/dispatch-table.ts';
import { thisMemberValue } from '../values/this-member.ts';

/** Calls that send the agent's tools as functions, named by wire name. */
export const CALL_METHODS = new Set([
  'generate',
  'stream',
  'generateLegacy',
  'streamLegacy',
  'streamVNext',
  'generateVNext',
  'resumeStream',
]);
/** Calls that run the agent as a routing network: sub-agents, workflows and tools are listed by raw key. */
export const NETWORK_METHODS = new Set(['network', 'resumeNetwork']);
/**
 * A file without one of these method names as a word holds no call site (`findCalls` reads calls
 * of a property access with such a name, however it is spaced or commented).
 */
export const CALL_TEXT = new RegExp(
  `(?<![\\w$])(?:${[...CALL_METHODS, ...NETWORK_METHODS].join('|')})(?![\\w$])`,
);
const TOOL_OPTIONS = ['toolChoice', 'activeTools', 'toolsets', 'clientTools', 'prepareStep'];

export interface AgentLookup {
  byNode(node: Node): number | undefined;
  /** Every agent a factory's constructor builds (one per call of the factory), when it is one. */
  instancesOf?(node: Node): readonly number[];
  byKey(key: string): number | undefined;
  /** Every agent registered under `key`: one per Mastra instance that registers it. */
  allByKey?(key: string): readonly number[];
  byId(id: string): number | undefined;
}

/** The receiver's value: awaited, and through `(agent as any).__fork()` (Mastra's per-request copy). */
function receiverValue(receiver: Node): Node {
  const bare = unwrap(receiver);
  const value = resolveValue(Node.isAwaitExpression(bare) ? bare.getExpression() : bare);
  const callee = Node.isCallExpression(value) ? value.getExpression() : undefined;
  return callee &&
    Node.isPropertyAccessExpression(callee) &&
    callee.getName() === '__fork' &&
    (value as CallExpression).getArguments().length === 0
    ? resolveValue(callee.getExpression())
    : value;
}

/** Every agent a table the receiver is picked from holds, when each of its entries is one. */
function tableAgents(receiver: Node, agents: AgentLookup): number[] {
  const values = tableValues(receiverValue(receiver));
  const found = values?.map((v) => agents.byNode(v));
  return found?.length && found.every((i) => i !== undefined) ? [...new Set(found)] : [];
}

function resolveReceiver(
  receiver: Node,
  agents: AgentLookup,
): { index?: number; via: CallSite['via']; registered?: readonly number[] } {
  let value = receiverValue(receiver);
  // `input.agent`, where `input` is an object literal the code shows (a helper's bound argument);
  // `this.agent`, a field of the class the call is made in, given one value.
  if (Node.isPropertyAccessExpression(value)) {
    const member =
      propertyValue(resolveValue(value.getExpression()), value.getName()) ?? thisMemberValue(value);
    if (member) value = resolveValue(member);
  }
  const direct = agents.byNode(value);
  if (direct !== undefined) return { index: direct, via: 'variable' };
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    const [arg] = value.getArguments();
    const key = arg ? staticString(arg) : undefined;
    if (Node.isPropertyAccessExpression(callee) && key !== undefined) {
      if (callee.getName() === 'getAgent') {
        // Two Mastra instances (the app's, an eval's) registering one key: `mastra` may be either.
        const registered = agents.allByKey?.(key) ?? [];
        if (registered.length > 1) return { via: 'getAgent', registered };
        const index = agents.byKey(key) ?? agents.byId(key);
        return index === undefined ? { via: 'getAgent' } : { index, via: 'getAgent' };
      }
      if (callee.getName() === 'getAgentById') {
        const index = agents.byId(key);
        return index === undefined ? { via: 'getAgentById' } : { index, via: 'getAgentById' };
      }
    }
  }
  return { via: 'unknown' };
}

function promptFragments(
  ctx: MapContext,
  prompt: Node | undefined,
  options: Node | undefined,
  network: boolean,
): TextFragment[] {
  const out: TextFragment[] = prompt ? textFragments(ctx, prompt, 'prompt') : [];
  const opts = options ? resolveValue(options) : undefined;
  for (const name of ['instructions', 'system']) {
    const value = opts ? propertyValue(opts, name) : undefined;
    if (value) out.push(...textFragments(ctx, value, 'system'));
  }
  // network(msg, { routing: { additionalInstructions } }): read by the routing agent.
  const routing = network && opts ? propertyValue(opts, 'routing') : undefined;
  const config = routing ? resolveValue(routing) : undefined;
  const extra = config ? propertyValue(config, 'additionalInstructions') : undefined;
  if (extra) out.push(...textFragments(ctx, extra, 'routing-instructions'));
  return out;
}

type Site = Omit<CallSite, 'prediction' | 'unknownNames' | 'mastra'>;

/** What a call sends, located at `at`: the call itself, or the call of the helper that makes it. */
function siteOf(ctx: MapContext, call: CallExpression, at: Node, via: CallSite['via']): Site {
  const callee = call.getExpression() as PropertyAccessExpression;
  const [prompt, options] = call.getArguments();
  return {
    location: locate(ctx, at),
    method: callee.getName(),
    via,
    receiverText: callee.getExpression().getText().slice(0, 80),
    options: readCallOptions(ctx, options),
    prompts: promptFragments(ctx, prompt, options, NETWORK_METHODS.has(callee.getName())),
  };
}

/**
 * `const cfg = config[kind]; mastra.getAgent(cfg.agentName).generate(cfg.prompt(file))`: the
 * variable an entry of a literal table is picked into, and the entries, when the agent is named
 * by a member of it. Each entry is read as the variable's value: its agent, with its prompt.
 */
function pickedEntry(receiver: Node): { decl: Node; entries: Node[] } | undefined {
  const value = receiverValue(receiver);
  if (!Node.isCallExpression(value)) return undefined;
  const [arg] = value.getArguments();
  const member = arg ? unwrap(arg) : undefined;
  if (!member || !Node.isPropertyAccessExpression(member)) return undefined;
  const holder = member.getExpression();
  if (!Node.isIdentifier(holder)) return undefined;
  const decl = holder.getSymbol()?.getDeclarations()[0];
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  if (!decl || !init || !Node.isElementAccessExpression(unwrap(init))) return undefined;
  const entries = picked(init);
  return entries && entries.length > 1 ? { decl, entries } : undefined;
}

/** Each entry's call, when the agent is named by a member of a picked table entry. */
function pickedSites(
  ctx: MapContext,
  call: CallExpression,
  receiver: Node,
  agents: AgentLookup,
): Site[] {
  const pick = pickedEntry(receiver);
  const out: Site[] = [];
  for (const entry of pick?.entries ?? [])
    withBoundParameters(new Map([[pick!.decl, entry]]), () => {
      const { index, via } = resolveReceiver(receiver, agents);
      if (index !== undefined) out.push({ ...siteOf(ctx, call, call, via), agentIndex: index });
    });
  return out;
}

/** The calls of the helper around `call`, each read as a call of the agent passed to it. */
function helperSites(
  ctx: MapContext,
  call: CallExpression,
  receiver: Node,
  agents: AgentLookup,
): Site[] {
  const out: Site[] = [];
  for (const { call: at, bindings } of helperCalls(call, [receiver]) ?? [])
    withBoundParameters(bindings, () => {
      const { index, via, registered = [] } = resolveReceiver(receiver, agents);
      for (const i of index === undefined ? registered : [index])
        out.push({ ...siteOf(ctx, call, at, via), agentIndex: i });
    });
  return out;
}

export function findCalls(
  ctx: MapContext,
  file: SourceFile,
  agents: AgentLookup,
): Array<Omit<CallSite, 'prediction' | 'unknownNames' | 'mastra'>> {
  const out: Site[] = [];
  const called = (n: ts.Node) => {
    const method = calledMethod(n);
    return method !== undefined && (CALL_METHODS.has(method) || NETWORK_METHODS.has(method));
  };
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, called)) {
    const callee = call.getExpression();
    if (
      !Node.isPropertyAccessExpression(callee) ||
      !(CALL_METHODS.has(callee.getName()) || NETWORK_METHODS.has(callee.getName()))
    )
      continue;
    const receiver = callee.getExpression();
    const { index, via, registered = [] } = resolveReceiver(receiver, agents);
    const [, options] = call.getArguments();
    const optionObject = options ? resolveValue(options) : undefined;
    const mentionsTools =
      optionObject &&
      Node.isObjectLiteralExpression(optionObject) &&
      TOOL_OPTIONS.some((o) => optionObject.getProperty(o));
    // A call inside a factory on the agent it builds is a call of every agent it builds.
    // So is a call of an agent picked from a table (`AGENTS[id].agent.generate()`) of each it holds.
    const built =
      index === undefined && registered.length === 0
        ? (agents.instancesOf?.(receiverValue(receiver)) ?? [])
        : registered;
    const instances =
      index === undefined && built.length === 0 ? tableAgents(receiver, agents) : built;
    // A helper of the app that calls generate() on an agent it is given (`run(agent, prompt)`):
    // each of its calls is a call of the agent passed there, with the messages passed there.
    if (index === undefined && instances.length === 0) {
      const each = pickedSites(ctx, call, receiver, agents);
      if (each.length) {
        out.push(...each);
        continue;
      }
      const through = helperSites(ctx, call, receiver, agents);
      if (through.length) {
        out.push(...through);
        continue;
      }
    }
    // Calls we cannot tie to an agent are kept only when they carry tool options worth checking.
    if (index === undefined && instances.length === 0 && !mentionsTools) continue;
    const site = siteOf(ctx, call, call, via);
    if (instances.length)
      for (const i of instances)
        out.push({ ...site, agentIndex: i, via: registered.length ? via : 'variable' });
    else out.push({ ...site, ...(index === undefined ? {} : { agentIndex: index }) });
  }
  return out;
}

export function agentLookup(
  agents: AgentInfo[],
  byNode: (node: Node) => number | undefined,
  instancesOf?: (node: Node) => readonly number[],
): AgentLookup {
  return {
    byNode,
    ...(instancesOf ? { instancesOf } : {}),
    byKey: (key) => agents.find((a) => a.registeredAs.includes(key))?.index,
    allByKey: (key) => agents.filter((a) => a.registeredAs.includes(key)).map((a) => a.index),
    byId: (id) => agents.find((a) => a.id === id || a.name === id)?.index,
  };
}
