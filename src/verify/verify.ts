/**
 * `verify`: runs the user's app in a child process, measures what each agent (and each scenario
 * call) sends, and compares it with the scan's prediction. Returns the report; never prints or
 * exits. Runs user code: only this command and `migrate --verify` call it.
 */
import path from 'node:path';
import { agentLabel } from '../plan/agents.ts';
import { behaviourFor } from '../names/versions.ts';
import { TOOL_VERSION } from '../report/build.ts';
import type { AgentInfo, ScanResult } from '../scan/model.ts';
import { scanRepository, type ScanOptions } from '../scan/scan.ts';
import { agentReasons, compare, isToolFailure, predictAgent, predictCall } from './compare.ts';
import { DEFAULT_TIMEOUT_MS } from './defaults.ts';
import { VerifyUsageError } from './errors.ts';
import {
  VERIFY_SCHEMA_VERSION,
  type AgentVerification,
  type CallVerification,
  type MeasuredCall,
  type Measurement,
  type ScanAgentRef,
  type Verification,
  type VerifyReport,
  type VerifyStatus,
} from './model.ts';
import { resolveEntry, resolveScenarios } from './paths.ts';
import { runApp, type AppRun } from './run-app.ts';

export interface VerifyOptions extends Pick<ScanOptions, 'include' | 'exclude' | 'clock'> {
  /** The file exporting the Mastra instance (default: src/mastra/index.ts). */
  entry?: string;
  /** Its export name (default: mastra). */
  exportName?: string;
  /** Instance keys of the agents to measure (default: all). */
  agents?: string[];
  /** A module whose default export `async (mastra) => {}` makes the user's own calls. */
  scenarios?: string;
  /** Time limit for the child process (default 60 s). */
  timeoutMs?: number;
}

export { DEFAULT_TIMEOUT_MS } from './defaults.ts';

export interface AppTarget {
  root: string;
  entry: string;
  exportName: string;
  scenarios?: string;
}

/** Checks the paths before anything runs; usage errors come out as VerifyUsageError. */
export function appTarget(target: string, options: VerifyOptions): AppTarget {
  const root = path.resolve(target);
  const scenarios = resolveScenarios(root, options.scenarios);
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0))
    throw new VerifyUsageError('--timeout must be a positive number of seconds');
  return {
    root,
    entry: resolveEntry(root, options.entry),
    exportName: options.exportName ?? 'mastra',
    ...(scenarios ? { scenarios } : {}),
  };
}

export function runTarget(app: AppTarget, options: VerifyOptions): Promise<AppRun> {
  return runApp({
    ...app,
    agents: options.agents ?? [],
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
}

export const scanRef = (a: AgentInfo): ScanAgentRef => ({
  label: agentLabel(a),
  file: a.location.file,
  line: a.location.line,
});

/** The scan's agent for an agent of the instance: by registration key, else by id, else by name. */
export function matchAgent(
  scan: ScanResult,
  instance: { key?: string; id?: string; name?: string },
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
  for (const [how, test] of tries) {
    const found = scan.agents.filter(test);
    if (found.length === 1) return { agent: found[0]! };
    if (found.length > 1)
      return {
        reason: `the scan found ${found.length} agents ${how} ${JSON.stringify(instance.key ?? instance.id)}: ${found.map((a) => `${a.location.file}:${a.location.line}`).join(', ')}`,
      };
  }
  return {
    reason: `the scan found no agent registered as ${JSON.stringify(instance.key)}${instance.id ? ` or with id ${JSON.stringify(instance.id)}` : ''}`,
  };
}

/** Without a prediction: the measured list with the reasons, or not measured at all. */
function withoutPrediction(measurement: Measurement, reasons: string[]): Verification {
  if (measurement.request || isToolFailure(measurement))
    return { status: 'unpredictable', measurement, reasons };
  return {
    status: 'unmeasured',
    measurement,
    reasons: [
      measurement.error
        ? `the call failed before any provider request: ${measurement.error.message}`
        : 'no provider request was made',
    ],
  };
}

function verification(
  scan: ScanResult,
  call: MeasuredCall,
  behaviourVersion: string | undefined,
  agent: AgentInfo | undefined,
  missing?: string,
): Verification {
  const measurement = call.measurement;
  if (!agent) return withoutPrediction(measurement, [missing ?? 'the scan found no such agent']);
  const behaviour = behaviourFor(behaviourVersion ?? scan.mastra.version);
  if (call.source === 'agent') {
    const reasons = agentReasons(agent);
    if (reasons.length) return withoutPrediction(measurement, reasons);
    const predicted = predictAgent(agent, behaviour);
    return { measurement, predicted, ...compare(predicted, measurement) };
  }
  const { predicted, reasons } = predictCall(agent, call.options, behaviour);
  if (!predicted) return withoutPrediction(measurement, reasons);
  return { measurement, predicted, ...compare(predicted, measurement) };
}

function unmeasured(reason: string): Verification {
  return { status: 'unmeasured', measurement: {}, reasons: [reason] };
}

/** Builds the report from a scan and a run of the app. Pure. */
export function buildVerifyReport(
  scan: ScanResult,
  run: AppRun,
  app: AppTarget,
  target: string,
  options: VerifyOptions = {},
): VerifyReport {
  const matched = new Set<number>();
  const agents: AgentVerification[] = [];
  const wanted = options.agents?.length
    ? run.instanceAgents.filter((a) => options.agents!.includes(a.key))
    : run.instanceAgents;
  for (const instance of run.loaded && !run.usageError ? wanted : []) {
    const { agent, reason } = matchAgent(scan, instance);
    if (agent) matched.add(agent.index);
    const call = run.calls.find((c) => c.source === 'agent' && c.agentKey === instance.key);
    const stopped = run.stopped
      ? `${run.stopped.reason} before this agent was measured`
      : 'not measured';
    agents.push({
      key: instance.key,
      ...(instance.id !== undefined ? { id: instance.id } : {}),
      ...(instance.name !== undefined ? { name: instance.name } : {}),
      ...(agent ? { scanAgent: scanRef(agent) } : {}),
      ...(call ? verification(scan, call, run.mastraVersion, agent, reason) : unmeasured(stopped)),
    });
  }
  const calls: CallVerification[] = run.calls
    .filter((c) => c.source === 'scenario')
    .map((c) => {
      const { agent, reason } = matchAgent(scan, {
        ...(c.agentKey !== undefined ? { key: c.agentKey } : {}),
        ...(c.agentId !== undefined ? { id: c.agentId } : {}),
        ...(c.agentName !== undefined ? { name: c.agentName } : {}),
      });
      return {
        agent: c.agentKey ?? c.agentId ?? c.agentName ?? '?',
        method: c.method,
        ...(c.location ? { location: c.location } : {}),
        options: c.options,
        ...verification(scan, c, run.mastraVersion, agent, reason),
      };
    });
  const all = [...agents, ...calls];
  const count = (s: VerifyStatus) => all.filter((v) => v.status === s).length;
  const rel = path.relative(app.root, app.entry).split(path.sep).join('/');
  return {
    schemaVersion: VERIFY_SCHEMA_VERSION,
    tool: { name: 'mastra-tool-names', version: TOOL_VERSION },
    target,
    entry: rel,
    export: app.exportName,
    mastra: run.mastraVersion ? { version: run.mastraVersion } : {},
    outcome: run.loadError ? 'load-failed' : 'verified',
    ...(run.loadError ? { loadError: run.loadError } : {}),
    agents,
    calls,
    ...(run.scenarioError ? { scenarioError: run.scenarioError } : {}),
    notOnInstance:
      run.loaded && !options.agents?.length
        ? scan.agents.filter((a) => !matched.has(a.index)).map(scanRef)
        : [],
    blocked: run.blocked,
    otherProviderRequests: run.otherProviderRequests,
    totals: {
      agents: agents.length,
      calls: calls.length,
      match: count('match'),
      differs: count('differs'),
      unpredictable: count('unpredictable'),
      unmeasured: count('unmeasured'),
      failing: all.filter((v) => v.measurement.error && !v.measurement.request).length,
      blocked: run.blocked.reduce((n, b) => n + b.count, 0),
    },
  };
}

export interface VerifyResult {
  report: VerifyReport;
  /** A usage error the child found (an unknown --agent key, a scenarios file without a default export). */
  usageError?: string;
}

/** Scans and runs the app side by side, then compares. */
export async function verify(target: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const app = appTarget(target, options);
  const [scan, run] = await Promise.all([
    scanRepository(app.root, {
      ...(options.include ? { include: options.include } : {}),
      ...(options.exclude ? { exclude: options.exclude } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
    runTarget(app, options),
  ]);
  const report = buildVerifyReport(scan, run, app, target, options);
  return run.usageError ? { report, usageError: run.usageError } : { report };
}
