import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import {
  VERIFY_FORMATS,
  renderVerifyReport,
  type VerifyFormat,
} from '../../src/report/verify-render.ts';
import { formatForFile } from '../../src/report/render/index.ts';
import { VerifyUsageError } from '../../src/verify/errors.ts';
import type { VerifyReport } from '../../src/verify/model.ts';
import { DEFAULT_TIMEOUT_MS } from '../../src/verify/defaults.ts';
import type { VerifyOptions } from '../../src/verify/verify.ts';
import { EXIT, styleFor, UsageError } from '../io.ts';
import { existingDirectory } from './scan.ts';

/** What running the app means, said wherever it can happen (`verify`, `migrate --verify`). */
export const RUNS_USER_CODE =
  'This RUNS YOUR APP: it imports the entry (and everything it imports) with the app as working directory, in a child ' +
  'process with its own node_modules, and calls generate() once per agent. It runs offline: provider requests get a ' +
  'local reply, any other request, socket, DNS lookup or program start is refused and listed; API-key variables hold ' +
  'dummy values; nothing is written in the repository (libSQL file storage goes to a temporary folder).';

export interface AppArgs {
  app: string[];
  entry?: string;
  export: string;
  agent: string[];
  scenarios?: string;
  requestContext?: string;
  timeout: number;
}

/** The options that say which app to run and how: shared by `verify` and `migrate --verify`. */
export const appOptions = {
  app: {
    type: 'string',
    array: true,
    default: [],
    describe:
      'run only these app folders (relative to the path; default: the path itself, or every app under it)',
  },
  entry: {
    type: 'string',
    describe:
      'the file exporting the Mastra instance, relative to the app (default: src/mastra/index.ts)',
  },
  export: {
    type: 'string',
    default: 'mastra',
    describe: 'the export that holds the Mastra instance',
  },
  agent: {
    type: 'string',
    array: true,
    default: [],
    describe: 'measure only these agents (keys on the Mastra instance)',
  },
  scenarios: {
    type: 'string',
    describe:
      'a module whose default export async (mastra) => {...} makes your own calls; each is measured too (relative to the app)',
  },
  'request-context': {
    type: 'string',
    describe:
      "a JSON file holding an object whose keys and values are set on each call's request context (relative to the app)",
  },
  timeout: {
    type: 'number',
    default: DEFAULT_TIMEOUT_MS / 1000,
    describe: 'seconds before the app is stopped',
  },
} as const;

export function appEngineOptions(argv: AppArgs): VerifyOptions {
  if (!Number.isFinite(argv.timeout) || argv.timeout <= 0)
    throw new UsageError('--timeout must be a positive number of seconds');
  return {
    ...(argv.app.length ? { apps: argv.app.map(String) } : {}),
    ...(argv.entry !== undefined ? { entry: argv.entry } : {}),
    exportName: argv.export,
    agents: argv.agent.map(String),
    ...(argv.scenarios !== undefined ? { scenarios: argv.scenarios } : {}),
    ...(argv.requestContext !== undefined ? { requestContext: argv.requestContext } : {}),
    timeoutMs: argv.timeout * 1000,
  };
}

interface VerifyArgs extends AppArgs {
  path: string;
  format: VerifyFormat;
  report?: string;
  include: string[];
  exclude: string[];
  verbose: boolean;
  allowMcp: boolean;
  writeNames?: string;
  mastraCore?: string;
}

/** 3 when an app could not be loaded; 1 for a difference, anything not measured (an app not installed too), or a scenario that threw. */
export function exitCodeFor(report: VerifyReport): number {
  if (report.apps.some((a) => a.loadError)) return EXIT.unprocessable;
  const t = report.totals;
  return t.differs + t.unmeasured + t.notInstalled > 0 || report.apps.some((a) => a.scenarioError)
    ? EXIT.pending
    : EXIT.ok;
}

export const verifyCommand: CommandModule<object, VerifyArgs> = {
  command: 'verify [path]',
  describe:
    'Run the app offline and compare what each agent really sends with the prediction (runs your code)',
  builder: (y: Argv) =>
    y
      .positional('path', {
        type: 'string',
        default: '.',
        describe: 'the app (the folder mastra dev runs in)',
      })
      .options(appOptions)
      .option('format', {
        type: 'string',
        choices: VERIFY_FORMATS,
        default: 'text',
        describe: 'output format on stdout (JSON: schema/verify.schema.json)',
      })
      .option('report', {
        type: 'string',
        describe:
          'also write the report to FILE (format from its extension: .json, .md, .txt; else --format)',
      })
      .option('include', {
        type: 'string',
        array: true,
        default: [],
        describe: 'glob patterns of files the scan reads',
      })
      .option('exclude', {
        type: 'string',
        array: true,
        default: [],
        describe: 'glob patterns of files the scan skips',
      })
      .option('verbose', {
        type: 'boolean',
        default: false,
        describe: "with a load error, print its stack and the app's last output",
      })
      .option('allow-mcp', {
        type: 'boolean',
        default: false,
        describe:
          "let the app's own MCP clients start the stdio servers it configures and reach MCP servers at local URLs (localhost, 127.0.0.1, ::1); each start is listed, anything else stays refused",
      })
      .option('mastra-core', {
        type: 'string',
        describe:
          'run the app with the @mastra/core installed in DIR instead of its own, and judge it by that version (measure an upgrade before making it: npm install @mastra/core@X --prefix DIR)',
      })
      .option('write-names', {
        type: 'string',
        describe:
          'save the names each agent was offered as JSON to FILE, relative to the path and inside it unless absolute (read by scan, check and migrate --names)',
      })
      .example('$0 verify fixtures/demo-app', 'measure the bundled demo')
      .example('$0 verify . --app apps/api apps/web', 'at a monorepo root: only these apps')
      .example(
        '$0 verify . --scenarios verify.scenarios.ts --format markdown',
        'add your own calls; a pull-request comment',
      )
      .example(
        '$0 verify . --mastra-core /tmp/core-1',
        'after npm install @mastra/core@1 --prefix /tmp/core-1: what each agent would send on 1.x',
      )
      .example(
        '$0 verify . --allow-mcp --write-names .mastra-tool-names.json',
        'start the MCP servers the app configures; save the names its agents are offered',
      )
      .epilogue(
        `${RUNS_USER_CODE}\n\nAt a monorepo root (no src/mastra/index.ts of its own) every app under it is run, each in its own process with its own @mastra/core; an app whose dependencies are not installed is not measured, and the report says how to install them.\n\nExit codes: 0 everything matches (or is not predictable statically); 1 a difference, a call or an app that could not be measured, or a scenario that threw; 2 usage error; 3 an app could not be loaded (one line says why; the stack only with --verbose).`,
      ) as unknown as Argv<VerifyArgs>,
  handler: async (argv: ArgumentsCamelCase<VerifyArgs>) => {
    const root = await existingDirectory(argv.path);
    const namesFile =
      argv.writeNames === undefined ? undefined : namesTarget(root, argv.writeNames);
    // The engine (scanner, compiler) loads only when the command runs.
    const { verify } = await import('../../src/verify/verify.ts');
    let result;
    try {
      result = await verify(root, {
        ...appEngineOptions(argv),
        include: argv.include,
        exclude: argv.exclude,
        ...(argv.allowMcp ? { allowMcp: true } : {}),
        ...(namesFile ? { names: true } : {}),
        ...(argv.mastraCore !== undefined ? { mastraCore: path.resolve(argv.mastraCore) } : {}),
      });
    } catch (error) {
      if (error instanceof VerifyUsageError) throw new UsageError(error.message);
      throw error;
    }
    if (result.usageError) throw new UsageError(result.usageError);
    const { report } = result;
    process.stdout.write(
      `${renderVerifyReport(report, argv.format, styleFor(process.stdout), argv.verbose)}\n`,
    );
    // Machine formats keep stdout clean; the one-line reason goes to stderr.
    if (argv.format !== 'text')
      for (const app of report.apps)
        if (app.loadError)
          process.stderr.write(
            `mastra-tool-names: ${app.path === '.' ? 'the app' : app.path} could not be loaded: ${app.loadError.reason}\n`,
          );
    if (argv.report) {
      const format = (formatForFile(argv.report) as VerifyFormat | undefined) ?? argv.format;
      await writeFileAtomic(
        path.resolve(argv.report),
        `${renderVerifyReport(report, VERIFY_FORMATS.includes(format) ? format : argv.format, undefined, argv.verbose)}\n`,
        'utf8',
      );
    }
    if (namesFile && result.names)
      await writeFileAtomic(namesFile, `${JSON.stringify(result.names, null, 2)}\n`, 'utf8');
    process.exitCode = exitCodeFor(report);
  },
};

/**
 * Where `--write-names FILE` writes: a relative FILE is resolved from the target folder and must stay
 * inside it (nothing outside the target is written unless you name an absolute path).
 */
export function namesTarget(root: string, file: string): string {
  if (file === '') throw new UsageError('--write-names needs a file name');
  const resolved = path.resolve(root, file);
  const rel = path.relative(path.resolve(root), resolved);
  if (!path.isAbsolute(file) && (rel.startsWith('..') || path.isAbsolute(rel)))
    throw new UsageError(
      `--write-names ${file} is outside ${root}; name a file inside it, or give an absolute path to write elsewhere`,
    );
  return resolved;
}
