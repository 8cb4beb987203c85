/**
 * Agents built by a factory of the app: `createAgent(config) { return new Agent({ ...defaults,
 * ...config }) }` called once per agent (`createAgent({ id: 'todo', tools: todoTools, ... })`).
 * Each call builds its own agent, so each call site is read as one agent with the factory's
 * parameters bound to that call's arguments. Only a function whose agent config reads its
 * parameters counts, and only its direct calls (a function passed around is called we know not how).
 */
import type { CallExpression, NewExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { identifiersNamed, ownerClass, resolveValue, valueSymbol } from '../ast.ts';
import { identifierPattern } from '../files/identifier.ts';

/** A factory builds at most this many agents we read: past it, the calls are not the app's agents. */
const MAX_CALLS = 64;

export interface FactoryCall {
  call: CallExpression;
  /** Each parameter declaration of the factory -> the argument this call passes it. */
  bindings: Map<Node, Node>;
}

type Factory = Node & { getParameters(): Node[] };

function contains(outer: Node, inner: Node): boolean {
  return (
    outer.getSourceFile() === inner.getSourceFile() &&
    inner.getPos() >= outer.getPos() &&
    inner.getEnd() <= outer.getEnd()
  );
}

/** A function code can call by name: a declaration, a const's function, a static method. */
function nameable(fn: Node): { fn: Factory; name: string; method?: boolean } | undefined {
  if (Node.isFunctionDeclaration(fn)) {
    const name = fn.getName();
    return name ? { fn, name } : undefined;
  }
  // `static createTenant(config)`: called as `Factory.createTenant(...)` or `this.createTenant(...)`.
  if (Node.isMethodDeclaration(fn))
    return fn.isStatic() ? { fn, name: fn.getName(), method: true } : undefined;
  const holder = fn.getParent();
  if (holder && Node.isVariableDeclaration(holder) && Node.isIdentifier(holder.getNameNode()))
    return { fn: fn as Factory, name: holder.getName() };
  return undefined;
}

const isFunctionLike = (a: Node) =>
  Node.isFunctionDeclaration(a) ||
  Node.isArrowFunction(a) ||
  Node.isFunctionExpression(a) ||
  Node.isMethodDeclaration(a);

/**
 * The config properties that decide what an agent is offered and told; a factory parameter that
 * only sets the model or a temperature builds agents alike in every way this tool asks about.
 */
const NAMING = new Set([
  'id',
  'name',
  'instructions',
  'description',
  'tools',
  'agents',
  'workflows',
  'memory',
  'workspace',
  'browser',
  'skills',
  'inputProcessors',
  'signals',
  'defaultOptions',
  'defaultNetworkOptions',
]);

/** The parts of the constructor's argument that decide names: those properties, and any spread. */
function namingParts(ctor: NewExpression): Node[] {
  const [arg] = ctor.getArguments();
  if (!arg) return [];
  const config = resolveValue(arg);
  if (!Node.isObjectLiteralExpression(config)) return [arg];
  const parts: Node[] = [];
  for (const p of config.getProperties()) {
    if (Node.isSpreadAssignment(p)) parts.push(p.getExpression());
    else if (Node.isPropertyAssignment(p) && NAMING.has(p.getName()))
      parts.push(p.getInitializerOrThrow());
    else if (Node.isShorthandPropertyAssignment(p) && NAMING.has(p.getName()))
      parts.push(p.getNameNode());
  }
  return parts;
}

/** The parameters of `fn` that the parts read (directly, or through a destructured element). */
function paramsRead(parts: readonly Node[], fn: Factory): Set<Node> {
  const owner = new Map<Node, Node>();
  for (const p of fn.getParameters()) {
    owner.set(p, p);
    for (const b of p.getDescendantsOfKind(SyntaxKind.BindingElement)) owner.set(b, p);
  }
  const read = new Set<Node>();
  if (owner.size === 0) return read;
  const visit = (id: Node) => {
    for (const d of valueSymbol(id)?.getDeclarations() ?? []) {
      const param = owner.get(d);
      if (param) read.add(param);
    }
  };
  for (const part of parts) {
    if (Node.isIdentifier(part)) visit(part);
    part.getDescendantsOfKind(SyntaxKind.Identifier).forEach(visit);
  }
  return read;
}

/**
 * The function around `site` whose parameters the parts read (the nearest such, through callbacks
 * written inside it: a step's `execute` in `createAgentStep(config)`), when code can call it by
 * name, with the parameters they read.
 */
function enclosingFactory(
  site: Node,
  parts: readonly Node[],
): { fn: Factory; name: string; method?: boolean; read: Set<Node> } | undefined {
  for (
    let fn = site.getFirstAncestor(isFunctionLike);
    fn;
    fn = fn.getFirstAncestor(isFunctionLike)
  ) {
    const read = paramsRead(parts, fn);
    if (read.size === 0) continue;
    const named = nameable(fn);
    return named ? { ...named, read } : undefined;
  }
  return undefined;
}

/** The call a reference to the factory makes, when it is one: `make(...)`, `Factory.make(...)`. */
function callThrough(ref: Node, fn: Factory, method: boolean): CallExpression | undefined {
  const parent = ref.getParent();
  if (!method) {
    if (!parent || !Node.isCallExpression(parent) || parent.getExpression() !== ref)
      return undefined;
    return resolveValue(ref) === fn ? parent : undefined;
  }
  if (!parent || !Node.isPropertyAccessExpression(parent) || parent.getNameNode() !== ref)
    return undefined;
  const call = parent.getParent();
  if (!call || !Node.isCallExpression(call) || call.getExpression() !== parent) return undefined;
  return ownerClass(parent.getExpression()) === fn.getParent() ? call : undefined;
}

/** Direct calls of the function in the project's files, or undefined past MAX_CALLS. */
function callsOf(fn: Factory, name: string, method: boolean): CallExpression[] | undefined {
  const word = identifierPattern(name);
  const out: CallExpression[] = [];
  for (const file of fn.getProject().getSourceFiles()) {
    if (file.isDeclarationFile() || !word.test(file.getFullText())) continue;
    for (const ref of identifiersNamed(file, name)) {
      const call = callThrough(ref, fn, method);
      if (!call || contains(fn, call)) continue;
      out.push(call);
      if (out.length > MAX_CALLS) return undefined;
    }
  }
  return out;
}

/** Each parameter of the function -> the argument this call passes it. */
function bindingsOf(fn: Factory, call: CallExpression): Map<Node, Node> {
  const args = call.getArguments();
  const bindings = new Map<Node, Node>();
  fn.getParameters().forEach((p, i) => {
    const arg = args[i];
    if (!Node.isParameterDeclaration(p) || p.isRestParameter() || !arg) return;
    if (Node.isSpreadElement(arg)) return;
    bindings.set(p, arg);
  });
  return bindings;
}

/**
 * The calls that build what `site` builds: of the factory around it, and (when such a call is in
 * turn written in a factory, from its parameters: `createAgentStep(config)` calling
 * `createAgent({ ...config.agentConfig })`) of that one's callers, two levels up at most.
 */
function expand(site: Node, parts: readonly Node[], depth: number): FactoryCall[] | undefined {
  const factory = enclosingFactory(site, parts);
  if (!factory) return undefined;
  const calls = callsOf(factory.fn, factory.name, factory.method === true);
  if (!calls?.length) return undefined;
  const params = factory.fn.getParameters();
  const out: FactoryCall[] = [];
  for (const call of calls) {
    const bindings = bindingsOf(factory.fn, call);
    // What this call passes to the parameters that decide names: when those read its own
    // function's parameters, its callers build the agents.
    const passed = call
      .getArguments()
      .filter((_, i) => params[i] !== undefined && factory.read.has(params[i]));
    const outer = depth < 2 ? expand(call, passed, depth + 1) : undefined;
    if (outer?.length)
      for (const o of outer)
        out.push({ call: o.call, bindings: new Map([...o.bindings, ...bindings]) });
    else out.push({ call, bindings });
    if (out.length > MAX_CALLS) return undefined;
  }
  return out;
}

/** One entry per call that builds an agent with this constructor; undefined when it is no factory. */
export function factoryCalls(ctor: NewExpression): FactoryCall[] | undefined {
  return expand(ctor, namingParts(ctor), 0);
}

/**
 * The calls of the app's function around `site` (a helper such as `run(agent, prompt)` that calls
 * `agent.generate(prompt)`), when `parts` read its parameters: one entry per call, with the
 * parameters bound to that call's arguments, two levels of such helpers up at most.
 */
export function helperCalls(site: Node, parts: readonly Node[]): FactoryCall[] | undefined {
  return expand(site, parts, 0);
}
