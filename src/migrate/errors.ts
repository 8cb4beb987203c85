/** Errors the engine reports instead of printing or exiting; bin/ maps `kind` to an exit code. */
export type MigrateErrorKind = 'usage' | 'unsafe-target';

export class MigrateError extends Error {
  constructor(
    readonly kind: MigrateErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'MigrateError';
  }
}
