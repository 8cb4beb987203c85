/**
 * After a wire rename, where the old name still appears as text in the repository (tests, eval
 * sets, approval lists, docs): stored data and such files may still hold it. In code only quoted
 * strings count (`'askUserTool'`), not identifiers that happen to match.
 */
import path from 'node:path';
import type { Edit } from '../plan/model.ts';
import { findName } from '../scan/mentions/mentions.ts';
import type { Location } from '../scan/model.ts';
import { isSourceFile } from '../scan/files/discover.ts';
import { readSource } from '../scan/files/read-source.ts';
import { lineLocator } from '../scan/files/lines.ts';

/** A renamed tool and the places its old name is still written. */
export interface RenameWarning {
  from: string;
  to: string;
  agents: string[];
  /** Places in the repository where the old name still appears as text. */
  stillUsedAt: Location[];
}

const QUOTES = /["'`]/;

/**
 * Offsets of strings in code whose whole content is one of `names`: one pass over the quotes, so a
 * file costs the same however many tools were renamed.
 */
function quotedNames(
  text: string,
  names: ReadonlyMap<string, unknown>,
  longest: number,
): Array<{ at: number; name: string }> {
  const hits: Array<{ at: number; name: string }> = [];
  const quotes = new RegExp(QUOTES.source, 'g');
  for (let m = quotes.exec(text); m; m = quotes.exec(text)) {
    const q = m.index;
    const quote = m[0];
    // Every quote may open a string: the search goes on from the next character, not past the close.
    const close = text.indexOf(quote, q + 1);
    if (close === -1 || close - q - 1 > longest) continue;
    const content = text.slice(q + 1, close);
    if (names.has(content)) hits.push({ at: q + 1, name: content });
  }
  return hits;
}

function occurrences(
  file: string,
  text: string,
  renames: ReadonlyMap<string, RenameWarning>,
  longest: number,
): Array<{ at: number; name: string }> {
  if (isSourceFile(file)) return quotedNames(text, renames, longest);
  return [...renames.keys()].flatMap((name) => findName(text, name).map((at) => ({ at, name })));
}

function textOf(file: string): string | undefined {
  const read = readSource(file);
  return read.ok ? read.text : undefined;
}

/**
 * `files`: every source and text file of the scan (absolute); `read` gives each one's current text,
 * or undefined for a file that is not UTF-8 text (or is gone), which is not searched.
 */
export function staleNames(
  root: string,
  edits: readonly Edit[],
  files: readonly string[],
  read: (file: string) => string | undefined = textOf,
): RenameWarning[] {
  const renames = new Map<string, RenameWarning>();
  for (const e of edits.filter((x) => x.effect === 'renamed')) {
    const w = renames.get(e.wire.before) ?? {
      from: e.wire.before,
      to: e.wire.after,
      agents: [],
      stillUsedAt: [],
    };
    for (const a of e.agents) if (!w.agents.includes(a)) w.agents.push(a);
    renames.set(e.wire.before, w);
  }
  if (renames.size === 0) return [];
  const longest = Math.max(...[...renames.keys()].map((n) => n.length));
  const edited = new Set(edits.map((e) => `${e.location.file}:${e.location.start}`));
  for (const abs of [...new Set(files)].sort()) {
    const text = read(abs);
    if (text === undefined) continue;
    const file = path.relative(root, abs).split(path.sep).join('/');
    const lineAndColumn = lineLocator(text);
    for (const { at, name } of occurrences(file, text, renames, longest)) {
      if (edited.has(`${file}:${at}`)) continue; // the key being renamed itself
      const { line, column } = lineAndColumn(at);
      const location: Location = { file, line, column, start: at, end: at + name.length };
      renames.get(name)!.stillUsedAt.push(location);
    }
  }
  for (const w of renames.values())
    w.stillUsedAt.sort((a, b) => a.file.localeCompare(b.file) || a.start - b.start);
  return [...renames.values()];
}
