/**
 * What a helper's declared signature says about the map it returns, read from the syntax of its
 * declaration (the type checker is not needed for the common shapes):
 * - it keeps the keys of one argument: `<T>(tools: T): T`, `Readonly<T>`, `{ [K in keyof T]: … }`
 *   (no `as` clause), or some of them: `Omit<T, 'a'>`, `Pick<T, 'a' | 'b'>` (string literals),
 *   each possibly in a `Promise<…>`;
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

export type Signature = { declaration: Node; typeText: string } &
  /** `omit`/`pick`: `Omit<T, 'a' | 'b'>` drops those keys, `Pick<T, 'a'>` keeps only those. */
  (
    | { kind: 'keeps-argument'; index: number; omit?: string[]; pick?: string[] }
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

/** `'a'` or `'a' | 'b'`: the strings; anything else (`keyof X`, a type name) is not read. */
function stringLiterals(node: TypeNode | undefined): string[] | undefined {
  const parts = node && Node.isUnionTypeNode(node) ? node.getTypeNodes() : node ? [node] : [];
  const out: string[] = [];
  for (const part of parts) {
    const literal = Node.isLiteralTypeNode(part) ? part.getLiteral() : undefined;
    if (!literal || !Node.isStringLiteral(literal)) return undefined;
    out.push(literal.getLiteralValue());
  }
  return out.length ? out : undefined;
}

interface Kept {
  name: string;
  omit?: string[];
  pick?: string[];
}

/** The type parameter whose keys the return type keeps, when it keeps them. */
function keptParameter(ret: TypeNode, fn: FunctionLike): Kept | undefined {
  const plain = typeParameter(ret, fn);
  if (plain) return { name: plain };
  const wrapper = Node.isTypeReference(ret) ? ret.getTypeName().getText() : undefined;
  if (Node.isTypeReference(ret) && wrapper === 'Readonly') {
    const args = ret.getTypeArguments();
    const name = args.length === 1 ? typeParameter(args[0], fn) : undefined;
    return name ? { name } : undefined;
  }
  // Omit<T, 'debug'>, Pick<T, 'a' | 'b'>: the argument's keys, less or only those named.
  if (Node.isTypeReference(ret) && (wrapper === 'Omit' || wrapper === 'Pick')) {
    const [target, keys] = ret.getTypeArguments();
    const name = typeParameter(target, fn);
    const named = stringLiterals(keys);
    if (!name || !named || ret.getTypeArguments().length !== 2) return undefined;
    return wrapper === 'Omit' ? { name, omit: named } : { name, pick: named };
  }
  if (Node.isMappedTypeNode(ret) && !ret.getNameTypeNode()) {
    const constraint = ret.getTypeParameter().getConstraint();
    const name =
      constraint && Node.isTypeOperatorTypeNode(constraint) && /^keyof\s/.test(constraint.getText())
        ? typeParameter(constraint.getTypeNode(), fn)
        : undefined;
    return name ? { name } : undefined;
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
    const index = params.findIndex((p) => typeParameter(p.getTypeNode(), fn) === kept.name);
    const others = params.filter(
      (p, i) => i !== index && p.getTypeNode()?.getText().includes(kept.name),
    );
    const { omit, pick } = kept;
    return index >= 0 && others.length === 0
      ? {
          kind: 'keeps-argument',
          index,
          declaration: fn,
          typeText,
          ...(omit ? { omit } : {}),
          ...(pick ? { pick } : {}),
        }
      : undefined;
  }
  if (keyedByAnyString(ret)) return { kind: 'open', declaration: fn, typeText };
  const declared = declaredMembers(ret);
  return declared ? { kind: 'declared', ...declared, declaration: fn, typeText } : undefined;
}
