/**
 * `withAgentModes(new Agent({...}), modes)`: a call of one of the app's functions that returns an
 * argument it was given (`return agent`, `return Object.assign(agent, {...})`) is that argument. Apps
 * decorate their agents this way and register the result, so the agent registered is the one
 * constructed inside the call. Only a function every return of which is the same parameter counts:
 * one that may return something else proves nothing.
 */
import type { ArrowFunction, FunctionDeclaration, FunctionExpression } from 'ts-morph';
import { Node, SyntaxKind, VariableDeclarationKind } from '../../ts-morph.ts';
import { resolveValue, unwrap } from '../ast.ts';
import { isFunction, returnedExpressions } from './map-walk.ts';

/** The function a callee names, as one whose parameters can be read. */
function functionOf(
  callee: Node,
): FunctionDeclaration | ArrowFunction | FunctionExpression | undefined {
  const fn = resolveValue(callee);
  return isFunction(fn)
    ? (fn as FunctionDeclaration | ArrowFunction | FunctionExpression)
    : undefined;
}

/** `const t = tool as any; ... return t`: a constant of the function that holds a parameter is it. */
function paramAlias(e: Node, fn: Node): Node {
  if (!Node.isIdentifier(e)) return e;
  const decl = e.getSymbol()?.getDeclarations()[0];
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getFirstAncestor((a) => a === fn) !== fn)
    return e;
  const list = decl.getParent();
  const init = decl.getInitializer();
  const isConst =
    Node.isVariableDeclarationList(list) &&
    list.getDeclarationKind() === VariableDeclarationKind.Const;
  if (!isConst || !init) return e;
  const inner = unwrap(init);
  return Node.isIdentifier(inner) ? inner : e;
}

/** `Object.assign(x, ...)` returns x. */
function target(expr: Node): Node {
  const e = unwrap(expr);
  if (
    Node.isCallExpression(e) &&
    e.getExpression().getText() === 'Object.assign' &&
    e.getArguments().length > 0
  )
    return unwrap(e.getArguments()[0]!);
  return e;
}

/** The argument a call returns, resolved; undefined when the called function may return anything else. */
export function returnedArgument(call: Node): Node | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const fn = functionOf(call.getExpression());
  if (!fn) return undefined;
  const params = fn.getParameters();
  const returns = returnedExpressions(fn);
  if (returns.length === 0) return undefined;
  let index: number | undefined;
  for (const r of returns) {
    const e = paramAlias(target(r), fn);
    if (!Node.isIdentifier(e)) return undefined;
    const i = params.findIndex(
      (p) => Node.isParameterDeclaration(p) && p.getNameNode().getText() === e.getText(),
    );
    if (i < 0 || (index !== undefined && index !== i)) return undefined;
    index = i;
  }
  // A parameter assigned in the body may hold something else by the time it is returned.
  const name = index === undefined ? undefined : params[index]!.getNameNode().getText();
  const assigned = fn
    .getDescendantsOfKind(SyntaxKind.BinaryExpression)
    .some(
      (b) =>
        b.getOperatorToken().getKind() === SyntaxKind.EqualsToken && b.getLeft().getText() === name,
    );
  if (assigned) return undefined;
  const arg = index === undefined ? undefined : call.getArguments()[index];
  return arg ? resolveValue(arg) : undefined;
}

/**
 * `buildOrchestrator(workers)` where the function returns one `new …(…)` on every path: the
 * construction inside it (a factory's agent is registered by the call's result). Or the one call
 * it returns (`getTodoAgent() { return createAgent({...}) }`, awaited or not), for the caller to
 * ask in turn.
 */
export function returnedConstruction(call: Node): Node | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const fn = functionOf(call.getExpression());
  const returns = fn ? returnedExpressions(fn) : [];
  if (returns.length !== 1) return undefined;
  let made = unwrap(returns[0]!);
  if (Node.isAwaitExpression(made)) made = unwrap(made.getExpression());
  return Node.isNewExpression(made) || Node.isCallExpression(made) ? made : undefined;
}

/** Functions by the calls found to them: one per function, asked once. */
const onlyCalls = new WeakMap<Node, Node | null>();

/**
 * The one call of the function that declares `param`, when the scanned files call it exactly once
 * and use its name for nothing else (not passed on, not exported under another name): then the
 * parameter holds that call's argument.
 */
export function singleCallArgument(param: Node): Node | undefined {
  if (!Node.isParameterDeclaration(param)) return undefined;
  const fn = param.getParent();
  if (!Node.isFunctionDeclaration(fn) || fn.isDefaultExport()) return undefined;
  const name = fn.getName();
  if (!name || param.isRestParameter()) return undefined;
  let call = onlyCalls.get(fn);
  if (call === undefined) {
    call = onlyCallOf(fn, name) ?? null;
    onlyCalls.set(fn, call);
  }
  if (!call || !Node.isCallExpression(call)) return undefined;
  const arg = call.getArguments()[fn.getParameters().indexOf(param)];
  return arg ?? undefined;
}

function onlyCallOf(fn: Node, name: string): Node | undefined {
  const symbol = Node.isFunctionDeclaration(fn) ? fn.getSymbol() : undefined;
  if (!symbol) return undefined;
  const word = new RegExp(`\\b${name}\\b`);
  let found: Node | undefined;
  for (const file of fn.getProject().getSourceFiles()) {
    if (file.isDeclarationFile() || !word.test(file.getFullText())) continue;
    for (const ref of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (ref.getText() !== name) continue;
      const parent = ref.getParent();
      if (parent === fn) continue;
      // An import or export of it names it; what matters is how the names are used.
      if (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent)) continue;
      const target = resolveValue(ref);
      if (target !== fn) {
        if (ref.getSymbol() === symbol) return undefined;
        continue;
      }
      if (!Node.isCallExpression(parent) || parent.getExpression() !== ref) return undefined;
      if (found) return undefined;
      found = parent;
    }
  }
  return found;
}
