/**
 * The answer for a tree with no Mastra code: no package.json in it or above it declares a Mastra
 * package, and no source file names `@mastra/` where it could import it. Nothing there can
 * construct an agent, a tool or a Mastra instance (the scan recognises them only through imports
 * of `@mastra/*`), so nothing is parsed and the result is the empty scan, saying why. It loads no
 * TypeScript, so the cache can answer with it too (`cached-migrate.ts`).
 *
 * A source that names `@mastra/` while nothing declares a Mastra package can still import one
 * Node finds installed in a `node_modules` above it (a dependency of a dependency), or one a Deno
 * specifier or import map names: then it is scanned. Otherwise its import resolves nowhere (left
 * over after Mastra was removed, as in f4falalu/echo) and it is counted, not parsed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Discovered } from './files/discover.ts';
import { declaresMastra } from './files/mastra-scope.ts';
import { readScratch, readSource, undecodable } from './files/read-source.ts';
import type { PhaseClock } from '../progress.ts';
import { SCAN_SCHEMA_VERSION, type ScanFileError, type ScanResult } from './model.ts';

export const NO_MASTRA =
  'no Mastra code found: no package.json declares a Mastra package and no source file names @mastra/';

/** The reason when some sources name `@mastra/` but cannot import it. */
export const noMastraUnresolved = (n: number) =>
  `no Mastra code found: no package.json declares a Mastra package, and the ${n === 1 ? 'source file that names' : `${n} source files that name`} @mastra/ cannot import it (no @mastra package is installed where Node would look)`;

const byFile = (a: ScanFileError, b: ScanFileError) => a.file.localeCompare(b.file);

export function noMastraScan(
  discovered: Discovered,
  read: { skipped: ScanFileError[]; unreadable: ScanFileError[]; namingMastra: string[] },
): ScanResult {
  return {
    schemaVersion: SCAN_SCHEMA_VERSION,
    root: discovered.root,
    mastra: { builtinIds: 'bundled-table' },
    files: {
      scanned: discovered.sources.length,
      candidates: 0,
      unparsable: [...read.unreadable].sort(byFile),
      skipped: [...discovered.skipped, ...read.skipped].sort(byFile),
      links: discovered.links,
      membership: discovered.membership,
      noMastra: true,
      ...(read.namingMastra.length ? { mastraUnresolved: read.namingMastra.length } : {}),
    },
    agents: [],
    calls: [],
    mentions: [],
    comparisons: [],
    nameMappings: [],
    nameUses: [],
    delegationIds: [],
    dataWords: [],
  };
}

const MASTRA_BYTES = Buffer.from('@mastra/');

/** Deno names npm packages in its specifiers and import maps: no package.json needed. */
const DENO_MASTRA = /npm:@mastra\//;
const IMPORT_MAPS = new Set(['deno.json', 'deno.jsonc', 'import_map.json']);

/** A `node_modules/@mastra` folder in `dir` or a folder above it, where Node resolves imports. */
function installedFrom(dir: string, memo: Map<string, boolean>): boolean {
  const known = memo.get(dir);
  if (known !== undefined) return known;
  const parent = path.dirname(dir);
  const found =
    existsSync(path.join(dir, 'node_modules', '@mastra')) ||
    (parent !== dir && installedFrom(parent, memo));
  memo.set(dir, found);
  return found;
}

/**
 * Whether no code of the tree can import Mastra: no package.json in or above the root declares a
 * Mastra package, no Deno specifier or import map names one, and every source that names
 * `@mastra/` (`naming`) would find no `@mastra` package installed.
 */
export function mastraUnreachable(
  discovered: Discovered,
  naming: readonly string[],
  read: (file: string) => string | undefined,
): boolean {
  const manifests = discovered.texts.filter((f) => path.basename(f) === 'package.json');
  return (
    !declaresMastra(discovered.root, manifests, read) && noImportFinds(discovered, naming, read)
  );
}

/**
 * A package.json in or above the root: the tree says what it depends on. Code with none at all (a
 * folder of snippets) says nothing, so an import of `@mastra/` there is taken at its word.
 */
function hasManifest(discovered: Discovered): boolean {
  if (discovered.texts.some((f) => path.basename(f) === 'package.json')) return true;
  for (let d = path.dirname(discovered.root); ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'package.json'))) return true;
    if (path.dirname(d) === d) return false;
  }
}

/**
 * No source of `naming` could import `@mastra/`: none does, or the tree has a manifest and neither
 * a Deno import map, a Deno specifier nor an installed `@mastra` package would give it one.
 */
function noImportFinds(
  discovered: Discovered,
  naming: readonly string[],
  read: (file: string) => string | undefined,
): boolean {
  if (naming.length === 0) return true;
  if (!hasManifest(discovered)) return false;
  const maps = discovered.texts.filter((f) => IMPORT_MAPS.has(path.basename(f)));
  if (maps.some((f) => read(f)?.includes('@mastra/'))) return false;
  const memo = new Map<string, boolean>();
  return naming.every(
    (f) => !DENO_MASTRA.test(read(f) ?? '') && !installedFrom(path.dirname(f), memo),
  );
}

/** What one pass over the sources found: those that name `@mastra/`, and those that are not text. */
export interface MastraRead {
  namingMastra: string[];
  skipped: ScanFileError[];
  unreadable: ScanFileError[];
}

/**
 * Whether the tree holds no Mastra code, read before anything is hashed or parsed: the manifests
 * first (a Mastra app declares its packages, and then no source is read here), then one pass over
 * the sources that keeps none of their texts (a tree this large without Mastra would otherwise
 * hold them all for nothing). The pass is the answer's: it has what the report lists.
 */
export function holdsNoMastra(discovered: Discovered, clock?: PhaseClock): MastraRead | undefined {
  const manifests = discovered.texts.filter((f) => path.basename(f) === 'package.json');
  const manifestText = (f: string) => {
    const read = readSource(f);
    return read.ok ? read.text : undefined;
  };
  if (declaresMastra(discovered.root, manifests, manifestText)) return undefined;
  clock?.start('prefilter', discovered.sources.length);
  const out: MastraRead = { namingMastra: [], skipped: [], unreadable: [] };
  const naming = new Map<string, string>();
  for (const file of discovered.sources) {
    // Bytes in one reused buffer, decoded only where they name Mastra: nothing kept, little allocated.
    const raw = readScratch(file);
    const read = raw.ok ? undecodable(raw.bytes) : raw;
    clock?.tick();
    if (raw.ok && !read) {
      if (raw.bytes.includes(MASTRA_BYTES)) {
        out.namingMastra.push(file);
        naming.set(file, raw.bytes.toString('utf8'));
      }
    } else if (read && read.kind !== 'missing') {
      (read.kind === 'binary' ? out.skipped : out.unreadable).push({
        file: path.relative(discovered.root, file).split(path.sep).join('/'),
        message: read.reason,
      });
    }
  }
  clock?.end();
  const text = (f: string) => naming.get(f) ?? manifestText(f);
  return noImportFinds(discovered, out.namingMastra, text) ? out : undefined;
}
