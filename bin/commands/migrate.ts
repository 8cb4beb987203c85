import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { migrate } from '../../src/migrate/migrate.ts';
import { RULE_IDS } from '../../src/plan/model.ts';
import { renderMigrateText } from '../../src/report/migrate-text.ts';
import { EXIT, styleFor } from '../io.ts';
import { existingDirectory } from './scan.ts';

interface MigrateArgs {
  path: string;
  dryRun: boolean;
  force: boolean;
  only: string[];
  skip: string[];
  rekeyById: boolean;
  prefer?: 'rekey' | 'prompt';
  include: string[];
  exclude: string[];
  json: boolean;
}

export const migrateCommand: CommandModule<object, MigrateArgs> = {
  command: 'migrate [path]',
  describe: 'Rewrite illegal tool keys to their wire names and update the names that must follow',
  builder: (y: Argv) =>
    y
      .positional('path', { type: 'string', default: '.', describe: 'repository or folder to migrate' })
      .option('dry-run', { type: 'boolean', default: false, describe: 'write nothing; print a unified diff per file and a summary' })
      .option('force', { type: 'boolean', default: false, describe: 'write even with uncommitted changes in the target or outside git' })
      .option('only', { type: 'string', array: true, default: [], choices: [...RULE_IDS], describe: 'apply only these rules' })
      .option('skip', { type: 'string', array: true, default: [], choices: [...RULE_IDS], describe: 'do not apply these rules' })
      .option('prefer', { type: 'string', choices: ['rekey', 'prompt'] as const, describe: 'for tools a prompt names by another name: re-key them, or rewrite the prompt (default: decided by the evidence)' })
      .option('rekey-by-id', { type: 'boolean', default: false, describe: 'also key user tools by their id (renames what the model sees)' })
      .option('include', { type: 'string', array: true, default: [], describe: 'glob patterns of files to read' })
      .option('exclude', { type: 'string', array: true, default: [], describe: 'glob patterns of files to skip' })
      .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
      .example('$0 migrate --dry-run fixtures/demo-app', 'review the changes for the bundled demo') as unknown as Argv<MigrateArgs>,
  handler: async (argv: ArgumentsCamelCase<MigrateArgs>) => {
    const root = await existingDirectory(argv.path);
    const result = await migrate(root, {
      dryRun: argv.dryRun,
      force: argv.force,
      only: argv.only,
      skip: argv.skip,
      rekeyById: argv.rekeyById,
      ...(argv.prefer ? { prefer: argv.prefer } : {}),
      include: argv.include,
      exclude: argv.exclude,
    });
    if (argv.json) {
      const { scan: _scan, ...rest } = result;
      process.stdout.write(`${JSON.stringify(rest, null, 2)}\n`);
    } else {
      process.stdout.write(`${renderMigrateText(result, styleFor(process.stdout))}\n`);
    }
    process.exitCode = result.files.some((f) => f.status === 'failed') ? EXIT.unprocessable : EXIT.ok;
  },
};
