/**
 * Whether a value compared with a tool name (`x.toolName === 'search_web'`) is provably a name that
 * Mastra or the AI SDK produced: the object it is read from is typed by @mastra/core or the AI SDK
 * (a stream chunk, a tool call, a step result), not by the app. Only then may a comparison be
 * rewritten. Decided by tracing the value through the syntax (`value-origin.ts`) where that is
 * certain; otherwise by the type checker, in a project that loads the installed declarations.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { unwrap, type ScanContext } from '../ast.ts';
import { declarationOrigin, originOf, type Origin } from '../values/value-origin.ts';

export function isProvableToolName(ctx: ScanContext, compared: Node): boolean {
  return syntaxAnswer(ctx, compared) ?? ctx.types.withTypes(compared, typedInProject) ?? false;
}

/** The answer without the type checker, or undefined when only the checker can give it. */
export function syntaxAnswer(ctx: ScanContext, compared: Node): boolean | undefined {
  const expr = unwrap(compared);
  if (Node.isIdentifier(expr)) return destructuredFromMastra(expr);
  if (!Node.isPropertyAccessExpression(expr)) return false;
  const traced = tracedAnswer(expr);
  if (traced !== undefined) return traced;
  // The checker's answer rests on declarations in node_modules (typedInProject): with none
  // installed, it can only be no.
  return ctx.types.installed === false ? false : undefined;
}

/**
 * A bare `toolName` destructured from a value Mastra produced: `requireToolApproval: ({ toolName })
 * => ...`, `for (const { payload: { toolName } } of result.toolCalls)`. Other bare names (a
 * parameter of the app's own function) are not provable.
 */
function destructuredFromMastra(id: Node): boolean {
  const decls = id.getSymbol()?.getDeclarations() ?? [];
  const decl = decls.length === 1 ? decls[0] : undefined;
  if (!decl || !Node.isBindingElement(decl) || decl.getDotDotDotToken() || decl.getInitializer())
    return false;
  const pattern = decl.getParent();
  const container = Node.isObjectBindingPattern(pattern) ? pattern.getParent() : undefined;
  return Boolean(container && declarationOrigin(container, 0)?.kind === 'mastra');
}

/** The answer from the syntax alone, or undefined when only the checker can tell. */
export function tracedAnswer(access: Node): boolean | undefined {
  if (!Node.isPropertyAccessExpression(access)) return undefined;
  const owner = originOf(access.getExpression());
  if (!owner) return undefined;
  if (owner.kind === 'mastra') return true;
  // Typed by the app or `any`: no Mastra declaration behind the owner or `toolName`. The checker's
  // answer also looks at where the access starts (see rootFromMastra), so that must be plain too.
  return rootIsPlain(access) ? false : undefined;
}

/**
 * The variable the access starts from has a type whose printed text cannot name @mastra/core or
 * the AI SDK, and no `for...of` around its declaration iterates anything of theirs.
 */
function rootIsPlain(access: Node): boolean {
  let root: Node = access;
  while (Node.isPropertyAccessExpression(root) || Node.isElementAccessExpression(root))
    root = unwrap(root.getExpression());
  if (!Node.isIdentifier(root)) return false;
  const decls = root.getSymbol()?.getDeclarations() ?? [];
  if (decls.length !== 1) return false;
  const decl = decls[0]!;
  if (!printsPlain(declarationOrigin(decl, 0))) return false;
  const loop = decl.getFirstAncestorByKind(SyntaxKind.ForOfStatement);
  return !loop || printsPlain(originOf(loop.getExpression()));
}

/** `any`, or an app type whose printed form names only the app's own types. */
function printsPlain(origin: Origin | undefined): boolean {
  if (!origin || origin.kind === 'mastra') return false;
  if (origin.kind === 'any' || Node.isInterfaceDeclaration(origin.type)) return true;
  const nodes = [origin.type, ...origin.type.getDescendants()];
  return nodes.every((n) => {
    if (
      Node.isImportTypeNode(n) ||
      Node.isTypeQuery(n) ||
      Node.isIndexedAccessTypeNode(n) ||
      Node.isExpressionWithTypeArguments(n)
    )
      return false;
    if (!Node.isTypeReference(n)) return true;
    const name = n.getTypeName();
    const symbol = name.getSymbol();
    const decls = (symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol)?.getDeclarations() ?? [];
    if (decls.length === 0)
      return (
        !symbol && Node.isIdentifier(name) && ['Array', 'ReadonlyArray'].includes(name.getText())
      );
    return decls.every((d) => !/[\\/]node_modules[\\/]/.test(d.getSourceFile().getFilePath()));
  });
}

const TYPED_BY_MASTRA = /[\\/]node_modules[\\/](@mastra|ai|@ai-sdk)[\\/]/;

/** The checker's answer, in a project with the installed types. */
export function typedInProject(node: Node): boolean {
  const expr = unwrap(node);
  if (!Node.isPropertyAccessExpression(expr)) return false;
  if (rootFromMastra(expr)) return true;
  try {
    const owner = expr.getExpression().getType();
    const decls = [owner, ...owner.getUnionTypes()].flatMap((t) => [
      ...(t.getSymbol()?.getDeclarations() ?? []),
      ...(t.getAliasSymbol()?.getDeclarations() ?? []),
    ]);
    const prop = expr.getNameNode().getSymbol()?.getDeclarations() ?? [];
    return [...decls, ...prop].some((d) => TYPED_BY_MASTRA.test(d.getSourceFile().getFilePath()));
  } catch {
    return false;
  }
}

const MASTRA_TYPE_TEXT = /node_modules\/(@mastra\/core|ai|@ai-sdk\/[^/]+)\//;

/**
 * The value the access starts from is typed by Mastra: `chunk` in `for await (const chunk of
 * agentStream.fullStream)`, or a variable whose declared type comes from @mastra/core or `ai`.
 */
function rootFromMastra(expr: Node): boolean {
  let root: Node = expr;
  while (Node.isPropertyAccessExpression(root) || Node.isElementAccessExpression(root))
    root = unwrap(root.getExpression());
  if (!Node.isIdentifier(root)) return false;
  try {
    if (MASTRA_TYPE_TEXT.test(root.getType().getText())) return true;
    for (const decl of root.getSymbol()?.getDeclarations() ?? []) {
      const loop = decl.getFirstAncestorByKind(SyntaxKind.ForOfStatement);
      if (loop && MASTRA_TYPE_TEXT.test(loop.getExpression().getType().getText())) return true;
    }
  } catch {
    // No types (broken code, nothing installed): not provable.
  }
  return false;
}
