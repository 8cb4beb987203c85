/**
 * The text a tool's `execute` hands back to the model: the strings it returns (as the result, or
 * as a property of the object it returns) and the messages of the errors it throws, which Mastra
 * sends back as the tool's error result. The model reads them after the call, so a tool name in
 * them ("Call generateUISpec first", "use fetch-youtube-metadata") is one the agent must be offered.
 * Only text written in `execute` itself; helpers it calls are not followed.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { resolveValue } from '../ast.ts';
import { isFunction, returnedExpressions } from '../values/map-walk.ts';

const TEXT = (n: Node) =>
  Node.isStringLiteral(n) ||
  Node.isNoSubstitutionTemplateLiteral(n) ||
  Node.isTemplateExpression(n) ||
  (Node.isBinaryExpression(n) && n.getOperatorToken().getKind() === SyntaxKind.PlusToken);

/** Strings of a returned value: itself, or the string-valued properties of a returned object. */
function textsOf(value: Node): Node[] {
  const n = Node.isParenthesizedExpression(value) ? value.getExpression() : value;
  if (TEXT(n)) return [n];
  if (!Node.isObjectLiteralExpression(n)) return [];
  return n.getProperties().flatMap((p) => {
    const init = Node.isPropertyAssignment(p) ? p.getInitializer() : undefined;
    return init && TEXT(init) ? [init] : [];
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
  const returned = returnedExpressions(fn).flatMap(textsOf);
  const thrown = fn
    .getDescendantsOfKind(SyntaxKind.ThrowStatement)
    .filter((t) => t.getFirstAncestor((a) => isFunction(a) || Node.isMethodDeclaration(a)) === fn)
    .flatMap((t) => {
      const e = t.getExpression();
      if (!Node.isNewExpression(e) || !/Error$/.test(e.getExpression().getText())) return [];
      const [message] = e.getArguments();
      return message && TEXT(message) ? [message] : [];
    });
  return [...returned, ...thrown];
}
