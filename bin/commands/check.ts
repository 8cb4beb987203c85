import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { EXIT } from '../io.ts';
import { cacheNote, engineOptions, emitReport, runOptions, type RunArgs } from './run-options.ts';
import { existingDirectory } from './scan.ts';

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

export const checkCommand: CommandModule<object, RunArgs> = {
  command: 'check [path]',
  describe: 'For CI: a dry run that exits 1 when changes are pending or findings need a human',
  builder: (y: Argv) =>
    runOptions(y).example(
      '$0 check --format sarif --report mastra-tool-names.sarif .',
      'gate a pull request and upload SARIF',
    ),
  handler: async (argv: ArgumentsCamelCase<RunArgs>) => {
    const root = await existingDirectory(argv.path);
    const [{ migrateWithCache }, { buildReport }, { withProgress }] = await Promise.all([
      import('../../src/cache/cached-migrate.ts'),
      import('../../src/report/build.ts'),
      import('../progress.ts'),
    ]);
    const result = await withProgress(argv.verbose, (clock) =>
      migrateWithCache(root, { ...engineOptions(argv), dryRun: true, clock }, cacheNote(argv)),
    );
    const report = buildReport(result, 'check', argv.path);
    const pending = report.totals.changes > 0 || report.totals.findings > 0;
    const footer =
      report.totals.changes > 0 ? `Fix what can be fixed with: ${fixCommand(argv)}` : undefined;
    await emitReport(report, argv, footer);
    process.exitCode =
      report.totals.failedFiles > 0 ? EXIT.unprocessable : pending ? EXIT.pending : EXIT.ok;
  },
};
