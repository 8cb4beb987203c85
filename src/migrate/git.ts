/** Whether the target is safe to write: inside a git work tree with nothing uncommitted there. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type GitState =
  | { kind: 'clean'; top: string }
  | { kind: 'dirty'; top: string; files: string[] }
  | { kind: 'not-git'; reason: string };

export async function gitState(target: string): Promise<GitState> {
  let top: string;
  try {
    top = (await run('git', ['-C', target, 'rev-parse', '--show-toplevel'])).stdout.trim();
  } catch (e) {
    return {
      kind: 'not-git',
      reason:
        String((e as { stderr?: string }).stderr ?? e)
          .trim()
          .split('\n')[0] ?? 'not a git repository',
    };
  }
  // `-- .` limits the check to the target folder, so unrelated work elsewhere in the repo is fine.
  const { stdout } = await run('git', [
    '-C',
    target,
    'status',
    '--porcelain',
    '--untracked-files=all',
    '--',
    '.',
  ]);
  const files = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3));
  return files.length ? { kind: 'dirty', top, files } : { kind: 'clean', top };
}
