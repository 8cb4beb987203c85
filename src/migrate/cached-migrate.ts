/**
 * A dry run served from the cache when nothing it depends on changed. The key hashes the tool's own
 * code, the options, the root, the file list and the bytes of every listed file, and the files
 * around each package that decide what is installed and how it is formatted (lockfiles, install
 * markers, the installed @mastra/core, prettier and editorconfig files, tsconfigs). Files the run
 * read beyond those (prompt files, tsconfigs it extends, files the typed project loaded, folders it
 * probed) are recorded with the entry and checked again before it is served.
 *
 * Only dry runs (`check`, `migrate --dry-run`) use it: a run that writes re-reads every file it
 * changes, so it always runs in full. The cache is outside the repository (`dir.ts`), so a dry run
 * still writes nothing in the target. Heavy modules (the TypeScript parser) load only on a miss.
 */
import path from 'node:path';
import type { MigrateOptions, MigrateResult } from './migrate.ts';
import { selectRules } from './rules.ts';
import { PhaseClock } from '../progress.ts';
import { discover, isInside, realRoot, type Discovered } from '../scan/files/discover.ts';
import { TextCache } from '../scan/files/text-cache.ts';
import { holdsNoMastra } from '../scan/no-mastra.ts';
import { noMastraResult } from './no-mastra.ts';
import { cacheDir } from '../cache/dir.ts';
import {
  codeFingerprint,
  contextFiles,
  fingerprint,
  Fingerprints,
  foldersUp,
  hashAll,
} from '../cache/fingerprint.ts';
import { recordingReads } from '../cache/reads.ts';
import { FORMAT, readEntry, readMemo, writeEntry, writeMemo } from '../cache/store.ts';

export interface CacheOptions {
  /** Serve and store dry-run results in the cache (default true). */
  cache?: boolean;
  /** The cache folder (default: `cacheDir()`). */
  cacheDir?: string;
}

export type CachedMigrateOptions = MigrateOptions & CacheOptions;

/** How a run used the cache (for tests and `--verbose`). */
/** `skipped`: the tree holds no Mastra code, an answer cheaper than hashing its files. */
export type CacheOutcome = 'off' | 'hit' | 'miss' | 'stored' | 'skipped';

/** Files whose fingerprints the key took, and how many of them had to be read to get them. */
export interface CacheFiles {
  fingerprinted: number;
  read: number;
}

/** Folders whose context files count: the root and every folder above it, and every package's folder. */
function contextFolders(discovered: Discovered): string[] {
  const dirs = new Set(foldersUp(discovered.root));
  for (const f of discovered.texts)
    if (path.basename(f) === 'package.json') dirs.add(path.dirname(f));
  return [...dirs].sort();
}

function* keyParts(
  discovered: Discovered,
  options: CachedMigrateOptions,
  rules: string[],
  fingerprint: (file: string) => string,
) {
  yield `mastra-tool-names cache ${FORMAT}`;
  yield codeFingerprint();
  yield JSON.stringify({
    rules,
    prefer: options.prefer ?? null,
    include: options.include ?? [],
    exclude: options.exclude ?? [],
    // The names file's bytes are a recorded read; its path decides which file that is.
    names: options.names ?? null,
    toMastra: options.toMastra ?? null,
  });
  const { sources, tsconfigs, texts, ...rest } = discovered;
  yield JSON.stringify(rest);
  for (const list of [sources, tsconfigs, texts]) {
    yield String(list.length);
    for (const f of list) yield `${f}\0${fingerprint(f)}`;
  }
  for (const dir of contextFolders(discovered))
    for (const f of contextFiles(dir)) yield `${f}\0${fingerprint(f)}`;
}

/** A result as stored: everything but the timings, which belong to the run that serves it. */
type Stored = Omit<MigrateResult, 'timings'>;

export async function migrateWithCache(
  target: string,
  options: CachedMigrateOptions = {},
  outcome?: (o: CacheOutcome, files?: CacheFiles) => void,
): Promise<MigrateResult> {
  // A --to-mastra target the tool cannot judge by stops the run, even where nothing would be scanned.
  if (options.toMastra !== undefined)
    (await import('../names/versions.ts')).targetVersion(options.toMastra);
  const full = async (extra: Partial<MigrateOptions> = {}) =>
    (await import('../migrate/migrate.ts')).migrate(target, { ...options, ...extra });
  if (!options.dryRun || options.cache === false) {
    outcome?.('off');
    return full();
  }
  const rules = selectRules(options);
  const root = realRoot(target);
  const dir = path.resolve(options.cacheDir ?? cacheDir());
  // A cache folder inside the target would be a write in it (and part of what the next run lists).
  if (isInside(root, dir)) {
    outcome?.('off');
    return full();
  }
  const clock = options.clock ?? new PhaseClock();
  clock.start('discover');
  const discovered = await discover(root, options);
  clock.end(discovered.sources.length);
  // One slot per root, options and build: a changed file replaces the slot's entry.
  const slot = hashAll([
    codeFingerprint(),
    root,
    JSON.stringify([
      rules,
      options.prefer,
      options.include,
      options.exclude,
      options.names,
      options.toMastra,
    ]),
  ]);
  const memo = readMemo(dir, slot);
  // Nothing to do, nothing paid: a tree without Mastra code is answered without hashing it. A
  // tree this slot has hashed before holds Mastra code (a tree without is never hashed): its
  // files are not read again to find out.
  const none = options.names === undefined && !memo ? holdsNoMastra(discovered, clock) : undefined;
  if (none) {
    outcome?.('skipped');
    return noMastraResult(discovered, none, rules, true, clock);
  }
  const texts = new TextCache();

  const listed = [...discovered.sources, ...discovered.tsconfigs, ...discovered.texts];
  clock.start('cache', listed.length);
  // The sources' bytes, read to hash them, are the texts the prefilter reads next.
  const sources = new Set(discovered.sources);
  const prints = new Fingerprints(memo, {
    wants: (f) => sources.has(f),
    bytes: (f, b) => texts.keepBytes(f, b),
  });
  const fp = (file: string) => prints.of(file);
  const key = hashAll(keyParts(discovered, options, rules, fp));
  const entry = readEntry<Stored>(dir, slot);
  const hit = entry?.key === key && entry.extras.every(([f, print]) => fp(f) === print);
  clock.end(listed.length);
  if (prints.hashed > 0) await writeMemo(dir, slot, prints.memo);
  const files = () => ({
    fingerprinted: Object.keys(prints.memo.files).length,
    read: prints.hashed,
  });
  if (hit) {
    outcome?.('hit', files());
    return { ...entry.value, timings: clock.timings() };
  }

  const { value: result, reads } = await recordingReads(new Set(listed), () =>
    full({ discovered, clock, texts }),
  );
  // prettier looks for its config from each file it formats up to the top of the disk.
  const formatted = new Set(result.files.map((f) => path.dirname(path.join(root, f.file))));
  for (const d of formatted)
    for (const up of foldersUp(d))
      for (const f of contextFiles(up)) if (!reads.has(f)) reads.set(f, fingerprint(f));
  // Their stats too, so the next run need not read them (the entry keeps what the run saw).
  const before = prints.hashed;
  for (const f of reads.keys()) prints.of(f);
  if (prints.hashed > before) await writeMemo(dir, slot, prints.memo);
  const { timings: _timings, ...value } = result;
  const stored = await writeEntry<Stored>(dir, slot, {
    format: FORMAT,
    key,
    extras: [...reads].sort(([a], [b]) => a.localeCompare(b)),
    value,
  });
  outcome?.(stored ? 'stored' : 'miss', files());
  return result;
}
