/**
 * The answer for a tree with no Mastra code: no package.json in it or above it declares a Mastra
 * package, and no source file names `@mastra/`. Nothing there can construct an agent, a tool or a
 * Mastra instance (the scan recognises them only through imports of `@mastra/*`), so nothing is
 * parsed and the result is the empty scan, saying why. It loads no TypeScript, so the cache can
 * answer with it too (`cached-migrate.ts`).
 */
import path from 'node:path';
import type { Discovered } from './files/discover.ts';
import { declaresMastra } from './files/mastra-scope.ts';
import type { TextCache } from './files/text-cache.ts';
import { SCAN_SCHEMA_VERSION, type ScanFileError, type ScanResult } from './model.ts';

export const NO_MASTRA =
  'no Mastra code found: no package.json declares a Mastra package and no source file names @mastra/';

const byFile = (a: ScanFileError, b: ScanFileError) => a.file.localeCompare(b.file);

export function noMastraScan(
  discovered: Discovered,
  read: { skipped: ScanFileError[]; unreadable: ScanFileError[] },
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

/**
 * Whether the tree holds no Mastra code, read before anything is hashed or parsed: the manifests
 * first (a Mastra app declares its packages), then the sources, stopping at the first that names
 * `@mastra/`. The texts read stay in `texts` for the scan.
 */
export function holdsNoMastra(discovered: Discovered, texts: TextCache): boolean {
  const manifests = discovered.texts.filter((f) => path.basename(f) === 'package.json');
  if (declaresMastra(discovered.root, manifests, (f) => texts.read(f))) return false;
  return !discovered.sources.some((f) => texts.read(f)?.includes('@mastra/'));
}
