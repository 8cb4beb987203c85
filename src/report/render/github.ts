/**
 * The report as GitHub Actions workflow commands (`--format github`): annotations on the lines of the
 * pull request, with the severity the SARIF report gives each change and finding (error, warning,
 * note -> `::error`, `::warning`, `::notice`). Escaping follows GitHub's workflow command
 * documentation: `%`, CR and LF in the message; also `:` and `,` in property values.
 *
 * GitHub shows at most 10 annotations of each kind per step (and 50 per job) and drops the rest
 * without a word (actions/toolkit, docs/problem-matchers.md). So the most deserving come first (see
 * rank.ts), at most 10 of each kind, and one last notice says how many were left out and where they
 * all are.
 */
import { changeSummary } from '../display.ts';
import path from 'node:path';
import type { Location } from '../../scan/model.ts';
import type { BaselineState, Report, ReportChange, ReportFinding } from '../model.ts';
import { ranked, type ChangedLines, type Level } from '../rank.ts';

export interface GithubOptions {
  /**
   * The folder the report's paths are relative to, as a path from the repository root (annotations
   * name files from there). Default: the report's target.
   */
  base?: string;
  /** Lines the pull request changed (report paths): their annotations come first. */
  changedLines?: ChangedLines;
}

/** GitHub's limit per step and annotation kind. */
export const ANNOTATIONS_PER_KIND = 10;

const COMMAND = { error: 'error', warning: 'warning', note: 'notice' } as const;

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

type Property = [name: string, value: string | number | undefined];

export function workflowCommand(level: Level, properties: Property[], message: string): string {
  const props = properties
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${escapeProperty(String(v))}`);
  return `::${COMMAND[level]}${props.length ? ` ${props.join(',')}` : ''}::${escapeData(message)}`;
}

const STATE: Record<BaselineState, string> = {
  new: ' (introduced by this change)',
  updated: ' (changed by this change)',
  unchanged: ' (already on the base)',
};
const title = (what: string, state?: BaselineState) =>
  `mastra-tool-names ${what}${state ? STATE[state] : ''}`;

function changeCommand(c: ReportChange, level: Level, file: (f: string) => string): string {
  const lines = c.before.split('\n');
  const last = lines[lines.length - 1]!;
  const endLine = c.line + lines.length - 1;
  const endColumn = lines.length === 1 ? c.column + last.length : last.length + 1;
  return workflowCommand(
    level,
    [
      ['file', file(c.file)],
      ['line', c.line],
      ['endLine', endLine],
      ['col', c.column],
      ['endColumn', endColumn],
      ['title', title(c.rule, c.baseline)],
    ],
    `${changeSummary(c)} (${c.effect}${c.applied ? ', applied' : ''}): ${c.reason}`,
  );
}

function findingCommand(f: ReportFinding, file: (f: string) => string): string {
  const [at, ...others] = f.locations as [Location | undefined, ...Location[]];
  const also = others.length
    ? ` (also at ${others.map((l) => `${file(l.file)}:${l.line}:${l.column}`).join(', ')})`
    : '';
  const where: Property[] = at
    ? [
        ['file', file(at.file)],
        ['line', at.line],
        ['col', at.column],
      ]
    : [];
  return workflowCommand(
    f.severity,
    [...where, ['title', title(f.kind, f.baseline)]],
    `${f.message}${also}`,
  );
}

/** The closing notice: how many were left out, how many of them this change brought, and where all are. */
function overflowNotice(report: Report, shown: number, newLeft: number): string {
  const all = report.changes.length + report.findings.length;
  const brought = report.baseline
    ? ` ${newLeft} of those left out were introduced by this change.`
    : '';
  return workflowCommand(
    'note',
    [['title', 'mastra-tool-names (more results than annotations)']],
    `${all} results (${report.changes.length} changes, ${report.findings.length} findings); ${shown} shown as annotations, ${all - shown} left out: GitHub shows at most ${ANNOTATIONS_PER_KIND} of each kind per step.${brought} Every one is in the step summary, in the SARIF report (upload it with github/codeql-action/upload-sarif to see them on the Security tab) and in the files written with --report.`,
  );
}

export function renderGithub(report: Report, options: GithubOptions = {}): string {
  const base = (options.base ?? report.target).split(path.sep).join('/');
  const file = (f: string) => path.posix.join(base, f);
  const order = ranked(report, options.changedLines);
  const total = order.length;
  // With more than fit, one notice slot is kept for the closing notice.
  const over = overflows(order);
  const room = (level: Level) =>
    level === 'note' && over ? ANNOTATIONS_PER_KIND - 1 : ANNOTATIONS_PER_KIND;
  const used: Record<Level, number> = { error: 0, warning: 0, note: 0 };
  const out: string[] = [];
  let newLeft = 0;
  for (const r of order) {
    if (used[r.level] >= room(r.level)) {
      if (r.item.baseline === 'new' || r.item.baseline === 'updated') newLeft++;
      continue;
    }
    used[r.level]++;
    out.push(
      r.kind === 'change' ? changeCommand(r.item, r.level, file) : findingCommand(r.item, file),
    );
  }
  if (out.length < total) out.push(overflowNotice(report, out.length, newLeft));
  if (report.noMastraCode) out.push(workflowCommand('note', [], report.noMastraCode));
  return out.join('\n');
}

/** More of some kind than GitHub shows. */
function overflows(order: Array<{ level: Level }>): boolean {
  const n: Record<Level, number> = { error: 0, warning: 0, note: 0 };
  for (const r of order) n[r.level]++;
  return Object.values(n).some((count) => count > ANNOTATIONS_PER_KIND);
}
