/**
 * Which files belong to the repository. In a git work tree git decides: every tracked file (an
 * ignore rule never hides a committed file) plus the untracked files git does not ignore (nested
 * .gitignore files, .git/info/exclude and the global excludes file, as git applies them). Outside
 * git, or when the target folder is itself ignored, a walk applies the .gitignore files under the
 * target. Neither ever follows a symbolic link: links are listed as entries, and `discover` decides
 * what they point to.
 */
import { readdirSync, readFileSync, realpathSync, type Dirent } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { git } from '../../git.ts';
import { ioReason } from './read-source.ts';

export interface Members {
  /** Regular files under the root, relative and `/`-separated (tracked ones as the index records them). */
  files: string[];
  /** Entries of unknown type (untracked files, links), to be looked at: links are not followed here. */
  paths: string[];
  /** Folders that could not be read, with why. */
  unreadable: Array<{ file: string; message: string }>;
  /** How membership of untracked files was decided: by git, or by the .gitignore files under the root. */
  by: 'git' | 'gitignore';
}

/** Folders never entered: dependencies, build output, and the git database. */
export const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  '.next',
  '.mastra',
  'coverage',
  '.git',
]);

const split = (out: string) => out.split('\0').filter(Boolean);

/** `warning: could not open directory 'x/': Permission denied` -> an unreadable folder. */
function gitWarnings(stderr: string, prefix: string): Members['unreadable'] {
  const out: Members['unreadable'] = [];
  for (const m of stderr.matchAll(/could not open directory '([^']+)': (.+)/g))
    out.push({
      file: prefix + m[1]!.replace(/\/$/, ''),
      message: `folder not read: ${m[2]!.toLowerCase()}`,
    });
  return out;
}

/** Membership by git; undefined when `root` is not in a git work tree (or git is missing). */
async function gitMembers(
  root: string,
  prefix: string,
  seen: Set<string>,
  dotDirs: boolean,
): Promise<Members | undefined> {
  const [cached, others, ignored] = await Promise.all([
    git(root, ['ls-files', '-z', '--cached', '--stage']),
    // Untracked folders that are always skipped are not even walked (a forgotten node_modules).
    git(root, [
      'ls-files',
      '-z',
      '--others',
      '--exclude-standard',
      ...[...SKIPPED_DIRS, ...(dotDirs ? [] : ['.*'])].flatMap((d) => ['-x', d]),
    ]),
    git(root, ['check-ignore', '-q', '.']),
  ]);
  if (cached.code !== 0 || others.code !== 0) return undefined;
  // Tracked regular files are taken as the index records them (no stat each: a file whose type changed
  // in the work tree since it was staged is read through, and the write guard still resolves its real path).
  const files = new Set<string>();
  const paths = new Set<string>();
  const unreadable = gitWarnings(others.stderr, prefix);
  const nested: string[] = [];
  for (const record of split(cached.stdout)) {
    // `<mode> <object> <stage>\t<path>`: 100644/100755 files, 120000 links, 160000 submodules (one entry each).
    const file = record.slice(record.indexOf('\t') + 1);
    if (record.startsWith('160000 ')) nested.push(file);
    else if (record.startsWith('100')) files.add(file);
    else paths.add(file);
  }
  if (ignored.code === 0) {
    // The target itself is ignored by a repository above it: its .gitignore files decide what is untracked-but-wanted.
    const walked = walkMembers(root, '', dotDirs);
    for (const f of walked.files) if (!files.has(f)) paths.add(f);
    for (const p of walked.paths) paths.add(p);
    unreadable.push(...walked.unreadable.map((u) => ({ ...u, file: prefix + u.file })));
  } else {
    for (const file of split(others.stdout)) {
      // A nested repository that is not a submodule is listed as its folder.
      if (file.endsWith('/')) nested.push(file.slice(0, -1));
      else paths.add(file);
    }
  }
  const out: Members = {
    files: [...files].map((p) => prefix + p),
    paths: [...paths].map((p) => prefix + p),
    unreadable,
    by: ignored.code === 0 ? 'gitignore' : 'git',
  };
  for (const dir of nested) {
    if (dir.split('/').some((part) => SKIPPED_DIRS.has(part))) continue;
    const sub = await membersOf(path.join(root, dir), `${prefix}${dir}/`, seen, dotDirs);
    out.files.push(...sub.files);
    out.paths.push(...sub.paths);
    unreadable.push(...sub.unreadable);
  }
  return out;
}

interface Level {
  base: string;
  rules: Ignore;
}

/** Whether `rel` (a folder when it ends with `/`) is ignored: the deepest .gitignore with an opinion decides. */
function isIgnored(levels: readonly Level[], rel: string): boolean {
  let ignored = false;
  for (const level of levels) {
    const sub = level.base ? rel.slice(level.base.length + 1) : rel;
    const result = level.rules.test(sub);
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** A walk that applies the .gitignore files it meets and never enters a linked folder. */
function walkMembers(root: string, prefix: string, dotDirs: boolean): Members {
  const files: string[] = [];
  const paths: string[] = [];
  const unreadable: Members['unreadable'] = [];
  const visit = (dir: string, rel: string, levels: Level[]) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      unreadable.push({
        file: prefix + (rel || '.'),
        message: `folder not read: ${ioReason(error)}`,
      });
      return;
    }
    const gitignore = entries.find((e) => e.name === '.gitignore' && e.isFile());
    if (gitignore) {
      try {
        levels = [
          ...levels,
          { base: rel, rules: ignore().add(readFileSync(path.join(dir, '.gitignore'), 'utf8')) },
        ];
      } catch {
        // An unreadable .gitignore ignores nothing.
      }
    }
    for (const entry of entries) {
      const p = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (
          SKIPPED_DIRS.has(entry.name) ||
          (!dotDirs && entry.name.startsWith('.')) ||
          isIgnored(levels, `${p}/`)
        )
          continue;
        visit(path.join(dir, entry.name), p, levels);
      } else if (!isIgnored(levels, p)) {
        (entry.isFile() ? files : paths).push(prefix + p);
      }
    }
  };
  visit(root, '', []);
  return { files, paths, unreadable, by: 'gitignore' };
}

/**
 * Every member of the repository under `root`. `dotDirs`: also walk folders whose name starts with
 * a dot (only when a pattern names one; git mode lists them anyway).
 */
export async function membersOf(
  root: string,
  prefix = '',
  seen = new Set<string>(),
  dotDirs = false,
): Promise<Members> {
  let real: string;
  try {
    real = realpathSync.native(root);
  } catch (error) {
    return {
      files: [],
      paths: [],
      unreadable: [{ file: prefix || '.', message: `folder not read: ${ioReason(error)}` }],
      by: 'gitignore',
    };
  }
  if (seen.has(real)) return { files: [], paths: [], unreadable: [], by: 'gitignore' };
  seen.add(real);
  return (await gitMembers(root, prefix, seen, dotDirs)) ?? walkMembers(root, prefix, dotDirs);
}
