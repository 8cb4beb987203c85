/**
 * Collects the literal text of prompts: strings, template literals (never what is inside `${...}`),
 * concatenations, arrays, functions returning them, constants in other files, and prompt files read
 * with a static path. Fragments keep the source text as written, so offsets map back exactly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Node, QuoteKind } from '../../ts-morph.ts';
import { relativePath, resolveValue, unwrap, type ScanContext } from '../ast.ts';
import type { Location, TextFragment } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import { returnedExpressions } from '../values/tool-map.ts';

type Context = TextFragment['context'];

function span(ctx: ScanContext, node: Node, start: number, end: number): Location {
  const sf = node.getSourceFile();
  const { line, column } = sf.getLineAndColumnAtPos(start);
  return { file: relativePath(ctx, sf.getFilePath()), line, column, start, end };
}

function literalPart(
  ctx: ScanContext,
  node: Node,
  openLen: number,
  closeLen: number,
  quote: TextFragment['quote'],
  context: Context,
): TextFragment {
  const start = node.getStart() + openLen;
  const end = node.getEnd() - closeLen;
  return {
    text: node.getSourceFile().getFullText().slice(start, end),
    location: span(ctx, node, start, end),
    quote,
    context,
  };
}

/** The file a `readFileSync(...)` argument names, when the path is static. */
function staticPromptPath(ctx: ScanContext, arg: Node): string | undefined {
  const dir = path.dirname(arg.getSourceFile().getFilePath());
  const value = resolveValue(arg);
  if (Node.isNewExpression(value) && value.getExpression().getText() === 'URL') {
    const [rel, base] = value.getArguments();
    const relText = rel ? staticString(rel) : undefined;
    if (relText !== undefined && base?.getText() === 'import.meta.url')
      return path.resolve(dir, relText);
    return undefined;
  }
  if (
    Node.isCallExpression(value) &&
    /^path\.(join|resolve)$/.test(value.getExpression().getText())
  ) {
    const parts = value
      .getArguments()
      .map((a) =>
        /^(__dirname|import\.meta\.dirname)$/.test(a.getText()) ? dir : staticString(a),
      );
    return parts.every((p) => p !== undefined) ? path.resolve(ctx.root, ...parts) : undefined;
  }
  const literal = staticString(value);
  if (literal === undefined) return undefined;
  // A bare relative path is read relative to the process's working directory: try the repo root.
  return path.isAbsolute(literal) ? literal : path.resolve(ctx.root, literal);
}

export function fileFragment(ctx: ScanContext, file: string, context: Context): TextFragment[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  const location: Location = {
    file: relativePath(ctx, file),
    line: 1,
    column: 1,
    start: 0,
    end: text.length,
  };
  return [{ text, location, quote: 'file', context }];
}

export function textFragments(
  ctx: ScanContext,
  node: Node,
  context: Context,
  seen = new Set<Node>(),
): TextFragment[] {
  const expr = unwrap(node);
  if (seen.has(expr) || seen.size > 200) return [];
  seen.add(expr);
  const recurse = (n: Node) => textFragments(ctx, n, context, seen);

  if (Node.isStringLiteral(expr))
    return [
      literalPart(ctx, expr, 1, 1, expr.getQuoteKind() === QuoteKind.Double ? '"' : "'", context),
    ];
  if (Node.isNoSubstitutionTemplateLiteral(expr))
    return [literalPart(ctx, expr, 1, 1, '`', context)];
  if (Node.isTemplateExpression(expr)) {
    const out = [literalPart(ctx, expr.getHead(), 1, 2, '`', context)];
    for (const s of expr.getTemplateSpans()) {
      const lit = s.getLiteral();
      out.push(...recurse(s.getExpression()));
      out.push(literalPart(ctx, lit, 1, Node.isTemplateTail(lit) ? 1 : 2, '`', context));
    }
    return out.filter((f) => f.text.length > 0);
  }
  if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getText() === '+')
    return [...recurse(expr.getLeft()), ...recurse(expr.getRight())];
  if (Node.isArrayLiteralExpression(expr)) return expr.getElements().flatMap(recurse);
  if (Node.isObjectLiteralExpression(expr)) {
    // A system message object: { role: 'system', content: '...' }
    const content = expr.getProperty('content');
    const role = expr.getProperty('role');
    const isSystem =
      role &&
      Node.isPropertyAssignment(role) &&
      staticString(role.getInitializerOrThrow()) === 'system';
    if (!content || !Node.isPropertyAssignment(content)) return [];
    return isSystem
      ? textFragments(ctx, content.getInitializerOrThrow(), 'system', seen)
      : recurse(content.getInitializerOrThrow());
  }
  if (Node.isIdentifier(expr)) {
    const value = resolveValue(expr);
    return value === expr ? [] : recurse(value);
  }
  if (
    Node.isArrowFunction(expr) ||
    Node.isFunctionExpression(expr) ||
    Node.isFunctionDeclaration(expr)
  )
    return returnedExpressions(expr).flatMap(recurse);
  if (Node.isAwaitExpression(expr)) return recurse(expr.getExpression());
  if (Node.isConditionalExpression(expr))
    return [...recurse(expr.getWhenTrue()), ...recurse(expr.getWhenFalse())];
  if (Node.isCallExpression(expr)) {
    const callee = expr.getExpression();
    const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
    if (/readFileSync$|readFile$/.test(name)) {
      const [arg] = expr.getArguments();
      const file = arg ? staticPromptPath(ctx, arg) : undefined;
      return file ? fileFragment(ctx, file, context) : [];
    }
    // `[...].join('\n')`, `text.trim()`, `dedent(...)`: the text is in the receiver or arguments.
    if (Node.isPropertyAccessExpression(callee)) return recurse(callee.getExpression());
    const fn = resolveValue(callee);
    if (Node.isArrowFunction(fn) || Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn))
      return recurse(fn);
    return expr.getArguments().flatMap(recurse);
  }
  if (Node.isTaggedTemplateExpression(expr)) return recurse(expr.getTemplate());
  return [];
}
