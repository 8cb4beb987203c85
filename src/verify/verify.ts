/**
 * `verify`: runs each app in its own child process, measures what each agent (and each scenario
 * call) sends, and compares it with the scan's prediction. One app when the target is one; at a
 * monorepo root, every app under it (`apps.ts`), each against its own `@mastra/core`, one after the
 * other. An app whose dependencies are not installed is not run, and says how to install them.
 * Returns the report; never prints or exits. Runs user code: only this command and
 * `migrate --verify` call it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { agentLabel } from '../offers/agent-label.ts';
import { behaviourFor } from '../names/versions.ts';
import { TOOL_VERSION } from '../version.ts';
import type { AgentInfo, ScanResult } from '../scan/model.ts';
import { scanRepository, type ScanOptions } from '../scan/scan.ts';
import { gitTop } from '../migrate/git.ts';
import { selectApps, type AppLocation } from './apps.ts';
import { agentReasons, compare, isToolFailure, predictAgent, predictCall } from './compare.ts';
import { contextHint } from './context-hint.ts';
import { DEFAULT_TIMEOUT_MS } from './defaults.ts';
import { VerifyUsageError } from './errors.ts';
import { givenCore, judgedBy, type GivenCore } from './given-core.ts';
import { notInstalled } from './install.ts';
import {
  VERIFY_SCHEMA_VERSION,
  type AgentVerification,
  type AppReport,
  type CallVerification,
  type MeasuredCall,
  type Measurement,
  type McpStart,
  type PromptCheck,
  type NotInstalled,
  type ScanAgentRef,
  type Verification,
  type VerifyReport,
  type VerifyStatus,
  type VerifyTotals,
} from './model.ts';
import { namesFile } from './names-file.ts';
import { runApp, type AppRun } from './run-app.ts';
import { buildPlan } from '../plan/plan.ts';
import type { Plan } from '../plan/model.ts';
import { discover } from '../scan/files/discover.ts';
import { appSpellings, measuredPromptNames, type Spellings } from './prompt-names.ts';
import { PromptSources } from './prompt-source.ts';
import { addTotals, compareNames, promptTotals, staticPromptNames } from './prompt-static.ts';
import type { MeasuredNamesFile } from '../scan/measured-names.ts';

export interface VerifyOptions extends Pick<ScanOptions, 'include' | 'exclude' | 'clock'> {
  /** App folders to run, relative to the target (default: the target, or every app under it). */
  apps?: string[];
  /** The file exporting the Mastra instance, relative to each app (default: src/mastra/index.ts). */
  entry?: string;
  /** Its export name (default: mastra). */
  exportName?: string;
  /** Instance keys of the agents to measure (default: all). */
  agents?: string[];
  /** A module (relative to each app) whose default export `async (mastra) => {}` makes the user's own calls. */
  scenarios?: string;
  /** A JSON file (relative to each app) holding an object set on each call's request context. */
  requestContext?: string;
  /** Time limit for each app's child process (default 60 s). */
  timeoutMs?: number;
  /**
   * Let the app's own MCP clients start the stdio servers it configures and reach MCP servers at
   * local URLs; every start is listed (`mcpStarts`). Anything else stays refused.
   */
  allowMcp?: boolean;
  /** Build the names file (`--write-names`): the result's `names`. */
  names?: boolean;
  /**
   * `--mastra-core DIR`: run every app with this installed @mastra/core instead of its own (the
   * package folder, or a folder it was installed into with `npm install --prefix`).
   */
  mastraCore?: string;
}

export { DEFAULT_TIMEOUT_MS } from './defaults.ts';

/** An app ready to run: where it is, what to load, and what it is given. */
export interface AppTarget extends AppLocation {
  exportName: string;
  scenarios?: string;
  requestContext?: { values: Record<string, unknown>; file: string };
  /** Set when its dependencies are not installed: it is not run. */
  notInstalled?: NotInstalled;
}

/** A file option, relative to the app (absolute paths too); undefined when the app has none. */
function appFile(app: AppLocation, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const resolved = path.resolve(app.root, file);
  return existsSync(resolved) && statSync(resolved).isFile() ? resolved : undefined;
}

function readContextFile(file: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new VerifyUsageError(
      `--request-context ${file}: not JSON (${(e as Error).message.split('\n')[0]})`,
    );
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new VerifyUsageError(
      `--request-context ${file}: must hold a JSON object of keys and values`,
    );
  return value as Record<string, unknown>;
}

/**
 * The apps to run, with their files checked before anything runs; usage errors come out as
 * VerifyUsageError. With several apps a file option applies to the apps that have that file, and is
 * a usage error only when none has it.
 */
export async function appTargets(
  target: string,
  options: VerifyOptions,
): Promise<{ root: string; apps: AppTarget[]; single: boolean; core?: GivenCore }> {
  const root = path.resolve(target);
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0))
    throw new VerifyUsageError('--timeout must be a positive number of seconds');
  const { apps, single } = await selectApps(root, {
    ...(options.apps ? { apps: options.apps } : {}),
    ...(options.entry !== undefined ? { entry: options.entry } : {}),
  });
  for (const [flag, file] of [
    ['scenarios', options.scenarios],
    ['request-context', options.requestContext],
  ] as const) {
    if (file !== undefined && !apps.some((a) => appFile(a, file)))
      throw new VerifyUsageError(
        `${flag === 'scenarios' ? 'scenarios' : 'request context'} file not found: ${file} (relative to ${apps.length === 1 ? apps[0]!.root : 'each app'})`,
      );
  }
  const core = options.mastraCore !== undefined ? givenCore(options.mastraCore) : undefined;
  const found = await gitTop(root);
  const stop = 'top' in found ? found.top : path.parse(root).root;
  return {
    root,
    single,
    ...(core ? { core } : {}),
    apps: apps.map((app) => {
      const scenarios = appFile(app, options.scenarios);
      const context = appFile(app, options.requestContext);
      const missing = notInstalled(app.root, root, stop);
      return {
        ...app,
        exportName: options.exportName ?? 'mastra',
        ...(scenarios ? { scenarios } : {}),
        ...(context ? { requestContext: { values: readContextFile(context), file: context } } : {}),
        ...(missing ? { notInstalled: missing } : {}),
      };
    }),
  };
}

export function runTarget(
  app: AppTarget,
  options: VerifyOptions,
  agentsOptional = false,
): Promise<AppRun> {
  return runApp({
    root: app.root,
    entry: app.entry,
    exportName: app.exportName,
    agents: options.agents ?? [],
    ...(agentsOptional ? { agentsOptional } : {}),
    ...(app.scenarios ? { scenarios: app.scenarios } : {}),
    ...(app.requestContext ? { requestContext: app.requestContext } : {}),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.allowMcp ? { allowMcp: true } : {}),
    ...(options.mastraCore !== undefined ? { mastraCore: givenCore(options.mastraCore).dir } : {}),
  });
}

const at = (a: ScanAgentRef) => `${a.file}:${a.line}`;

export const scanRef = (a: AgentInfo): ScanAgentRef => ({
  label: agentLabel(a),
  file: a.location.file,
  line: a.location.line,
});

/** The app folder (relative to the scan's root) a file is in: the deepest that holds it. */
export function ownerOf(file: string, appPaths: readonly string[]): string | undefined {
  return appPaths
    .filter((p) => p === '.' || file.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/**
 * The scan's agent for an agent of the instance: by registration key, else by id, else by name.
 * With several apps, the agents in the app's own folder are tried first, then those in no app's
 * folder (shared packages), then all.
 */
export function matchAgent(
  scan: ScanResult,
  instance: { key?: string; id?: string; name?: string },
  scope?: { app: string; appPaths: readonly string[] },
): { agent?: AgentInfo; reason?: string } {
  const tries: Array<[string, (a: AgentInfo) => boolean]> = [
    [
      'registered as',
      (a) =>
        instance.key !== undefined &&
        a.registeredAs.includes(instance.key) &&
        (instance.id === undefined || a.id === undefined || a.id === instance.id),
    ],
    ['registered as', (a) => instance.key !== undefined && a.registeredAs.includes(instance.key)],
    ['with id', (a) => instance.id !== undefined && a.id === instance.id],
    ['named', (a) => instance.name !== undefined && a.name === instance.name],
  ];
  const pools = scope
    ? [
        scan.agents.filter((a) => ownerOf(a.location.file, scope.appPaths) === scope.app),
        scan.agents.filter((a) => ownerOf(a.location.file, scope.appPaths) === undefined),
        scan.agents,
      ]
    : [scan.agents];
  for (const pool of pools) {
    for (const [how, test] of tries) {
      const found = pool.filter(test);
      if (found.length === 1) return { agent: found[0]! };
      if (found.length > 1)
        return {
          reason: `the scan found ${found.length} agents ${how} ${JSON.stringify(instance.key ?? instance.id)}: ${found.map((a) => `${a.location.file}:${a.location.line}`).join(', ')}`,
        };
    }
  }
  return {
    reason: `the scan found no agent registered as ${JSON.stringify(instance.key)}${instance.id ? ` or with id ${JSON.stringify(instance.id)}` : ''}`,
  };
}

interface Context {
  scan: ScanResult;
  run: AppRun;
  given: string[];
}

/** What the measured prompt check needs beyond the run: the app's names, the plan, the source. */
export interface PromptContext {
  spellings: Spellings;
  /** The scan's plan: its prompt findings are set against the measured ones. */
  plan?: Plan;
  /** Where a line of a measured prompt is in the source. */
  locate?: (name: string, excerpt: string) => ReturnType<PromptSources['locate']>;
}

function promptCheck(
  pctx: PromptContext | undefined,
  measurement: Measurement,
  mcp: readonly McpStart[],
  agent?: AgentInfo,
): PromptCheck | undefined {
  const request = measurement.request;
  if (!pctx || !request?.prompt) return undefined;
  const names = measuredPromptNames(request.prompt, request.tools, pctx.spellings, mcp).map((n) => {
    const source = pctx.locate?.(n.name, n.excerpt);
    return source ? { ...n, source } : n;
  });
  // An agent the scan does not know had nothing checked statically: all it measures is a miss.
  const flagged = pctx.plan
    ? agent
      ? staticPromptNames(pctx.plan, agent, agentLabel(agent))
      : new Set<string>()
    : undefined;
  return {
    names,
    ...(flagged
      ? {
          static: compareNames(
            names.filter((n) => n.in === 'system').map((n) => n.name),
            flagged,
          ),
        }
      : {}),
  };
}

/** Why a call was not measured: the error, and the request context it needed when that is the likely cause. */
function unmeasuredReasons(ctx: Context, measurement: Measurement, agent?: AgentInfo): string[] {
  const hint = contextHint({
    measurement,
    ...(agent ? { agent } : {}),
    ...(ctx.run.contextOption ? { option: ctx.run.contextOption } : {}),
    given: ctx.given,
  });
  return [
    measurement.error
      ? `the call failed before any provider request: ${measurement.error.message}`
      : 'no provider request was made',
    ...(hint ? [hint] : []),
  ];
}

/** Without a prediction: the measured list with the reasons, or not measured at all. */
function withoutPrediction(
  ctx: Context,
  measurement: Measurement,
  reasons: string[],
  agent?: AgentInfo,
): Verification {
  if (measurement.request || isToolFailure(measurement))
    return { status: 'unpredictable', measurement, reasons };
  return { status: 'unmeasured', measurement, reasons: unmeasuredReasons(ctx, measurement, agent) };
}

function verification(
  ctx: Context,
  call: MeasuredCall,
  agent: AgentInfo | undefined,
  missing?: string,
): Verification {
  const measurement = call.measurement;
  if (!agent)
    return withoutPrediction(ctx, measurement, [missing ?? 'the scan found no such agent']);
  const behaviour = behaviourFor(ctx.run.mastraVersion ?? ctx.scan.mastra.version);
  const compared = (predicted: ReturnType<typeof predictAgent>): Verification => {
    const result = { measurement, predicted, ...compare(predicted, measurement) };
    return result.status === 'unmeasured'
      ? { ...result, reasons: unmeasuredReasons(ctx, measurement, agent) }
      : result;
  };
  if (call.source === 'agent') {
    const reasons = agentReasons(agent);
    if (reasons.length) return withoutPrediction(ctx, measurement, reasons, agent);
    return compared(predictAgent(agent, behaviour));
  }
  const { predicted, reasons } = predictCall(agent, call.options, behaviour);
  if (!predicted) return withoutPrediction(ctx, measurement, reasons, agent);
  return compared(predicted);
}

function unmeasured(reason: string): Verification {
  return { status: 'unmeasured', measurement: {}, reasons: [reason] };
}

function totalsOf(
  agents: AgentVerification[],
  calls: CallVerification[],
  blocked: number,
): VerifyTotals {
  const all = [...agents, ...calls];
  const count = (s: VerifyStatus) => all.filter((v) => v.status === s).length;
  return {
    agents: agents.length,
    calls: calls.length,
    match: count('match'),
    differs: count('differs'),
    unpredictable: count('unpredictable'),
    unmeasured: count('unmeasured'),
    failing: all.filter((v) => v.measurement.error && !v.measurement.request).length,
    blocked,
  };
}

/** One app's report from the scan and its run (none when it was not installed). Pure. */
export function buildAppReport(
  scan: ScanResult,
  run: AppRun | undefined,
  app: AppTarget,
  options: VerifyOptions = {},
  appPaths: readonly string[] = [app.path],
  pctx?: PromptContext,
): AppReport {
  const base = {
    path: app.path,
    entry: path.relative(app.root, app.entry).split(path.sep).join('/'),
    export: app.exportName,
  };
  if (!run)
    return {
      ...base,
      mastra: {},
      outcome: 'not-installed',
      ...(app.notInstalled ? { notInstalled: app.notInstalled } : {}),
      timings: { totalMs: 0 },
      agents: [],
      calls: [],
      notOnInstance: [],
      blocked: [],
      otherProviderRequests: [],
      totals: totalsOf([], [], 0),
    };
  const ctx: Context = { scan, run, given: run.requestContext?.keys ?? [] };
  const scope = { app: app.path, appPaths };
  const matched = new Set<number>();
  const agents: AgentVerification[] = [];
  const wanted = options.agents?.length
    ? run.instanceAgents.filter((a) => options.agents!.includes(a.key))
    : run.instanceAgents;
  for (const instance of run.loaded && !run.usageError ? wanted : []) {
    const { agent, reason } = matchAgent(scan, instance, scope);
    if (agent) matched.add(agent.index);
    const call = run.calls.find((c) => c.source === 'agent' && c.agentKey === instance.key);
    const stopped = run.stopped
      ? `${run.stopped.reason} before this agent was measured`
      : 'not measured';
    const prompt = call && promptCheck(pctx, call.measurement, run.mcpStarts ?? [], agent);
    agents.push({
      key: instance.key,
      ...(instance.id !== undefined ? { id: instance.id } : {}),
      ...(instance.name !== undefined ? { name: instance.name } : {}),
      ...(agent ? { scanAgent: scanRef(agent) } : {}),
      ...(call ? verification(ctx, call, agent, reason) : unmeasured(stopped)),
      ...(prompt ? { prompt } : {}),
    });
  }
  const calls: CallVerification[] = run.calls
    .filter((c) => c.source === 'scenario')
    .map((c) => {
      const { agent, reason } = matchAgent(
        scan,
        {
          ...(c.agentKey !== undefined ? { key: c.agentKey } : {}),
          ...(c.agentId !== undefined ? { id: c.agentId } : {}),
          ...(c.agentName !== undefined ? { name: c.agentName } : {}),
        },
        scope,
      );
      const prompt = promptCheck(pctx, c.measurement, run.mcpStarts ?? []);
      return {
        agent: c.agentKey ?? c.agentId ?? c.agentName ?? '?',
        method: c.method,
        ...(c.location ? { location: c.location } : {}),
        options: c.options,
        ...verification(ctx, c, agent, reason),
        ...(prompt ? { prompt } : {}),
      };
    });
  const checks = [...agents, ...calls].map((v) => v.prompt);
  return {
    ...base,
    mastra: {
      ...(run.mastraVersion ? { version: run.mastraVersion } : {}),
      ...(run.mastraPath ? { path: run.mastraPath } : {}),
      ...(options.mastraCore !== undefined ? { given: true } : {}),
    },
    outcome: run.loadError ? 'load-failed' : 'verified',
    ...(run.loadError ? { loadError: run.loadError } : {}),
    ...(run.requestContext ? { requestContext: run.requestContext } : {}),
    timings: run.timings,
    agents,
    calls,
    ...(run.scenarioError ? { scenarioError: run.scenarioError } : {}),
    notOnInstance:
      run.loaded && !options.agents?.length
        ? scan.agents
            .filter((a) => !matched.has(a.index) && ownerOf(a.location.file, appPaths) === app.path)
            .map(scanRef)
        : [],
    blocked: run.blocked,
    ...(run.mcpStarts ? { mcpStarts: run.mcpStarts } : {}),
    otherProviderRequests: run.otherProviderRequests,
    totals: totalsOf(
      agents,
      calls,
      run.blocked.reduce((n, b) => n + b.count, 0),
    ),
    ...(checks.some(Boolean) ? { prompt: promptTotals(checks) } : {}),
  };
}

/** The run's report from the apps' reports. Pure. */
export function buildVerifyReport(
  scan: ScanResult,
  apps: AppReport[],
  target: string,
  durationMs: number,
  options: VerifyOptions = {},
): VerifyReport {
  const appPaths = apps.map((a) => a.path);
  const measured = new Set(
    apps.flatMap((a) => a.agents.flatMap((v) => (v.scanAgent ? [at(v.scanAgent)] : []))),
  );
  const sum = (key: keyof VerifyTotals) => apps.reduce((n, a) => n + a.totals[key], 0);
  const prompt = addTotals(apps.map((a) => a.prompt));
  return {
    schemaVersion: VERIFY_SCHEMA_VERSION,
    tool: { name: 'mastra-tool-names', version: TOOL_VERSION },
    target,
    apps,
    notInAnyApp:
      options.agents?.length || apps.some((a) => a.outcome !== 'verified')
        ? []
        : scan.agents
            .map(scanRef)
            .filter((a) => ownerOf(a.file, appPaths) === undefined && !measured.has(at(a))),
    totals: {
      apps: apps.length,
      verified: apps.filter((a) => a.outcome === 'verified').length,
      notInstalled: apps.filter((a) => a.outcome === 'not-installed').length,
      loadFailed: apps.filter((a) => a.outcome === 'load-failed').length,
      agents: sum('agents'),
      calls: sum('calls'),
      match: sum('match'),
      differs: sum('differs'),
      unpredictable: sum('unpredictable'),
      unmeasured: sum('unmeasured'),
      failing: sum('failing'),
      blocked: sum('blocked'),
    },
    ...(prompt ? { prompt } : {}),
    durationMs,
  };
}

export interface VerifyResult {
  report: VerifyReport;
  /** With `names`: what each agent was offered, for `--names FILE` (`verify --write-names`). */
  names?: MeasuredNamesFile;
  /** A usage error the child found (an unknown --agent key, a scenarios file without a default export). */
  usageError?: string;
}

/** Runs each app (one at a time), alongside one scan of the target, then compares. */
export async function verify(target: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const started = performance.now();
  const { root, apps, single, core } = await appTargets(target, options);
  const toMastra = core && judgedBy(core.version);
  const scanning = scanRepository(root, {
    ...(toMastra ? { toMastra } : {}),
    ...(options.include ? { include: options.include } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // A rejected scan is awaited below; until then it must not count as unhandled.
  scanning.catch(() => {});
  const runs: Array<AppRun | undefined> = [];
  for (const app of apps)
    runs.push(app.notInstalled ? undefined : await runTarget(app, options, !single));
  const scan = await scanning;
  const appPaths = apps.map((a) => a.path);
  const pctx = runs.some((r) => r?.calls.some((c) => c.measurement.request?.prompt))
    ? await promptContext(root, scan, options)
    : undefined;
  const reports = apps.map((app, i) => buildAppReport(scan, runs[i], app, options, appPaths, pctx));
  const report = buildVerifyReport(
    scan,
    reports,
    target,
    Math.round(performance.now() - started),
    options,
  );
  const usageError = usageErrorOf(runs, options, single);
  const names = options.names
    ? namesFile(
        reports.map((r, i) => ({
          report: r,
          agentOf: (key: string) => {
            const instance = runs[i]?.instanceAgents.find((a) => a.key === key);
            return instance
              ? matchAgent(scan, instance, { app: r.path, appPaths }).agent
              : undefined;
          },
        })),
      )
    : undefined;
  return {
    report,
    ...(names ? { names } : {}),
    ...(usageError ? { usageError } : {}),
  };
}

/** The app's names, the scan's plan, and its files (code and text) to find prompt lines in. */
async function promptContext(
  root: string,
  scan: ScanResult,
  options: VerifyOptions,
): Promise<PromptContext> {
  const found = await discover(root, {
    ...(options.include ? { include: options.include } : {}),
    ...(options.exclude ? { exclude: options.exclude } : {}),
  });
  const sources = new PromptSources(found.root, [...found.sources, ...found.texts].sort());
  return {
    spellings: appSpellings(scan),
    plan: buildPlan(scan),
    locate: (name, excerpt) => sources.locate(name, excerpt),
  };
}

/** The first usage error an app reported; with several apps, `--agent` keys that no app has. */
function usageErrorOf(
  runs: Array<AppRun | undefined>,
  options: VerifyOptions,
  single: boolean,
): string | undefined {
  const reported = runs.find((r) => r?.usageError)?.usageError;
  if (reported || single || !options.agents?.length) return reported;
  const loaded = runs.filter((r): r is AppRun => Boolean(r?.loaded));
  if (!loaded.length) return undefined;
  const keys = new Set(loaded.flatMap((r) => r.instanceAgents.map((a) => a.key)));
  const unknown = options.agents.filter((k) => !keys.has(k));
  return unknown.length
    ? `no agent ${unknown.map((k) => JSON.stringify(k)).join(', ')} on any app's Mastra instance (they have: ${[...keys].join(', ') || 'none'})`
    : undefined;
}
