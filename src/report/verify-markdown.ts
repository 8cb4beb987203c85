/** A verify report as a pull-request comment: one table row per agent and scenario call. */
import type { AppReport, Verification, VerifyReport } from '../verify/model.ts';
import {
  blockedLine,
  mcpHint,
  mcpStartLine,
  measuredText,
  notInstalledText,
  seconds,
  STATUS_TEXT,
  timingText,
} from './verify-text.ts';
import { promptNameText, promptTotalsText } from './verify-prompt.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => (s ? `\`${s.replace(/`/g, 'ˋ')}\`` : '');

function row(name: string, v: Verification): string {
  const predicted = v.predicted
    ? v.predicted.failure
      ? `generate() fails: ${v.predicted.failure.message}`
      : v.predicted.tools.join(', ') || '(no tools)'
    : '';
  const note = [...(v.difference?.summary ?? []), ...v.reasons].join('; ');
  const status = v.status === 'differs' ? `**${STATUS_TEXT[v.status]}**` : STATUS_TEXT[v.status];
  return `| ${cell(name)} | ${status} | ${cell(measuredText(v.measurement))} | ${cell(v.status === 'match' ? '_same_' : predicted)} | ${cell(note)} |`;
}

function appMarkdown(app: AppReport, single: boolean): string[] {
  const out: string[] = [];
  const t = app.totals;
  const heading = single ? '## mastra-tool-names verify' : `### \`${app.path}\``;
  if (app.outcome === 'not-installed') return [heading, '', cell(notInstalledText(app)), ''];
  if (app.loadError) {
    out.push(
      `${heading}: the app could not be loaded`,
      '',
      `\`${app.entry}\` (export \`${app.export}\`): ${cell(app.loadError.reason)}`,
      '',
    );
  } else {
    out.push(
      `${heading}: ${t.match} match, ${t.differs} differ, ${t.unpredictable} not predictable statically, ${t.unmeasured} not measured`,
      '',
    );
    out.push(
      `Measured with ${app.mastra.given ? 'the' : "the app's own"} \`@mastra/core\` ${app.mastra.version ?? '(version unknown)'}${app.mastra.given ? ' given with `--mastra-core`' : ''} (entry \`${app.entry}\`, export \`${app.export}\`), offline, ${timingText(app.timings)}.`,
      '',
    );
    if (app.requestContext)
      out.push(
        `Request context on each call (\`${app.requestContext.option}\`): ${app.requestContext.keys.map(code).join(', ')}.`,
        '',
      );
    out.push(
      '| agent / call | status | sent | predicted | notes |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const a of app.agents)
      out.push(row(`${a.key}${a.id && a.id !== a.key ? ` (${a.id})` : ''}`, a));
    for (const c of app.calls)
      out.push(
        row(
          `${c.location ? `${c.location.file}:${c.location.line} ` : ''}${c.agent}.${c.method}()`,
          c,
        ),
      );
    out.push('');
    const stale = [
      ...app.agents.map((a) => [a.key, a] as const),
      ...app.calls.map((c) => [`${c.agent}.${c.method}()`, c] as const),
    ].flatMap(([who, v]) =>
      (v.prompt?.names ?? []).map((p) => `- ${code(who)}: ${cell(promptNameText(p))}`),
    );
    if (app.prompt)
      out.push(cell(promptTotalsText(app.prompt)), '', ...(stale.length ? [...stale, ''] : []));
    if (app.scenarioError) out.push(`> The scenarios threw: ${cell(app.scenarioError.reason)}`, '');
    if (app.notOnInstance.length)
      out.push(
        `Not on the instance, so not measured: ${app.notOnInstance.map((a) => code(a.label)).join(', ')}.`,
        '',
      );
  }
  if (app.mcpStarts?.length) {
    out.push('<details><summary>MCP servers started (--allow-mcp)</summary>', '');
    for (const m of app.mcpStarts) out.push(`- ${code(mcpStartLine(m).replace(/\s+/g, ' '))}`);
    out.push('', '</details>', '');
  }
  if (app.blocked.length) {
    out.push('<details><summary>Refused: nothing left the machine</summary>', '');
    for (const b of app.blocked) out.push(`- ${code(blockedLine(b).replace(/\s+/g, ' '))}`);
    const hint = mcpHint(app);
    if (hint) out.push('', hint);
    out.push('', '</details>', '');
  }
  return out;
}

export function renderVerifyMarkdown(report: VerifyReport): string {
  const single = report.apps.length === 1 && report.apps[0]!.path === '.';
  if (single) return appMarkdown(report.apps[0]!, true).join('\n');
  const t = report.totals;
  const out = [
    `## mastra-tool-names verify: ${t.apps} apps, ${t.match} match, ${t.differs} differ, ${t.unpredictable} not predictable statically, ${t.unmeasured} not measured`,
    '',
    `${t.verified} measured, ${t.notInstalled} not installed, ${t.loadFailed} could not be loaded; each app in its own process with its own \`@mastra/core\`, offline, ${seconds(report.durationMs)} in all.`,
    '',
  ];
  for (const app of report.apps) out.push(...appMarkdown(app, false));
  if (report.notInAnyApp.length)
    out.push(
      `Outside every app and registered by none, so not measured: ${report.notInAnyApp.map((a) => code(a.label)).join(', ')}.`,
      '',
    );
  return out.join('\n');
}
