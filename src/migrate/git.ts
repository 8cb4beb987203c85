/** Whether the target is safe to write: inside a git work tree with nothing uncommitted there. */
import { SKIPPED_DIRS } from '../scan/files/members.ts';
import { git, gitFailure } from '../git.ts';

export type GitState =
  | { kind: 'clean'; top: string }
  | {
      kind: 'dirty';
      top: string;
      /** The first entries git listed (an untracked folder is one entry, `dir/`). */
      files: string[];
      /** How many entries in all. */
      count: number;
    }
  | { kind: 'not-git'; reason: string }
  /** git ran but could not tell (a damaged index, a folder it may not read). */
  | { kind: 'unknown'; top: string; reason: string };

/** How many changed paths a dirty state keeps to show. */
const SHOWN = 5;

/** The top folder of the work tree holding `target`, or why there is none. */
export async function gitTop(target: string): Promise<{ top: string } | { reason: string }> {
  const result = await git(target, ['rev-parse', '--show-toplevel']);
  if (result.code !== 0 || result.startError !== undefined)
    return { reason: gitFailure(result) || 'not a git repository' };
  return { top: result.stdout.trim() };
}

export async function gitState(target: string): Promise<GitState> {
  const found = await gitTop(target);
  if ('reason' in found) return { kind: 'not-git', reason: found.reason };
  const files: string[] = [];
  let count = 0;
  let renameSource = false;
  // `-- .` limits the check to the target folder, so unrelated work elsewhere in the repo is fine.
  // Folders that are never read or written (node_modules, build output) are left out: an untracked
  // node_modules is not a change anyone needs to commit before a migration. The listing is streamed
  // and counted, so its length does not matter.
  const result = await git(
    target,
    [
      'status',
      '--porcelain',
      '-z',
      '--untracked-files=normal',
      '--',
      '.',
      ...[...SKIPPED_DIRS]
        .filter((d) => d !== '.git')
        .flatMap((d) => [`:(exclude,glob)**/${d}`, `:(exclude,glob)**/${d}/**`]),
    ],
    {
      onRecord: (record) => {
        if (renameSource) {
          // `-z` puts a rename's source path in a record of its own, after the entry.
          renameSource = false;
          return;
        }
        if (!record) return;
        count++;
        if (files.length < SHOWN) files.push(record.slice(3));
        renameSource = /^[RC]/.test(record);
      },
    },
  );
  if (result.code !== 0 || result.startError !== undefined)
    return { kind: 'unknown', top: found.top, reason: `git status failed: ${gitFailure(result)}` };
  return count
    ? { kind: 'dirty', top: found.top, files, count }
    : { kind: 'clean', top: found.top };
}
