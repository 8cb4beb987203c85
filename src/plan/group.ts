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

/** A finding's message with its one agent's label taken out: equal for agents that read one text. */
function withoutLabel(f: Finding): string | undefined {
  const [label] = f.agents;
  if (f.agents.length !== 1 || !label || !f.message.includes(label)) return undefined;
  const places = f.locations.map((l) => `${l.file}:${l.start}`).join(',');
  return `${f.kind}\0${f.rule ?? ''}\0${f.quiet ? 1 : 0}\0${places}\0${f.message.split(label).join('\u0001')}`;
}

/**
 * A prompt many agents read (one factory's prompt file, a shared base prompt) gives each of them
 * the same finding at the same places: one finding names them all, since one edit of the text
 * answers it. Each agent was judged on its own; only equal answers are joined.
 */
export function sharedTexts(findings: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  const byKey = new Map<string, Finding>();
  for (const f of findings) {
    const key = f.rule === 'prompts' ? withoutLabel(f) : undefined;
    const same = key === undefined ? undefined : byKey.get(key);
    if (same) {
      same.agents.push(f.agents[0]!);
      continue;
    }
    const copy = { ...f, agents: [...f.agents] };
    if (key !== undefined) byKey.set(key, copy);
    out.push(copy);
  }
  for (const f of byKey.values()) {
    if (f.agents.length < 2) continue;
    const others = f.agents.slice(1);
    const shown = others.slice(0, 3).join(', ');
    const more = others.length > 3 ? ` and ${others.length - 3} more` : '';
    f.message += `${/[.?!]$/.test(f.message) ? ' ' : '. '}The same holds for ${others.length === 1 ? 'one more agent' : `${others.length} more agents`} that read this text: ${shown}${more}.`;
  }
  return out;
}
