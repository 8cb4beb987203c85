/**
 * One analysis as ESLint problems, per file. Every change the report lists becomes a problem whose
 * fix is that change; every finding becomes a problem at each of its locations, with a suggestion
 * per candidate the engine spelled out. Messages are the report's own, word for word (the SARIF
 * wording for changes). Offsets are those of the text the engine read (a BOM counts).
 *
 * A prompt file (`.md`, `.txt`) is not JavaScript: its problems are also reported at the call in
 * the agent's code that reads it, naming the prompt's file and line, unless the prompt files are
 * linted themselves (the `prompts` config), where they are reported in place, with their fixes.
 */
import path from 'node:path';
import { applyPatch, diffChars } from 'diff';
import type { Analysis } from '../api/index.ts';
import type { Location, ScanResult, TextFragment } from '../scan/model.ts';
import { changeSummary } from '../report/display.ts';
import type { ReportChange, ReportFinding } from '../report/model.ts';
import { CHANGE_RULES, FINDING_RULES, type EslintRuleName } from './rules.ts';

export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface Problem {
  rule: EslintRuleName;
  message: string;
  severity: 'error' | 'warning' | 'note';
  start: number;
  end: number;
  fix?: TextEdit;
  suggestions?: { desc: string; fix: TextEdit }[];
  /** Reported here for a prompt file (relative path) this code reads. */
  forPrompt?: string;
}

/** A prompt file's problems go to its loaders too; JavaScript and TypeScript files are linted in place. */
const PROMPT_FILE = /\.(md|mdx|txt|prompt)$/i;

/** Where each prompt file is read: the calls that read it, else the agents whose prompt it is. */
function loaders(scan: ScanResult): Map<string, Location[]> {
  const at = new Map<string, Location[]>();
  const add = (f: TextFragment, fallback: Location) => {
    if (f.quote !== 'file') return;
    const where = f.loadedAt ?? fallback;
    const list = at.get(f.location.file) ?? [];
    if (!list.some((l) => l.file === where.file && l.start === where.start)) list.push(where);
    at.set(f.location.file, list);
  };
  for (const a of scan.agents)
    for (const f of [...a.instructions, ...a.descriptions]) add(f, a.location);
  for (const c of scan.calls) for (const f of c.prompts) add(f, c.location);
  return at;
}

/** The file as `migrate` would write it (its edits, then the repository's formatting). */
function migrated(original: string, diff: string | undefined): string | undefined {
  if (diff === undefined) return undefined;
  const after = applyPatch(original, diff);
  return after === false ? undefined : after;
}

/** Where `after` differs from `original`: ranges of `original` and the text that replaces each. */
function hunks(original: string, after: string): TextEdit[] {
  const out: TextEdit[] = [];
  let at = 0;
  for (const part of diffChars(original, after)) {
    if (!part.added && !part.removed) {
      at += part.value.length;
      continue;
    }
    const last = out.at(-1);
    const hunk = last && last.end === at ? last : { start: at, end: at, text: '' };
    if (hunk !== last) out.push(hunk);
    if (part.removed) hunk.end = at += part.value.length;
    else hunk.text += part.value;
  }
  return out;
}

/**
 * The edits of one file as fixes, each made of the differences between the file and what `migrate`
 * writes that fall in its range (a shorthand key's rewrite is `ask_user: askUserTool`, wider than
 * the name the report shows). When a difference belongs to no edit or to two (the repository's
 * formatter moved more), each fix is the whole file as migrate writes it: `eslint --fix` and
 * `migrate` then give the same bytes.
 */
function fixesOf(changes: ReportChange[], original: string, after: string | undefined): TextEdit[] {
  if (after === undefined)
    return changes.map((c) => ({ start: c.start, end: c.end, text: c.after }));
  const mine = changes.map((): TextEdit[] => []);
  for (const h of hunks(original, after)) {
    const owners = changes.flatMap((c, i) => (c.start <= h.end && h.start <= c.end ? [i] : []));
    if (owners.length !== 1)
      return changes.map(() => ({ start: 0, end: original.length, text: after }));
    mine[owners[0]!]!.push(h);
  }
  return changes.map((c, i) => {
    const own = mine[i]!;
    if (own.length === 0) return { start: c.start, end: c.start, text: '' };
    const start = own[0]!.start;
    const end = own.at(-1)!.end;
    let text = '';
    let at = start;
    for (const h of own) {
      text += original.slice(at, h.start) + h.text;
      at = h.end;
    }
    return { start, end, text };
  });
}

/** A finding's problem at one of its locations. */
function findingAt(f: ReportFinding, rule: EslintRuleName, at: Location): Problem {
  return {
    rule,
    message: f.message,
    severity: f.severity,
    start: at.start,
    end: at.end,
    ...(f.suggestions?.length && {
      suggestions: f.suggestions
        .filter((s) => s.location.file === at.file && s.location.start === at.start)
        .map((s) => ({
          desc: `Write ${s.text}`,
          fix: { start: s.location.start, end: s.location.end, text: s.text },
        })),
    }),
  };
}

/**
 * The problems of every file the analysis has one for, keyed by absolute path. `textOf` gives the
 * text the engine read for a file (its buffer, or the disk), to turn the report's diff into fixes.
 */
export function problemsByFile(
  { report, result }: Analysis,
  textOf: (abs: string) => string | undefined,
): Map<string, Problem[]> {
  const out = new Map<string, Problem[]>();
  const push = (rel: string, p: Problem) => {
    const abs = path.resolve(result.root, rel);
    const list = out.get(abs) ?? [];
    list.push(p);
    out.set(abs, list);
  };
  const diffs = new Map(report.files.map((f) => [f.file, f.diff]));
  const byFile = new Map<string, ReportChange[]>();
  for (const c of report.changes) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  for (const [file, changes] of byFile) {
    const original = textOf(path.resolve(result.root, file));
    if (original === undefined) continue;
    const fixes = fixesOf(changes, original, migrated(original, diffs.get(file)));
    changes.forEach((c, i) =>
      push(file, {
        rule: CHANGE_RULES[c.rule],
        message: `${changeSummary(c)} (${c.effect}): ${c.reason}`,
        severity: 'warning',
        start: c.start,
        end: c.end,
        fix: fixes[i]!,
      }),
    );
  }
  for (const f of report.findings) {
    const rule = FINDING_RULES[f.kind];
    if (!rule) continue;
    for (const at of f.locations) push(at.file, findingAt(f, rule, at));
  }
  const loadedBy = loaders(result.scan);
  for (const [rel, problems] of [...out].map(
    ([abs, ps]) => [path.relative(result.root, abs), ps] as const,
  )) {
    if (!PROMPT_FILE.test(rel)) continue;
    const text = textOf(path.resolve(result.root, rel)) ?? '';
    for (const at of loadedBy.get(rel) ?? [])
      for (const p of problems) {
        const line = text.slice(0, p.start).split('\n').length;
        push(at.file, {
          rule: p.rule,
          message: `${rel}:${line}: ${p.message}`,
          severity: p.severity,
          start: at.start,
          end: at.end,
          forPrompt: rel,
        });
      }
  }
  return out;
}
