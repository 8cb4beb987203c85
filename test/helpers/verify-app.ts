/** `verify` of one app, for tests about that app: its report from the run's `apps`. */
import assert from 'node:assert/strict';
import type { AppReport } from '../../src/verify/model.ts';
import { verify, type VerifyOptions } from '../../src/verify/verify.ts';

export async function verifyApp(
  root: string,
  options: VerifyOptions = {},
): Promise<{ report: AppReport; usageError?: string }> {
  const result = await verify(root, options);
  assert.equal(result.report.apps.length, 1, 'one app');
  return {
    report: result.report.apps[0]!,
    ...(result.usageError ? { usageError: result.usageError } : {}),
  };
}
