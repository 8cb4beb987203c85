/**
 * The report as GitHub Actions workflow commands (`--format github`): one annotation per change and
 * per finding, on its line in the pull request, with the severity the SARIF report gives it
 * (error, warning, note -> `::error`, `::warning`, `::notice`). Escaping follows GitHub's workflow
 * command documentation: `%`, CR and LF in the message; also `:` and `,` in property values.
 */
import { changeSummary } from '../display.ts';
import path from 'node:path';
import type { Location } from '../../scan/model.ts';
import type { Report, ReportChange, ReportFinding } from '../model.ts';
import { changeLevel } from './sarif.ts';

export interface GithubOptions {
  /**
   * The folder the report's paths are relative to, as a path from the repository root (annotations
   * name files from there). Default: the report's target.
   */
  base?: string;
}

const COMMAND = { error: 'error', warning: 'warning', note: 'notice' } as const;
type Level = keyof typeof COMMAND;

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

function changeCommand(c: ReportChange, file: (f: string) => string): string {
  const lines = c.before.split('\n');
  const last = lines[lines.length - 1]!;
  const endLine = c.line + lines.length - 1;
  const endColumn = lines.length === 1 ? c.column + last.length : last.length + 1;
  return workflowCommand(
    changeLevel(c),
    [
      ['file', file(c.file)],
      ['line', c.line],
      ['endLine', endLine],
      ['col', c.column],
      ['endColumn', endColumn],
      ['title', `mastra-tool-names ${c.rule}`],
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
    [...where, ['title', `mastra-tool-names ${f.kind}`]],
    `${f.message}${also}`,
  );
}

export function renderGithub(report: Report, options: GithubOptions = {}): string {
  const base = (options.base ?? report.target).split(path.sep).join('/');
  const file = (f: string) => path.posix.join(base, f);
  return [
    ...report.changes.map((c) => changeCommand(c, file)),
    ...report.findings.map((f) => findingCommand(f, file)),
    ...(report.noMastraCode ? [workflowCommand('note', [], report.noMastraCode)] : []),
  ].join('\n');
}
