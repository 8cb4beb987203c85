/**
 * The keys of a tool map read from the type checker, asked only where the syntax stops: a helper
 * whose body builds a new record (`<T>(tools: T): T`, `Readonly<T>`, a mapped type that keeps the
 * keys), a builder whose return type names its keys, a value of a declared type. The question goes
 * to the typed project of type-oracle.ts (built lazily, for the asking file only); the answer is
 * plain data (keys, where each is declared), never nodes of that other project.
 */
import { Node, ts } from '../../ts-morph.ts';
import { relativePath, shortCallee, type ScanContext } from '../ast.ts';
import type { KeyKind, Location } from '../model.ts';
import { typedAnyByChecker } from './unresolved-package.ts';
import { ARRAY_TOOLS } from './array-tools.ts';
import { writtenStringRecord } from './written-record.ts';

/** A span in a file, by absolute path, to find the same node in the scan's project. */
export interface Span {
  file: string;
  start: number;
  end: number;
}

/** Where the type declares one key. */
export interface KeyDeclaration {
  /** The declaration's name (`'tickets.open'` in an interface, or in the object literal). */
  name: Span;
  location: Location;
  keyKind: KeyKind;
  keyText: string;
  /** The value written for the key, when the declaration is a property of an object literal. */
  initializer?: Span;
  /** `typeof x` as the declared type of the key: the expression `x`. */
  typeQuery?: Span;
}

export interface TypedKey {
  key: string;
  /** Optional in the type, or absent from some members of a union. */
  conditional: boolean;
  declarations: KeyDeclaration[];
  /** The key's type as the checker prints it. */
  typeText: string;
}

export interface TypedMap {
  /** The map's type as the checker prints it (cut to 120 characters). */
  typeText: string;
  keys: TypedKey[];
  /** Why not every key can be listed (`Record<string, Tool>`, `any`); absent when all are listed. */
  open?: string;
  /** For a call: the helper called and where it is declared. */
  helper?: { name: string; declaredAt?: Location };
}

const NO_VALUE =
  ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void | ts.TypeFlags.Never;

function spanOf(node: ts.Node): Span {
  const sf = node.getSourceFile();
  return { file: sf.fileName, start: node.getStart(sf), end: node.getEnd() };
}

function locationOf(ctx: ScanContext, node: ts.Node): Location {
  const sf = node.getSourceFile();
  const start = node.getStart(sf);
  const { line, character } = sf.getLineAndCharacterOfPosition(start);
  return {
    file: relativePath(ctx, sf.fileName),
    line: line + 1,
    column: character + 1,
    start,
    end: node.getEnd(),
  };
}

function keyKindOf(decl: ts.Node, name: ts.Node): KeyKind {
  if (ts.isShorthandPropertyAssignment(decl)) return 'shorthand';
  if (ts.isStringLiteral(name)) return 'string';
  if (ts.isNumericLiteral(name)) return 'numeric';
  if (ts.isComputedPropertyName(name)) return 'computed';
  return 'identifier';
}

/** A member of a class body that lives on the prototype: not an own key of an instance. */
function onPrototype(decl: ts.Node): boolean {
  return (
    (ts.isMethodDeclaration(decl) || ts.isGetAccessor(decl) || ts.isSetAccessor(decl)) &&
    ts.isClassLike(decl.parent)
  );
}

function declarationOf(ctx: ScanContext, decl: ts.Node): KeyDeclaration | undefined {
  const name = ts.getNameOfDeclaration(decl as ts.Declaration);
  if (!name) return undefined;
  const sf = decl.getSourceFile();
  const out: KeyDeclaration = {
    name: spanOf(name),
    location: locationOf(ctx, name),
    keyKind: keyKindOf(decl, name),
    keyText: name.getText(sf),
  };
  if (ts.isPropertyAssignment(decl)) out.initializer = spanOf(decl.initializer);
  if (ts.isShorthandPropertyAssignment(decl)) out.initializer = spanOf(decl.name);
  if ((ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl)) && decl.type) {
    if (ts.isTypeQueryNode(decl.type)) out.typeQuery = spanOf(decl.type.exprName);
  }
  return out;
}

/** `(() => { ... })()`: the callee is a function written in place. */
function isInline(callee: ts.Node): boolean {
  let bare = callee;
  while (ts.isParenthesizedExpression(bare)) bare = bare.expression;
  return ts.isArrowFunction(bare) || ts.isFunctionExpression(bare);
}

function helperOf(
  ctx: ScanContext,
  checker: ts.TypeChecker,
  call: ts.CallExpression,
): TypedMap['helper'] {
  const callee = call.expression;
  const sf = call.getSourceFile();
  const name = shortCallee(callee.getText(sf), isInline(callee));
  let symbol = checker.getSymbolAtLocation(
    ts.isPropertyAccessExpression(callee) ? callee.name : callee,
  );
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.declarations?.[0];
  const at = decl ? locationOf(ctx, decl) : undefined;
  // Declared in the repository: say where. A package's or TypeScript's own: the name says enough.
  return at && !at.file.startsWith('../') && !at.file.includes('node_modules/')
    ? { name, declaredAt: at }
    : { name };
}

/** A type as the checker prints it, short enough for a one-line reason. */
function printed(checker: ts.TypeChecker, type: ts.Type, max = 60): string {
  return shortened(checker.typeToString(type), max);
}

function shortened(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function read(ctx: ScanContext, typed: Node, checker: ts.TypeChecker): TypedMap {
  const node = typed.compilerNode;
  // Mastra awaits what a tools function returns: `async () => ({...})` offers the record's keys,
  // never a Promise's `then`, `catch` and `finally`.
  const found = checker.getTypeAtLocation(node);
  const type = checker.getAwaitedType(found) ?? found;
  const inner = ts.isAwaitExpression(node) ? node.expression : node;
  const out: TypedMap = {
    typeText: printed(checker, type, 120),
    keys: [],
    ...(ts.isCallExpression(inner) ? { helper: helperOf(ctx, checker, inner) } : {}),
  };
  const parts = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & NO_VALUE));
  if (parts.length === 0) {
    out.open = `its type is ${out.typeText}`;
    return out;
  }
  const seen = new Map<string, { key: TypedKey; in: number }>();
  for (const part of parts) {
    if (part.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      out.open = `its type is ${printed(checker, part)}`;
      continue;
    }
    if (!(part.flags & ts.TypeFlags.Object) && !part.isIntersection()) {
      out.open = `its type ${printed(checker, part)} is not an object`;
      continue;
    }
    if (checker.isArrayType(part) || checker.isTupleType(part)) {
      out.open = `its type ${printed(checker, part)} is an array: ${ARRAY_TOOLS}`;
      continue;
    }
    if (part.getCallSignatures().length > 0) {
      out.open = `its type ${printed(checker, part)} is a function`;
      continue;
    }
    if (checker.getIndexInfosOfType(part).length > 0)
      out.open = `its type ${printed(checker, part)} is keyed by any string`;
    for (const prop of checker.getPropertiesOfType(part)) {
      const escaped = prop.escapedName as string;
      // Symbol keys and private names are never tool keys (Mastra enumerates string keys).
      if (escaped.startsWith('__@') || escaped.startsWith('__#')) continue;
      const decls = prop.declarations ?? [];
      if (decls.length > 0 && decls.every(onPrototype)) continue;
      const found = seen.get(prop.name);
      if (found) {
        found.in++;
        continue;
      }
      const key: TypedKey = {
        key: prop.name,
        conditional: Boolean(prop.flags & ts.SymbolFlags.Optional),
        declarations: decls
          .map((d) => declarationOf(ctx, d))
          .filter((d): d is KeyDeclaration => d !== undefined),
        typeText: printed(checker, checker.getTypeOfSymbolAtLocation(prop, node), 80),
      };
      seen.set(prop.name, { key, in: 1 });
      out.keys.push(key);
    }
  }
  for (const { key, in: count } of seen.values()) if (count < parts.length) key.conditional = true;
  return out;
}

/** The keys the checker gives the value of `expr`; undefined when it cannot be asked. */
export function typedMap(ctx: ScanContext, expr: Node): TypedMap | undefined {
  if (typedAnyByChecker(expr, ctx.types.installed)) return typedAny(expr);
  const record = writtenStringRecord(expr);
  if (record)
    return {
      typeText: shortened(record, 120),
      keys: [],
      open: `its type ${shortened(record, 60)} is keyed by any string`,
    };
  return ctx.types.withTypes(expr, (typed, checker) => read(ctx, typed, checker));
}

/** What `read` gives for a value the checker types `any` (a package that is not installed). */
function typedAny(expr: Node): TypedMap {
  const node = expr.compilerNode;
  const inner = ts.isAwaitExpression(node) ? node.expression : node;
  return {
    typeText: 'any',
    keys: [],
    ...(ts.isCallExpression(inner)
      ? {
          helper: {
            name: shortCallee(
              inner.expression.getText(inner.getSourceFile()),
              isInline(inner.expression),
            ),
          },
        }
      : {}),
    open: 'its type is any',
  };
}

/** The node of the scan's own project at a span the typed project reported. */
export function scanNodeAt(from: Node, span: Span): Node | undefined {
  const sf = from.getProject().getSourceFile(span.file);
  for (let at: Node | undefined = sf?.getDescendantAtPos(span.start); at; at = at.getParent()) {
    if (at.getStart() === span.start && at.getEnd() === span.end) return at;
    if (at.getStart() < span.start || at.getEnd() > span.end) return undefined;
  }
  return undefined;
}
