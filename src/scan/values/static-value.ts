/**
 * Evaluates expressions that are strings at compile time: literals, templates and concatenations of
 * them, constants (across files), `tool.id` on a createTool() result, and, failing those, a string
 * literal type from the checker. Never runs user code.
 */
import type { NumericLiteral } from 'ts-morph';
import { Node } from '../../ts-morph.ts';
import { propertyValue, resolveValue, unwrap } from '../ast.ts';

/**
 * The property key JavaScript makes of a numeric literal (`1e21` is "1e+21", `0x10` is "16").
 * TypeScript's `text` holds the normalised number; ts-morph's getLiteralValue() misreads exponents.
 */
export function numericKey(node: NumericLiteral): string {
  return String(Number(node.compilerNode.text));
}

export function staticString(node: Node, depth = 0): string | undefined {
  if (depth > 24) return undefined;
  const expr = unwrap(node);
  if (Node.isStringLiteral(expr) || Node.isNoSubstitutionTemplateLiteral(expr))
    return expr.getLiteralValue();
  if (Node.isNumericLiteral(expr)) return numericKey(expr);
  if (Node.isTemplateExpression(expr)) {
    let out = expr.getHead().getLiteralText();
    for (const span of expr.getTemplateSpans()) {
      const part = staticString(span.getExpression(), depth + 1);
      if (part === undefined) return undefined;
      out += part + span.getLiteral().getLiteralText();
    }
    return out;
  }
  if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getText() === '+') {
    const left = staticString(expr.getLeft(), depth + 1);
    const right = left === undefined ? undefined : staticString(expr.getRight(), depth + 1);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  // `config.id || 'default-agent'`: a non-empty string on the left is what it gives.
  if (Node.isBinaryExpression(expr) && ['||', '??'].includes(expr.getOperatorToken().getText())) {
    const left = staticString(expr.getLeft(), depth + 1);
    return left ? left : undefined;
  }
  if (Node.isIdentifier(expr)) {
    const def = resolveValue(expr);
    if (def !== expr) return staticString(def, depth + 1);
  }
  if (Node.isPropertyAccessExpression(expr)) {
    // `weatherTool.id`, `TOOL_NAMES.search`: read the property from the object the left side is.
    const owner = objectBehind(expr.getExpression());
    const prop = owner ? propertyValue(owner, expr.getName()) : undefined;
    if (prop) {
      const value = staticString(prop, depth + 1);
      if (value !== undefined) return value;
    }
  }
  return literalType(expr);
}

/** The object literal an expression evaluates to, seeing through `createTool({...})`-style calls. */
export function objectBehind(node: Node): Node | undefined {
  const value = resolveValue(node);
  if (Node.isObjectLiteralExpression(value)) return value;
  if (Node.isCallExpression(value) || Node.isNewExpression(value)) {
    const [first] = value.getArguments();
    const arg = first ? resolveValue(first) : undefined;
    if (arg && Node.isObjectLiteralExpression(arg)) return arg;
  }
  return undefined;
}

function literalType(node: Node): string | undefined {
  try {
    const type = node.getType();
    const value =
      type.isStringLiteral() || type.isNumberLiteral() ? type.getLiteralValue() : undefined;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  } catch {
    // The checker can fail on broken code; a literal we cannot read is simply not static.
  }
  return undefined;
}
