/** Options shared by `migrate` and `check`, and the way both print their report. */
import path from 'node:path';
import type { Argv } from 'yargs';
import { RULE_IDS } from '../../src/plan/model.ts';
import type { Report } from '../../src/report/model.ts';
import { FORMATS, formatForFile, renderReport, type Format } from '../../src/report/render/index.ts';
import { styleFor } from '../io.ts';

export interface RunArgs {
  path: string;
  only: string[];
  skip: string[];
  rekeyById: boolean;
  prefer?: 'rekey' | 'prompt';
  include: string[];
  exclude: string[];
  format: Format;
  report?: string;
  verbose: boolean;
}

/** Which files are read, and phase timings: shared by every command that scans. */
export const fileOptions = {
  include: { type: 'string', array: true, default: [], describe: 'glob patterns of files to read (default: all sources)' },
  exclude: { type: 'string', array: true, default: [], describe: 'glob patterns of files to skip' },
  verbose: { type: 'boolean', default: false, describe: 'print how long each phase took (on stderr)' },
} as const;

export function runOptions<T>(y: Argv<T>): Argv<T & RunArgs> {
  return y
    .positional('path', { type: 'string', default: '.', describe: 'repository or folder' })
    .option('only', { type: 'string', array: true, default: [], choices: [...RULE_IDS], describe: 'apply only these rules' })
    .option('skip', { type: 'string', array: true, default: [], choices: [...RULE_IDS], describe: 'do not apply these rules' })
    .option('rekey-by-id', { type: 'boolean', default: false, describe: 'also key user tools by their id (renames what the model sees)' })
    .option('prefer', { type: 'string', choices: ['rekey', 'prompt'] as const, describe: 'for tools a prompt names by another name: re-key them, or rewrite the prompt (default: decided by the evidence)' })
    .options(fileOptions)
    .option('format', { type: 'string', choices: FORMATS, default: 'text' as Format, describe: 'output format on stdout' })
    .option('report', { type: 'string', describe: 'also write the report to FILE (format from its extension: .json, .sarif, .md, .txt; else --format)' }) as unknown as Argv<T & RunArgs>;
}

export function engineOptions(argv: RunArgs) {
  return {
    only: argv.only,
    skip: argv.skip,
    rekeyById: argv.rekeyById,
    include: argv.include,
    exclude: argv.exclude,
    ...(argv.prefer ? { prefer: argv.prefer } : {}),
  };
}

export async function emitReport(report: Report, argv: RunArgs, footer?: string): Promise<void> {
  const text = renderReport(report, argv.format, styleFor(process.stdout));
  process.stdout.write(`${text}\n`);
  // Machine formats keep stdout clean; the hint goes to stderr.
  if (footer) (argv.format === 'text' ? process.stdout : process.stderr).write(`${footer}\n`);
  if (argv.report) {
    const format = formatForFile(argv.report) ?? argv.format;
    const { default: writeFileAtomic } = await import('write-file-atomic');
    await writeFileAtomic(path.resolve(argv.report), `${renderReport(report, format)}\n`, 'utf8');
  }
}
