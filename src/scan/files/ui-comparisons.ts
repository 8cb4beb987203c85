/**
 * Front-end files in packages that cannot import Mastra (a separate `frontend/` app) are not
 * parsed: their strings count as name uses only. One that tests a tool name against strings the
 * Mastra code also writes (`case 'list_tasks':` beside `id: 'list_tasks'`) switches on the names
 * the app's agents stream, so it is parsed for its comparisons like any Mastra file: the other
 * cases of that switch may be stale (a sub-agent's id where the stream carries `agent-KEY`).
 */
import { COMPARISON_TEXT } from '../mentions/mentions.ts';

/** A string a test compares with: `case 'x':`, `=== 'x'`, `!== "x"`. */
const COMPARED = /(?:\bcase\s+|[!=]==?\s*)(['"`])([\w.:-]{2,80})\1/g;
/** A quoted string as Mastra code writes a tool's id or key. */
const QUOTED = /(['"`])([\w.:-]{2,80})\1/g;

export function uiComparisonFiles(
  outside: readonly string[],
  inside: readonly string[],
  read: (file: string) => string | undefined,
): string[] {
  const candidates = outside.filter((f) => COMPARISON_TEXT.test(read(f) ?? ''));
  if (candidates.length === 0) return [];
  const written = new Set<string>();
  for (const f of inside) for (const m of (read(f) ?? '').matchAll(QUOTED)) written.add(m[2]!);
  return candidates.filter((f) =>
    [...(read(f) ?? '').matchAll(COMPARED)].some((m) => written.has(m[2]!)),
  );
}
