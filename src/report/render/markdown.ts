/** The report as a pull-request comment: summary, what each agent offers, findings, diffs folded. */
import { needsHuman } from '../build.ts';
import type { Report } from '../model.ts';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => (s ? `\`${s.replace(/`/g, 'ˋ')}\`` : '');
const list = (names: string[]) => names.map(code).join(', ') || '_none_';

export function renderMarkdown(report: Report): string {
  const t = report.totals;
  const out: string[] = [];
  const verb = report.mode === 'migrate' ? 'applied' : 'proposed';
  out.push(`## mastra-tool-names: ${t.changes} changes ${verb}, ${t.findings} findings need a human`, '');
  out.push('| | count |', '| --- | ---: |');
  out.push(`| edits that keep what the model sees | ${t.preserved} |`);
  out.push(`| edits that fix a broken request or prompt | ${t.fixed} |`);
  out.push(`| edits that **rename what the model sees** | ${t.renamed} |`);
  out.push(`| files changed | ${t.files} |`, `| findings that need a human | ${t.findings} |`, `| files that could not be processed | ${t.failedFiles} |`, '');

  if (report.agents.length) {
    out.push('### What the model sees', '', '| agent | before | after |', '| --- | --- | --- |');
    for (const a of report.agents) {
      const same = a.before.join('\0') === a.after.join('\0');
      out.push(`| ${cell(a.agent)} | ${cell(list(a.before))} | ${same ? '_unchanged_' : cell(list(a.after))} |`);
    }
    out.push('');
  }
  if (report.renames.length) {
    out.push('### Renamed on the wire', '');
    for (const r of report.renames) {
      const still = r.stillUsedAt.length ? ` The old name still appears at ${r.stillUsedAt.map((l) => code(`${l.file}:${l.line}`)).join(', ')}.` : '';
      out.push(`- ${code(r.from)} → ${code(r.to)} (${r.agents.join(', ')}).${still}`);
    }
    out.push('', '> Stored threads, traces, evals and approval lists may still hold the old names.', '');
  }
  const human = report.findings.filter(needsHuman);
  const notes = report.findings.filter((f) => !needsHuman(f));
  if (human.length) {
    out.push('### Needs a human', '');
    for (const f of human) out.push(`- **${f.kind}** ${f.locations.map((l) => code(`${l.file}:${l.line}`)).join(', ')}: ${cell(f.message)}`);
    out.push('');
  }
  if (notes.length) {
    out.push('<details><summary>Notes</summary>', '');
    for (const f of notes) out.push(`- **${f.kind}** ${f.locations.map((l) => code(`${l.file}:${l.line}`)).join(', ')}: ${cell(f.message)}`);
    out.push('', '</details>', '');
  }
  for (const f of report.files) {
    const changes = report.changes.filter((c) => c.file === f.file);
    out.push(`<details><summary>${f.file} (${f.status === 'failed' ? 'could not be processed' : `${changes.length} changes`})</summary>`, '');
    for (const c of changes) out.push(`- line ${c.line}: ${code(c.before)} → ${code(c.after)} (${c.rule}, ${c.effect}): ${cell(c.reason)}`);
    if (f.diff) out.push('', '```diff', f.diff.split('\n').filter((l) => !l.startsWith('===') && !l.startsWith('Index:')).join('\n').trimEnd(), '```');
    if (f.error) out.push('', f.error);
    out.push('', '</details>', '');
  }
  if (report.mode !== 'migrate' && t.changes > 0) out.push(`Apply with \`npx mastra-tool-names migrate ${report.target}\`.`, '');
  return out.join('\n');
}
