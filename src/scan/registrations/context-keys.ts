/**
 * Request-context keys an agent's option functions read: `instructions: ({ requestContext }) =>
 * ... requestContext.get('databaseSchema')` (`runtimeContext` in 0.x). Mastra calls these functions
 * with the call's request context; a key the caller does not set reads as undefined, which is
 * often why generate() fails before any request when the app runs outside its own server.
 */
import {
  Node,
  SyntaxKind,
  type ArrowFunction,
  type FunctionDeclaration,
  type FunctionExpression,
  type MethodDeclaration,
} from '../../ts-morph.ts';
import { locate, resolveValue, type ScanContext } from '../ast.ts';
import type { ContextKeyRead } from '../model.ts';
import { staticString } from '../values/static-value.ts';

type Fn = ArrowFunction | FunctionExpression | FunctionDeclaration | MethodDeclaration;
const CONTEXT = /^(requestContext|runtimeContext)$/;

function isFunction(node: Node): node is Fn {
  return (
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node) ||
    Node.isMethodDeclaration(node)
  );
}

/** Names bound to the request context in the function's first parameter: `{ requestContext: ctx }`. */
function aliases(fn: Fn): Map<string, ContextKeyRead['via']> {
  const out = new Map<string, ContextKeyRead['via']>();
  const name = fn.getParameters()[0]?.getNameNode();
  if (!name || !Node.isObjectBindingPattern(name)) return out;
  for (const element of name.getElements()) {
    const property = element.getPropertyNameNode()?.getText() ?? element.getName();
    if (CONTEXT.test(property)) out.set(element.getName(), property as ContextKeyRead['via']);
  }
  return out;
}

/** The context a `.get()` receiver stands for: a bound name, or `x.requestContext`. */
function receiverContext(
  receiver: Node,
  bound: Map<string, ContextKeyRead['via']>,
): ContextKeyRead['via'] | undefined {
  if (Node.isIdentifier(receiver)) {
    const name = receiver.getText();
    return bound.get(name) ?? (CONTEXT.test(name) ? (name as ContextKeyRead['via']) : undefined);
  }
  if (Node.isPropertyAccessExpression(receiver) && CONTEXT.test(receiver.getName()))
    return receiver.getName() as ContextKeyRead['via'];
  return undefined;
}

function readsIn(ctx: ScanContext, fn: Fn, option: string): ContextKeyRead[] {
  const bound = aliases(fn);
  const out: ContextKeyRead[] = [];
  for (const call of fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'get') continue;
    const via = receiverContext(callee.getExpression(), bound);
    const [arg] = call.getArguments();
    const key = via && arg ? staticString(arg) : undefined;
    if (via && key !== undefined) out.push({ key, option, via, location: locate(ctx, call) });
  }
  return out;
}

/** Every key read by the functions given as options of `new Agent({...})`, in source order. */
export function contextKeys(ctx: ScanContext, config: Node | undefined): ContextKeyRead[] {
  if (!config || !Node.isObjectLiteralExpression(config)) return [];
  const out: ContextKeyRead[] = [];
  for (const property of config.getProperties()) {
    let option: string | undefined;
    let value: Node | undefined;
    if (Node.isMethodDeclaration(property)) {
      option = property.getName();
      value = property;
    } else if (Node.isPropertyAssignment(property)) {
      option = property.getName();
      const init = property.getInitializer();
      value = init ? resolveValue(init) : undefined;
    } else if (Node.isShorthandPropertyAssignment(property)) {
      option = property.getName();
      value = resolveValue(property.getNameNode());
    }
    if (option !== undefined && value && isFunction(value))
      out.push(...readsIn(ctx, value, option));
  }
  return out;
}
