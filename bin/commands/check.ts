import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { Report } from '../../src/report/model.ts';
import type { ChangedLines } from '../../src/report/rank.ts';
import { EXIT, UsageError } from '../io.ts';
import { signalExitCode } from '../signals.ts';
import { cacheNote, engineOptions, emitReport, runOptions, type RunArgs } from './run-options.ts';
import { existingDirectory } from './scan.ts';

interface CheckArgs extends RunArgs {
  base?: string;
}

/** The command line that applies what `check` found, with the same rule selection. */
function fixCommand(argv: RunArgs): string {
  const quote = (s: string) => (/^[\w./@:-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const parts = ['npx mastra-tool-names migrate', quote(argv.path)];
  if (argv.only.length) parts.push('--only', ...argv.only);
  if (argv.skip.length) parts.push('--skip', ...argv.skip);
  if (argv.rekeyById) parts.push('--rekey-by-id');
  if (argv.wrapRuntimeTools) parts.push('--wrap-runtime-tools');
  if (argv.prefer) parts.push('--prefer', argv.prefer);
  return parts.join(' ');
}

/**
 * `--base REF`: the same check on the base commit (a temporary worktree, or the cache), and the
 * head's report marked against it; with the lines the change touched, for the annotations' order.
 */
async function againstBase(
  report: Report,
  root: string,
  argv: ArgumentsCamelCase<CheckArgs>,
): Promise<{ report: Report; changedLines: ChangedLines }> {
  const [checkout, { baseReport }, { changedLines }, { compareWithBase }, { realRoot }] =
    await Promise.all([
      import('../../src/base/checkout.ts'),
      import('../../src/base/base-report.ts'),
      import('../../src/base/changed-lines.ts'),
      import('../../src/report/baseline.ts'),
      import('../../src/scan/files/discover.ts'),
    ]);
  let base;
  try {
    base = await checkout.resolveBase(realRoot(root), argv.base!);
  } catch (e) {
    throw e instanceof checkout.BaseError ? new UsageError(e.message) : e;
  }
  // Interrupted while the base is checked out: the worktree goes, then the process.
  let current: { removeSync(): void } | undefined;
  const stop = (signal: NodeJS.Signals) => {
    current?.removeSync();
    process.exit(signalExitCode(signal));
  };
  process.on('SIGINT', stop).on('SIGTERM', stop);
  try {
    const run = await baseReport(base, argv.path, engineOptions(argv), (c) => (current = c));
    if (argv.verbose)
      process.stderr.write(`base      ${base.commit.slice(0, 12)} ${run.cached ? 'hit' : 'run'}\n`);
    return {
      report: compareWithBase(report, run.report, base),
      changedLines: await changedLines(base),
    };
  } catch (e) {
    throw e instanceof checkout.BaseError ? new UsageError(e.message) : e;
  } finally {
    process.off('SIGINT', stop).off('SIGTERM', stop);
  }
}

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check [path]',
  describe: 'For CI: a dry run that exits 1 when changes are pending or findings need a human',
  builder: (y: Argv) =>
    runOptions(y)
      .option('base', {
        type: 'string',
        describe:
          "a git commit or branch to compare with (a pull request's base): report what this change introduces and fixes, and exit 1 only for what it introduces",
      })
      .example(
        '$0 check --format sarif --report mastra-tool-names.sarif .',
        'gate a pull request and upload SARIF',
      )
      .example('$0 check --base origin/main --format github .', 'only what this change brings'),
  handler: async (argv: ArgumentsCamelCase<CheckArgs>) => {
    const root = await existingDirectory(argv.path);
    const [{ analyse }, { withProgress }] = await Promise.all([
      import('../../src/api/index.ts'),
      import('../progress.ts'),
    ]);
    let { report } = await withProgress(argv.verbose, (clock) =>
      analyse(root, {
        ...engineOptions(argv),
        clock,
        mode: 'check',
        target: argv.path,
        onCache: cacheNote(argv),
      }),
    );
    let changedLines: ChangedLines | undefined;
    if (argv.base !== undefined) ({ report, changedLines } = await againstBase(report, root, argv));
    const b = report.baseline;
    const pending = b
      ? b.totals.introduced > 0
      : report.totals.changes > 0 || report.totals.findings > 0;
    // With a base, a file that could not be processed fails the check only when it is new.
    const unprocessable = b
      ? report.findings.some((f) => f.kind === 'unparsable' && f.baseline === 'new')
      : report.totals.failedFiles > 0;
    const footer =
      report.totals.changes > 0 ? `Fix what can be fixed with: ${fixCommand(argv)}` : undefined;
    await emitReport(report, argv, footer, changedLines);
    process.exitCode = unprocessable ? EXIT.unprocessable : pending ? EXIT.pending : EXIT.ok;
  },
};
