/**
 * Whether a value's type can only come from a package the scan cannot resolve: the value is an
 * import from a bare specifier that names no file of the repository (a tsconfig `paths` alias
 * does), or is reached from one through calls, `new`, `await`, property and element reads and
 * variables declared without a type (`(await client.create()).tools()`). With nothing installed
 * (installed.ts) the type checker types such a value `any`, so its questions are answered without
 * building the typed program. Anything that could give the value another type stops the walk: a
 * type annotation, an `as` cast, a parameter, a destructuring, a local function.
 *
 * With packages installed, the same holds of a package that is not among them: the checker finds
 * no `node_modules/<name>` (nor `@types/<name>`) in the folders above the file, and types it `any`
 * too (`@composio/core` in an app whose install does not have it).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Node, SyntaxKind, type Symbol as TsSymbol } from '../../ts-morph.ts';
import { valueSymbol } from '../ast.ts';

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Where Node and TypeScript look for a package: `node_modules` of the folder and those above. */
function installedFrom(dir: string, name: string): boolean {
  const types = name.startsWith('@') ? name.slice(1).replace('/', '__') : name;
  for (let d = dir; ; d = path.dirname(d)) {
    const modules = path.join(d, 'node_modules');
    if (existsSync(path.join(modules, name)) || existsSync(path.join(modules, '@types', types)))
      return true;
    if (path.dirname(d) === d) return false;
  }
}

/**
 * Whether the checker can only type the value `any`: it comes from a package that is not installed
 * (all of them, when `installed` is false; else the one it is imported from is looked up).
 */
export function typedAnyByChecker(node: Node, installed: boolean | undefined): boolean {
  if (installed === undefined) return false;
  const spec = unresolvedSpecifier(node);
  if (spec === undefined) return false;
  return (
    !installed || !installedFrom(path.dirname(node.getSourceFile().getFilePath()), packageOf(spec))
  );
}

/** The bare specifier of the package the value's type can only come from, if any. */
function unresolvedSpecifier(node: Node): string | undefined {
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
        if (!imported.getModuleSpecifierSourceFile()) {
          const spec = imported.getModuleSpecifierValue();
          return /^[./]/.test(spec) ? undefined : spec;
        }
        symbol = symbol?.getAliasedSymbol();
        decls = symbol?.getDeclarations() ?? [];
      }
      const decl: Node | undefined = decls.length === 1 ? decls[0] : undefined;
      if (!decl) return undefined;
      // A variable typed by its initializer only (`const x = …`, no annotation).
      if (!Node.isVariableDeclaration(decl) || decl.getTypeNode()) return undefined;
      value = decl.getInitializer();
    } else return undefined;
  }
  return undefined;
}
