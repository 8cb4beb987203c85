/**
 * The package's entry point (what importing the package gives): the normaliser, the read-only scanner,
 * the plan, the migration engine and the report, as the CLI uses them.
 */
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
