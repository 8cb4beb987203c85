/**
 * Which apps a run measures. The target itself when it has an entry; otherwise every folder under
 * it that has one, among the files the scan reads (the same membership rules: git decides in a
 * work tree, node_modules and build output never count). An entry is what `mastra dev` loads:
 * `src/mastra/index.ts` (or `.mts`, `.js`, `.mjs`) in the app's folder.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { discover } from '../scan/files/discover.ts';
import { VerifyUsageError } from './errors.ts';
import { DEFAULT_ENTRIES, resolveEntry } from './paths.ts';

export interface AppLocation {
  /** The app's folder, absolute. */
  root: string;
  /** Relative to the target, `/`-separated (`.` for the target itself). */
  path: string;
  /** The entry file, absolute. */
  entry: string;
}

const toPosix = (p: string) => p.split(path.sep).join('/');
const ENTRY_SUFFIXES = DEFAULT_ENTRIES.map((e) => `/${e}`);

function location(target: string, root: string, entry: string): AppLocation {
  return { root, path: toPosix(path.relative(target, root)) || '.', entry };
}

/** Every app folder under `target` with a default entry (the target's own first), in path order. */
export async function findApps(target: string): Promise<AppLocation[]> {
  const found = await discover(target);
  const roots = new Set<string>();
  for (const file of found.sources) {
    const rel = `/${toPosix(path.relative(found.root, file))}`;
    const suffix = ENTRY_SUFFIXES.find((s) => rel.endsWith(s));
    if (suffix) roots.add(rel.slice(1, rel.length - suffix.length + 1).replace(/\/$/, ''));
  }
  // The same folder names the same app whichever entry extension it has (resolveEntry picks one).
  return [...roots]
    .sort()
    .map((rel) => path.join(target, rel))
    .map((root) => location(target, root, resolveEntry(root, undefined)));
}

export interface AppSelection {
  apps: AppLocation[];
  /** Set when the target itself is the app (the reports name no folder then). */
  single: boolean;
}

/**
 * The apps to run: `--app` folders (each with `--entry` or a default entry), else the target when
 * `--entry` is given or it has a default entry of its own, else every app found under it.
 */
export async function selectApps(
  target: string,
  options: { apps?: string[]; entry?: string },
): Promise<AppSelection> {
  const root = path.resolve(target);
  if (options.apps?.length) {
    const apps = options.apps.map((p) => {
      const dir = path.resolve(root, p);
      if (!existsSync(dir) || !statSync(dir).isDirectory())
        throw new VerifyUsageError(`--app ${p}: no such folder (relative to ${root})`);
      return location(root, dir, resolveEntry(dir, options.entry));
    });
    const unique = [...new Map(apps.map((a) => [a.root, a])).values()];
    return { apps: unique, single: false };
  }
  if (options.entry !== undefined || DEFAULT_ENTRIES.some((e) => existsSync(path.join(root, e))))
    return { apps: [location(root, root, resolveEntry(root, options.entry))], single: true };
  const apps = await findApps(root);
  if (!apps.length)
    throw new VerifyUsageError(
      `no ${DEFAULT_ENTRIES[0]} in ${root} or in any folder under it; name the app's folder with --app PATH, or the file that exports the Mastra instance with --entry FILE`,
    );
  return { apps, single: false };
}
