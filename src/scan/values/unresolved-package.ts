/**
 * Whether a value's type can only come from a package the scan cannot resolve: the value is an
 * import from a bare specifier that names no file of the repository (a tsconfig `paths` alias
 * does), or is reached from one through calls, `new`, `await` and property reads
 * (`(await client.create()).tools()`). With nothing installed (installed.ts), the type checker
 * types such a value `any`, so its questions are answered without building the typed program.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { resolveValue, unwrap } from '../ast.ts';

export function fromUnresolvedPackage(node: Node): boolean {
  const seen = new Set<Node>();
  let value = resolveValue(node);
  for (let step = 0; step < 32 && !seen.has(value); step++) {
    seen.add(value);
    if (Node.isAwaitExpression(value)) value = unwrap(value.getExpression());
    else if (Node.isCallExpression(value) || Node.isNewExpression(value))
      value = unwrap(value.getExpression());
    else if (Node.isPropertyAccessExpression(value)) value = unwrap(value.getExpression());
    else if (Node.isIdentifier(value)) {
      const next = resolveValue(value);
      if (next !== value) {
        value = next;
        continue;
      }
      return importedFromUnresolved(value);
    } else return false;
  }
  return false;
}

function importedFromUnresolved(id: Node): boolean {
  const decls = id.getSymbol()?.getDeclarations() ?? [];
  const imported = decls[0]?.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
  if (decls.length !== 1 || !imported) return false;
  const spec = imported.getModuleSpecifierValue();
  return !/^[./]/.test(spec) && imported.getModuleSpecifierSourceFile() === undefined;
}
