/**
 * Files the child needs: the app's entry (found as `mastra dev` finds it), our driver, the
 * TypeScript loader (tsx, a dependency of this package, never the app's) and the esbuild binary
 * that loader may start.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VerifyUsageError } from './errors.ts';

/** What `mastra dev` loads by default: src/mastra/index with its default extensions. */
export const DEFAULT_ENTRIES = [
  'src/mastra/index.ts',
  'src/mastra/index.mts',
  'src/mastra/index.js',
  'src/mastra/index.mjs',
];

export function resolveEntry(root: string, entry: string | undefined): string {
  if (entry !== undefined) {
    const file = path.resolve(root, entry);
    if (!existsSync(file) || !statSync(file).isFile())
      throw new VerifyUsageError(`entry not found: ${entry} (relative to ${root})`);
    return file;
  }
  const found = DEFAULT_ENTRIES.map((e) => path.resolve(root, e)).find((f) => existsSync(f));
  if (!found)
    throw new VerifyUsageError(
      `no ${DEFAULT_ENTRIES[0]} in ${root}; name the file that exports the Mastra instance with --entry FILE`,
    );
  return found;
}

export function resolveScenarios(root: string, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const resolved = path.resolve(root, file);
  if (!existsSync(resolved) || !statSync(resolved).isFile())
    throw new VerifyUsageError(`scenarios file not found: ${file} (relative to ${root})`);
  return resolved;
}

const here = fileURLToPath(import.meta.url);

/** The child's modules, next to this file in source (.ts) and in dist (.js). */
const childModule = (name: string) =>
  path.join(path.dirname(here), 'child', `${name}${path.extname(here)}`);
export const DRIVER = childModule('driver');
export const PRELOAD_SOURCE = childModule('preload');
export const CORE_HOOKS_SOURCE = childModule('core-hooks');

/** tsx's loader, resolved from this package: the app does not need its own. */
export const TSX_LOADER = import.meta.resolve('tsx');

/** Folders holding the esbuild binary tsx starts; the child allows starting nothing else. */
export function loaderExecutables(): string[] {
  const out: string[] = [];
  const add = (dir: string) => {
    try {
      out.push(realpathSync(dir) + path.sep);
    } catch {
      // not installed in this layout
    }
  };
  try {
    const fromTsx = createRequire(fileURLToPath(TSX_LOADER));
    const esbuild = path.dirname(fromTsx.resolve('esbuild/package.json'));
    add(esbuild);
    const fromEsbuild = createRequire(path.join(esbuild, 'package.json'));
    add(
      path.dirname(
        fromEsbuild.resolve(`@esbuild/${process.platform}-${process.arch}/package.json`),
      ),
    );
  } catch {
    // esbuild falls back to its own resolution; nothing else to allow
  }
  if (process.env.ESBUILD_BINARY_PATH) add(path.dirname(process.env.ESBUILD_BINARY_PATH));
  return out;
}
