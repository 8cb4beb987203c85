/**
 * The package's entry point (what importing the package gives): `analyse` and `apply`, the calls
 * the CLI makes (src/api/), and under them the normaliser, the read-only scanner, the plan, the
 * migration engine and the report.
 */
export {
  analyse,
  apply,
  type Analysis,
  type AnalyseOptions,
  type ApplyOptions,
} from './api/index.ts';
export * from './names/index.ts';
export * from './scan/index.ts';
export * from './plan/index.ts';
export * from './migrate/index.ts';
export { buildReport, TOOL_VERSION } from './report/build.ts';
export type * from './report/model.ts';
export { renderReport, FORMATS, type Format, type RenderOptions } from './report/render/index.ts';
export {
  migrateWithCache,
  type CacheOptions,
  type CachedMigrateOptions,
  type CacheOutcome,
} from './migrate/cached-migrate.ts';
export { cacheDir } from './cache/dir.ts';
