/** A usage error found by the verify engine (entry or scenarios file missing, unknown agent key). */
export class VerifyUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerifyUsageError';
  }
}
