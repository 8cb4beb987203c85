/** Renders a verify report for people: per agent and call, what was sent next to the prediction. */
import type {
  AgentVerification,
  AppReport,
  AppTimings,
  Blocked,
  CallVerification,
  LoadError,
  McpStart,
  Measurement,
  Verification,
  VerifyReport,
  VerifyStatus,
  VerifyTotals,
} from '../verify/model.ts';
import { failureText } from '../verify/failure-text.ts';
import { showKey } from './display.ts';
import { promptNameText, promptTotalsText } from './verify-prompt.ts';
import { PLAIN, type Style } from './style.ts';

/** A load error with `--mastra-core`: the likeliest cause is a package built for another line. */
export const GIVEN_LOAD_HINT =
  '  It ran with the @mastra/core given with --mastra-core: the app, or a @mastra/* package it uses, may need a version of that line (install matching ones beside it, or pick another version).';

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
  for (const name of v.prompt?.names ?? []) out.push(style.bad(`  ! ${promptNameText(name)}`));
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

/** `import    node mcp/server.mjs (2 times)  for supportAgent  lists a, b`: one MCP server start. */
export function mcpStartLine(m: McpStart): string {
  const what = m.transport === 'stdio' ? [m.command, ...(m.args ?? [])].join(' ') : (m.url ?? '');
  const times =
    m.count > 1 ? ` (${m.count} ${m.transport === 'stdio' ? 'times' : 'requests'})` : '';
  const tools = m.tools?.length ? `  lists ${m.tools.join(', ')}` : '';
  return `${m.phase.padEnd(9)} ${m.transport} ${what}${times}${m.agent ? `  for ${m.agent}` : ''}${m.at ? `  from ${m.at}` : ''}${tools}`;
}

/** What `--allow-mcp` would change, or why an MCP request stayed refused with it. */
export function mcpHint(app: AppReport): string | undefined {
  if (!app.blocked.some((b) => b.mcp)) return undefined;
  return app.mcpStarts
    ? 'MCP servers at URLs other than localhost, 127.0.0.1 and ::1 stay refused with --allow-mcp'
    : "The app's MCP clients were refused: --allow-mcp lets them start the stdio servers the app configures and reach MCP servers at local URLs (each start is listed)";
}

/** The first line of an app: what ran, and what left the machine. */
export function offlineNote(app: AppReport): string {
  return app.mcpStarts?.length
    ? "the app reached nothing outside the machine; the MCP servers it started (--allow-mcp) run as it configures them, outside verify's guards"
    : 'nothing left the machine';
}

export function loadErrorText(e: LoadError, verbose: boolean): string {
  return verbose && e.detail ? `${e.reason}\n${e.detail.trimEnd()}` : e.reason;
}

/** `4.1 s`: durations as people read them. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** `in 5.2 s (load 4.1 s, calls 1.1 s)`. */
export function timingText(t: AppTimings): string {
  const parts =
    t.loadMs !== undefined && t.callsMs !== undefined
      ? ` (load ${seconds(t.loadMs)}, calls ${seconds(t.callsMs)})`
      : '';
  return `in ${seconds(t.totalMs)}${parts}`;
}

const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** `3 agents: 2 match, ...; 0 fail at generate(); 3 actions refused` */
function totalsLine(t: VerifyTotals): string {
  const parts = [
    `${t.match} match`,
    `${t.differs} differ`,
    `${t.unpredictable} not predictable statically`,
    `${t.unmeasured} not measured`,
  ];
  return `${n(t.agents, 'agent')}${t.calls ? ` and ${n(t.calls, 'scenario call')}` : ''}: ${parts.join(', ')}; ${t.failing} fail at generate(); ${n(t.blocked, 'action')} refused`;
}

export function notInstalledText(app: AppReport): string {
  const m = app.notInstalled;
  if (!m) return 'not measured: its dependencies are not installed';
  return `not measured: ${m.reason}; install them with \`${m.command}\`${m.cwd === app.path ? '' : ` in ${m.cwd}`}`;
}

function contextLine(app: AppReport): string | undefined {
  const c = app.requestContext;
  return c
    ? `Request context on each call (${c.option}): ${c.keys.join(', ') || '(no keys)'} from ${c.sources.join(', ')}`
    : undefined;
}

/** One app: its agents and calls, what was refused, and its totals. */
function appText(
  app: AppReport,
  target: string,
  single: boolean,
  style: Style,
  verbose: boolean,
): string[] {
  const out: string[] = [];
  const name = single ? target : app.path;
  const version = app.mastra.version
    ? `@mastra/core ${app.mastra.version}`
    : '@mastra/core (version unknown)';
  if (app.outcome === 'not-installed') return [style.warn(`${name}  ${notInstalledText(app)}`)];
  if (app.loadError) {
    out.push(
      style.bad(
        `${single ? 'The app' : name} could not be loaded (${app.entry}, export ${app.export}): ${loadErrorText(app.loadError, verbose)}`,
      ),
    );
    if (app.mastra.given) out.push(GIVEN_LOAD_HINT);
  } else {
    out.push(
      `Measured ${name} with ${app.mastra.given ? `the ${version} given with --mastra-core${app.mastra.path ? ` (${app.mastra.path})` : ''}` : `its own ${version}`} (entry ${app.entry}, export ${app.export}) ${timingText(app.timings)}; ${offlineNote(app)}`,
      '',
    );
    const context = contextLine(app);
    if (context) out.push(style.dim(context), '');
    for (const a of app.agents) out.push(...agentBlock(a, style), '');
    if (app.calls.length) {
      out.push('Scenario calls', '');
      for (const c of app.calls) out.push(...callBlock(c, style), '');
    }
    if (app.scenarioError)
      out.push(style.bad(`The scenarios threw: ${loadErrorText(app.scenarioError, verbose)}`), '');
    if (app.notOnInstance.length) {
      out.push(
        style.dim(
          `Found by the scan but not on the instance, so not measured: ${app.notOnInstance.map((a) => `${a.label} (${a.file}:${a.line})`).join(', ')}`,
        ),
        '',
      );
    }
  }
  if (app.mcpStarts?.length) {
    out.push("MCP servers started (--allow-mcp), as the app's MCP clients configure them");
    for (const m of app.mcpStarts) out.push(`  ${mcpStartLine(m)}`);
    out.push('');
  }
  if (app.blocked.length) {
    out.push('Refused (verify runs offline and writes nothing in the repository)');
    for (const b of app.blocked) out.push(`  ${blockedLine(b)}`);
    const hint = mcpHint(app);
    if (hint) out.push(style.dim(`  ${hint}`));
    out.push('');
  }
  if (app.otherProviderRequests.length)
    out.push(
      style.dim(
        `Provider requests outside a measured call, answered locally: ${app.otherProviderRequests.map((r) => `${r.url} (${r.phase})`).join(', ')}`,
      ),
      '',
    );
  if (!app.loadError) {
    if (app.prompt) out.push(promptTotalsText(app.prompt));
    out.push(single ? totalsLine(app.totals) : `${app.path}: ${totalsLine(app.totals)}`);
  }
  return out;
}

export function renderVerifyText(
  report: VerifyReport,
  style: Style = PLAIN,
  verbose = false,
): string {
  const single = report.apps.length === 1 && report.apps[0]!.path === '.';
  if (single)
    return appText(report.apps[0]!, report.target, true, style, verbose).join('\n').trimEnd();
  const t = report.totals;
  const out = [
    `${n(t.apps, 'app')} under ${report.target}, each measured in its own process with its own @mastra/core`,
    '',
  ];
  for (const app of report.apps) {
    out.push(style.dim(`── ${app.path} ${'─'.repeat(Math.max(3, 60 - app.path.length))}`));
    out.push(...appText(app, report.target, false, style, verbose).map((l) => l.trimEnd()), '');
  }
  if (report.notInAnyApp.length)
    out.push(
      style.dim(
        `Found by the scan outside every app and registered by none, so not measured: ${report.notInAnyApp.map((a) => `${a.label} (${a.file}:${a.line})`).join(', ')}`,
      ),
      '',
    );
  if (report.prompt) out.push(promptTotalsText(report.prompt));
  out.push(
    `${n(t.apps, 'app')}: ${t.verified} measured, ${t.notInstalled} not installed, ${t.loadFailed} could not be loaded; ${totalsLine(t)}; ${seconds(report.durationMs)} in all`,
  );
  return out.join('\n').trimEnd();
}
