/**
 * The child process of `verify`: loads the app's entry as `mastra dev` would (the app as working
 * directory, its own node_modules), measures one generate() per agent and the scenario calls, and
 * reports over IPC. Node built-ins only: the app's modules are the only others.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadError } from '../model.ts';
import { CallRecorder, firstLine, type AnyAgent } from './agents.ts';
import { unsetReads } from './env-reads.ts';
import { CONFIG_VARIABLE, type ChildConfig, type ChildMessage } from './protocol.ts';
import { appFrame, blockedSoFar, currentPhase, otherProviderRequests, setPhase } from './state.ts';

// The guards are in place already: preload.ts ran first (`--import`).
const config = JSON.parse(process.env[CONFIG_VARIABLE] ?? '{}') as ChildConfig;

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

/** Reports what was refused and exits: the app's timers and servers would keep the child alive. */
async function finish(): Promise<never> {
  await send({
    type: 'done',
    blocked: blockedSoFar(),
    otherProviderRequests: otherProviderRequests(),
  });
  process.exit(0);
}

/** One line that says why the import failed, naming a missing environment variable when it can. */
function loadError(e: unknown): LoadError {
  const error = e instanceof Error ? e : new Error(String(e));
  const message = error.message || String(e);
  const detail = error.stack ?? message;
  const where = appFrame(error.stack);
  const at = where ? ` (at ${where})` : '';
  const missing = [...unsetReads()].filter(
    (name) => process.env[name] === undefined && new RegExp(`\\b${name}\\b`).test(message),
  );
  if (missing.length)
    return {
      kind: 'missing-env',
      reason: `missing environment variable ${missing.join(', ')}: ${firstLine(message)}${at}`,
      detail,
    };
  const name = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
  let reason = `${name}${firstLine(message)}${at}`;
  const code = (error as { code?: unknown }).code;
  if (code === 'ERR_MODULE_NOT_FOUND' && /Cannot find package/.test(message))
    reason += " (are the app's dependencies installed?)";
  return { kind: 'import-error', reason, detail };
}

function mastraVersion(entry: string): string | undefined {
  const require = createRequire(entry);
  try {
    return (
      JSON.parse(readFileSync(require.resolve('@mastra/core/package.json'), 'utf8')) as {
        version?: string;
      }
    ).version;
  } catch {
    // Older packages hide package.json behind "exports": walk up from the main file.
  }
  try {
    for (
      let dir = path.dirname(require.resolve('@mastra/core'));
      path.dirname(dir) !== dir;
      dir = path.dirname(dir)
    ) {
      try {
        const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
          name?: string;
          version?: string;
        };
        if (pkg.name === '@mastra/core') return pkg.version;
      } catch {
        // keep walking
      }
    }
  } catch {
    // not resolvable from the entry
  }
  return undefined;
}

type Agents = Record<string, AnyAgent>;
type MastraLike = { listAgents?: () => Agents | undefined; getAgents?: () => Agents | undefined };

/** Imports the entry and finds the Mastra instance; reports why not, when it cannot. */
async function loadInstance(): Promise<{ mastra: MastraLike; agents: Agents } | undefined> {
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(config.entry).href)) as Record<string, unknown>;
  } catch (e) {
    await send({ type: 'load-error', error: loadError(e) });
    return undefined;
  }
  const rel = path.relative(config.root, config.entry).split(path.sep).join('/');
  if (!(config.exportName in mod)) {
    const names = Object.keys(mod).join(', ') || 'none';
    await send({
      type: 'load-error',
      error: {
        kind: 'no-export',
        reason: `${rel} has no export "${config.exportName}" (it exports: ${names}); pass --export NAME`,
      },
    });
    return undefined;
  }
  const mastra = mod[config.exportName] as MastraLike | undefined;
  const list =
    mastra && typeof mastra === 'object' ? (mastra.listAgents ?? mastra.getAgents) : undefined;
  if (!mastra || typeof list !== 'function') {
    await send({
      type: 'load-error',
      error: {
        kind: 'not-mastra',
        reason: `export "${config.exportName}" of ${rel} is not a Mastra instance (it has no listAgents())`,
      },
    });
    return undefined;
  }
  return { mastra, agents: list.call(mastra) ?? {} };
}

/** Runs the user's scenarios module; its calls are measured by the recorder. */
async function runScenarios(
  file: string,
  mastra: MastraLike,
  recorder: CallRecorder,
): Promise<void> {
  const before = recorder.calls.length;
  try {
    const scenarios = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof scenarios.default !== 'function') {
      await send({
        type: 'usage-error',
        message: `${file} must export a default async function (mastra) => {...}`,
      });
      return;
    }
    await (scenarios.default as (m: unknown) => Promise<unknown>)(mastra);
  } catch (e) {
    await send({ type: 'scenario-error', error: loadError(e) });
  }
  for (const call of recorder.calls.slice(before).filter((c) => c.source === 'scenario'))
    await send({ type: 'call', call });
}

async function main(): Promise<void> {
  process.on('unhandledRejection', (reason) =>
    process.stderr.write(
      `[verify] unhandled rejection: ${String((reason as Error)?.stack ?? reason)}\n`,
    ),
  );
  process.on('uncaughtException', (error) => {
    if (currentPhase() === 'import') {
      void send({ type: 'load-error', error: loadError(error) }).then(() => finish());
      return;
    }
    process.stderr.write(`[verify] uncaught exception: ${error.stack ?? error.message}\n`);
  });

  setPhase('import');
  await send({ type: 'phase', phase: 'import' });
  const app = await loadInstance();
  if (!app) return finish();
  const { mastra, agents } = app;
  const recorder = new CallRecorder(config.root);
  recorder.watch(agents);
  const version = mastraVersion(config.entry);
  await send({
    type: 'loaded',
    ...(version ? { mastraVersion: version } : {}),
    agents: Object.entries(agents).map(([key, a]) => ({
      key,
      ...(typeof a?.id === 'string' ? { id: a.id } : {}),
      ...(typeof a?.name === 'string' ? { name: a.name } : {}),
    })),
  });

  const unknown = config.agents.filter((key) => !(key in agents));
  if (unknown.length) {
    await send({
      type: 'usage-error',
      message: `no agent ${unknown.map((k) => JSON.stringify(k)).join(', ')} on the Mastra instance (it has: ${Object.keys(agents).join(', ') || 'none'})`,
    });
    return finish();
  }
  setPhase('agents');
  await send({ type: 'phase', phase: 'agents' });
  for (const key of config.agents.length ? config.agents : Object.keys(agents)) {
    const call = await recorder.measure(key, agents[key] ?? {}, config.prompt);
    await send({ type: 'call', call });
  }
  if (config.scenarios) {
    setPhase('scenarios');
    await send({ type: 'phase', phase: 'scenarios' });
    await runScenarios(config.scenarios, mastra, recorder);
  }
  return finish();
}

await main();
