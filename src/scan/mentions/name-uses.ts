/**
 * Where a tool's current wire name is used as a name anywhere in the repository, whatever the type
 * of the code around it: string literals (comparisons, arrays, `switch` cases, allow and approval
 * lists, name maps, test assertions), object keys and property accesses in code (`LABELS.askUserTool`,
 * `{ issueRefundTool: 'Refund' }`), and values or keys in JSON and YAML files. A rename of what the
 * model sees is decided from these, before it is made. Read-only.
 */
import path from 'node:path';
import { ts } from '../../ts-morph.ts';
import { isSourceFile } from '../files/discover.ts';
import { lineLocator } from '../files/lines.ts';
import { findName, UI_TOOL_PART } from './mentions.ts';
import type { Location, NameUse } from '../model.ts';

const DATA_FILE = /\.(json|ya?ml)$/i;

type Locate = (start: number, length: number) => Location;

/** Locations in one file's text (line breaks found once: see lines.ts). */
function locator(file: string, text: string): Locate {
  const lineOf = lineLocator(text);
  return (start, length) => ({ file, ...lineOf(start), start, end: start + length });
}

function scriptKind(file: string): ts.ScriptKind {
  if (/\.tsx$/i.test(file)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/i.test(file)) return ts.ScriptKind.TS;
  return /\.jsx$/i.test(file) ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
}

/** The identifier names a property in this position (a key, a member, a property read). */
function isPropertyName(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isEnumMember(parent)) &&
    parent.name === node
  ) {
    // `{ weatherTool: weatherTool }` passes a variable under its own name, like shorthand.
    return !(
      ts.isPropertyAssignment(parent) &&
      ts.isIdentifier(parent.initializer) &&
      parent.initializer.text === node.text
    );
  }
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return true;
  return false;
}

/**
 * Uses in one source file: parsed on its own (no program, no types), walked iteratively so a deeply
 * nested file cannot exhaust the stack.
 */
function codeUses(file: string, rel: string, text: string, names: ReadonlySet<string>): NameUse[] {
  const locationIn = locator(rel, text);
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
  const out: NameUse[] = [];
  const stack: ts.Node[] = [sf];
  while (stack.length) {
    const node = stack.pop()!;
    const uiPart =
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      node.text.startsWith(UI_TOOL_PART) &&
      names.has(node.text.slice(UI_TOOL_PART.length));
    if (uiPart) {
      // AI SDK 5 UI message parts are typed `tool-${toolName}`: `part.type === 'tool-weatherTool'`.
      out.push({
        name: node.text.slice(UI_TOOL_PART.length),
        kind: 'string',
        location: locationIn(
          node.getStart(sf) + 1 + UI_TOOL_PART.length,
          node.text.length - UI_TOOL_PART.length,
        ),
      });
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      names.has(node.text)
    ) {
      const parent = node.parent;
      // Module specifiers are paths, not names.
      if (!(
        parent &&
        (ts.isImportDeclaration(parent) ||
          ts.isExportDeclaration(parent) ||
          ts.isExternalModuleReference(parent))
      )) {
        // `tools['notes.save']`, `delete tools['x']`, `'x' in tools`: the name reads or changes a map entry.
        const access =
          (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) ||
          (ts.isBinaryExpression(parent) &&
            parent.left === node &&
            parent.operatorToken.kind === ts.SyntaxKind.InKeyword);
        out.push({
          name: node.text,
          kind: 'string',
          location: locationIn(node.getStart(sf) + 1, node.text.length),
          ...(access ? { access: true } : {}),
        });
      }
    } else if (ts.isIdentifier(node) && names.has(node.text) && isPropertyName(node)) {
      out.push({
        name: node.text,
        kind: 'key',
        location: locationIn(node.getStart(sf), node.text.length),
      });
    }
    node.forEachChild((child) => {
      stack.push(child);
    });
  }
  return out;
}

/** Uses in a JSON or YAML file: a quoted name in JSON, a whole word in YAML. */
function dataUses(rel: string, text: string, names: ReadonlySet<string>): NameUse[] {
  const json = /\.json$/i.test(rel);
  const locationIn = locator(rel, text);
  const out: NameUse[] = [];
  for (const name of names) {
    for (const at of findName(text, name)) {
      if (json && !(text[at - 1] === '"' && text[at + name.length] === '"')) continue;
      out.push({ name, kind: 'data', location: locationIn(at, name.length) });
    }
  }
  return out;
}

const WORD = /[A-Za-z0-9_-]+/g;
const LEGAL = /^[A-Za-z0-9_-]+$/;

/**
 * A cheap test before a parse: does the text hold any of the names at all? One pass over the words
 * of the text, whatever the number of names: a legal name is one word; another key (`search.web`)
 * is looked for only in texts holding its longest word. Keys without a word are searched directly.
 */
function holderTest(names: ReadonlySet<string>): (text: string) => boolean {
  const byWord = new Map<string, string[]>();
  const wordless: string[] = [];
  for (const name of names) {
    if (LEGAL.test(name)) continue;
    const longest = (name.match(WORD) ?? []).sort((a, b) => b.length - a.length)[0];
    if (longest) byWord.set(longest, [...(byWord.get(longest) ?? []), name]);
    else wordless.push(name);
  }
  return (text) => {
    for (const m of text.matchAll(WORD)) {
      if (names.has(m[0])) return true;
      if (m[0].startsWith(UI_TOOL_PART) && names.has(m[0].slice(UI_TOOL_PART.length))) return true;
      const keys = byWord.get(m[0]);
      if (keys?.some((k) => text.includes(k))) return true;
    }
    return wordless.some((n) => text.includes(n));
  };
}

/**
 * Every use of `names` in `files` (absolute paths of sources and data files). `read` gives a
 * file's text; files that cannot be read or parsed are skipped (the scan reports them elsewhere).
 */
export function findNameUses(
  root: string,
  files: readonly string[],
  names: ReadonlySet<string>,
  read: (file: string) => string | undefined,
): NameUse[] {
  if (names.size === 0) return [];
  const out: NameUse[] = [];
  const mayHold = holderTest(names);
  for (const file of files) {
    const code = isSourceFile(file);
    if (!code && !DATA_FILE.test(file)) continue;
    let text: string | undefined;
    try {
      text = read(file);
    } catch {
      continue;
    }
    if (text === undefined || !mayHold(text)) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    try {
      out.push(
        ...(code
          ? codeUses(file, rel, text.replace(/^\uFEFF/, ''), names)
          : dataUses(rel, text, names)),
      );
    } catch (error) {
      // A file too deeply nested for the parser is reported by the scan; it holds no evidence we can read.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return out.sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.start - b.location.start,
  );
}
