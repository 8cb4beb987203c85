/**
 * A variable that caches a value (`let cachedTools; ... cachedTools = await mcp.listTools();
 * return cachedTools`): declared without a value (or `undefined` / `null`) and only ever assigned
 * whole, it holds one of the values assigned to it once it is read as a map.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { declaredSymbol, unwrap } from '../ast.ts';

/** The values assigned to a caching variable, or undefined when it is no such variable. */
export function memoizedValues(id: Node): Node[] | undefined {
  const symbol = declaredSymbol(id);
  const decls = symbol?.getDeclarations() ?? [];
  const decl = decls[0];
  if (decls.length !== 1 || !decl || !Node.isVariableDeclaration(decl)) return undefined;
  const init = decl.getInitializer();
  if (init && !['undefined', 'null'].includes(unwrap(init).getText())) return undefined;
  const scope = decl.getFirstAncestor(
    (n) =>
      Node.isSourceFile(n) ||
      Node.isFunctionDeclaration(n) ||
      Node.isArrowFunction(n) ||
      Node.isFunctionExpression(n) ||
      Node.isMethodDeclaration(n),
  );
  if (!scope) return undefined;
  const values: Node[] = [];
  for (const ref of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (ref.getText() !== id.getText() || declaredSymbol(ref) !== symbol) continue;
    const parent = ref.getParent();
    if (!parent) continue;
    if (Node.isBinaryExpression(parent) && parent.getLeft() === ref) {
      if (parent.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
      const value = parent.getRight();
      // `cache = cache ?? load()` reads itself: not a plain store.
      if (
        value
          .getDescendantsOfKind(SyntaxKind.Identifier)
          .concat(Node.isIdentifier(value) ? [value] : [])
          .some((n) => declaredSymbol(n) === symbol)
      )
        return undefined;
      values.push(value);
    } else if (
      Node.isPrefixUnaryExpression(parent) ||
      Node.isPostfixUnaryExpression(parent) ||
      (Node.isBinaryExpression(parent) &&
        parent.getLeft() === ref &&
        parent.getOperatorToken().getKind() !== SyntaxKind.EqualsToken)
    )
      return undefined;
  }
  return values.length ? values : undefined;
}
