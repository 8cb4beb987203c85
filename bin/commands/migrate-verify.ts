/** `migrate --verify`: the flag, its options, and the run (measure, apply, measure again). */
import type { Argv } from 'yargs';
import { VerifyUsageError } from '../../src/verify/errors.ts';
import type { MigrateOptions } from '../../src/migrate/migrate.ts';
import { EXIT, UsageError } from '../io.ts';
import { emitReport, type RunArgs } from './run-options.ts';
import { appEngineOptions, appOptions, RUNS_USER_CODE, type AppArgs } from './verify.ts';

export interface VerifyFlagArgs extends AppArgs {
  verify: boolean;
}

export function verifyFlags<T>(y: Argv<T>): Argv<T & VerifyFlagArgs> {
  return y
    .option('verify', {
      type: 'boolean',
      default: false,
      describe:
        'run the app before and after the changes and check the measured tool lists against the plan (runs your code, see below)',
    })
    .options(appOptions)
    .epilogue(`--verify: ${RUNS_USER_CODE}`) as unknown as Argv<T & VerifyFlagArgs>;
}

export async function migrateVerified(
  root: string,
  argv: RunArgs & VerifyFlagArgs & { dryRun: boolean; force: boolean },
  options: MigrateOptions,
): Promise<void> {
  const [{ buildReport }, { migrateWithVerify, VerifyLoadError }] = await Promise.all([
    import('../../src/report/build.ts'),
    import('../../src/verify/migrate-verify.ts'),
  ]);
  let outcome;
  try {
    outcome = await migrateWithVerify(
      root,
      { ...options, dryRun: argv.dryRun, force: argv.force },
      appEngineOptions(argv),
    );
  } catch (error) {
    if (error instanceof VerifyUsageError) throw new UsageError(error.message);
    if (error instanceof VerifyLoadError) {
      process.stderr.write(
        `mastra-tool-names: --verify: ${error.app ? `the app ${error.app}` : 'the app'} could not be loaded, so nothing was written: ${argv.verbose && error.loadError.detail ? `${error.loadError.reason}\n${error.loadError.detail}` : error.loadError.reason}\n`,
      );
      process.exitCode = EXIT.unprocessable;
      return;
    }
    throw error;
  }
  const report = buildReport(outcome.result, 'migrate', argv.path);
  report.verify = outcome.verification;
  await emitReport(report, argv);
  process.exitCode =
    report.totals.failedFiles > 0
      ? EXIT.unprocessable
      : outcome.verification.errors + outcome.verification.notMeasured > 0
        ? EXIT.pending
        : EXIT.ok;
}
