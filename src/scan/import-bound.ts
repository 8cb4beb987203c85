/**
 * When the syntax alone shows that a name cannot stand for an import, so that `mastraExport` need
 * not ask the checker (most `new X()` and calls in a file name a local, a global or nothing).
 *
 * The checker finds a Mastra export behind a name only through an alias (an import, a re-export,
 * `import X = require()`, or a `require` in JavaScript) or a declaration in a `@mastra/` package.
 * A name the file's own import declarations do not bind resolves to a local or a global. A local is
 * never an alias (the file's own alias declarations are its imports); a global can be one only when
 * a global script or `declare global` block declares an alias, or a Mastra package declares
 * globals (or a UMD global): `globalsMayAlias` looks for either in the program.
 */
import { ts } from '../ts-morph.ts';

const MASTRA_PACKAGE = /[\\/]node_modules[\\/]@mastra[\\/]/;
const ALIAS_DECLARATION = /\bimport\s+[\w$]+\s*=|\brequire\b/;

interface FileImports {
  /** Names the file's import declarations bind; null when they are not all its aliases. */
  names: ReadonlySet<string> | null;
  /** Names bound by `import * as X from '@mastra/…'`. */
  mastraNamespaces: ReadonlySet<string>;
}

const imports = new WeakMap<ts.SourceFile, FileImports>();

/**
 * The names a file's import declarations bind (`import X`, `{ a as X }`, `* as X`, `import X =`),
 * at the top level and in module blocks. `names` is null when the file calls `require` (an alias
 * in a JavaScript file) or is part of a Mastra package (its own declarations are Mastra's).
 */
export function fileImports(sf: ts.SourceFile): FileImports {
  const known = imports.get(sf);
  if (known) return known;
  const names = new Set<string>();
  const mastraNamespaces = new Set<string>();
  const visit = (statements: readonly ts.Statement[]): void => {
    for (const s of statements) {
      if (ts.isImportDeclaration(s) && s.importClause) {
        const { name, namedBindings } = s.importClause;
        if (name) names.add(name.text);
        if (namedBindings && ts.isNamespaceImport(namedBindings)) {
          names.add(namedBindings.name.text);
          if (ts.isStringLiteral(s.moduleSpecifier) && /^@mastra\//.test(s.moduleSpecifier.text))
            mastraNamespaces.add(namedBindings.name.text);
        } else if (namedBindings) for (const e of namedBindings.elements) names.add(e.name.text);
      } else if (ts.isImportEqualsDeclaration(s)) names.add(s.name.text);
      else if (ts.isModuleDeclaration(s)) {
        let body = s.body;
        while (body && ts.isModuleDeclaration(body)) body = body.body;
        if (body && ts.isModuleBlock(body)) visit(body.statements);
      }
    }
  };
  visit(sf.statements);
  const aliasesElsewhere = MASTRA_PACKAGE.test(sf.fileName) || /\brequire\b/.test(sf.text);
  const found = { names: aliasesElsewhere ? null : names, mastraNamespaces };
  imports.set(sf, found);
  return found;
}

const aliasGlobals = new WeakMap<ts.Program, boolean>();

/** Whether a global of the program could be an alias, or a Mastra package declares globals. */
export function globalsMayAlias(program: ts.Program): boolean {
  let answer = aliasGlobals.get(program);
  if (answer !== undefined) return answer;
  answer = program.getSourceFiles().some((sf) => {
    const mastra = MASTRA_PACKAGE.test(sf.fileName);
    // `export as namespace X`: a global alias of the module (a Mastra one would be Mastra's).
    if (mastra && /\bexport\s+as\s+namespace\b/.test(sf.text)) return true;
    const global = !ts.isExternalModule(sf) || /\bdeclare\s+global\b/.test(sf.text);
    return global && (mastra || ALIAS_DECLARATION.test(sf.text));
  });
  aliasGlobals.set(program, answer);
  return answer;
}

/**
 * An identifier the checker resolves by its name in scope (a reference in an expression), not a
 * member name (`x.Agent`), a binding's property name or an import or export specifier.
 */
export function isNameReference(id: ts.Identifier): boolean {
  const p = id.parent;
  if (ts.isPropertyAccessExpression(p) || ts.isElementAccessExpression(p))
    return p.expression === id;
  if (ts.isNewExpression(p) || ts.isCallExpression(p))
    return p.expression === id || (p.arguments?.includes(id) ?? false);
  if (ts.isShorthandPropertyAssignment(p)) return p.name === id;
  if (ts.isPropertyAssignment(p) || ts.isVariableDeclaration(p)) return p.initializer === id;
  return (
    ts.isSpreadAssignment(p) ||
    ts.isSpreadElement(p) ||
    ts.isArrayLiteralExpression(p) ||
    ts.isReturnStatement(p) ||
    ts.isExportAssignment(p) ||
    ts.isParenthesizedExpression(p) ||
    ts.isAsExpression(p) ||
    ts.isSatisfiesExpression(p) ||
    ts.isNonNullExpression(p) ||
    ts.isConditionalExpression(p) ||
    (ts.isBinaryExpression(p) && p.operatorToken.kind !== ts.SyntaxKind.EqualsToken) ||
    (ts.isArrowFunction(p) && p.body === id)
  );
}

/**
 * True when `target` (an identifier, or `ns.Name`) can be shown not to stand for an import:
 * then no alias leads from it to Mastra, and `mastraExport` answers without the checker.
 */
export function cannotBeImport(target: ts.Node, program: () => ts.Program): boolean {
  if (ts.isPropertyAccessExpression(target)) {
    // `ns.Agent` is Mastra's only when `ns` is declared by `import * as ns from '@mastra/…'` (a
    // local that shadows it is no namespace import either); `f().Agent`, `this.Agent` never are.
    const ns = target.expression;
    return !ts.isIdentifier(ns) || !fileImports(ns.getSourceFile()).mastraNamespaces.has(ns.text);
  }
  if (!ts.isIdentifier(target) || !isNameReference(target)) return false;
  const { names } = fileImports(target.getSourceFile());
  if (!names || names.has(target.text)) return false;
  return !globalsMayAlias(program());
}
