/**
 * Whether a value's type can only come from a package the scan cannot resolve: the value is an
 * import from a bare specifier that names no file of the repository (a tsconfig `paths` alias
 * does), or is reached from one through calls, `new`, `await`, property and element reads and
 * variables declared without a type (`(await client.create()).tools()`). With nothing installed
 * (installed.ts) the type checker types such a value `any`, so its questions are answered without
 * building the typed program. Anything that could give the value another type stops the walk: a
 * type annotation, an `as` cast, a parameter, a destructuring, a local function.
 */
import { Node, SyntaxKind, type Symbol as TsSymbol } from '../../ts-morph.ts';
import { valueSymbol } from '../ast.ts';

export function fromUnresolvedPackage(node: Node): boolean {
  let value: Node | undefined = node;
  for (let step = 0; value && step < 64; step++) {
    if (
      Node.isParenthesizedExpression(value) ||
      Node.isNonNullExpression(value) ||
      Node.isSatisfiesExpression(value) ||
      Node.isAwaitExpression(value) ||
      Node.isCallExpression(value) ||
      Node.isNewExpression(value) ||
      Node.isPropertyAccessExpression(value) ||
      Node.isElementAccessExpression(value)
    )
      value = value.getExpression();
    else if (Node.isIdentifier(value)) {
      let symbol: TsSymbol | undefined = valueSymbol(value);
      let decls: Node[] = symbol?.getDeclarations() ?? [];
      const imported = decls[0]?.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
      if (imported && decls.length === 1) {
        // From a file of the repository: go on at what it exports; from a package: unresolved?
        if (!imported.getModuleSpecifierSourceFile())
          return !/^[./]/.test(imported.getModuleSpecifierValue());
        symbol = symbol?.getAliasedSymbol();
        decls = symbol?.getDeclarations() ?? [];
      }
      const decl: Node | undefined = decls.length === 1 ? decls[0] : undefined;
      if (!decl) return false;
      // A variable typed by its initializer only (`const x = …`, no annotation).
      if (!Node.isVariableDeclaration(decl) || decl.getTypeNode()) return false;
      value = decl.getInitializer();
    } else return false;
  }
  return false;
}
