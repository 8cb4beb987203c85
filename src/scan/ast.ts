/**
 * Small ts-morph helpers the scanner is built from: locations, unwrapping type-only wrappers,
 * following identifiers to their definitions, and telling whether a name comes from Mastra.
 */
import path from 'node:path';
import { morphLineLocator } from './files/lines.ts';
import { cannotBeImport } from './import-bound.ts';
import { boundArgument } from './bound-parameters.ts';
import {
  Node,
  SyntaxKind,
  ts,
  VariableDeclarationKind,
  type Expression,
  type SourceFile,
  type Symbol as TsSymbol,
} from '../ts-morph.ts';
import type {
  BindingElement,
  CallExpression,
  Identifier,
  KindToNodeMappings,
  ObjectLiteralExpression,
  VariableDeclaration,
} from 'ts-morph';
import type { Location } from './model.ts';
import type { TypeOracle } from './values/type-oracle.ts';

export interface ScanContext {
  root: string;
  /** Answers questions that need the installed declarations. */
  types: TypeOracle;
}

const locators = new WeakMap<ts.SourceFile, ReturnType<typeof morphLineLocator>>();

/**
 * Line and column of `pos` in `sf`, as ts-morph's `getLineAndColumnAtPos` gives them; it counts the
 * line breaks from the start of the file for each question (43 ms of AgentStack's run).
 */
export function lineAndColumn(sf: SourceFile, pos: number): { line: number; column: number } {
  const file = sf.compilerNode;
  let locator = locators.get(file);
  if (!locator) locators.set(file, (locator = morphLineLocator(file.text)));
  return locator(pos);
}

export function locate(ctx: ScanContext, node: Node): Location {
  const sf = node.getSourceFile();
  const start = node.getStart();
  const { line, column } = lineAndColumn(sf, start);
  return { file: relativePath(ctx, sf.getFilePath()), line, column, start, end: node.getEnd() };
}

export function relativePath(ctx: ScanContext, file: string): string {
  return path.relative(ctx.root, file).split(path.sep).join('/');
}

/** An immediately invoked function's name in a message: its source is no name. */
export const INLINE_FUNCTION = 'an inline function';

/** A callee's source as a message names it: one line of at most 60 characters. */
export function shortCallee(text: string, inline: boolean): string {
  if (inline) return INLINE_FUNCTION;
  const line = text.split('\n')[0]!;
  return line.length > 60 || line !== text ? `${line.slice(0, 57)}...` : line;
}

/** How a message names a callee: `buildTools`, or an inline function. */
export function calleeName(callee: Node): string {
  const bare = unwrap(callee);
  return shortCallee(
    callee.getText(),
    Node.isArrowFunction(bare) || Node.isFunctionExpression(bare),
  );
}

/** `buildTools()`, or `an inline function`. */
export function calledAs(callee: Node): string {
  const name = calleeName(callee);
  return name === INLINE_FUNCTION ? name : `${name}()`;
}

/** Strips wrappers that do not change the value: parentheses, `as`, `satisfies`, `!`, `<T>x`. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    if (
      Node.isParenthesizedExpression(current) ||
      Node.isAsExpression(current) ||
      Node.isSatisfiesExpression(current) ||
      Node.isNonNullExpression(current) ||
      Node.isTypeAssertion(current)
    ) {
      current = current.getExpression();
    } else {
      return current;
    }
  }
}

/** The symbol of an identifier, or of the value a shorthand property (`{ x }`) takes. */
export function valueSymbol(node: Node): TsSymbol | undefined {
  const parent = node.getParent();
  if (parent && Node.isShorthandPropertyAssignment(parent) && parent.getNameNode() === node) {
    return parent.getValueSymbol();
  }
  return node.getSymbol();
}

/** Follows import/export aliases to the symbol that declares the value. */
export function declaredSymbol(node: Node): TsSymbol | undefined {
  const symbol = valueSymbol(node);
  if (!symbol) return undefined;
  return symbol.isAlias() ? (symbol.getAliasedSymbol() ?? symbol) : symbol;
}

const writes = new WeakMap<ts.Node, ts.Node[]>();
const writesByName = new WeakMap<ts.SourceFile, Map<string, ts.Node[]>>();

/** The identifier an assignment or `++`/`--` writes, when it writes a bare name. */
function writtenName(n: ts.Node): ts.Identifier | undefined {
  if (
    ts.isBinaryExpression(n) &&
    n.operatorToken.kind >= ts.SyntaxKind.FirstAssignment &&
    n.operatorToken.kind <= ts.SyntaxKind.LastAssignment
  )
    return ts.isIdentifier(n.left) ? n.left : undefined;
  if (
    (ts.isPrefixUnaryExpression(n) || ts.isPostfixUnaryExpression(n)) &&
    (n.operator === ts.SyntaxKind.PlusPlusToken || n.operator === ts.SyntaxKind.MinusMinusToken)
  )
    return ts.isIdentifier(n.operand) ? n.operand : undefined;
  return undefined;
}

/**
 * Every write to a bare name in a file, by name, from one walk: asking per variable walked the file
 * once for each `let` (a 3.7 MB bundle with thousands took minutes).
 */
function fileWrites(file: ts.SourceFile): Map<string, ts.Node[]> {
  let byName = writesByName.get(file);
  if (byName) return byName;
  const found = new Map<string, ts.Node[]>();
  const visit = (n: ts.Node): void => {
    const target = writtenName(n);
    if (target) {
      const list = found.get(target.text);
      if (list) list.push(n);
      else found.set(target.text, [n]);
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  writesByName.set(file, (byName = found));
  return byName;
}

/**
 * The writes to a `let` or `var` after its declaration (`tools = await mcp.listToolsets()` after
 * `let tools = {}`): with any, its initializer is not its value. Only its own file can assign it (an
 * import is read-only); of the file's writes to that name, those to this variable.
 */
function writesOf(decl: VariableDeclaration): ts.Node[] {
  const list = decl.getParent();
  if (
    !Node.isVariableDeclarationList(list) ||
    list.getDeclarationKind() === VariableDeclarationKind.Const
  )
    return [];
  const nameNode = decl.getNameNode();
  if (!Node.isIdentifier(nameNode)) return [];
  const known = writes.get(decl.compilerNode);
  if (known !== undefined) return known;
  const file = decl.getSourceFile();
  const byName = fileWrites(file.compilerNode);
  const name = nameNode.getText();
  let found: ts.Node[] = [];
  const candidates = byName.get(name);
  if (candidates) {
    const checker = file.getProject().getTypeChecker().compilerObject;
    const bySymbol = symbolWrites(checker, candidates);
    found = bySymbol.get(nameNode.getSymbol()?.compilerSymbol) ?? [];
  }
  writes.set(decl.compilerNode, found);
  return found;
}

const symbolsOfWrites = new WeakMap<ts.Node[], Map<ts.Symbol | undefined, ts.Node[]>>();

/** A name's writes by the variable each writes, resolved once for every variable of that name. */
function symbolWrites(
  checker: ts.TypeChecker,
  candidates: ts.Node[],
): Map<ts.Symbol | undefined, ts.Node[]> {
  let bySymbol = symbolsOfWrites.get(candidates);
  if (bySymbol) return bySymbol;
  bySymbol = new Map();
  for (const n of candidates) {
    const symbol = checker.getSymbolAtLocation(writtenName(n)!);
    const list = bySymbol.get(symbol);
    if (list) list.push(n);
    else bySymbol.set(symbol, [n]);
  }
  symbolsOfWrites.set(candidates, bySymbol);
  return bySymbol;
}

function isReassigned(decl: VariableDeclaration): boolean {
  return writesOf(decl).length > 0;
}

/** `{}`, `[]`, `null`, `undefined`, or nothing: a start value that holds nothing to read. */
function holdsNothing(init: Node | undefined): boolean {
  const n = init && unwrap(init);
  return (
    !n ||
    Node.isNullLiteral(n) ||
    (Node.isIdentifier(n) && n.getText() === 'undefined') ||
    (Node.isObjectLiteralExpression(n) && n.getProperties().length === 0) ||
    (Node.isArrayLiteralExpression(n) && n.getElements().length === 0)
  );
}

/**
 * `let mcpTools = {}; try { mcpTools = await mcp.listTools(); } catch { ... }`: a variable that
 * starts empty and is assigned once, with a value that does not read it, holds, when it holds
 * anything, what that assignment gives.
 */
function onlyAssignment(decl: VariableDeclaration): Node | undefined {
  if (!holdsNothing(decl.getInitializer())) return undefined;
  const found = writesOf(decl);
  const [write] = found;
  if (
    found.length !== 1 ||
    !write ||
    !ts.isBinaryExpression(write) ||
    write.operatorToken.kind !== ts.SyntaxKind.EqualsToken
  )
    return undefined;
  // `cached = { ...cached, ...more }` reads itself: what it holds is built up, not one value.
  const name = decl.getName();
  const readsItself = (n: ts.Node): boolean =>
    (ts.isIdentifier(n) && n.text === name) || (ts.forEachChild(n, readsItself) ?? false);
  if (readsItself(write.right)) return undefined;
  return unwrap(wrappedNode(decl.getSourceFile(), write.right));
}

/** An identifier whose `let`/`var` declaration code assigns again. */
export function assignedAgain(node: Node): boolean {
  return (declaredSymbol(node)?.getDeclarations() ?? []).some(
    (d) => Node.isVariableDeclaration(d) && isReassigned(d),
  );
}

/**
 * The expression an identifier stands for: a const's initializer, a function declaration, an
 * `export default` expression. Undefined when it has none we can read (parameters, `let` that is
 * reassigned, declarations only in .d.ts files).
 */
export function definitionOf(node: Node): Node | undefined {
  const symbol = declaredSymbol(node);
  for (const decl of symbol?.getDeclarations() ?? []) {
    if (decl.getSourceFile().isDeclarationFile()) continue;
    if (Node.isVariableDeclaration(decl)) {
      // `const cfg = config[kind]`, while the call made with one entry of the table is read.
      const picked = boundArgument(decl);
      if (picked) return unwrap(picked);
      const init = decl.getInitializer();
      if (init && !isReassigned(decl)) return unwrap(init);
      const assigned = onlyAssignment(decl);
      if (assigned) return assigned;
    }
    if (Node.isFunctionDeclaration(decl)) return decl;
    if (Node.isExportAssignment(decl)) return unwrap(decl.getExpression());
    if (Node.isPropertyAssignment(decl)) {
      const init = decl.getInitializer();
      if (init) return unwrap(init);
    }
    if (Node.isShorthandPropertyAssignment(decl)) return definitionOf(decl.getNameNode());
    // A factory's parameter, while the agent one call of it builds is read.
    if (Node.isParameterDeclaration(decl)) {
      const arg = boundArgument(decl);
      if (arg) return unwrap(arg);
    }
    if (Node.isBindingElement(decl)) {
      const element = arrayElementOf(decl) ?? objectPropertyOf(decl) ?? boundPropertyOf(decl);
      if (element) return element;
    }
  }
  return undefined;
}

/**
 * `function make({ tools }: Spec)` while one call of it is read, where that call's argument is an
 * object literal with no spread that leaves `tools` out and the pattern gives it no default: it
 * surely holds `undefined` (the agent is given no tools), not a value known only at run time.
 */
export function boundAbsent(id: Node): boolean {
  // `{ tools }`: the variable, not the property the shorthand writes.
  const parent = id.getParent();
  const symbol =
    parent && Node.isShorthandPropertyAssignment(parent) ? parent.getValueSymbol() : id.getSymbol();
  const decl = symbol?.getDeclarations()[0];
  if (!decl || !Node.isBindingElement(decl) || decl.getInitializer()) return false;
  const bound = boundObjectOf(decl);
  return bound !== undefined && leavesOut(bound.object, bound.name);
}

/** `function make({ tools }: Spec)` while one call of it is read: that call's `tools`. */
function boundPropertyOf(binding: BindingElement): Node | undefined {
  const bound = boundObjectOf(binding);
  if (!bound) return undefined;
  const written = propertyValue(bound.object, bound.name);
  if (written) return written;
  // Its default, when the argument is a literal that surely leaves it out.
  const fallback = binding.getInitializer();
  return fallback && leavesOut(bound.object, bound.name) ? unwrap(fallback) : undefined;
}

/** The argument a destructured parameter's element is read from, in the read under way. */
function boundObjectOf(binding: BindingElement): { object: Node; name: string } | undefined {
  const pattern = binding.getParent();
  const param = pattern.getParent();
  if (!Node.isObjectBindingPattern(pattern) || !Node.isParameterDeclaration(param))
    return undefined;
  const arg = boundArgument(param);
  if (!arg || binding.getDotDotDotToken()) return undefined;
  const nameNode = binding.getPropertyNameNode() ?? binding.getNameNode();
  if (!Node.isIdentifier(nameNode)) return undefined;
  return { object: resolveValue(arg), name: nameNode.getText() };
}

/** An object literal with no spread that does not write `name`: it surely leaves it out. */
function leavesOut(object: Node, name: string): boolean {
  return (
    Node.isObjectLiteralExpression(object) &&
    !object.getProperties().some((p) => Node.isSpreadAssignment(p)) &&
    !object.getProperty(name)
  );
}

/**
 * `const { a } = { a: x }` and `const { a } = makeTools()` (or `await` of it), where the function
 * returns one object literal: the value written for `a`. Undefined for a rest element, a default
 * value, a renamed string key, or an object with spreads or the key written twice.
 */
function objectPropertyOf(binding: BindingElement): Node | undefined {
  const pattern = binding.getParent();
  const decl = pattern.getParent();
  if (!Node.isObjectBindingPattern(pattern) || !Node.isVariableDeclaration(decl)) return undefined;
  if (binding.getDotDotDotToken() || binding.getInitializer()) return undefined;
  const nameNode = binding.getPropertyNameNode() ?? binding.getNameNode();
  if (!Node.isIdentifier(nameNode)) return undefined;
  let init = decl.getInitializer() && unwrap(decl.getInitializer()!);
  const awaited = Boolean(init && Node.isAwaitExpression(init));
  if (init && Node.isAwaitExpression(init)) init = unwrap(init.getExpression());
  // `const { agent } = await import('./agents')`: the module's export of that name.
  if (init && awaited && Node.isCallExpression(init)) {
    const exported = dynamicImportExport(init, nameNode.getText());
    if (exported !== undefined) return exported ?? undefined;
  }
  const object = init && returnedObject(resolveValue(init), awaited);
  if (!object) return undefined;
  const members = object.getProperties();
  // A spread or a computed key may write the same key; a method or accessor is not a value.
  if (
    members.some((p) => Node.isSpreadAssignment(p) || Node.isComputedPropertyName(p.getNameNode()))
  )
    return undefined;
  const name = nameNode.getText();
  const written = members.filter((p) => !Node.isSpreadAssignment(p) && p.getName() === name);
  return written.length === 1 ? propertyValue(object, name) : undefined;
}

/**
 * An object literal, or the one object literal a called function returns (an async function's
 * only when the call is awaited; never a generator's).
 */
function returnedObject(value: Node, awaited: boolean): ObjectLiteralExpression | undefined {
  if (Node.isObjectLiteralExpression(value)) return value;
  if (!Node.isCallExpression(value)) return undefined;
  const fn = resolveValue(value.getExpression());
  if (
    !Node.isArrowFunction(fn) &&
    !Node.isFunctionDeclaration(fn) &&
    !Node.isFunctionExpression(fn)
  )
    return undefined;
  if ((fn.isAsync() && !awaited) || (!Node.isArrowFunction(fn) && fn.isGenerator()))
    return undefined;
  if (Node.isArrowFunction(fn)) {
    const body = unwrap(fn.getBody());
    if (Node.isObjectLiteralExpression(body)) return body;
  }
  const returns = fn
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) === fn);
  const returned = returns.length === 1 ? returns[0]!.getExpression() : undefined;
  const object = returned && unwrap(returned);
  return object && Node.isObjectLiteralExpression(object) ? object : undefined;
}

/**
 * The value a module gives `name` when `call` is `import('./m')`: null when it is such a call but
 * the module or its export cannot be read, undefined when it is no dynamic import.
 */
function dynamicImportExport(call: CallExpression, name: string): Node | null | undefined {
  if (call.getExpression().getKind() !== SyntaxKind.ImportKeyword) return undefined;
  const [specifier] = call.getArguments();
  if (!specifier || !Node.isStringLiteral(specifier)) return null;
  const module = specifier.getSymbol()?.getDeclarations()[0];
  if (!module || !Node.isSourceFile(module) || module.isDeclarationFile()) return null;
  const [decl, ...more] = module.getExportedDeclarations().get(name) ?? [];
  if (!decl || more.length) return null;
  if (Node.isVariableDeclaration(decl)) {
    const init = decl.getInitializer();
    return init && !isReassigned(decl) ? unwrap(init) : null;
  }
  return Node.isFunctionDeclaration(decl) ? decl : null;
}

/**
 * `const [a, b] = [x, y]` and `const [a, b] = await Promise.all([f(), g()])`: the element a binding
 * takes (for Promise.all, the call whose awaited result it is). Undefined for a rest element, a
 * default value, or a spread before it.
 */
function arrayElementOf(binding: BindingElement): Node | undefined {
  const pattern = binding.getParent();
  const decl = pattern.getParent();
  if (!Node.isArrayBindingPattern(pattern) || !Node.isVariableDeclaration(decl)) return undefined;
  if (binding.getDotDotDotToken() || binding.getInitializer()) return undefined;
  let init = decl.getInitializer() && unwrap(decl.getInitializer()!);
  if (init && Node.isAwaitExpression(init)) {
    const call = unwrap(init.getExpression());
    init =
      Node.isCallExpression(call) && call.getExpression().getText() === 'Promise.all'
        ? call.getArguments()[0] && unwrap(call.getArguments()[0]!)
        : undefined;
  }
  if (!init || !Node.isArrayLiteralExpression(init)) return undefined;
  const index = pattern.getElements().indexOf(binding);
  const elements = init.getElements().slice(0, index + 1);
  const element = elements[index];
  if (!element || elements.some((e) => Node.isSpreadElement(e))) return undefined;
  return Node.isOmittedExpression(element) ? undefined : unwrap(element);
}

/** Resolves identifiers (across files) until a node that is not a plain reference. */
export function resolveValue(node: Node, seen = new Set<Node>()): Node {
  let current = unwrap(node);
  while (Node.isIdentifier(current) && !seen.has(current)) {
    seen.add(current);
    const def = definitionOf(current);
    if (!def) return current;
    current = def;
  }
  return current;
}

export interface MastraExport {
  /** The module it is imported from, e.g. `@mastra/core/agent`, or the installed file's package. */
  module: string;
  exportName: string;
}

const MASTRA_MODULE = /^@mastra\//;

function moduleFromPath(file: string): string | undefined {
  const m = /[\\/]node_modules[\\/](@mastra[\\/][^\\/]+)[\\/]/.exec(file);
  return m ? m[1]!.replace('\\', '/') : undefined;
}

/**
 * mastraExport's answers per program (a file taken out of the project makes a new one, and a new
 * checker with it): each pass over a file asks it of every `new X()` or call (an Agent? a Mastra?
 * an MCPServer? one of four routes?), about eight questions per node that all need the same
 * symbols. Keyed by the program, not the checker: building the checker binds every file of the
 * program, which a syntactic answer (`cannotBeImport`) never needs.
 */
const exportsByProgram = new WeakMap<ts.Program, WeakMap<ts.Node, MastraExport | null>>();

/**
 * Whether an identifier (or `ns.Name`) refers to an export of a Mastra package, through aliased
 * imports and re-exports in the user's own modules. Works from import specifiers, so it also works
 * when the package is not installed; uses the installed declarations when it is.
 */
export function mastraExport(node: Node): MastraExport | undefined {
  const target = unwrap(node);
  if (!Node.isPropertyAccessExpression(target) && !Node.isIdentifier(target)) return undefined;
  const program = target.getProject().getProgram().compilerObject;
  let answers = exportsByProgram.get(program);
  if (!answers) exportsByProgram.set(program, (answers = new WeakMap()));
  const known = answers.get(target.compilerNode);
  if (known !== undefined) return known ?? undefined;
  const found = cannotBeImport(target.compilerNode, () => program) ? undefined : exportOf(target);
  answers.set(target.compilerNode, found ?? null);
  return found;
}

/** mastraExport's answer from the checker alone (tests compare it with the syntactic shortcut). */
export function exportOf(target: Node): MastraExport | undefined {
  if (Node.isPropertyAccessExpression(target)) {
    const ns = mastraNamespace(target.getExpression());
    return ns ? { module: ns, exportName: target.getName() } : undefined;
  }
  if (!Node.isIdentifier(target)) return undefined;
  let symbol = valueSymbol(target);
  for (let hop = 0; symbol && hop < 16; hop++) {
    for (const decl of symbol.getDeclarations()) {
      if (Node.isImportSpecifier(decl)) {
        const spec = decl.getImportDeclaration().getModuleSpecifierValue();
        if (MASTRA_MODULE.test(spec)) return { module: spec, exportName: decl.getName() };
      } else if (Node.isExportSpecifier(decl)) {
        const spec = decl.getExportDeclaration().getModuleSpecifierValue();
        if (spec && MASTRA_MODULE.test(spec)) return { module: spec, exportName: decl.getName() };
      } else {
        const fromPath = moduleFromPath(decl.getSourceFile().getFilePath());
        if (fromPath) return { module: fromPath, exportName: symbol.getName() };
      }
    }
    if (!symbol.isAlias()) break;
    symbol = symbol.getImmediatelyAliasedSymbol();
  }
  return undefined;
}

function mastraNamespace(node: Node): string | undefined {
  if (!Node.isIdentifier(node)) return undefined;
  for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
    if (Node.isNamespaceImport(decl)) {
      const spec = decl
        .getFirstAncestorByKind(SyntaxKind.ImportDeclaration)
        ?.getModuleSpecifierValue();
      if (spec && MASTRA_MODULE.test(spec)) return spec;
    }
  }
  return undefined;
}

/**
 * A test on compiler nodes that keeps every expression `mastraExport` could find a Mastra export
 * behind in `file` (the rest answer no without the checker), so a pass skips the others unwrapped.
 */
export function mayBeMastraExport(file: SourceFile): (expression: ts.Node) => boolean {
  const program = () => file.getProject().getProgram().compilerObject;
  return (expression) => {
    let n = expression;
    while (
      ts.isParenthesizedExpression(n) ||
      ts.isAsExpression(n) ||
      ts.isSatisfiesExpression(n) ||
      ts.isNonNullExpression(n) ||
      ts.isTypeAssertionExpression(n)
    )
      n = n.expression;
    return (ts.isIdentifier(n) || ts.isPropertyAccessExpression(n)) && !cannotBeImport(n, program);
  };
}

export function isMastraExport(
  node: Node,
  names: readonly string[],
  modulePrefix = '@mastra/core',
): boolean {
  const found = mastraExport(node);
  return Boolean(
    found && found.module.startsWith(modulePrefix) && names.includes(found.exportName),
  );
}

/** Where an imported name comes from, for non-Mastra packages (`ai`, `@ai-sdk/openai`). */
export function importedFrom(node: Node): { module: string; exportName: string } | undefined {
  if (!Node.isIdentifier(node)) return undefined;
  for (const decl of node.getSymbol()?.getDeclarations() ?? []) {
    if (Node.isImportSpecifier(decl))
      return {
        module: decl.getImportDeclaration().getModuleSpecifierValue(),
        exportName: decl.getName(),
      };
    if (Node.isImportClause(decl) || Node.isNamespaceImport(decl)) {
      const imp = decl.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
      if (imp) return { module: imp.getModuleSpecifierValue(), exportName: 'default' };
    }
  }
  return undefined;
}

/**
 * The object-literal property `name` of an object literal, unwrapped. Not written in it, the last
 * spread that writes it (`{ ...defaults, ...config }`), as JavaScript merges them; a spread whose
 * value is not a literal we can read may write it too, so it ends the search with nothing.
 */
export function propertyValue(object: Node, name: string, depth = 0): Expression | undefined {
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  const prop = object.getProperty(name);
  if (prop && Node.isPropertyAssignment(prop)) {
    const init = prop.getInitializer();
    return init ? (unwrap(init) as Expression) : undefined;
  }
  if (prop && Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  if (prop || depth > 4) return undefined;
  const members = object.getProperties();
  for (let i = members.length - 1; i >= 0; i--) {
    const member = members[i]!;
    if (!Node.isSpreadAssignment(member)) continue;
    const spread = spreadValue(member.getExpression(), depth);
    if (!spread || !Node.isObjectLiteralExpression(spread)) return undefined;
    const found = propertyValue(spread, name, depth + 1);
    if (found) return found;
    if (spread.getProperties().some((p) => Node.isSpreadAssignment(p))) return undefined;
  }
  return undefined;
}

/**
 * The class a member access starts from: `this` inside one of its methods (not inside a plain
 * function between them, which has a `this` of its own), or a class's name (through an import).
 */
export function ownerClass(owner: Node): Node | undefined {
  const scope = Node.isThisExpression(owner)
    ? owner.getFirstAncestor(
        (a) =>
          Node.isFunctionDeclaration(a) ||
          Node.isFunctionExpression(a) ||
          Node.isClassDeclaration(a) ||
          Node.isClassExpression(a),
      )
    : Node.isIdentifier(owner)
      ? declaredSymbol(owner)
          ?.getDeclarations()
          .find((d) => Node.isClassDeclaration(d))
      : owner;
  return scope && (Node.isClassDeclaration(scope) || Node.isClassExpression(scope))
    ? scope
    : undefined;
}

/** What `...x` or `...x.y` spreads, when it is an object literal we can read. */
function spreadValue(expr: Node, depth: number): Node | undefined {
  const e = unwrap(expr);
  if (!Node.isPropertyAccessExpression(e)) return resolveValue(e);
  const owner = resolveValue(e.getExpression());
  const value = propertyValue(owner, e.getName(), depth + 1);
  return value ? resolveValue(value) : undefined;
}

/** The node kinds the analysis looks for in whole files. */
const INDEXED = new Set<SyntaxKind>([
  SyntaxKind.NewExpression,
  SyntaxKind.CallExpression,
  SyntaxKind.BinaryExpression,
  SyntaxKind.SwitchStatement,
  SyntaxKind.PropertyAssignment,
  SyntaxKind.PropertySignature,
  SyntaxKind.ElementAccessExpression,
]);
const indexes = new WeakMap<SourceFile, Map<SyntaxKind, ts.Node[]>>();

/**
 * `file.getDescendantsOfKind(kind)` for the kinds the analysis asks of every file, from one walk of
 * the syntax tree per file instead of one per kind (ts-morph walks with nested generators), in the
 * same order. `keep` tests the compiler node first, so the many nodes a caller skips are never
 * wrapped (a ts-morph wrapper costs more than the test).
 */
export function descendantsOfKind<K extends SyntaxKind>(
  file: SourceFile,
  kind: K,
  keep?: (node: ts.Node) => boolean,
): KindToNodeMappings[K][] {
  if (!INDEXED.has(kind)) {
    const all = file.getDescendantsOfKind(kind);
    return keep ? all.filter((n) => keep(n.compilerNode)) : all;
  }
  let index = indexes.get(file);
  if (!index) {
    const found = new Map<SyntaxKind, ts.Node[]>([...INDEXED].map((k) => [k, []]));
    const visit = (node: ts.Node): void => {
      found.get(node.kind)?.push(node);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(file.compilerNode, visit);
    indexes.set(file, (index = found));
  }
  const nodes = keep ? index.get(kind)!.filter(keep) : index.get(kind)!;
  return nodes.map((n) => wrappedNode<KindToNodeMappings[K]>(file, n));
}

/**
 * `root.getDescendantsOfKind(Identifier)` filtered to those spelled `name`, in the same order, found
 * on the compiler's tree so that only they are wrapped (a whole file's identifiers cost more to wrap
 * than to test).
 */
export function identifiersNamed(root: Node, name: string): Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && n.text === name) found.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root.compilerNode, visit);
  const file = root.getSourceFile();
  return found.map((n) => wrappedNode<Identifier>(file, n));
}

/** The ts-morph node of a compiler node of `file`, through ts-morph's own wrapper lookup (what its
 * getters use), so wrapped nodes stay the same objects. */
export function wrappedNode<N extends Node>(file: SourceFile, node: ts.Node): N {
  return (
    file as unknown as { _getNodeFromCompilerNode(node: ts.Node): N }
  )._getNodeFromCompilerNode(node);
}

/** The name of the method a call calls (`x.name(...)`), read from the compiler node. */
export function calledMethod(node: ts.Node): string | undefined {
  return ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)
    ? node.expression.name.text
    : undefined;
}

/**
 * The innermost node of `file` that starts at `start` (its first token) and is `width` long:
 * `getDescendantAtStartWithWidth` without its walk of every token on the way (ts-morph lists each
 * node's children with the scanner to descend).
 */
export function nodeAtSpan(file: SourceFile, start: number, width: number): Node | undefined {
  const sf = file.compilerNode;
  let found: ts.Node | undefined;
  for (let node: ts.Node | undefined = sf; node;) {
    let next: ts.Node | undefined;
    ts.forEachChild(node, (child) => {
      if (child.pos <= start && start < child.end) return (next = child);
      return undefined;
    });
    if (next && next.getStart(sf) === start && next.end - start === width) found = next;
    else if (found) break;
    node = next;
  }
  return found && wrappedNode(file, found);
}
