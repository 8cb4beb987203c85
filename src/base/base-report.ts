/**
 * The report of the base commit for `check --base`, served from the cache when this base was checked
 * before. A commit names its files exactly, so the key is the commit, the tool's build, the options,
 * and what the head has installed (the checkout borrows the head's node_modules): no checkout, no
 * hashing of the base's files, when it hits.
 */
import path from 'node:path';
import { migrateWithCache, type CachedMigrateOptions } from '../migrate/cached-migrate.ts';
import { cacheDir } from '../cache/dir.ts';
import {
  codeFingerprint,
  contextFiles,
  fingerprint,
  foldersUp,
  hashAll,
} from '../cache/fingerprint.ts';
import { FORMAT, readEntry, writeEntry } from '../cache/store.ts';
import { isInside } from '../scan/files/discover.ts';
import { buildReport } from '../report/build.ts';
import type { Report } from '../report/model.ts';
import { checkOut, packageFolders, type BaseCommit, type Checkout } from './checkout.ts';

export interface BaseRun {
  report: Report;
  /** Served from the cache, without a checkout. */
  cached: boolean;
}

function* keyParts(base: BaseCommit, folders: string[]) {
  yield base.commit;
  for (const dir of new Set([
    ...foldersUp(base.top),
    ...folders.map((f) => path.join(base.top, f)),
  ]))
    for (const f of contextFiles(dir)) yield `${f}\0${fingerprint(f)}`;
}

/**
 * `target` is the path as given (the report names it); `options` the head's. `checkedOut` hears of
 * the checkout while it exists, so a signal can remove it.
 */
export async function baseReport(
  base: BaseCommit,
  target: string,
  options: CachedMigrateOptions,
  checkedOut?: (checkout: Checkout | undefined) => void,
): Promise<BaseRun> {
  const dir = path.resolve(options.cacheDir ?? cacheDir());
  const useCache = options.cache !== false && !isInside(base.top, dir);
  const slot = hashAll([
    codeFingerprint(),
    'base',
    base.top,
    base.relative,
    JSON.stringify([
      options.only,
      options.skip,
      options.rekeyById,
      options.wrapRuntimeTools,
      options.prefer,
      options.include,
      options.exclude,
      options.names,
    ]),
  ]);
  const folders = await packageFolders(base);
  const key = hashAll(keyParts(base, folders));
  if (useCache) {
    const entry = readEntry<Report>(dir, slot);
    if (entry?.key === key) return { report: entry.value, cached: true };
  }
  const checkout = await checkOut(base);
  checkedOut?.(checkout);
  try {
    // The checkout's path is new each time: its own cache slot would never be asked again.
    const result = await migrateWithCache(checkout.root, {
      ...options,
      dryRun: true,
      cache: false,
    });
    // A message that names the checkout's folder names the target's on the head side.
    const report = JSON.parse(
      JSON.stringify(buildReport(result, 'check', target))
        .split(JSON.stringify(checkout.root).slice(1, -1))
        .join(JSON.stringify(path.join(base.top, base.relative)).slice(1, -1)),
    ) as Report;
    if (useCache)
      await writeEntry<Report>(dir, slot, { format: FORMAT, key, extras: [], value: report });
    return { report, cached: false };
  } finally {
    await checkout.remove();
    checkedOut?.(undefined);
  }
}
