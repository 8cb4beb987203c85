/**
 * Parameters bound to the arguments of the call being followed. Prompt text often passes through
 * helpers (`loadPrompt('support')`, `withSafety(BASE)`, `build({ role: '...' })`): inside the
 * helper's body a parameter stands for the argument written at that call, read where the call is.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { ownerClass, resolveValue, unwrap } from '../ast.ts';
import { keyOf } from '../values/tool-map.ts';

/** An expression and the bindings it is read with. */
export interface Bound {
  node: Node;
  env: Env;
  /** A rest parameter: the arguments it collects (`node` is the parameter). */
  items?: Bound[];
}

/** Parameter (or destructured element of one) -> what it stands for at the followed call. */
export type Env = ReadonlyMap<Node, Bound>;

export const NO_BINDINGS: Env = new Map();

export function isFunctionNode(node: Node): boolean {
  return (
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node) ||
    Node.isMethodDeclaration(node)
  );
}

function boundValue(id: Node, env: Env): Bound | undefined {
  if (env.size === 0) return undefined;
  const parent = id.getParent();
  const symbol =
    parent && Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === id
      ? parent.getValueSymbol()
      : id.getSymbol();
  for (const decl of symbol?.getDeclarations() ?? []) {
    const bound = env.get(decl);
    if (bound) return bound;
  }
  return undefined;
}

/**
 * Follows identifiers through bound parameters and constant definitions (across files) to the
 * expression they stand for. An identifier with neither (a loop variable, a callback parameter,
 * `__dirname`) is returned as it is.
 */
export function resolveIn(node: Node, env: Env): Bound {
  let current: Bound = { node: unwrap(node), env };
  for (let hop = 0; hop < 32 && Node.isIdentifier(current.node); hop++) {
    const bound = boundValue(current.node, current.env);
    if (bound?.items) return bound;
    if (bound) {
      current = { node: unwrap(bound.node), env: bound.env };
      continue;
    }
    const def = resolveValue(current.node);
    if (def === current.node) break;
    current = { node: def, env: current.env };
  }
  return current;
}

/** The value of property `key` of an object literal: an initializer, a shorthand name or a method. */
export function memberOf(object: Node, key: string): Node | undefined {
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  for (const prop of object.getProperties()) {
    if (Node.isPropertyAssignment(prop) && keyOf(prop.getNameNode()).value === key)
      return prop.getInitializer();
    if (Node.isShorthandPropertyAssignment(prop) && prop.getName() === key)
      return prop.getNameNode();
    if (Node.isMethodDeclaration(prop) && keyOf(prop.getNameNode()).value === key) return prop;
  }
  return undefined;
}

/**
 * The bindings inside `fn` when it is called with `args`: each parameter stands for its argument
 * (read with the caller's bindings), a destructured one for the matching property of an object
 * literal argument, a missing one for its default value, a rest parameter for the arguments left.
 * The bindings where `fn` is stay visible (closures).
 */
export function bindArgs(fn: Node, args: Bound[], outer: Env): Env {
  const env = new Map(outer);
  if (!isFunctionNode(fn)) return env;
  const params = (fn as Node & { getParameters(): Node[] }).getParameters();
  params.forEach((param, i) => {
    if (!Node.isParameterDeclaration(param)) return;
    if (param.isRestParameter()) {
      env.set(param, { node: param, env, items: args.slice(i) });
      return;
    }
    const given = args[i];
    const name = param.getNameNode();
    const fallback = (decl: Node & { getInitializer(): Node | undefined }) => {
      const init = decl.getInitializer();
      return init ? { node: init, env } : undefined;
    };
    if (Node.isIdentifier(name)) {
      const value = given ?? fallback(param);
      if (value) env.set(param, value);
      return;
    }
    if (!Node.isObjectBindingPattern(name)) return;
    const object = given ? resolveIn(given.node, given.env) : undefined;
    for (const element of name.getElements()) {
      if (element.getDotDotDotToken()) continue;
      const key = element.getPropertyNameNode()?.getText() ?? element.getName();
      const member = object ? memberOf(object.node, key.replace(/^['"]|['"]$/g, '')) : undefined;
      const value = member && object ? { node: member, env: object.env } : fallback(element);
      if (value) env.set(element, value);
    }
  });
  return env;
}

/** `bindArgs` for a call written in the code (a spread argument ends what is known). */
export function bindCall(fn: Node, call: Node, callerEnv: Env): Env {
  if (!(Node.isCallExpression(call) || Node.isNewExpression(call))) return new Map(callerEnv);
  const args: Bound[] = [];
  for (const arg of call.getArguments()) {
    if (Node.isSpreadElement(arg)) break;
    args.push({ node: arg, env: callerEnv });
  }
  return bindArgs(fn, args, callerEnv);
}

/** The elements an expression holds: an array literal's, or a rest parameter's arguments. */
export function elementsOf(node: Node, env: Env): Bound[] | undefined {
  const value = resolveIn(node, env);
  if (value.items) return value.items;
  if (!Node.isArrayLiteralExpression(value.node)) return undefined;
  const out: Bound[] = [];
  for (const element of value.node.getElements()) {
    if (!Node.isSpreadElement(element)) {
      out.push({ node: element, env: value.env });
      continue;
    }
    const inner = elementsOf(element.getExpression(), value.env);
    if (!inner) return undefined;
    out.push(...inner);
  }
  return out;
}

/**
 * `this.buildPrompt(config)` inside a class, `PromptFactory.build(config)`, `registry.getPrompt()`
 * of a `registry = new PromptRegistry()`: the class's one method of that name with a body.
 */
export function classMethod(owner: Node, name: string): Node | undefined {
  const cls = ownerClass(Node.isNewExpression(owner) ? owner.getExpression() : owner);
  if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return undefined;
  const methods = cls.getMethods().filter((m) => m.getName() === name && m.getBody());
  return methods.length === 1 ? methods[0] : undefined;
}

/**
 * `this.promptDir` read in a method: the field's initializer, else the one value its constructor
 * gives it, read with the constructor's parameters bound to the arguments of the one `new` of the
 * class in its own file (a registry made once there and exported). A parameter that `new` leaves
 * out holds nothing, so `promptDir ?? __dirname` is its fallback.
 */
export function thisField(self: Node, name: string): Bound | undefined {
  const cls = ownerClass(self);
  if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return undefined;
  const field = cls.getProperty(name);
  const init = field && Node.isPropertyDeclaration(field) ? field.getInitializer() : undefined;
  if (init) return { node: init, env: NO_BINDINGS };
  const ctor = cls.getConstructors().find((c) => c.getBody());
  const writes = (ctor?.getDescendantsOfKind(SyntaxKind.BinaryExpression) ?? []).filter((b) => {
    const left = b.getLeft();
    return (
      b.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
      Node.isPropertyAccessExpression(left) &&
      Node.isThisExpression(left.getExpression()) &&
      left.getName() === name
    );
  });
  const made = cls
    .getSourceFile()
    .getDescendantsOfKind(SyntaxKind.NewExpression)
    .filter((n) => ownerClass(n.getExpression()) === cls);
  if (!ctor || writes.length !== 1 || made.length !== 1) return undefined;
  const args = made[0]!.getArguments();
  const params = ctor.getParameters();
  const env = new Map<Node, Bound>();
  params.forEach((p, i) => {
    const arg = args[i];
    if (arg && !Node.isSpreadElement(arg)) env.set(p, { node: arg, env: NO_BINDINGS });
  });
  let value = unwrap(writes[0]!.getRight());
  if (Node.isBinaryExpression(value) && ['??', '||'].includes(value.getOperatorToken().getText())) {
    const left = unwrap(value.getLeft());
    const param = params.find(
      (p, i) =>
        i >= args.length &&
        !p.getInitializer() &&
        !p.isRestParameter() &&
        Node.isIdentifier(left) &&
        left.getSymbol() === p.getSymbol(),
    );
    if (param) value = unwrap(value.getRight());
  }
  return { node: value, env };
}
