/** The lines a change touched, from `git diff -U0 BASE`: annotations on them come before the rest. */
import path from 'node:path';
import { git } from '../git.ts';
import type { ChangedLines } from '../report/rank.ts';
import type { BaseCommit } from './checkout.ts';

/** Report paths (relative to the target `relative`, from the top) and their head line ranges. */
export function parseUnifiedZero(diff: string, relative: string): ChangedLines {
  const out: ChangedLines = {};
  let file: string | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const name = line.slice(4).replace(/^"(.*)"$/, '$1');
      file = name === '/dev/null' ? undefined : name.replace(/^b\//, '');
      if (file !== undefined && relative) {
        const inside = path.posix.relative(relative, file);
        file = inside.startsWith('..') ? undefined : inside;
      }
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || file === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    if (count > 0) (out[file] ??= []).push([start, start + count - 1]);
  }
  return out;
}

/** What the working tree changed since the base, in the target. Empty when git cannot say. */
export async function changedLines(base: BaseCommit): Promise<ChangedLines> {
  const result = await git(base.top, [
    'diff',
    '--no-color',
    '--no-ext-diff',
    '--no-renames',
    '--src-prefix=a/',
    '--dst-prefix=b/',
    '-U0',
    base.commit,
    '--',
    base.relative || '.',
  ]);
  return result.code === 0 ? parseUnifiedZero(result.stdout, base.relative) : {};
}
