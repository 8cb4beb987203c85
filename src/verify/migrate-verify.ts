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
import { agentLabel } from '../plan/agents.ts';
import { behaviourFor } from '../names/versions.ts';
import type { ScanResult } from '../scan/model.ts';
import { agentReasons, compare, measuredChoice, predictAgent } from './compare.ts';
import { VerifyUsageError } from './errors.ts';
import type {
  Blocked,
  LoadError,
  MeasuredCall,
  Measurement,
  MigrateVerification,
  PlannedAgentCheck,
  ScenarioCheck,
  WireSnapshot,
} from './model.ts';
import type { AppRun } from './run-app.ts';
import { appTarget, matchAgent, runTarget, type VerifyOptions } from './verify.ts';
import path from 'node:path';

/** The app could not be loaded before the migration; nothing was written. */
export class VerifyLoadError extends Error {
  constructor(readonly loadError: LoadError) {
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
): PlannedAgentCheck {
  const { agent } = matchAgent(scan, instance);
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

export async function migrateWithVerify(
  target: string,
  options: MigrateOptions,
  verifyOptions: VerifyOptions,
): Promise<{ result: MigrateResult; verification: MigrateVerification }> {
  if (options.dryRun)
    throw new VerifyUsageError(
      '--verify measures the app after the changes are written, so it cannot be combined with --dry-run; run `verify` to measure the app as it is',
    );
  const app = appTarget(target, verifyOptions);
  // Refuse an unsafe target before any of the app's code runs.
  await ensureWritable(app.root, options.force);
  const before = await runTarget(app, verifyOptions);
  if (before.usageError) throw new VerifyUsageError(before.usageError);
  if (before.loadError) throw new VerifyLoadError(before.loadError);
  const result = await migrate(target, options);
  const after = result.written.length ? await runTarget(app, verifyOptions) : undefined;
  const version = before.mastraVersion;
  const agents = before.instanceAgents
    .filter((a) => !verifyOptions.agents?.length || verifyOptions.agents.includes(a.key))
    .map((a) => agentCheck(result.scan, result, a, before, after, version));
  const calls = scenarioChecks(before, after);
  return {
    result,
    verification: {
      entry: path.relative(app.root, app.entry).split(path.sep).join('/'),
      export: app.exportName,
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
    },
  };
}
