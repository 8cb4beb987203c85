import { stat } from 'node:fs/promises';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { EXIT, styleFor, UsageError } from '../io.ts';
import { fileOptions } from './run-options.ts';

interface ScanArgs {
  path: string;
  json: boolean;
  include: string[];
  exclude: string[];
  names?: string;
  toMastra?: string;
  verbose: boolean;
}

export async function existingDirectory(path: string): Promise<string> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new UsageError(`path not found: ${path}`);
  if (!info.isDirectory()) throw new UsageError(`not a directory: ${path}`);
  return path;
}

export const scanCommand: CommandModule<object, ScanArgs> = {
  command: 'scan [path]',
  describe: 'Find every Mastra agent and show what each offers the model (read-only)',
  builder: (y: Argv) =>
    y
      .positional('path', {
        type: 'string',
        default: '.',
        describe: 'repository or folder to scan',
      })
      .option('json', {
        type: 'boolean',
        default: false,
        describe: 'print the scan model as JSON (schema/scan.schema.json)',
      })
      .options(fileOptions)
      .example('$0 scan fixtures/demo-app', 'the bundled demo') as Argv<ScanArgs>,
  handler: async (argv: ArgumentsCamelCase<ScanArgs>) => {
    const root = await existingDirectory(argv.path);
    const [{ scanRepository }, { renderScanText }, { withProgress }] = await Promise.all([
      import('../../src/scan/scan.ts'),
      import('../../src/report/scan-text.ts'),
      import('../progress.ts'),
    ]);
    const result = await withProgress(argv.verbose, (clock) =>
      scanRepository(root, {
        include: argv.include,
        exclude: argv.exclude,
        ...(argv.names !== undefined ? { names: argv.names } : {}),
        ...(argv.toMastra !== undefined ? { toMastra: argv.toMastra } : {}),
        clock,
      }),
    );
    process.stdout.write(
      argv.json
        ? `${JSON.stringify(result, null, 2)}\n`
        : `${renderScanText(result, styleFor(process.stdout))}\n`,
    );
    process.exitCode = result.files.unparsable.length > 0 ? EXIT.unprocessable : EXIT.ok;
  },
};
