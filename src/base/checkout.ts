/**
 * The base commit of `check --base`, checked out where it touches nothing of the user's: a git
 * worktree in a temporary folder (git records it under .git/worktrees until it is removed; the work
 * tree, the index and HEAD stay as they are). Hooks do not run and LFS files stay pointers: checking
 * the base out must not run the user's code or reach the network.
 *
 * What is installed is the head's: each package folder of the base gets a link to the head's
 * node_modules, so both sides are judged with the same @mastra/core and declarations, and a finding
 * does not come or go because the base has no install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { foldersUp } from '../cache/fingerprint.ts';
import { git, gitFailure } from '../git.ts';

/** Why `--base` cannot be served (not a repository, no such commit): a usage error. */
export class BaseError extends Error {}

export interface BaseCommit {
  /** As given on the command line. */
  ref: string;
  /** The full commit name. */
  commit: string;
  /** The work tree's top folder (real path). */
  top: string;
  /** The target from the top, with `/` ('' for the top itself). */
  relative: string;
}

/** Checking out must not run anything of the repository's or fetch anything. */
const QUIET = ['-c', 'core.hooksPath=/dev/null', '-c', 'advice.detachedHead=false'];
const QUIET_ENV = { GIT_LFS_SKIP_SMUDGE: '1', GIT_TERMINAL_PROMPT: '0' };

/** The commit `ref` names, from the repository holding `root` (a real path). */
export async function resolveBase(root: string, ref: string): Promise<BaseCommit> {
  const top = await git(root, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0)
    throw new BaseError(
      `--base needs a git repository: ${root} is not in one (${gitFailure(top)})`,
    );
  const named = await git(root, [
    'rev-parse',
    '--verify',
    '--quiet',
    '--end-of-options',
    `${ref}^{commit}`,
  ]);
  if (named.code !== 0)
    throw new BaseError(
      `--base ${ref}: no such commit in this repository. In a shallow clone, fetch it first (actions/checkout with fetch-depth: 0, or git fetch origin ${ref}).`,
    );
  const topDir = realpathSync(top.stdout.trim());
  return {
    ref,
    commit: named.stdout.trim(),
    top: topDir,
    relative: path.relative(topDir, root).split(path.sep).join('/'),
  };
}

/** Folders of the base that hold a package.json, from the top ('' for the top). */
export async function packageFolders(base: BaseCommit): Promise<string[]> {
  const folders = new Set<string>(['']);
  await git(base.top, ['ls-tree', '-r', '-z', '--name-only', base.commit], {
    onRecord: (file) => {
      if (file === 'package.json' || file.endsWith('/package.json'))
        folders.add(path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file));
    },
  });
  return [...folders].sort();
}

export interface Checkout {
  /** The target's folder in the checkout. */
  root: string;
  /** Removes the worktree; safe to call twice. */
  remove(): Promise<void>;
  /** The same, synchronously: for a signal handler that exits next. */
  removeSync(): void;
}

export async function checkOut(base: BaseCommit): Promise<Checkout> {
  const holder = mkdtempSync(path.join(os.tmpdir(), 'mastra-tool-names-base-'));
  const tree = path.join(holder, 'tree');
  let removed = false;
  const removeSync = () => {
    if (removed) return;
    removed = true;
    spawnSync('git', ['-C', base.top, 'worktree', 'remove', '--force', tree], { stdio: 'ignore' });
    rmSync(holder, { recursive: true, force: true });
    spawnSync('git', ['-C', base.top, 'worktree', 'prune'], { stdio: 'ignore' });
  };
  const remove = async () => {
    if (removed) return;
    removed = true;
    await git(base.top, ['worktree', 'remove', '--force', tree]);
    rmSync(holder, { recursive: true, force: true });
    await git(base.top, ['worktree', 'prune']);
  };
  const added = await git(
    base.top,
    [...QUIET, 'worktree', 'add', '--detach', '--quiet', tree, base.commit],
    { env: QUIET_ENV },
  );
  if (added.code !== 0) {
    await remove();
    throw new BaseError(`--base ${base.ref}: could not check it out (${gitFailure(added)})`);
  }
  for (const folder of await packageFolders(base)) linkInstall(base.top, tree, folder);
  // What resolves from above the repository (a node_modules in a folder that holds it) resolves
  // from above the checkout too: the nearest one, linked beside the tree.
  const above = foldersUp(path.dirname(base.top)).find((d) =>
    existsSync(path.join(d, 'node_modules')),
  );
  if (above) linkInstall(above, holder, '');
  const root = path.join(tree, base.relative);
  if (!existsSync(root)) {
    await remove();
    throw new BaseError(
      `--base ${base.ref}: ${base.relative || '.'} does not exist at ${base.commit.slice(0, 12)}`,
    );
  }
  return { root, remove, removeSync };
}

/** The head's node_modules of `folder`, linked into the checkout where the base has none. */
function linkInstall(top: string, tree: string, folder: string): void {
  const installed = path.join(top, folder, 'node_modules');
  const link = path.join(tree, folder, 'node_modules');
  try {
    if (!statSync(installed).isDirectory()) return;
    if (!existsSync(path.dirname(link)) || existsSync(link)) return;
    symlinkSync(realpathSync(installed), link, 'junction');
  } catch {
    // Nothing installed there: the base is judged as it stands, like the head.
  }
}
