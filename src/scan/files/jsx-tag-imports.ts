/**
 * Modules a JSX file imports only to render them as tags (`import { Button } from './ui/button'`
 * used only as `<Button …/>`). No question of the scan reads a JSX tag name: agents, tool maps,
 * calls, prompts and name comparisons are all values in other positions. So such a module is not
 * followed from this file; in a Next.js app that holds a Mastra folder, the component tree the chat
 * pages render would otherwise be parsed and bound with the agents (ssdeanx/AgentStack: 175 files).
 * A module reached any other way (a binding used anywhere outside a tag, a namespace, a side-effect
 * or type-only import, a re-export, `import()`, `require`) is followed as before.
 */
import { ts } from '../../ts-morph.ts';

/** Whether `node` is the whole tag name of a JSX element (`<X>`, `<X/>`, `</X>`). */
function isTagName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isJsxOpeningElement(parent) ||
      ts.isJsxSelfClosingElement(parent) ||
      ts.isJsxClosingElement(parent)) &&
    parent.tagName === node
  );
}

/** The local names of a plain value import (`import A, { B, C as D } from './ui'`), or undefined. */
function plainBindings(decl: ts.ImportDeclaration): string[] | undefined {
  const clause = decl.importClause;
  // A side-effect import, a type-only import and a namespace are followed.
  if (!clause || clause.isTypeOnly) return undefined;
  const names = clause.name ? [clause.name.text] : [];
  const bindings = clause.namedBindings;
  if (bindings && !ts.isNamedImports(bindings)) return undefined;
  for (const element of bindings?.elements ?? []) {
    if (element.isTypeOnly) return undefined;
    names.push(element.name.text);
  }
  return names.length ? names : undefined;
}

/**
 * The module specifiers `file` imports only as JSX tags: every import declaration of the specifier
 * binds plain names, each used nowhere in the file but as a whole tag name, and nothing else in the
 * file names the specifier.
 */
export function jsxTagOnlyImports(file: ts.SourceFile): Set<string> {
  const only = new Set<string>();
  if (file.languageVariant !== ts.LanguageVariant.JSX) return only;
  const namesOf = new Map<string, string[]>();
  const followed = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const specifier = statement.moduleSpecifier.text;
    const names = plainBindings(statement);
    // A tag that starts with a lower-case letter is an intrinsic element (`<div>`), never a binding.
    if (names?.every((n) => !/^[a-z]/.test(n)))
      namesOf.set(specifier, [...(namesOf.get(specifier) ?? []), ...names]);
    else followed.add(specifier);
  }
  if (namesOf.size === 0) return only;
  const tracked = new Set([...namesOf.values()].flat());
  const usedOtherwise = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node)) {
      if (tracked.has(node.text) && !isTagName(node)) usedOtherwise.add(node.text);
      return;
    }
    // Any other mention of the module (re-export, import(), require, import type) follows it.
    if (ts.isStringLiteralLike(node)) {
      if (namesOf.has(node.text)) followed.add(node.text);
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  for (const [specifier, names] of namesOf)
    if (!followed.has(specifier) && names.every((n) => !usedOtherwise.has(n))) only.add(specifier);
  return only;
}
