/**
 * Which changes and findings come first where room is short (annotations, SARIF): what this change
 * introduced, then what sits on a line it touched, then by severity. Stable within a rank.
 */
import { introduced } from './baseline.ts';
import type { ReportChange, ReportFinding } from './model.ts';

/** Lines the change touched, per report path: 1-based inclusive ranges in the head. */
export type ChangedLines = Record<string, Array<[number, number]>>;

export function onChangedLine(
  lines: ChangedLines | undefined,
  file: string,
  line: number,
): boolean {
  return (lines?.[file] ?? []).some(([a, b]) => line >= a && line <= b);
}

export type Level = 'error' | 'warning' | 'note';

/** A change's severity: a rename of what the model sees deserves a look; the rest is routine. */
export function changeLevel(c: ReportChange): 'warning' | 'note' {
  return c.effect === 'renamed' ? 'warning' : 'note';
}

export type Ranked =
  | { kind: 'change'; item: ReportChange; level: Level }
  | { kind: 'finding'; item: ReportFinding; level: Level };

const LEVEL_RANK: Record<Level, number> = { error: 0, warning: 1, note: 2 };

function touched(r: Ranked, lines: ChangedLines | undefined): boolean {
  if (r.kind === 'change') return onChangedLine(lines, r.item.file, r.item.line);
  return r.item.locations.some((l) => onChangedLine(lines, l.file, l.line));
}

/** Changes and findings in the order they deserve attention. */
export function ranked(
  report: { changes: ReportChange[]; findings: ReportFinding[] },
  lines?: ChangedLines,
): Ranked[] {
  const all: Ranked[] = [
    ...report.changes.map((c): Ranked => ({ kind: 'change', item: c, level: changeLevel(c) })),
    ...report.findings.map((f): Ranked => ({ kind: 'finding', item: f, level: f.severity })),
  ];
  const score = (r: Ranked) =>
    (introduced(r.item) ? 0 : 4) + (touched(r, lines) ? 0 : 2) + LEVEL_RANK[r.level] / 4;
  return all
    .map((r, i) => ({ r, i, s: score(r) }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map(({ r }) => r);
}
