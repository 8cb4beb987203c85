/** Small helpers shared by the text renderers. */
import stringWidth from 'string-width';
import type { ReportChange } from './model.ts';

/** A change on one line: `before -> after`, or for an inserted import, what it adds. */
export function changeSummary(c: Pick<ReportChange, 'target' | 'before' | 'after'>): string {
  return c.target === 'import' ? `adds ${c.after.trim()}` : `${c.before} -> ${c.after}`;
}

/** A change as one message (SARIF, the ESLint plugin): what it does, its effect, and why. */
export function changeMessage(
  c: Pick<ReportChange, 'target' | 'before' | 'after' | 'effect' | 'reason'>,
): string {
  return `${changeSummary(c)} (${c.effect}): ${c.reason}`;
}

/** A key as a person can read it: quoted when it is empty or holds spaces or control characters. */
export function showKey(key: string): string {
  return key === '' || /[\s\p{C}]/u.test(key) ? JSON.stringify(key) : key;
}

/** Left-aligned columns; widths count terminal cells, so CJK and emoji line up. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((h, i) =>
    Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c + ' '.repeat(widths[i]! - stringWidth(c))))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}
