/**
 * After a wire rename, where the old name still appears as text in the repository (tests, eval
 * sets, approval lists, docs): stored data and such files may still hold it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Edit } from '../plan/model.ts';
import type { RenameWarning } from '../report/model.ts';
import { findName } from '../scan/mentions.ts';
import type { Location } from '../scan/model.ts';
import { discoverFiles, type DiscoverOptions } from '../scan/discover.ts';

const TEXT_FILES = ['**/*.{md,mdx,txt,json,yaml,yml}'];

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

export async function staleNames(root: string, edits: readonly Edit[], options: DiscoverOptions = {}): Promise<RenameWarning[]> {
  const renames = new Map<string, RenameWarning>();
  for (const e of edits.filter((x) => x.effect === 'renamed')) {
    const w = renames.get(e.wire.before) ?? { from: e.wire.before, to: e.wire.after, agents: [], stillUsedAt: [] };
    for (const a of e.agents) if (!w.agents.includes(a)) w.agents.push(a);
    renames.set(e.wire.before, w);
  }
  if (renames.size === 0) return [];
  const files = [...(await discoverFiles(root, options)), ...(await discoverFiles(root, { ...options, include: TEXT_FILES }))];
  const edited = new Set(edits.map((e) => `${e.location.file}:${e.location.start}`));
  for (const abs of [...new Set(files)].sort()) {
    const text = await readFile(abs, 'utf8');
    const file = path.relative(root, abs).split(path.sep).join('/');
    for (const w of renames.values()) {
      const code = /\.[cm]?[jt]sx?$/.test(file);
      for (const at of findName(text, w.from)) {
        if (edited.has(`${file}:${at}`)) continue; // the key being renamed itself
        // In code only strings count (`'askUserTool'`), not identifiers that happen to match.
        const open = text[at - 1];
        if (code && !(open && /[`'"]/.test(open) && text[at + w.from.length] === open)) continue;
        const { line, column } = lineAndColumn(text, at);
        const location: Location = { file, line, column, start: at, end: at + w.from.length };
        w.stillUsedAt.push(location);
      }
    }
  }
  return [...renames.values()];
}
