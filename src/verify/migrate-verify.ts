/**
 * `migrate --verify`: measure the app, apply the migration, measure again, and hold the measured
 * change of every agent against the planned one. Any difference from the plan is an error. The app
 * is measured before anything is written; if it cannot be loaded then, nothing is written.
 */
import {
  ensureWritable,
  migrate,
  type MigrateOptions,
  type MigrateResult,
} from '../migrate/migrate.ts';
import { agentLabel } from '../offers/agent-label.ts';
import { behaviourFor } from '../names/versions.ts';
import type { ScanResult } from '../scan/model.ts';
import { agentReasons, compare, measuredChoice, predictAgent } from './compare.ts';
import { VerifyUsageError } from './errors.ts';
import type {
  Blocked,
  LoadError,
  MeasuredCall,
  Measurement,
  MigrateAppVerification,
  MigrateVerification,
  PlannedAgentCheck,
  ScenarioCheck,
  WireSnapshot,
} from './model.ts';
import type { AppRun } from './run-app.ts';
import { appTargets, matchAgent, runTarget, type AppTarget, type VerifyOptions } from './verify.ts';
import path from 'node:path';

/** An app could not be loaded before the migration; nothing was written. */
export class VerifyLoadError extends Error {
  constructor(
    readonly loadError: LoadError,
    /** The app's folder, relative to the target, when the run has several apps. */
    readonly app?: string,
  ) {
    super(loadError.reason);
    this.name = 'VerifyLoadError';
  }
}

function snapshot(m: Measurement | undefined, missing: string): WireSnapshot {
  if (!m) return { unmeasured: missing };
  if (m.request) {
    const choice = measuredChoice(m);
    return { tools: m.request.tools, ...(choice ? { toolChoice: choice } : {}) };
  }
  if (m.error)
    return {
      error: `${m.error.id}${m.error.causeCode ? ` (${m.error.causeCode})` : ''}: ${m.error.message}`,
    };
  return { unmeasured: 'no provider request was made' };
}

const list = (names: readonly string[]) => names.join(', ') || '(no tools)';

function counted(names: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const n of names) out.set(n, (out.get(n) ?? 0) + 1);
  return out;
}

/** Names that went away and names that came in, from one list to the other. */
function change(
  from: readonly string[],
  to: readonly string[],
): { removed: string[]; added: string[] } {
  const a = counted(from);
  const b = counted(to);
  return {
    removed: [...a.keys()].filter((n) => (b.get(n) ?? 0) < a.get(n)!).sort(),
    added: [...b.keys()].filter((n) => (a.get(n) ?? 0) < b.get(n)!).sort(),
  };
}

const describeChange = (c: { removed: string[]; added: string[] }) =>
  c.removed.length || c.added.length
    ? `-${c.removed.join(', -') || ' nothing'} +${c.added.join(', +') || ' nothing'}`
    : 'no change';

/** A forced tool the request does not offer: the provider rejects it or forces a tool the model never saw. */
function forcedButAbsent(s: WireSnapshot): string | undefined {
  const name = s.toolChoice?.mode === 'tool' ? s.toolChoice.toolName : undefined;
  return name !== undefined && s.tools && !s.tools.includes(name) ? name : undefined;
}

function agentCheck(
  scan: ScanResult,
  result: MigrateResult,
  instance: { key: string; id?: string; name?: string },
  before: AppRun,
  after: AppRun | undefined,
  version: string | undefined,
  scope: { app: string; appPaths: readonly string[] },
): PlannedAgentCheck {
  const { agent } = matchAgent(scan, instance, scope);
  const planned = agent
    ? result.plan.agents.find(
        (p) => p.agent === agentLabel(agent) && p.file === agent.location.file,
      )
    : undefined;
  const measuredBefore = before.calls.find(
    (c) => c.source === 'agent' && c.agentKey === instance.key,
  )?.measurement;
  const measuredAfter = (after ?? before).calls.find(
    (c) => c.source === 'agent' && c.agentKey === instance.key,
  )?.measurement;
  const mb = snapshot(measuredBefore, 'not measured before the migration');
  const ma = after?.loadError
    ? { unmeasured: 'the app no longer loads' }
    : snapshot(measuredAfter, 'not measured after the migration');
  const predictable = Boolean(agent && agentReasons(agent).length === 0);
  const errors: string[] = [];
  const base = {
    key: instance.key,
    ...(agent ? { agent: agentLabel(agent), file: agent.location.file } : {}),
    ...(planned ? { planned: { before: planned.before, after: planned.after } } : {}),
    measured: { before: mb, after: ma },
    predictable,
  };
  if (mb.unmeasured || ma.unmeasured) {
    if (after?.loadError)
      errors.push(`the app no longer loads after the migration: ${after.loadError.reason}`);
    return { ...base, status: after?.loadError ? 'differs-from-plan' : 'unmeasured', errors };
  }
  if (agent && predictable && measuredBefore) {
    const c = compare(
      predictAgent(agent, behaviourFor(version ?? scan.mastra.version)),
      measuredBefore,
    );
    if (c.status === 'differs')
      errors.push(
        `before the migration the scan's prediction (the plan's starting point) was off: ${c.difference!.summary.join('; ')}`,
      );
  }
  if (ma.error) {
    if (mb.error !== ma.error) errors.push(`generate() fails after the migration: ${ma.error}`);
  } else if (planned && ma.tools) {
    if (predictable) {
      if (ma.tools.join('\0') !== planned.after.join('\0'))
        errors.push(
          `after the migration it sent ${list(ma.tools)}; the plan said ${list(planned.after)}`,
        );
    } else if (mb.tools) {
      // Tools known only at run time: compare the change, not the lists.
      const measured = change(mb.tools, ma.tools);
      const intended = change(planned.before, planned.after);
      if (describeChange(measured) !== describeChange(intended))
        errors.push(
          `the measured change (${describeChange(measured)}) is not the planned one (${describeChange(intended)})`,
        );
    }
  } else if (
    !planned &&
    mb.tools &&
    ma.tools &&
    describeChange(change(mb.tools, ma.tools)) !== 'no change'
  ) {
    errors.push(
      `its tools changed (${describeChange(change(mb.tools, ma.tools))}) but the plan has no entry for it`,
    );
  }
  // A request that forces a tool it does not offer is broken; an error when the migration broke it.
  const absent = forcedButAbsent(ma);
  if (absent !== undefined && forcedButAbsent(mb) === undefined)
    errors.push(`after the migration its request forces ${absent}, which it does not offer`);
  return { ...base, status: errors.length ? 'differs-from-plan' : 'as-planned', errors };
}

function scenarioChecks(before: AppRun, after: AppRun | undefined): ScenarioCheck[] {
  const scenario = (run: AppRun) => run.calls.filter((c) => c.source === 'scenario');
  const b = scenario(before);
  const a = after ? scenario(after) : b;
  return b.map((call: MeasuredCall, i) => {
    const sb = snapshot(call.measurement, 'not measured');
    const sa = after?.loadError
      ? { unmeasured: 'the app no longer loads' }
      : snapshot(a[i]?.measurement, 'the call was not made after the migration');
    const errors: string[] = [];
    if (sa.unmeasured && !sb.unmeasured) errors.push(`after the migration: ${sa.unmeasured}`);
    if (sa.error && sa.error !== sb.error)
      errors.push(`generate() fails after the migration: ${sa.error}`);
    const absent = forcedButAbsent(sa);
    if (absent !== undefined && forcedButAbsent(sb) === undefined)
      errors.push(`after the migration the request forces ${absent}, which it does not offer`);
    return {
      agent: call.agentKey ?? call.agentId ?? '?',
      method: call.method,
      ...(call.location ? { location: call.location } : {}),
      before: sb,
      after: sa,
      errors,
    };
  });
}

function mergeBlocked(runs: AppRun[]): Blocked[] {
  const out = new Map<string, Blocked>();
  for (const b of runs.flatMap((r) => r.blocked)) {
    const key = `${b.kind}\0${b.method ?? ''}\0${b.target}\0${b.phase}`;
    const known = out.get(key);
    out.set(key, known ? { ...known, count: Math.max(known.count, b.count) } : b);
  }
  return [...out.values()];
}

function appVerification(
  app: AppTarget,
  scan: ScanResult,
  result: MigrateResult,
  before: AppRun | undefined,
  after: AppRun | undefined,
  verifyOptions: VerifyOptions,
  appPaths: readonly string[],
): MigrateAppVerification {
  const base = {
    path: app.path,
    entry: path.relative(app.root, app.entry).split(path.sep).join('/'),
    export: app.exportName,
  };
  if (!before)
    return {
      ...base,
      mastra: {},
      ...(app.notInstalled ? { notInstalled: app.notInstalled } : {}),
      measuredAgain: false,
      agents: [],
      calls: [],
      blocked: [],
      errors: 0,
    };
  const version = before.mastraVersion;
  const scope = { app: app.path, appPaths };
  const agents = before.instanceAgents
    .filter((a) => !verifyOptions.agents?.length || verifyOptions.agents.includes(a.key))
    .map((a) => agentCheck(scan, result, a, before, after, version, scope));
  const calls = scenarioChecks(before, after);
  return {
    ...base,
    mastra: version ? { version } : {},
    measuredAgain: Boolean(after),
    ...(after?.loadError ? { loadErrorAfter: after.loadError } : {}),
    agents,
    calls,
    blocked: mergeBlocked(after ? [before, after] : [before]),
    errors:
      agents.reduce((n, a) => n + a.errors.length, 0) +
      calls.reduce((n, c) => n + c.errors.length, 0) +
      (after?.loadError && agents.length === 0 ? 1 : 0),
  };
}

/** Runs every installed app once; undefined for apps that are not installed. */
async function measureAll(
  apps: AppTarget[],
  verifyOptions: VerifyOptions,
  single: boolean,
): Promise<Array<AppRun | undefined>> {
  const runs: Array<AppRun | undefined> = [];
  for (const app of apps)
    runs.push(app.notInstalled ? undefined : await runTarget(app, verifyOptions, !single));
  return runs;
}

export async function migrateWithVerify(
  target: string,
  options: MigrateOptions,
  verifyOptions: VerifyOptions,
): Promise<{ result: MigrateResult; verification: MigrateVerification }> {
  if (options.dryRun)
    throw new VerifyUsageError(
      '--verify measures the app after the changes are written, so it cannot be combined with --dry-run; run `verify` to measure the app as it is',
    );
  const { root, apps, single } = await appTargets(target, verifyOptions);
  // Refuse an unsafe target before any of the apps' code runs.
  await ensureWritable(root, options.force);
  const before = await measureAll(apps, verifyOptions, single);
  const usage = before.find((r) => r?.usageError)?.usageError;
  if (usage) throw new VerifyUsageError(usage);
  const failed = before.findIndex((r) => r?.loadError);
  if (failed !== -1)
    throw new VerifyLoadError(before[failed]!.loadError!, single ? undefined : apps[failed]!.path);
  const result = await migrate(target, options);
  const after = result.written.length
    ? await measureAll(apps, verifyOptions, single)
    : apps.map(() => undefined);
  const appPaths = apps.map((a) => a.path);
  const verified = apps.map((app, i) =>
    appVerification(app, result.scan, result, before[i], after[i], verifyOptions, appPaths),
  );
  return {
    result,
    verification: {
      apps: verified,
      errors: verified.reduce((n, a) => n + a.errors, 0),
      notMeasured: verified.filter((a) => a.notInstalled).length,
    },
  };
}
