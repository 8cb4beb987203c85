import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { EXIT, readStdin, styleFor, UsageError } from '../io.ts';

interface NamesArgs {
  keys: string[];
  stdin: boolean;
  json: boolean;
  agents: string[];
  workflows: string[];
  mastraVersion?: string;
}

async function stdinKeys(): Promise<string[]> {
  const text = await readStdin();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--stdin expects a JSON array of strings: ${(e as Error).message}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((k) => typeof k === 'string')) {
    throw new UsageError('--stdin expects a JSON array of strings, e.g. ["search.web", "plain"]');
  }
  return parsed;
}

export const namesCommand: CommandModule<object, NamesArgs> = {
  command: 'names [keys..]',
  describe:
    'Show the name Mastra sends for each tool key, the order the model sees, and collisions',
  builder: (y: Argv) =>
    y
      .positional('keys', {
        type: 'string',
        array: true,
        default: [],
        describe: 'tool keys as registered in `tools: {...}`',
      })
      .option('stdin', {
        type: 'boolean',
        default: false,
        describe: 'read a JSON array of keys from standard input',
      })
      .option('agents', {
        type: 'string',
        array: true,
        default: [],
        describe: 'sub-agent keys (offered as agent-KEY)',
      })
      .option('workflows', {
        type: 'string',
        array: true,
        default: [],
        describe: 'workflow keys (offered as workflow-KEY)',
      })
      .option('mastra-version', {
        type: 'string',
        describe:
          'the @mastra/core version to name by (default: the newest measured; before 0.22.0 there are no agent-/workflow- prefixes, before 0.13.2 no rewrite)',
      })
      .option('json', { type: 'boolean', default: false, describe: 'print the result as JSON' })
      .example("$0 names 'search.web' plain weather-EU", 'search_web moves after the others')
      .example(`echo '["a.b", "a b"]' | $0 names --stdin --json`, 'a collision, as JSON'),
  handler: async (argv: ArgumentsCamelCase<NamesArgs>) => {
    // Loaded when the command runs: every other command starts without them (and semver).
    const [{ explainNames }, { behaviourFor, LATEST_BEHAVIOUR }, { renderNamesText }] =
      await Promise.all([
        import('../../src/names/explain.ts'),
        import('../../src/names/versions.ts'),
        import('../../src/report/names-text.ts'),
      ]);
    const keys = [...argv.keys.map(String), ...(argv.stdin ? await stdinKeys() : [])];
    if (keys.length + argv.agents.length + argv.workflows.length === 0) {
      throw new UsageError('give at least one key (or --stdin, --agents, --workflows)');
    }
    const behaviour =
      argv.mastraVersion === undefined ? LATEST_BEHAVIOUR : behaviourFor(argv.mastraVersion);
    if (argv.mastraVersion !== undefined && behaviour.unknown.length)
      throw new UsageError(
        `--mastra-version ${argv.mastraVersion}: give a version from 0.10.0 on, such as 0.10.15 or 1.71.0`,
      );
    const report = explainNames(
      {
        tools: keys,
        agents: argv.agents.map(String),
        workflows: argv.workflows.map(String),
      },
      behaviour,
    );
    if (argv.json) {
      const { notes: _notes, ...shape } = report;
      process.stdout.write(
        `${JSON.stringify({ ...shape, tools: shape.tools.map(({ origin: _o, rawKey: _r, ...t }) => ({ ...t, ...(argv.agents.length + argv.workflows.length ? { origin: _o } : {}) })) }, null, 2)}\n`,
      );
    } else {
      process.stdout.write(`${renderNamesText(report, styleFor(process.stdout))}\n`);
    }
    process.exitCode = report.errors.length > 0 ? EXIT.pending : EXIT.ok;
  },
};
