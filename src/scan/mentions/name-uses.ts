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
import { scriptKindFor } from '../files/project.ts';
import { lowerBound } from '../../sorted.ts';
import { decodeSource } from '../files/read-source.ts';
import { findName, UI_TOOL_PART } from './mentions.ts';
import type { Location, NameUse } from '../model.ts';

const DATA_FILE = /\.(json|ya?ml)$/i;

type Locate = (start: number, length: number) => Location;

/** Locations in one file's text (line breaks found once: see lines.ts). */
function locator(file: string, text: string): Locate {
  const lineOf = lineLocator(text);
  return (start, length) => ({ file, ...lineOf(start), start, end: start + length });
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
 * A string or a piece of a template that holds words around a name (`Use x first`), outside an
 * import's path. A string that is the name itself is a `string` use (above).
 */
function isTextPart(node: ts.Node): boolean {
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return true;
  if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return false;
  const parent = node.parent;
  return !(
    parent &&
    (ts.isImportDeclaration(parent) ||
      ts.isExportDeclaration(parent) ||
      ts.isExternalModuleReference(parent) ||
      (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword))
  );
}

/**
 * Where any of the names starts in a text, in order. A use (a string or a key equal to a name, or
 * `tool-` and a name) is spelled out in the text when the text has no escape, so a subtree with no
 * such start holds none and is not walked. Undefined (walk it all) when the text has a backslash.
 */
function nameStarts(names: ReadonlySet<string>): (text: string) => number[] | undefined {
  // A lookahead finds every start, also of a name inside a longer one (`web` in `search.web`).
  const any = new RegExp(`(?=${escaped([...names]).join('|')})`, 'g');
  return (text) => (text.includes('\\') ? undefined : [...text.matchAll(any)].map((m) => m.index));
}

/** Whether a sorted list holds a value in [from, to). */
function someIn(sorted: readonly number[], from: number, to: number): boolean {
  const at = lowerBound(sorted, from);
  return at < sorted.length && sorted[at]! < to;
}

/**
 * Uses in one source file: parsed on its own (no program, no types) unless `parsed` is its syntax
 * tree for the same text (the scan's), walked iteratively so a deeply nested file cannot exhaust
 * the stack; only the subtrees where a name starts (`starts`, when given).
 */
function codeUses(
  file: string,
  rel: string,
  text: string,
  names: ReadonlySet<string>,
  parsed?: ts.SourceFile,
  starts?: readonly number[],
): NameUse[] {
  const locationIn = locator(rel, text);
  const sf =
    parsed?.text === text
      ? parsed
      : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKindFor(file));
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
    } else if (isTextPart(node)) {
      // "Use submitReviewTool first": a message or text that names the tool among other words.
      const raw = node.getText(sf);
      const start = node.getStart(sf);
      for (const m of raw.matchAll(WORD))
        if (names.has(m[0]) && raw !== `'${m[0]}'` && raw !== `"${m[0]}"` && raw !== `\`${m[0]}\``)
          out.push({
            name: m[0],
            kind: 'text',
            location: locationIn(start + m.index, m[0].length),
          });
    } else if (ts.isIdentifier(node) && names.has(node.text) && isPropertyName(node)) {
      out.push({
        name: node.text,
        kind: 'key',
        location: locationIn(node.getStart(sf), node.text.length),
      });
    }
    node.forEachChild((child) => {
      if (!starts || someIn(starts, child.pos, child.end)) stack.push(child);
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
const SPECIAL = /[\\^$.*+?()[\]{}|/]/g;
const escaped = (needles: readonly string[]) => needles.map((n) => n.replace(SPECIAL, '\\$&'));
/** One of the needles as a whole word (`prefix` before it allowed), never as part of a longer one. */
const asWord = (needles: readonly string[], prefix = '') =>
  new RegExp(`(?<![A-Za-z0-9_-])${prefix}(?:${escaped(needles).join('|')})(?![A-Za-z0-9_-])`);

/** A 32-bit hash of a word, built one character at a time as `someWord` walks a text. */
const hashStep = (hash: number, code: number) => (Math.imul(hash, 31) + code) | 0;
const wordHash = (word: string) => {
  let hash = 0;
  for (let i = 0; i < word.length; i++) hash = hashStep(hash, word.charCodeAt(i));
  return hash;
};
/** A character of WORD: A-Z, a-z, 0-9, `_`, `-`. */
const isWordCode = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;

/**
 * Whether `found` holds for a word of `text` (a run of WORD characters) whose hash is in `hashes`.
 * Words are hashed as the text is walked, and only those whose hash matches are cut out, so a
 * text costs one pass and almost no allocation (`matchAll(WORD)` made an array per word).
 */
function someWord(text: string, hashes: ReadonlySet<number>, found: (word: string) => boolean) {
  let hash = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : -1;
    if (code >= 0 && isWordCode(code)) {
      if (start < 0) {
        start = i;
        hash = 0;
      }
      hash = hashStep(hash, code);
    } else if (start >= 0) {
      if (hashes.has(hash) && found(text.slice(start, i))) return true;
      start = -1;
    }
  }
  return false;
}

/** Up to this many names, a file's bytes are searched once per name; beyond, in one pass. */
const PER_NAME = 8;

export interface HolderTest {
  /** Does the text hold a name: a legal name as a whole word (or `tool-<name>`), another key anywhere in a text holding its longest word as a word? */
  text: (text: string) => boolean;
  /** Could the bytes hold one: does any name occur in them at all? (A necessary condition for `text`.) */
  bytes: (bytes: Buffer) => boolean;
}

/**
 * A cheap test before a parse: does the file hold any of the names at all? A use is always spelled
 * out in the file (a string literal's text, a key, a JSON value). Texts are searched with one
 * regex over every name. Raw bytes (files nobody decoded yet, most of them JSON) are first searched
 * for the names' UTF-8 bytes without decoding them: a native search per name when there are few,
 * else one regex over the bytes read as Latin-1 (one character per byte, so a name's bytes match
 * exactly); only the few that hold a name are decoded and tested as text.
 */
export function holderTest(names: ReadonlySet<string>): HolderTest {
  const legal = [...names].filter((n) => LEGAL.test(n));
  // `tool-<name>`: an AI SDK UI part type (UI_TOOL_PART).
  const words = legal.length ? asWord(legal, `(?:${UI_TOOL_PART})?`) : undefined;
  // Keys that are not one word (`search.web`): looked for only in texts holding their longest word.
  const keys: Array<{ key: string; word?: RegExp }> = [];
  for (const key of names) {
    if (LEGAL.test(key)) continue;
    const longest = (key.match(WORD) ?? []).sort((a, b) => b.length - a.length)[0];
    keys.push({ key, word: longest === undefined ? undefined : asWord([longest]) });
  }
  const needles = [...names].map((n) => Buffer.from(n, 'utf8'));
  const inLatin1 = new RegExp(escaped(needles.map((b) => b.toString('latin1'))).join('|'));
  // Many names: one alternation (or one regex per key) tried at every position costs more than
  // walking the text's words once and looking each up (a generated monorepo has hundreds).
  if (legal.length + keys.length > PER_NAME) {
    const legalSet = new Set(legal);
    const byWord = new Map<string, string[]>();
    const wordless: string[] = [];
    for (const { key } of keys) {
      const longest = (key.match(WORD) ?? []).sort((a, b) => b.length - a.length)[0];
      if (longest === undefined) wordless.push(key);
      else byWord.set(longest, [...(byWord.get(longest) ?? []), key]);
    }
    const hashes = new Set<number>();
    for (const word of [...legal, ...legal.map((n) => UI_TOOL_PART + n), ...byWord.keys()])
      hashes.add(wordHash(word));
    return {
      text: (text) =>
        someWord(
          text,
          hashes,
          (word) =>
            legalSet.has(word) ||
            (word.startsWith(UI_TOOL_PART) && legalSet.has(word.slice(UI_TOOL_PART.length))) ||
            (byWord.get(word)?.some((k) => text.includes(k)) ?? false),
        ) || wordless.some((k) => text.includes(k)),
      bytes: (bytes) => inLatin1.test(bytes.toString('latin1')),
    };
  }
  return {
    text: (text) =>
      (words?.test(text) ?? false) ||
      keys.some((k) => (k.word?.test(text) ?? true) && text.includes(k.key)),
    bytes: (bytes) =>
      needles.length <= PER_NAME
        ? needles.some((b) => bytes.includes(b))
        : inLatin1.test(bytes.toString('latin1')),
  };
}

/** The text of a file that may hold a name, else undefined (bytes are decoded only when they may). */
function holderText(content: string | Buffer, test: HolderTest): string | undefined {
  if (typeof content !== 'string') {
    if (!test.bytes(content)) return undefined;
    const decoded = decodeSource(content);
    if (!decoded.ok) return undefined;
    content = decoded.text;
  }
  return test.text(content) ? content : undefined;
}

/**
 * Every use of `names` in `files` (absolute paths of sources and data files). `read` gives a
 * file's text, or its raw bytes (searched before the next read, decoded only when they hold a name;
 * a file that is not UTF-8 text is skipped); files that cannot be read or parsed are skipped (the scan reports them elsewhere).
 * `parsed` gives a source file's syntax tree when the caller has one (used only when its text is
 * the text read).
 */
export function findNameUses(
  root: string,
  files: readonly string[],
  names: ReadonlySet<string>,
  read: (file: string) => string | Buffer | undefined,
  parsed?: (file: string) => ts.SourceFile | undefined,
): NameUse[] {
  if (names.size === 0) return [];
  const out: NameUse[] = [];
  const mayHold = holderTest(names);
  const startsIn = nameStarts(names);
  for (const file of files) {
    const code = isSourceFile(file);
    if (!code && !DATA_FILE.test(file)) continue;
    let content: string | Buffer | undefined;
    try {
      content = read(file);
    } catch {
      continue;
    }
    const text = content === undefined ? undefined : holderText(content, mayHold);
    if (text === undefined) continue;
    const rel = path.relative(root, file).split(path.sep).join('/');
    try {
      if (code) {
        const bare = text.replace(/^\uFEFF/, '');
        out.push(...codeUses(file, rel, bare, names, parsed?.(file), startsIn(bare)));
      } else out.push(...dataUses(rel, text, names));
    } catch (error) {
      // A file too deeply nested for the parser is reported by the scan; it holds no evidence we can read.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  return out.sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.start - b.location.start,
  );
}
