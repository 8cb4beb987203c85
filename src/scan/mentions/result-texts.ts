/**
 * The text a tool's `execute` hands back to the model: the strings it returns (as the result, or
 * as a property of the object it returns) and the messages of the errors it throws, which Mastra
 * sends back as the tool's error result. The model reads them after the call, so a tool name in
 * them ("Call generateUISpec first", "use fetch-youtube-metadata") is one the agent must be offered.
 * Only text written in `execute` itself, or a constant it returns by name; helpers it calls are not
 * followed.
 */
import { Node, SyntaxKind, ts } from '../../ts-morph.ts';
import { resolveValue, wrappedNode } from '../ast.ts';
import { isFunction, returnedExpressions, statementsOf } from '../values/map-walk.ts';

const TEXT = (n: Node) =>
  Node.isStringLiteral(n) ||
  Node.isNoSubstitutionTemplateLiteral(n) ||
  Node.isTemplateExpression(n) ||
  (Node.isBinaryExpression(n) && n.getOperatorToken().getKind() === SyntaxKind.PlusToken);

/** A string a result nests in a list or a sub-object: kept only when it is a sentence, not a value. */
const SENTENCE = (n: Node) => TEXT(n) && /\s/.test(n.getText().slice(1, -1));

/**
 * The messages a local array declared in `fn` holds: its literal elements and what `fn` pushes onto
 * it (`errors.push('… Use create-flow-tool to create it first.')`, then `return { errors }`).
 * Walks compiler nodes: most results return a few shorthand fields, and wrapping every node of
 * every `execute` to look for a list cost a quarter of a second on a 77-agent app.
 */
function localMessages(fn: Node, name: string): Node[] {
  const found: ts.Node[] = [];
  let declared = false;
  const visit = (n: ts.Node): void => {
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.name.text === name &&
      n.initializer &&
      ts.isArrayLiteralExpression(n.initializer)
    ) {
      declared = true;
      found.push(...n.initializer.elements);
    } else if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ['push', 'unshift'].includes(n.expression.name.text) &&
      ts.isIdentifier(n.expression.expression) &&
      n.expression.expression.text === name
    )
      found.push(...n.arguments);
    ts.forEachChild(n, visit);
  };
  visit(fn.compilerNode);
  if (!declared) return [];
  const file = fn.getSourceFile();
  return found.map((n) => wrappedNode(file, n)).filter(SENTENCE);
}

/**
 * Strings of a returned value: itself, the string-valued properties of a returned object, and,
 * one or two levels down, the sentences in its lists and sub-objects (`error: { message }`).
 */
function textsOf(value: Node, fn: Node, depth = 0): Node[] {
  const n = Node.isParenthesizedExpression(value) ? value.getExpression() : value;
  if (TEXT(n)) return depth === 0 || SENTENCE(n) ? [n] : [];
  if (depth > 2) return [];
  // `cond ? { error: MSG } : { ok: true }`: either result.
  if (Node.isConditionalExpression(n))
    return [n.getWhenTrue(), n.getWhenFalse()].flatMap((b) => textsOf(b, fn, depth));
  if (Node.isIdentifier(n)) {
    const local = depth > 0 ? localMessages(fn, n.getText()) : [];
    if (local.length) return local;
    // `error: ROW_NOT_FOUND_MSG`: a message the module keeps in a constant, when it is a sentence.
    const constant = resolveValue(n);
    return constant !== n && SENTENCE(constant) ? [constant] : [];
  }
  if (Node.isArrayLiteralExpression(n))
    return depth > 0 ? n.getElements().flatMap((e) => textsOf(e, fn, depth + 1)) : [];
  if (!Node.isObjectLiteralExpression(n)) return [];
  return n.getProperties().flatMap((p) => {
    if (Node.isShorthandPropertyAssignment(p)) return localMessages(fn, p.getName());
    const init = Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
    if (!init) return [];
    return TEXT(init)
      ? depth === 0 || SENTENCE(init)
        ? [init]
        : []
      : textsOf(init, fn, depth + 1);
  });
}

/** The function `execute` is in a tool's config (a method, an arrow or a function expression). */
function executeOf(config: Node): Node | undefined {
  if (!Node.isObjectLiteralExpression(config)) return undefined;
  for (const prop of config.getProperties()) {
    if (Node.isMethodDeclaration(prop) && prop.getName() === 'execute') return prop;
    if (Node.isPropertyAssignment(prop) && prop.getName() === 'execute') {
      const init = prop.getInitializer();
      const fn = init ? resolveValue(init) : undefined;
      return fn && isFunction(fn) ? fn : undefined;
    }
  }
  return undefined;
}

export function resultTexts(config: Node): Node[] {
  const fn = executeOf(config);
  if (!fn) return [];
  const returned = returnedExpressions(fn).flatMap((r) => textsOf(r, fn));
  const file = fn.getSourceFile();
  const body = (fn.compilerNode as ts.FunctionLikeDeclaration).body;
  const thrown = (body ? statementsOf(body, ts.SyntaxKind.ThrowStatement) : []).flatMap((t) => {
    const e = t.expression;
    if (!ts.isNewExpression(e) || !/Error$/.test(e.expression.getText())) return [];
    const [message] = e.arguments ?? [];
    const node = message && wrappedNode<Node>(file, message);
    return node && TEXT(node) ? [node] : [];
  });
  return [...returned, ...thrown];
}
