/**
 * Lists a prompt uses to name what its agent has: a block of list items whose terms
 * (`- retrieve: finds documents`) define two or more of the agent's own keys. The layout says every
 * term of such a list is a name of the same kind, so a plain word there (`retrieve`) is a name, and
 * a term that is not one of the agent's keys (`- ssAgent: ...`) names something it is not offered.
 * One such item alone is not a list of names. The same holds of a list written on one line after a
 * label (`Workflows: \`marketResearch\`, \`strategyPlanner\`, \`signageAds\``), and of one in
 * parentheses (`tools (list_files, read_file, grep)`). Pure.
 */

const LIST_HEAD = /^\s*(?:[-*+•]|\d+[.)])\s+[`'"*]{0,2}/;
const TERM = /^[A-Za-z_][\w.:-]*?(?=[`'"*]{0,2}\s*(?::|\s[-–—]\s))/;

export interface ListTerm {
  term: string;
  /** Offset of the term in the text. */
  offset: number;
}

/** A term of several words (`- Get Recall Agent: ...`): a name only when it is one of the keys. */
const WORDS_TERM = /^[A-Za-z][\w-]*(?: [A-Za-z][\w-]*){1,7}(?=[`'"*]{0,2}\s*(?::|\s[-–—]\s))/;

/** The term a list item line defines (`- retrieve: ...`, `* \`x\` - ...`), with its column. */
function termOf(
  line: string,
  keys: { has(name: string): boolean },
): { term: string; column: number } | undefined {
  const head = LIST_HEAD.exec(line);
  if (!head) return undefined;
  const rest = line.slice(head[0].length);
  const term = TERM.exec(rest)?.[0] ?? WORDS_TERM.exec(rest)?.[0];
  if (term?.includes(' ') && !keys.has(term)) return undefined;
  return term ? { term, column: head[0].length } : undefined;
}

/**
 * The terms of every list in `text` that defines two or more of `keys`. A list is a run of list
 * item lines; its items at one indentation are one list (`- Pattern: ...` above an indented
 * `- codeReviewerAgent: ...` is a label of another list).
 */
export function ownListTerms(text: string, keys: { has(name: string): boolean }): ListTerm[] {
  const out: ListTerm[] = [];
  let run: Array<ListTerm & { indent: number }> = [];
  const flush = () => {
    for (const indent of new Set(run.map((t) => t.indent))) {
      const list = run.filter((t) => t.indent === indent);
      if (list.filter((t) => keys.has(t.term)).length >= 2)
        out.push(...list.map(({ term, offset }) => ({ term, offset })));
    }
    run = [];
  };
  let start = 0;
  for (const line of text.split('\n')) {
    const inline = inlineTerms(line, start);
    if (inline && inline.filter((t) => keys.has(t.term)).length >= 2) out.push(...inline);
    out.push(...parenthesisedTerms(line, start, keys));
    if (LIST_HEAD.test(line)) {
      const t = termOf(line, keys);
      const indent = /^\s*/.exec(line)![0].length;
      if (t) run.push({ term: t.term, offset: start + t.column, indent });
    } else flush();
    start += line.length + 1;
  }
  flush();
  return out.sort((a, b) => a.offset - b.offset);
}

/** `Tools: ` or `- ツール：` at the start of a line: a label before a list on the same line. */
const INLINE_LABEL = /^\s*(?:(?:[-*+•]|\d+[.)])\s+)?[^\n:：`'"]{1,40}[:：]\s*/;
/** One item: a name, quoted or shaped like one, and an aside after it (`\`x\`（必須）`). */
const INLINE_ITEM = /^(\\?[`'"]?)([A-Za-z_][\w.:-]*[\w])\1(?:\s*[(（][^()（）\n]{0,60}[)）])?/;
const SEPARATOR = /^\s*(?:[,、]\s*(?:(?:and|or|et|ou|y|o)\s+)?|\s(?:and|or|et|ou|y|o)\s+)/;

/** The items of a list written on one line after a label, when the rest of the line is only that. */
function inlineTerms(line: string, lineStart: number): ListTerm[] | undefined {
  const label = INLINE_LABEL.exec(line);
  if (!label) return undefined;
  const terms: ListTerm[] = [];
  let at = label[0].length;
  for (;;) {
    const item = INLINE_ITEM.exec(line.slice(at));
    if (!item) return undefined;
    const [whole, quote, name] = item as unknown as [string, string, string];
    if (!quote && !/[-_.]|[a-z][A-Z]/.test(name)) return undefined;
    terms.push({ term: name, offset: lineStart + at + quote.length });
    at += whole.length;
    const sep = SEPARATOR.exec(line.slice(at));
    if (!sep) break;
    at += sep[0].length;
  }
  return /^\s*[.。]?\s*$/.test(line.slice(at)) && terms.length >= 2 ? terms : undefined;
}

const PARENTHESISED = /\(([^()\n]{3,200})\)/g;

/**
 * `Use your read-only tools (list_files, read_file, grep)`: a list in parentheses, every item a
 * name (quoted, shaped like code, or one of the keys), two or more of them keys. A plain word that
 * is none of these (`(read_file, list_files and more)`) means the parentheses hold prose.
 */
function parenthesisedTerms(
  line: string,
  lineStart: number,
  keys: { has(name: string): boolean },
): ListTerm[] {
  const out: ListTerm[] = [];
  for (const group of line.matchAll(PARENTHESISED)) {
    const inner = group[1]!;
    const base = lineStart + group.index + 1;
    const terms: ListTerm[] = [];
    let at = /^\s*/.exec(inner)![0].length;
    let whole = false;
    for (;;) {
      const item = INLINE_ITEM.exec(inner.slice(at));
      if (!item) break;
      const [text, quote, name] = item as unknown as [string, string, string];
      if (!quote && !/[-_.]|[a-z][A-Z]/.test(name) && !keys.has(name)) break;
      terms.push({ term: name, offset: base + at + quote.length });
      at += text.length;
      const sep = SEPARATOR.exec(inner.slice(at));
      if (!sep) {
        whole = /^\s*$/.test(inner.slice(at));
        break;
      }
      at += sep[0].length;
    }
    if (whole && terms.length >= 2 && terms.filter((t) => keys.has(t.term)).length >= 2)
      out.push(...terms);
  }
  return out;
}
