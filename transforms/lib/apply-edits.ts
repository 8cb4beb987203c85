/**
 * Applies plan edits to a parsed file. Edits are located by their start offset, which the scanner
 * (TypeScript) and the parser (Babel) count the same way; only the touched nodes are reprinted.
 */
import type { ASTNode, ASTPath, Collection, JSCodeshift } from 'jscodeshift';
import type { Edit } from '../../src/plan/model.ts';
import { toParserOffsets } from './offsets.ts';

export interface ApplyResult {
  applied: Edit[];
  /** Edits whose node was not found where the plan said: the file must be left as it is. */
  missing: Edit[];
  /** Applied key edits whose property was shorthand (`{ askUserTool }`): its value must be kept. */
  shorthand: Set<Edit>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Babel and ESTree nodes of every type, read by field after checking `type`
type AnyNode = ASTNode & Record<string, any>;
type Path = ASTPath<AnyNode>;

function stringNode(j: JSCodeshift, value: string, raw: string): AnyNode {
  if (raw.startsWith('`'))
    return j.templateLiteral(
      [j.templateElement({ raw: raw.slice(1, -1), cooked: value }, true)],
      [],
    ) as AnyNode;
  // A `Literal` carrying `extra.raw` prints exactly as the plan wrote it (recast prints a
  // StringLiteral with its own quote preference instead).
  const lit = j.literal(value) as AnyNode;
  lit.extra = { raw, rawValue: value };
  return lit;
}

/**
 * Gives a string literal a new value in place. Replacing it with a node of another type (Babel's
 * `StringLiteral` by a `Literal`) makes recast reprint the enclosing statement with its own
 * punctuation (a `;` in a repo without semicolons); the same node, changed, is reprinted alone.
 */
function setString(j: JSCodeshift, path: Path, value: string, raw: string): void {
  const n = path.node;
  const template = n.type === 'TemplateLiteral';
  if (template !== raw.startsWith('`')) {
    path.replace(stringNode(j, value, raw));
    return;
  }
  if (template) {
    n.quasis[0]!.value = { raw: raw.slice(1, -1), cooked: value };
    return;
  }
  n.value = value;
  if (n.extra) n.extra = { ...(n.extra as object), raw, rawValue: value };
  if (typeof n.raw === 'string') n.raw = raw;
}

function isProperty(n: AnyNode): boolean {
  return (
    (n.type === 'ObjectProperty' || n.type === 'Property') &&
    n.method !== true &&
    n.kind !== 'get' &&
    n.kind !== 'set'
  );
}

function isString(n: AnyNode): boolean {
  return (
    n.type === 'StringLiteral' ||
    (n.type === 'Literal' && typeof n.value === 'string') ||
    (n.type === 'TemplateLiteral' && n.expressions.length === 0)
  );
}

/** Replaces the `nth` occurrence of `find` in `text`; undefined when there is no such occurrence. */
function replaceNth(text: string, find: string, nth: number, by: string): string | undefined {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(find, at + 1);
    if (at === -1) return undefined;
  }
  return text.slice(0, at) + by + text.slice(at + find.length);
}

/**
 * Text edits inside one literal, applied from the end so earlier offsets stay valid. The raw text
 * is spliced at the planned offset; the cooked value gets the same occurrence replaced.
 */
function spliceText(
  raw: string,
  cooked: string,
  rawStart: number,
  edits: Edit[],
): { raw: string; cooked: string } | undefined {
  for (const e of [...edits].sort((a, b) => b.location.start - a.location.start)) {
    const offset = e.location.start - rawStart;
    if (raw.slice(offset, offset + e.before.length) !== e.before) return undefined;
    const nth = raw.slice(0, offset).split(e.before).length - 1;
    const nextCooked = replaceNth(cooked, e.before, nth, e.after);
    if (nextCooked === undefined) return undefined;
    raw = raw.slice(0, offset) + e.after + raw.slice(offset + e.before.length);
    cooked = nextCooked;
  }
  return { raw, cooked };
}

/** Where the parentheses around an expression open (Babel keeps them in `extra`, not as a node). */
function parenStart(n: AnyNode): number | undefined {
  const extra = n.extra as { parenthesized?: boolean; parenStart?: number } | undefined;
  return extra?.parenthesized === true ? extra.parenStart : undefined;
}

/**
 * Visits, parents first, only the nodes whose span holds one of `edits`: a file with three edits
 * costs a few paths down the tree, not a walk of every node.
 */
interface Walk {
  holds(n: AnyNode): boolean;
  visit(path: Path): void;
}

interface Reusable {
  walk: Walk | undefined;
  visitor: { visit(node: unknown): unknown };
}

// `types.visit(node, methods)` builds a visitor class (and its method table) on every call; one
// visitor per ast-types instance, fed the current walk, is built once.
const reusable = new WeakMap<object, Reusable>();

function visitorFor(j: JSCodeshift): Reusable {
  let found = reusable.get(j.types);
  if (!found) {
    const entry: Reusable = {
      walk: undefined,
      visitor: undefined as unknown as Reusable['visitor'],
    };
    entry.visitor = j.types.PathVisitor.fromMethodsObject({
      visitNode(this: { traverse(path: Path): void }, path: Path) {
        if (!entry.walk!.holds(path.node)) return false;
        entry.walk!.visit(path);
        this.traverse(path);
        return undefined;
      },
    });
    reusable.set(j.types, (found = entry));
  }
  return found;
}

function visitAround(
  j: JSCodeshift,
  root: Collection,
  edits: readonly Edit[],
  visit: (path: Path) => void,
): void {
  if (edits.length === 0) return;
  // A parenthesised expression starts at its `(` (Babel keeps it in `extra.parenStart`).
  const holds = (n: AnyNode) => {
    if (typeof n.start !== 'number') return true;
    const start = Math.min(n.start, parenStart(n) ?? n.start);
    const end = n.end as number;
    return edits.some((e) => e.location.start >= start && e.location.start <= end);
  };
  const reused = visitorFor(j);
  reused.walk = { holds, visit };
  try {
    reused.visitor.visit((root.get() as ASTPath).node);
  } finally {
    reused.walk = undefined;
  }
}

function applyTextEdits(
  j: JSCodeshift,
  root: Collection,
  edits: readonly Edit[],
  applied: Edit[],
): void {
  visitAround(j, root, edits, (path) => {
    const n = path.node;
    if (typeof n.start !== 'number' || !(isString(n) || n.type === 'TemplateElement')) return;
    const inside = edits.filter(
      (e) => e.location.start >= n.start && e.location.end <= n.end && !applied.includes(e),
    );
    if (inside.length === 0) return;
    if (n.type === 'TemplateElement') {
      const next = spliceText(n.value.raw, n.value.cooked ?? n.value.raw, n.start, inside);
      if (!next) return;
      n.value = { raw: next.raw, cooked: next.cooked };
    } else if (n.type !== 'TemplateLiteral') {
      const raw = (n.extra as { raw?: string } | undefined)?.raw ?? (n.raw as string);
      const next = spliceText(raw, n.value as string, n.start, inside);
      if (!next) return;
      setString(j, path, next.cooked, next.raw);
    } else {
      return;
    }
    applied.push(...inside);
  });
}

/**
 * The text of each edit, written over its span of `source` (scanner offsets: after a BOM, before
 * any CRLF normalisation). Undefined when a span does not hold the text the edit replaces.
 *
 * The output is spliced rather than printed by recast: recast reprints a whole `return` statement
 * when anything inside it changes, with its own `;` and JSX parentheses, which breaks a repository
 * without semicolons. The parse (`applyEdits`) proves every edit lands on the node it names.
 */
export function spliceEdits(
  source: string,
  edits: readonly Edit[],
  shorthand: ReadonlySet<Edit> = new Set(),
): string | undefined {
  let text = source;
  let limit = Infinity;
  for (const e of [...edits].sort((a, b) => b.location.start - a.location.start)) {
    const { start, end } = e.location;
    if (end > limit || text.slice(start, start + e.before.length) !== e.before) return undefined;
    // A shorthand property keeps its value: `{ askUserTool }` becomes `{ ask_user: askUserTool }`.
    const value = e.shorthandValue ?? (shorthand.has(e) ? e.before : undefined);
    const after =
      e.target === 'property-key' && value !== undefined ? `${e.after}: ${value}` : e.after;
    text = text.slice(0, start) + after + text.slice(start + e.before.length);
    limit = start;
  }
  return text;
}

/**
 * Applies `edits` (located in scanner offsets of `source`) to `root`, the parse of `source`.
 */
export function applyEdits(
  j: JSCodeshift,
  root: Collection,
  planned: readonly Edit[],
  source: string,
): ApplyResult {
  const toParser = toParserOffsets(source);
  const mapped = new Map(
    planned.map((e) => [
      {
        ...e,
        location: {
          ...e.location,
          start: toParser(e.location.start),
          end: toParser(e.location.end),
        },
      },
      e,
    ]),
  );
  const result = applyParsed(j, root, [...mapped.keys()]);
  return {
    applied: result.applied.map((e) => mapped.get(e)!),
    missing: result.missing.map((e) => mapped.get(e)!),
    shorthand: new Set([...result.shorthand].map((e) => mapped.get(e)!)),
  };
}

/**
 * Wraps and imports are spliced as planned (spliceEdits); here they are only found: an awaited
 * expression exactly at the span (or in the parentheses that make it), an import declaration ending
 * where the new one goes.
 */
function findInserts(j: JSCodeshift, root: Collection, edits: readonly Edit[], applied: Edit[]) {
  const pending = new Set(edits);
  visitAround(j, root, edits, (path) => {
    const n = path.node;
    if (typeof n.start !== 'number') return;
    for (const e of pending) {
      const { start, end } = e.location;
      const found =
        e.target === 'import'
          ? n.type === 'ImportDeclaration' && n.end === start
          : n.type === 'AwaitExpression' &&
            n.end <= end &&
            (n.start === start || parenStart(n) === start);
      if (!found) continue;
      pending.delete(e);
      applied.push(e);
    }
  });
}

function applyParsed(j: JSCodeshift, root: Collection, edits: readonly Edit[]): ApplyResult {
  const text = edits.filter((e) => e.target === 'text');
  const applied: Edit[] = [];
  const shorthand = new Set<Edit>();
  applyTextEdits(j, root, text, applied);
  const inserts = edits.filter((e) => e.target === 'expression' || e.target === 'import');
  findInserts(j, root, inserts, applied);
  const pending = new Map(
    edits
      .filter((e) => e.target === 'property-key' || e.target === 'string-literal')
      .map((e) => [e.location.start, e]),
  );
  visitAround(j, root, [...pending.values()], (path) => {
    const n = path.node;
    const edit = typeof n.start === 'number' ? pending.get(n.start) : undefined;
    if (!edit) return;
    if (edit.target === 'property-key' && isProperty(n)) {
      n.key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(edit.after)
        ? j.identifier(edit.value)
        : stringNode(j, edit.value, edit.after);
      n.computed = false;
      if (n.shorthand) shorthand.add(edit);
      n.shorthand = false;
    } else if (edit.target === 'string-literal' && isString(n)) {
      setString(j, path, edit.value, edit.after);
    } else {
      return;
    }
    pending.delete(edit.location.start);
    applied.push(edit);
  });
  return {
    applied,
    missing: [...pending.values(), ...[...text, ...inserts].filter((e) => !applied.includes(e))],
    shorthand,
  };
}
