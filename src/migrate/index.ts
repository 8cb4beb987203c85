export { migrate, type FileChange, type MigrateOptions, type MigrateResult } from './migrate.ts';
export { MigrateError } from './errors.ts';
export { selectRules } from './rules.ts';
