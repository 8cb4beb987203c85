/**
 * Findings the plan makes without reading any code: the files that could not be processed, and the
 * grouping of equal findings into one with several places. TypeScript-free, so the answer for a
 * tree with no Mastra code is built without loading the parser (`migrate/no-mastra.ts`).
 */
import type { ScanResult } from '../scan/model.ts';
import type { Finding } from './model.ts';

/** One finding per file the scan could not parse, read or analyse. */
export function unparsableFindings(scan: Pick<ScanResult, 'files'>): Finding[] {
  return scan.files.unparsable.map((f) => ({
    kind: 'unparsable',
    message: `could not process: ${f.message}`,
    locations: [{ file: f.file, line: 1, column: 1, start: 0, end: 0 }],
    agents: [],
  }));
}

/** One finding per kind, rule, agents and message, with all its locations (in first-seen order). */
export function grouped(findings: readonly Finding[]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    const key = `${f.kind}\0${f.rule ?? ''}\0${f.agents.join('\0')}\0${f.message}`;
    const same = byKey.get(key);
    if (!same) {
      byKey.set(key, { ...f, locations: [...f.locations] });
      continue;
    }
    for (const l of f.locations)
      if (!same.locations.some((x) => x.file === l.file && x.start === l.start))
        same.locations.push(l);
  }
  return [...byKey.values()];
}
