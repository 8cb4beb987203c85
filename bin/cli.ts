/**
 * The CLI: parses flags, calls the engine, prints, and sets the exit code. Nothing else does.
 * Each command loads what it needs when it runs (`names`, `--help` and `--version` never load the
 * TypeScript compiler, jscodeshift or prettier).
 * Exit codes: 0 clean; 1 pending (`check`: changes or findings; `names`: Mastra would fail);
 * 2 usage or configuration error (also: unsafe target for `migrate`); 3 files that could not be
 * processed.
 */
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { namesCommand } from './commands/names.ts';
import { scanCommand } from './commands/scan.ts';
import { migrateCommand } from './commands/migrate.ts';
import { checkCommand } from './commands/check.ts';
import { verifyCommand } from './commands/verify.ts';
import { MigrateError } from '../src/migrate/errors.ts';
import { NamesFileError } from '../src/scan/measured-names.ts';
import { TOOL_VERSION } from '../src/report/build.ts';
import { EXIT, reportInternalError, UsageError } from './io.ts';

const cli = yargs(hideBin(process.argv))
  .scriptName('mastra-tool-names')
  .usage(
    '$0 <command> [options]\n\nFind and fix Mastra tool names that drift from what the model is offered.',
  )
  .command(namesCommand)
  .command(migrateCommand)
  .command(checkCommand)
  .command(scanCommand)
  .command(verifyCommand)
  .demandCommand(1, 'Name a command.')
  .recommendCommands()
  .strict()
  .help()
  .alias('h', 'help')
  // Our own package.json: yargs' default reads the one above the current folder.
  .version(TOOL_VERSION)
  .wrap(Math.min(110, process.stdout.columns || 100))
  .fail((message, error) => {
    // A thrown error that is not a usage error is a bug: reported below, in one line.
    if (
      error &&
      !(error instanceof UsageError) &&
      !(error instanceof MigrateError) &&
      !(error instanceof NamesFileError) &&
      // `--to-mastra` naming a version the tool cannot judge by (src/names/target-error.ts, not
      // imported here: only a run that names a target loads it).
      error.name !== 'TargetVersionError'
    )
      throw error;
    process.stderr.write(
      `mastra-tool-names: ${message ?? error?.message}\nRun with --help for usage.\n`,
    );
    process.exit(EXIT.usage);
  });

// yargs renders the whole help text each time a command starts, to show it on a later failure
// (yargs 18: `usage.cacheHelpMessage()` in command.js). Our `.fail()` never shows help, so that
// rendering (about 25 ms of text layout) buys nothing; --help renders afresh.
type Internals = { getInternalMethods?(): { getUsageInstance?(): { cacheHelpMessage?(): void } } };
const usage = (cli as unknown as Internals).getInternalMethods?.().getUsageInstance?.();
if (usage?.cacheHelpMessage) usage.cacheHelpMessage = () => {};

const verbose = process.argv.includes('--verbose');
const internalError = async (error: unknown) => {
  await reportInternalError(error, verbose);
  process.exit(EXIT.unprocessable);
};
process.on('uncaughtException', (error) => void internalError(error));
process.on('unhandledRejection', (reason) => void internalError(reason));

try {
  await cli.parseAsync();
} catch (error) {
  await reportInternalError(error, verbose);
  process.exitCode = EXIT.unprocessable;
}
