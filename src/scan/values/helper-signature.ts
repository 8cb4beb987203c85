/**
 * What a helper's declared signature says about the map it returns, read from the syntax of its
 * declaration (the type checker is not needed for the common shapes):
 * - it keeps the keys of one argument: `<T>(tools: T): T`, `Readonly<T>`, `{ [K in keyof T]: … }`
 *   (no `as` clause), each possibly in a `Promise<…>`;
 * - it declares its keys: a return type that is an interface or type literal written in the
 *   repository, with named properties only;
 * - it is keyed by any string: `Record<string, X>`, `{ [k: string]: X }`, Mastra's `ToolsInput`.
 * Anything else is undecided, and the type checker is asked.
 */
import type {
  ArrowFunction,
  FunctionDeclaration,
  FunctionExpression,
  PropertySignature,
} from 'ts-morph';
import { Node, type TypeNode } from '../../ts-morph.ts';
import { declaredSymbol, mastraExport } from '../ast.ts';

export type Signature = { declaration: Node; typeText: string } & (
  | { kind: 'keeps-argument'; index: number }
  | { kind: 'declared'; members: PropertySignature[]; open: boolean }
  | { kind: 'open' }
);

/** Mastra types that are records keyed by any string. */
const OPEN_MASTRA_TYPES = new Set(['ToolsInput']);

type FunctionLike = FunctionDeclaration | ArrowFunction | FunctionExpression;

/** The function a call's callee is declared as (its implementation, or a declaration in .d.ts). */
function declarationOf(callee: Node): FunctionLike | undefined {
  const decls = declaredSymbol(callee)?.getDeclarations() ?? [];
  // Overloads: which one applies is the checker's question.
  if (decls.filter(Node.isFunctionDeclaration).length > 1) return undefined;
  for (const decl of decls) {
    if (Node.isFunctionDeclaration(decl)) return decl;
    if (Node.isVariableDeclaration(decl)) {
      const init = decl.getInitializer();
      if (init && (Node.isArrowFunction(init) || Node.isFunctionExpression(init))) return init;
    }
  }
  return undefined;
}

/** `T` when the node is a reference to one of the function's own type parameters. */
function typeParameter(node: Node | undefined, fn: FunctionLike): string | undefined {
  if (!node || !Node.isTypeReference(node) || node.getTypeArguments().length) return undefined;
  const name = node.getTypeName().getText();
  return fn.getTypeParameters().some((p) => p.getName() === name) ? name : undefined;
}

function unwrapPromise(node: TypeNode): TypeNode {
  if (Node.isTypeReference(node) && node.getTypeName().getText() === 'Promise') {
    const [inner] = node.getTypeArguments();
    if (inner) return inner;
  }
  return node;
}

/** The type parameter whose keys the return type keeps, when it keeps them. */
function keptParameter(ret: TypeNode, fn: FunctionLike): string | undefined {
  const plain = typeParameter(ret, fn);
  if (plain) return plain;
  if (Node.isTypeReference(ret) && ret.getTypeName().getText() === 'Readonly') {
    const args = ret.getTypeArguments();
    return args.length === 1 ? typeParameter(args[0], fn) : undefined;
  }
  if (Node.isMappedTypeNode(ret) && !ret.getNameTypeNode()) {
    const constraint = ret.getTypeParameter().getConstraint();
    if (
      constraint &&
      Node.isTypeOperatorTypeNode(constraint) &&
      /^keyof\s/.test(constraint.getText())
    )
      return typeParameter(constraint.getTypeNode(), fn);
  }
  return undefined;
}

/** `Record<string, X>`, `{ [k: string]: X }`, Mastra's `ToolsInput`: keyed by any string. */
function keyedByAnyString(node: TypeNode): boolean {
  if (Node.isTypeReference(node)) {
    const name = node.getTypeName();
    const [key] = node.getTypeArguments();
    if (name.getText() === 'Record' && key?.getText() === 'string') return true;
    const exported = Node.isIdentifier(name) ? mastraExport(name) : undefined;
    return Boolean(exported && OPEN_MASTRA_TYPES.has(exported.exportName));
  }
  return (
    Node.isTypeLiteral(node) &&
    node.getMembers().length > 0 &&
    node.getMembers().every((m) => Node.isIndexSignatureDeclaration(m))
  );
}

/** The named properties of an interface or type literal written in the repository. */
function declaredMembers(
  node: TypeNode,
): { members: PropertySignature[]; open: boolean } | undefined {
  let members: Node[] | undefined;
  if (Node.isTypeLiteral(node)) members = node.getMembers();
  else if (Node.isTypeReference(node) && node.getTypeArguments().length === 0) {
    const name = node.getTypeName();
    const decl = Node.isIdentifier(name) ? declaredSymbol(name)?.getDeclarations()[0] : undefined;
    if (!decl || decl.getSourceFile().isInNodeModules()) return undefined;
    if (Node.isInterfaceDeclaration(decl) && decl.getHeritageClauses().length === 0)
      members = decl.getMembers();
    else if (Node.isTypeAliasDeclaration(decl) && decl.getTypeParameters().length === 0) {
      const aliased = decl.getTypeNode();
      if (aliased && Node.isTypeLiteral(aliased)) members = aliased.getMembers();
    }
  }
  if (!members) return undefined;
  const named = members.filter((m) => Node.isPropertySignature(m));
  const index = members.filter((m) => Node.isIndexSignatureDeclaration(m));
  // Methods, call signatures, computed names: the checker's question.
  if (named.length + index.length !== members.length) return undefined;
  if (named.some((p) => Node.isComputedPropertyName(p.getNameNode()))) return undefined;
  return { members: named, open: index.length > 0 };
}

/** What the declared signature of the function `callee` names says its call returns. */
export function helperSignature(callee: Node): Signature | undefined {
  const fn = declarationOf(callee);
  const returned = fn?.getReturnTypeNode();
  if (!fn || !returned) return undefined;
  const ret = unwrapPromise(returned);
  const typeText = ret.getText().slice(0, 80);
  const kept = keptParameter(ret, fn);
  if (kept) {
    const params = fn.getParameters();
    const index = params.findIndex((p) => typeParameter(p.getTypeNode(), fn) === kept);
    const others = params.filter(
      (p, i) => i !== index && p.getTypeNode()?.getText().includes(kept),
    );
    return index >= 0 && others.length === 0
      ? { kind: 'keeps-argument', index, declaration: fn, typeText }
      : undefined;
  }
  if (keyedByAnyString(ret)) return { kind: 'open', declaration: fn, typeText };
  const declared = declaredMembers(ret);
  return declared ? { kind: 'declared', ...declared, declaration: fn, typeText } : undefined;
}
