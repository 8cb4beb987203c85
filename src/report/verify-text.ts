/** Renders a verify report for people: per agent and call, what was sent next to the prediction. */
import type {
  AgentVerification,
  Blocked,
  CallVerification,
  LoadError,
  Measurement,
  Verification,
  VerifyReport,
  VerifyStatus,
} from '../verify/model.ts';
import { failureText } from '../verify/compare.ts';
import { showKey } from './display.ts';
import { PLAIN, type Style } from './style.ts';

export const STATUS_TEXT: Record<VerifyStatus, string> = {
  match: 'match',
  differs: 'differs',
  unpredictable: 'not predictable statically',
  unmeasured: 'not measured',
};

export const names = (list: readonly string[]) =>
  list.length ? list.map(showKey).join(', ') : '(no tools)';

/** What one call sent, in one line. */
export function measuredText(m: Measurement): string {
  if (!m.request) return m.error ? failureText(m) : 'nothing sent';
  const r = m.request;
  const choice =
    r.toolChoice && r.toolChoice.mode !== 'auto'
      ? `tool choice ${r.toolChoice.mode === 'tool' ? r.toolChoice.toolName : r.toolChoice.mode}`
      : '';
  const extra = [
    r.providerTools.length ? `provider tools: ${r.providerTools.join(', ')}` : '',
    choice,
  ].filter(Boolean);
  return `${names(r.tools)}${extra.length ? `  (${extra.join('; ')})` : ''}`;
}

function statusStyle(status: VerifyStatus, style: Style): (t: string) => string {
  return status === 'match' ? style.good : status === 'differs' ? style.bad : style.warn;
}

function details(v: Verification, style: Style): string[] {
  const out = [`  measured:  ${measuredText(v.measurement)}`];
  if (v.measurement.request)
    out.push(
      style.dim(
        `             ${v.measurement.request.method} ${v.measurement.request.url} (${v.measurement.request.protocol})`,
      ),
    );
  if (v.predicted && v.status !== 'match')
    out.push(
      `  predicted: ${v.predicted.failure ? `generate() fails: ${v.predicted.failure.message}` : names(v.predicted.tools)}`,
    );
  for (const line of v.difference?.summary ?? []) out.push(style.bad(`  ! ${line}`));
  for (const reason of v.reasons)
    out.push(style.warn(`  ${v.status === 'unmeasured' ? 'why' : 'not predictable'}: ${reason}`));
  if (v.status === 'match' && v.measurement.error)
    out.push(style.bad('  ! every call of this agent fails (as predicted)'));
  return out;
}

function agentBlock(a: AgentVerification, style: Style): string[] {
  const label = `${a.key}${a.id && a.id !== a.key ? ` (${a.id})` : ''}`;
  const where = a.scanAgent ? style.dim(`  ${a.scanAgent.file}:${a.scanAgent.line}`) : '';
  return [
    `${label}  ${statusStyle(a.status, style)(STATUS_TEXT[a.status])}${where}`,
    ...details(a, style),
  ];
}

function callBlock(c: CallVerification, style: Style): string[] {
  const where = c.location ? `${c.location.file}:${c.location.line}` : 'scenario';
  return [
    `${where} ${c.agent}.${c.method}()  ${statusStyle(c.status, style)(STATUS_TEXT[c.status])}`,
    ...details(c, style),
  ];
}

export function blockedLine(b: Blocked): string {
  const what =
    b.kind === 'http'
      ? `${b.method ?? 'GET'} ${b.target}`
      : b.kind === 'process'
        ? `start ${b.target}`
        : b.kind === 'write'
          ? `write ${b.target}`
          : `${b.kind} ${b.target}`;
  return `${b.phase.padEnd(9)} ${what}${b.count > 1 ? ` (${b.count} times)` : ''}${b.at ? `  from ${b.at}` : ''}`;
}

export function loadErrorText(e: LoadError, verbose: boolean): string {
  return verbose && e.detail ? `${e.reason}\n${e.detail.trimEnd()}` : e.reason;
}

export function renderVerifyText(
  report: VerifyReport,
  style: Style = PLAIN,
  verbose = false,
): string {
  const out: string[] = [];
  const version = report.mastra.version
    ? `@mastra/core ${report.mastra.version}`
    : '@mastra/core (version unknown)';
  if (report.loadError) {
    out.push(
      style.bad(
        `The app could not be loaded (${report.entry}, export ${report.export}): ${loadErrorText(report.loadError, verbose)}`,
      ),
    );
  } else {
    out.push(
      `Measured ${report.target} with its own ${version} (entry ${report.entry}, export ${report.export}); nothing left the machine`,
      '',
    );
    for (const a of report.agents) out.push(...agentBlock(a, style), '');
    if (report.calls.length) {
      out.push('Scenario calls', '');
      for (const c of report.calls) out.push(...callBlock(c, style), '');
    }
    if (report.scenarioError)
      out.push(
        style.bad(`The scenarios threw: ${loadErrorText(report.scenarioError, verbose)}`),
        '',
      );
    if (report.notOnInstance.length) {
      out.push(
        style.dim(
          `Found by the scan but not on the instance, so not measured: ${report.notOnInstance.map((a) => `${a.label} (${a.file}:${a.line})`).join(', ')}`,
        ),
        '',
      );
    }
  }
  if (report.blocked.length) {
    out.push('Refused (verify runs offline and writes nothing in the repository)');
    for (const b of report.blocked) out.push(`  ${blockedLine(b)}`);
    out.push('');
  }
  if (report.otherProviderRequests.length)
    out.push(
      style.dim(
        `Provider requests outside a measured call, answered locally: ${report.otherProviderRequests.map((r) => `${r.url} (${r.phase})`).join(', ')}`,
      ),
      '',
    );
  if (!report.loadError) {
    const t = report.totals;
    const parts = [
      `${t.match} match`,
      `${t.differs} differ`,
      `${t.unpredictable} not predictable statically`,
      `${t.unmeasured} not measured`,
    ];
    const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
    out.push(
      `${n(t.agents, 'agent')}${t.calls ? ` and ${n(t.calls, 'scenario call')}` : ''}: ${parts.join(', ')}; ${t.failing} fail at generate(); ${n(t.blocked, 'action')} refused`,
    );
  }
  return out.join('\n').trimEnd();
}
