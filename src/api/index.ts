/**
 * The engine as one call per job. `analyse` is a dry run: what would change and what needs a
 * human. `apply` writes the changes. Both return the report model every renderer takes (and the
 * migration result it was built from), and neither prints. The CLI's `check` and `migrate` go
 * through here; so will the editor plugin.
 *
 * ```ts
 * import { analyse } from 'mastra-tool-names';
 * const { report } = await analyse('path/to/app');
 * for (const f of report.findings) console.log(f.kind, f.message);
 * ```
 */
import {
  migrateWithCache,
  type CachedMigrateOptions,
  type CacheFiles,
  type CacheOutcome,
} from '../migrate/cached-migrate.ts';
import type { MigrateResult } from '../migrate/migrate.ts';
import { buildReport } from '../report/build.ts';
import type { Report } from '../report/model.ts';

export interface Analysis {
  /** The report model: changes, findings, agents, renames, totals. */
  report: Report;
  /** What the migration computed (scan, plan, per-file outcome) and, for `apply`, wrote. */
  result: MigrateResult;
}

interface Common {
  /** The path as the user wrote it, shown in the report (default: the root given). */
  target?: string;
}

export interface AnalyseOptions
  extends Omit<CachedMigrateOptions, 'dryRun' | 'force' | 'writeFile' | 'armInterruption'>, Common {
  /** How the report names the run: `check` (default) or `dry-run` (`migrate --dry-run`). */
  mode?: 'check' | 'dry-run';
  /** Told how the run used the answer cache (hit, miss, stored...). */
  onCache?: (outcome: CacheOutcome, files?: CacheFiles) => void;
}

export interface ApplyOptions
  extends Omit<CachedMigrateOptions, 'dryRun' | 'cache' | 'cacheDir'>, Common {}

/** What `migrate` would do at `root`, writing nothing; served from the answer cache when it can be. */
export async function analyse(root: string, options: AnalyseOptions = {}): Promise<Analysis> {
  const { mode = 'check', onCache, target = root, ...engine } = options;
  const result = await migrateWithCache(root, { ...engine, dryRun: true }, onCache);
  return { report: buildReport(result, mode, target), result };
}

/** Applies the changes at `root`: each file written atomically, none outside it. */
export async function apply(root: string, options: ApplyOptions = {}): Promise<Analysis> {
  const { target = root, ...engine } = options;
  const result = await migrateWithCache(root, { ...engine, dryRun: false, cache: false });
  return { report: buildReport(result, 'migrate', target), result };
}
