/**
 * The child process of `verify`: loads the app's entry as `mastra dev` would (the app as working
 * directory, its own node_modules), measures one generate() per agent and the scenario calls, and
 * reports over IPC. Node built-ins only: the app's modules are the only others.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadError } from '../model.ts';
import { CallRecorder, firstLine, type AnyAgent } from './agents.ts';
import { watchContextReads } from './context-reads.ts';
import { contextApi, corePackage, type ContextApi } from './core-package.ts';
import { unsetReads } from './env-reads.ts';
import { CONFIG_VARIABLE, type ChildConfig, type ChildMessage } from './protocol.ts';
import {
  appFrame,
  blockedSoFar,
  currentPhase,
  mcpState,
  otherProviderRequests,
  setPhase,
} from './state.ts';

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
    mcpStarts: mcpState.starts,
    otherProviderRequests: otherProviderRequests(),
  });
  // The MCP servers the app's clients started (--allow-mcp) stop with it.
  for (const stop of mcpState.stop) stop();
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

/** The scenarios module: its default export makes the user's calls; `requestContext` sets values. */
interface Scenarios {
  run?: (mastra: unknown) => Promise<unknown>;
  requestContext?: Record<string, unknown>;
}

/** Imports the scenarios module and checks its exports; reports what is wrong with it. */
async function loadScenarios(file: string): Promise<Scenarios | undefined> {
  let mod: { default?: unknown; requestContext?: unknown };
  try {
    mod = (await import(pathToFileURL(file).href)) as typeof mod;
  } catch (e) {
    await send({ type: 'scenario-error', error: loadError(e) });
    return undefined;
  }
  if (typeof mod.default !== 'function') {
    await send({
      type: 'usage-error',
      message: `${file} must export a default async function (mastra) => {...}`,
    });
    return undefined;
  }
  const values = contextValues(mod.requestContext);
  if (mod.requestContext !== undefined && !values) {
    await send({
      type: 'usage-error',
      message: `the export requestContext of ${file} must be an object of values (or a Map)`,
    });
    return undefined;
  }
  return { run: mod.default as Scenarios['run'], ...(values ? { requestContext: values } : {}) };
}

function contextValues(value: unknown): Record<string, unknown> | undefined {
  if (value instanceof Map) return Object.fromEntries(value) as Record<string, unknown>;
  if (value && typeof value === 'object' && !Array.isArray(value))
    return value as Record<string, unknown>;
  return undefined;
}

/** Runs the user's scenarios; their calls are measured by the recorder. */
async function runScenarios(
  scenarios: Scenarios,
  mastra: MastraLike,
  recorder: CallRecorder,
): Promise<void> {
  const before = recorder.calls.length;
  try {
    await scenarios.run!(mastra);
  } catch (e) {
    await send({ type: 'scenario-error', error: loadError(e) });
  }
  for (const call of recorder.calls.slice(before).filter((c) => c.source === 'scenario'))
    await send({ type: 'call', call });
}

/** A file as the report names it: relative to the app when it is inside it. */
function shown(file: string): string {
  const rel = path.relative(config.root, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** The call options that set the request context, built afresh for each call (Mastra adds to it). */
function contextOptions(
  api: ContextApi | undefined,
  values: Record<string, unknown> | undefined,
): (() => Record<string, unknown>) | undefined {
  if (!api || !values) return undefined;
  return () => ({ [api.option]: new api.loaded(Object.entries(values)) });
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
  const core = corePackage(config.entry);
  const version = core?.manifest.version;
  const api = await contextApi(config.entry);
  if (api) watchContextReads(api);
  await send({
    type: 'loaded',
    ...(version ? { mastraVersion: version } : {}),
    ...(core ? { mastraPath: shown(core.dir) } : {}),
    agents: Object.entries(agents).map(([key, a]) => ({
      key,
      ...(typeof a?.id === 'string' ? { id: a.id } : {}),
      ...(typeof a?.name === 'string' ? { name: a.name } : {}),
    })),
    ...(api ? { contextOption: api.option } : {}),
  });

  const unknown = config.agents.filter((key) => !(key in agents));
  if (unknown.length && !config.agentsOptional) {
    await send({
      type: 'usage-error',
      message: `no agent ${unknown.map((k) => JSON.stringify(k)).join(', ')} on the Mastra instance (it has: ${Object.keys(agents).join(', ') || 'none'})`,
    });
    return finish();
  }
  let scenarios: Scenarios | undefined;
  if (config.scenarios) {
    setPhase('scenarios');
    await send({ type: 'phase', phase: 'scenarios' });
    scenarios = await loadScenarios(config.scenarios);
    if (!scenarios) return finish();
  }
  const values =
    config.requestContext || scenarios?.requestContext
      ? { ...config.requestContext, ...scenarios?.requestContext }
      : undefined;
  if (values) {
    if (!api) {
      await send({
        type: 'usage-error',
        message: `request context was given, but the app's @mastra/core${version ? ` ${version}` : ''} has no RequestContext or RuntimeContext to set it on`,
      });
      return finish();
    }
    await send({
      type: 'request-context',
      use: {
        option: api.option,
        keys: Object.keys(values),
        sources: [
          ...(config.requestContextFile ? [shown(config.requestContextFile)] : []),
          ...(scenarios?.requestContext
            ? [`${shown(config.scenarios!)} (export requestContext)`]
            : []),
        ],
      },
    });
  }
  const options = contextOptions(api, values);
  setPhase('agents');
  await send({ type: 'phase', phase: 'agents' });
  const keys = config.agents.length
    ? config.agents.filter((k) => k in agents)
    : Object.keys(agents);
  for (const key of keys)
    await send({
      type: 'call',
      call: await recorder.measure(key, agents[key] ?? {}, config.prompt, options?.()),
    });
  if (scenarios) {
    setPhase('scenarios');
    await send({ type: 'phase', phase: 'scenarios' });
    await runScenarios(scenarios, mastra, recorder);
  }
  return finish();
}

await main();
