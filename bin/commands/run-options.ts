/** Options shared by `migrate` and `check`, and the way both print their report. */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { Argv } from 'yargs';
import { RULE_IDS } from '../../src/plan/model.ts';
import type { CacheFiles, CacheOutcome } from '../../src/migrate/cached-migrate.ts';
import type { Report } from '../../src/report/model.ts';
import type { ChangedLines } from '../../src/report/rank.ts';
import {
  FORMATS,
  formatForFile,
  renderReport,
  type Format,
  type RenderOptions,
} from '../../src/report/render/index.ts';
import { PLAIN } from '../../src/report/style.ts';
import { styleFor } from '../io.ts';

export interface RunArgs {
  path: string;
  only: string[];
  skip: string[];
  rekeyById: boolean;
  wrapRuntimeTools: boolean;
  prefer?: 'rekey' | 'prompt';
  include: string[];
  exclude: string[];
  names?: string;
  toMastra?: string;
  format: Format;
  report: string[];
  verbose: boolean;
  cache: boolean;
}

/** Which files are read, and phase timings: shared by every command that scans. */
export const fileOptions = {
  include: {
    type: 'string',
    array: true,
    default: [],
    describe: 'glob patterns of files to read (default: all sources)',
  },
  exclude: { type: 'string', array: true, default: [], describe: 'glob patterns of files to skip' },
  verbose: {
    type: 'boolean',
    default: false,
    describe:
      'print how long each phase took, and the stack trace of an internal error (on stderr)',
  },
  names: {
    type: 'string',
    describe:
      "a names file written by verify --write-names (relative to the path): the names it measured close the agents' run-time sources (MCP), so prompts, toolChoice and activeTools are checked against them",
  },
  'to-mastra': {
    type: 'string',
    describe:
      'judge every agent by this @mastra/core version (or latest, the newest measured) instead of the one it runs with: what to change before an upgrade',
  },
} as const;

export function runOptions<T>(y: Argv<T>): Argv<T & RunArgs> {
  return y
    .positional('path', { type: 'string', default: '.', describe: 'repository or folder' })
    .option('only', {
      type: 'string',
      array: true,
      default: [],
      choices: [...RULE_IDS],
      describe: 'apply only these rules',
    })
    .option('skip', {
      type: 'string',
      array: true,
      default: [],
      choices: [...RULE_IDS],
      describe: 'do not apply these rules',
    })
    .option('rekey-by-id', {
      type: 'boolean',
      default: false,
      describe: 'also key user tools by their id (renames what the model sees)',
    })
    .option('wrap-runtime-tools', {
      type: 'boolean',
      default: false,
      describe:
        'also wrap MCP listTools()/getTools() in agent tools in normaliseTools from mastra-tool-names/runtime (legal names stay the same)',
    })
    .option('prefer', {
      type: 'string',
      choices: ['rekey', 'prompt'] as const,
      describe:
        'for tools a prompt names by another name: re-key them, or rewrite the prompt (default: decided by the evidence)',
    })
    .options(fileOptions)
    .option('cache', {
      type: 'boolean',
      default: true,
      describe:
        'serve a dry run from the cache in the OS cache folder when no input changed (--no-cache: always run in full)',
    })
    .option('format', {
      type: 'string',
      choices: FORMATS,
      default: 'text',
      describe: 'output format on stdout',
    })
    .option('report', {
      type: 'string',
      array: true,
      default: [],
      describe:
        'also write the full report to FILE (repeatable; format from its extension: .json, .sarif, .md, .txt; else --format)',
    }) as unknown as Argv<T & RunArgs>;
}

export function engineOptions(argv: RunArgs) {
  return {
    cache: argv.cache,
    only: argv.only,
    skip: argv.skip,
    rekeyById: argv.rekeyById,
    wrapRuntimeTools: argv.wrapRuntimeTools,
    include: argv.include,
    exclude: argv.exclude,
    ...(argv.names !== undefined ? { names: argv.names } : {}),
    ...(argv.toMastra !== undefined ? { toMastra: argv.toMastra } : {}),
    ...(argv.prefer ? { prefer: argv.prefer } : {}),
  };
}

/**
 * What the renderers need from the environment. Annotations name files from the repository root
 * (the workspace on GitHub). A Markdown report that had to be shortened points to the full ones.
 */
function renderOptions(argv: RunArgs): RenderOptions {
  const base =
    path.relative(process.env.GITHUB_WORKSPACE ?? process.cwd(), path.resolve(argv.path)) || '.';
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: run } = process.env;
  const pointers = [
    ...argv.report.map((f) => `\`${f}\``),
    ...(server && repo && run ? [`the job log at ${server}/${repo}/actions/runs/${run}`] : []),
  ];
  return { base, ...(pointers.length ? { fullReport: pointers.join(', ') } : {}) };
}

/** With --verbose, how the run used the cache (on stderr). */
export function cacheNote(argv: RunArgs): (outcome: CacheOutcome, files?: CacheFiles) => void {
  return (outcome, files) => {
    if (!argv.verbose || outcome === 'off') return;
    const read = files ? ` (${files.read} of ${files.fingerprinted} files read to hash them)` : '';
    process.stderr.write(`cache     ${outcome}${read}\n`);
  };
}

export async function emitReport(
  report: Report,
  argv: RunArgs,
  footer?: string,
  changedLines?: ChangedLines,
): Promise<void> {
  const options = { ...renderOptions(argv), ...(changedLines ? { changedLines } : {}) };
  const text = renderReport(report, argv.format, styleFor(process.stdout), options);
  process.stdout.write(`${text}\n`);
  // Machine formats keep stdout clean; the hint goes to stderr.
  if (footer) (argv.format === 'text' ? process.stdout : process.stderr).write(`${footer}\n`);
  // Report files are whole: only stdout and the step summary are cut to fit a comment.
  const { default: writeFileAtomic } = argv.report.length
    ? await import('write-file-atomic')
    : { default: undefined };
  for (const file of argv.report) {
    const format = formatForFile(file) ?? argv.format;
    await writeFileAtomic!(
      path.resolve(file),
      `${renderReport(report, format, PLAIN, { ...options, maxLength: Infinity })}\n`,
      'utf8',
    );
  }
  // On GitHub Actions the annotations come with the Markdown report on the run's summary page.
  const summary = process.env.GITHUB_STEP_SUMMARY;
  if (argv.format === 'github' && summary) {
    try {
      await appendFile(summary, `${renderReport(report, 'markdown', PLAIN, options)}\n`, 'utf8');
    } catch (e) {
      // The annotations are out and the exit code still tells what was found; say what is missing.
      process.stderr.write(
        `mastra-tool-names: could not append the report to the step summary ${summary}: ${(e as Error).message}\n`,
      );
    }
  }
}
