import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { EXIT } from '../io.ts';
import { cacheNote, engineOptions, emitReport, runOptions, type RunArgs } from './run-options.ts';
import { existingDirectory } from './scan.ts';
import { interruptOnSignals, signalExitCode } from '../signals.ts';
import { migrateVerified, verifyFlags, type VerifyFlagArgs } from './migrate-verify.ts';

interface MigrateArgs extends RunArgs, VerifyFlagArgs {
  dryRun: boolean;
  force: boolean;
}

export const migrateCommand: CommandModule<object, MigrateArgs> = {
  command: 'migrate [path]',
  describe:
    'Rewrite tool keys, toolChoice, activeTools, prompts and references so every name is one the model is offered',
  builder: (y: Argv) =>
    verifyFlags(runOptions(y))
      .option('dry-run', {
        type: 'boolean',
        default: false,
        describe: 'write nothing; print a unified diff per file and a summary',
      })
      .option('force', {
        type: 'boolean',
        default: false,
        describe: 'write even with uncommitted changes in the target or outside git',
      })
      .example('$0 migrate --dry-run fixtures/demo-app', 'review the changes for the bundled demo')
      .example(
        '$0 migrate --dry-run --format markdown .',
        'a pull-request comment',
      ) as unknown as Argv<MigrateArgs>,
  handler: async (argv: ArgumentsCamelCase<MigrateArgs>) => {
    const root = await existingDirectory(argv.path);
    if (argv.verify) return migrateVerified(root, argv, engineOptions(argv));
    const [{ analyse, apply }, { withProgress }] = await Promise.all([
      import('../../src/api/index.ts'),
      import('../progress.ts'),
    ]);
    const { report, result } = await withProgress(argv.verbose, (clock) =>
      argv.dryRun
        ? analyse(root, {
            ...engineOptions(argv),
            clock,
            mode: 'dry-run',
            target: argv.path,
            onCache: cacheNote(argv),
          })
        : apply(root, {
            ...engineOptions(argv),
            force: argv.force,
            clock,
            target: argv.path,
            armInterruption: interruptOnSignals,
          }),
    );
    await emitReport(report, argv);
    process.exitCode = report.totals.failedFiles > 0 ? EXIT.unprocessable : EXIT.ok;
    if (result.interrupted) {
      const notWritten = result.files.filter((f) =>
        f.error?.startsWith('not written: interrupted'),
      ).length;
      process.stderr.write(
        `Interrupted by ${result.interrupted}: ${result.written.length} files written, ${notWritten} not written (each is listed above); run migrate again for the rest.\n`,
      );
      process.exitCode = signalExitCode(result.interrupted);
    }
  },
};
