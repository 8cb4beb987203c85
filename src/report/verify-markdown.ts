/** A verify report as a pull-request comment: one table row per agent and scenario call. */
import type { Verification, VerifyReport } from '../verify/model.ts';
import { blockedLine, measuredText, STATUS_TEXT } from './verify-text.ts';

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

export function renderVerifyMarkdown(report: VerifyReport): string {
  const out: string[] = [];
  const t = report.totals;
  if (report.loadError) {
    out.push(
      `## mastra-tool-names verify: the app could not be loaded`,
      '',
      `\`${report.entry}\` (export \`${report.export}\`): ${cell(report.loadError.reason)}`,
      '',
    );
  } else {
    out.push(
      `## mastra-tool-names verify: ${t.match} match, ${t.differs} differ, ${t.unpredictable} not predictable statically, ${t.unmeasured} not measured`,
      '',
    );
    out.push(
      `Measured with the app's own \`@mastra/core\` ${report.mastra.version ?? '(version unknown)'} (entry \`${report.entry}\`, export \`${report.export}\`), offline.`,
      '',
    );
    out.push(
      '| agent / call | status | sent | predicted | notes |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const a of report.agents)
      out.push(row(`${a.key}${a.id && a.id !== a.key ? ` (${a.id})` : ''}`, a));
    for (const c of report.calls)
      out.push(
        row(
          `${c.location ? `${c.location.file}:${c.location.line} ` : ''}${c.agent}.${c.method}()`,
          c,
        ),
      );
    out.push('');
    if (report.scenarioError)
      out.push(`> The scenarios threw: ${cell(report.scenarioError.reason)}`, '');
    if (report.notOnInstance.length)
      out.push(
        `Not on the instance, so not measured: ${report.notOnInstance.map((a) => code(a.label)).join(', ')}.`,
        '',
      );
  }
  if (report.blocked.length) {
    out.push('<details><summary>Refused: nothing left the machine</summary>', '');
    for (const b of report.blocked) out.push(`- ${code(blockedLine(b).replace(/\s+/g, ' '))}`);
    out.push('', '</details>', '');
  }
  return out.join('\n');
}
