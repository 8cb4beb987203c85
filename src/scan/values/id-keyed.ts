/**
 * A record built from a list of tools, each under its own id:
 *
 *   coreTools.reduce((acc, tool) => { acc[tool.id] = tool; return acc; }, {})
 *   coreTools.reduce((acc, tool) => ({ ...acc, [tool.id]: tool }), {})
 *   Object.fromEntries(coreTools.map((tool) => [tool.id, tool]))
 *
 * Mastra offers each tool under its `id`, so the keys are the ids of the list's tools, read like
 * any tool's id. Only these shapes, with the element itself as the value; anything else is read
 * (or not) as a call.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { unwrap } from '../ast.ts';
import { isFunction, returnedExpressions } from './map-walk.ts';

/** `t.id` where `t` is the parameter `param`. */
function isIdOf(node: Node | undefined, param: string): boolean {
  const n = node && unwrap(node);
  return (
    !!n &&
    Node.isPropertyAccessExpression(n) &&
    n.getName() === 'id' &&
    n.getExpression().getText() === param
  );
}

function paramName(fn: Node, i: number): string | undefined {
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return undefined;
  const name = fn.getParameters()[i]?.getNameNode();
  return name && Node.isIdentifier(name) ? name.getText() : undefined;
}

/** `(acc, t) => { acc[t.id] = t; return acc; }` or `(acc, t) => ({ ...acc, [t.id]: t })`. */
function keysById(fn: Node): boolean {
  const acc = paramName(fn, 0);
  const item = paramName(fn, 1);
  if (!acc || !item) return false;
  const returns = returnedExpressions(fn).map((r) => unwrap(r));
  if (returns.length !== 1) return false;
  const [returned] = returns as [Node];
  if (Node.isObjectLiteralExpression(returned)) {
    const [spread, entry, ...rest] = returned.getProperties();
    const key = entry && Node.isPropertyAssignment(entry) ? entry.getNameNode() : undefined;
    return (
      rest.length === 0 &&
      !!spread &&
      Node.isSpreadAssignment(spread) &&
      spread.getExpression().getText() === acc &&
      !!key &&
      Node.isComputedPropertyName(key) &&
      isIdOf(key.getExpression(), item) &&
      Node.isPropertyAssignment(entry) &&
      unwrap(entry.getInitializerOrThrow()).getText() === item
    );
  }
  if (!Node.isIdentifier(returned) || returned.getText() !== acc) return false;
  const writes = fn
    .getDescendantsOfKind(SyntaxKind.BinaryExpression)
    .filter((b) => b.getOperatorToken().getKind() === SyntaxKind.EqualsToken);
  const [write] = writes;
  const left = write?.getLeft();
  return (
    writes.length === 1 &&
    !!left &&
    Node.isElementAccessExpression(left) &&
    left.getExpression().getText() === acc &&
    isIdOf(left.getArgumentExpression(), item) &&
    unwrap(write!.getRight()).getText() === item
  );
}

/** `(t) => [t.id, t]`. */
function entryById(fn: Node): boolean {
  const item = paramName(fn, 0);
  const [returned] = returnedExpressions(fn).map((r) => unwrap(r));
  if (!item || !returned || !Node.isArrayLiteralExpression(returned)) return false;
  const [key, value, ...rest] = returned.getElements();
  return rest.length === 0 && isIdOf(key, item) && !!value && unwrap(value).getText() === item;
}

/** The list of tools such a call keys by id (`coreTools`), or undefined. */
export function idKeyedList(call: Node): Node | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  const args = call.getArguments();
  if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'reduce') {
    const [fn, init] = args;
    const start = init && unwrap(init);
    if (!fn || !start || !Node.isObjectLiteralExpression(start)) return undefined;
    if (start.getProperties().length > 0 || !isFunction(fn) || !keysById(fn)) return undefined;
    return callee.getExpression();
  }
  if (callee.getText() === 'Object.fromEntries' && args.length === 1) {
    const mapped = unwrap(args[0]!);
    if (!Node.isCallExpression(mapped)) return undefined;
    const mapCallee = mapped.getExpression();
    const [fn] = mapped.getArguments();
    if (!Node.isPropertyAccessExpression(mapCallee) || mapCallee.getName() !== 'map')
      return undefined;
    return fn && isFunction(fn) && entryById(fn) ? mapCallee.getExpression() : undefined;
  }
  return undefined;
}
