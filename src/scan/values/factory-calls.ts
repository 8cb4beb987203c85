/**
 * Agents built by a factory of the app: `createAgent(config) { return new Agent({ ...defaults,
 * ...config }) }` called once per agent (`createAgent({ id: 'todo', tools: todoTools, ... })`).
 * Each call builds its own agent, so each call site is read as one agent with the factory's
 * parameters bound to that call's arguments. Only a function whose agent config reads its
 * parameters counts, and only its direct calls (a function passed around is called we know not how).
 */
import type { CallExpression, NewExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { resolveValue, valueSymbol } from '../ast.ts';
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

/** The function the constructor is written in, when it is one that code can call by name. */
function enclosingFactory(ctor: Node): { fn: Factory; name: string; method?: boolean } | undefined {
  const fn = ctor.getFirstAncestor(
    (a) =>
      Node.isFunctionDeclaration(a) ||
      Node.isArrowFunction(a) ||
      Node.isFunctionExpression(a) ||
      Node.isMethodDeclaration(a),
  );
  if (!fn) return undefined;
  // `static createTenant(config)`: called as `Factory.createTenant(...)` or `this.createTenant(...)`.
  if (Node.isMethodDeclaration(fn))
    return fn.isStatic() ? { fn, name: fn.getName(), method: true } : undefined;
  if (Node.isFunctionDeclaration(fn)) {
    const name = fn.getName();
    return name ? { fn, name } : undefined;
  }
  const holder = fn.getParent();
  if (holder && Node.isVariableDeclaration(holder) && Node.isIdentifier(holder.getNameNode()))
    return { fn: fn as Factory, name: holder.getName() };
  return undefined;
}

/** Whether the agent's config reads one of the function's parameters (directly or by spreading). */
function readsParameters(ctor: NewExpression, fn: Factory): boolean {
  const params = new Set<Node>();
  for (const p of fn.getParameters()) {
    params.add(p);
    for (const b of p.getDescendantsOfKind(SyntaxKind.BindingElement)) params.add(b);
  }
  if (params.size === 0) return false;
  const [arg] = ctor.getArguments();
  if (!arg) return false;
  const isParam = (id: Node) =>
    (valueSymbol(id)?.getDeclarations() ?? []).some((d) => params.has(d));
  const reads = (n: Node) =>
    (Node.isIdentifier(n) && isParam(n)) ||
    n.getDescendantsOfKind(SyntaxKind.Identifier).some(isParam);
  if (reads(arg)) return true;
  // `const merged = { ...defaults, ...config }; return new Agent(merged)`.
  const config = resolveValue(arg);
  return config !== arg && contains(fn, config) && reads(config);
}

/** The class a static method's call names: `Factory.create(...)`, or `this.create(...)` inside it. */
function calledClass(owner: Node): Node | undefined {
  if (Node.isThisExpression(owner))
    return owner.getFirstAncestor((a) => Node.isClassDeclaration(a));
  if (!Node.isIdentifier(owner)) return undefined;
  let symbol = owner.getSymbol();
  if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol();
  return symbol?.getDeclarations().find((d) => Node.isClassDeclaration(d));
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
  return calledClass(parent.getExpression()) === fn.getParent() ? call : undefined;
}

/** Direct calls of the function in the project's files, or undefined past MAX_CALLS. */
function callsOf(fn: Factory, name: string, method: boolean): CallExpression[] | undefined {
  const word = identifierPattern(name);
  const out: CallExpression[] = [];
  for (const file of fn.getProject().getSourceFiles()) {
    if (file.isDeclarationFile() || !word.test(file.getFullText())) continue;
    for (const ref of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (ref.getText() !== name) continue;
      const call = callThrough(ref, fn, method);
      if (!call || contains(fn, call)) continue;
      out.push(call);
      if (out.length > MAX_CALLS) return undefined;
    }
  }
  return out;
}

/** One entry per call that builds an agent with this constructor; undefined when it is no factory. */
export function factoryCalls(ctor: NewExpression): FactoryCall[] | undefined {
  const factory = enclosingFactory(ctor);
  if (!factory || !readsParameters(ctor, factory.fn)) return undefined;
  const calls = callsOf(factory.fn, factory.name, factory.method === true);
  if (!calls?.length) return undefined;
  const params = factory.fn.getParameters();
  return calls.map((call) => {
    const args = call.getArguments();
    const bindings = new Map<Node, Node>();
    params.forEach((p, i) => {
      const arg = args[i];
      if (!Node.isParameterDeclaration(p) || p.isRestParameter() || !arg) return;
      if (Node.isSpreadElement(arg)) return;
      bindings.set(p, arg);
    });
    return { call, bindings };
  });
}
