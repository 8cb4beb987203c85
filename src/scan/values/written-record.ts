/**
 * A tool map whose binding is declared `Record<string, V>` (a parameter, or a variable with that
 * annotation) is keyed by any string whatever V is: the checker would list no key. Reading the
 * annotation answers that without a typed program, which for such a question alone loads every
 * lib file of the tsconfig (about 0.3 s with `dom`). Taken only where the checker could not
 * answer otherwise: the global `Record` (no declaration of that name is in scope), a required
 * binding with no default, and no other use of the name that could narrow its type (every other
 * use reads or writes one of its keys).
 */
import type { ParameterDeclaration, VariableDeclaration } from 'ts-morph';
import { Node, SyntaxKind, ts, VariableDeclarationKind } from '../../ts-morph.ts';
import { declaredSymbol } from '../ast.ts';

/** The written `Record<string, V>` of the binding `expr` reads, whitespace collapsed. */
export function writtenStringRecord(expr: Node): string | undefined {
  if (!Node.isIdentifier(expr)) return undefined;
  const decls = declaredSymbol(expr)?.getDeclarations() ?? [];
  const decl = decls.length === 1 ? plainBinding(decls[0]!) : undefined;
  const type = decl?.getTypeNode();
  if (!decl || !type || !Node.isTypeReference(type)) return undefined;
  const name = type.getTypeName();
  const [key, value] = type.getTypeArguments();
  if (!Node.isIdentifier(name) || name.getText() !== 'Record' || !value) return undefined;
  if (key?.getKind() !== SyntaxKind.StringKeyword) return undefined;
  // A `Record` of the repository's own (declared or imported) is not the lib's mapped type.
  // (The scan's project has no lib files, so the global one has no declaration there.)
  if (declaredSymbol(name)?.getDeclarations().length) return undefined;
  if (!onlyKeyUses(expr, decl)) return undefined;
  return type.getText().replace(/\s+/g, ' ').replace(/<\s/g, '<').replace(/\s>/g, '>');
}

/** A parameter or variable named by one identifier, typed by its annotation (no `?`, default). */
function plainBinding(decl: Node): ParameterDeclaration | VariableDeclaration | undefined {
  if (!Node.isParameterDeclaration(decl) && !Node.isVariableDeclaration(decl)) return undefined;
  if (!Node.isIdentifier(decl.getNameNode())) return undefined;
  const optional =
    Node.isParameterDeclaration(decl) &&
    (decl.hasQuestionToken() || decl.getInitializer() !== undefined || decl.isRestParameter());
  return optional ? undefined : decl;
}

/**
 * Whether every identifier of the binding's name in its scope, besides the declaration and `expr`,
 * is the object of a property or element access (`map[k] = t`, `map.x`), which cannot narrow it.
 * Identifiers of the same name bound elsewhere count too: a shadowing name only makes this bail.
 */
function onlyKeyUses(expr: Node, decl: ParameterDeclaration | VariableDeclaration): boolean {
  // `var` belongs to the whole function, `let` and `const` to their block.
  const list = decl.getParent();
  const functionScoped =
    Node.isVariableDeclarationList(list) &&
    list.getDeclarationKind() === VariableDeclarationKind.Var;
  const scope = Node.isParameterDeclaration(decl)
    ? decl.getParent()
    : (decl.getFirstAncestor(
        (a) =>
          (!functionScoped && Node.isBlock(a)) ||
          Node.isFunctionLikeDeclaration(a) ||
          Node.isSourceFile(a),
      ) ?? decl);
  // Read in another file or outside the scope: uses there are not seen here.
  if (expr.getSourceFile() !== scope.getSourceFile()) return false;
  if (expr.getPos() < scope.getPos() || expr.getEnd() > scope.getEnd()) return false;
  const text = (expr.compilerNode as ts.Identifier).text;
  const skip = new Set<ts.Node>([expr.compilerNode, decl.getNameNode().compilerNode]);
  // Compiler nodes, not wrapped ones: a whole file may be walked. (forEachChild does not enter
  // doc comments, where `@param map` names the parameter without using it.)
  let onlyKeys = true;
  const visit = (node: ts.Node): void => {
    if (!onlyKeys) return;
    if (ts.isIdentifier(node) && node.text === text && !skip.has(node)) {
      const parent = node.parent;
      const accessed =
        (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) &&
        parent.expression === node;
      // A name after a dot or a property name in a literal is not a use of the binding.
      const named =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node);
      if (!accessed && !named) onlyKeys = false;
    }
    ts.forEachChild(node, visit);
  };
  visit(scope.compilerNode);
  return onlyKeys;
}
