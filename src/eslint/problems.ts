/**
 * One analysis as ESLint problems, per file. Every change the report lists becomes a problem whose
 * fix is that change; every finding becomes a problem at each of its locations, with a suggestion
 * per candidate the engine spelled out. Messages are the report's own, word for word (the SARIF
 * wording for changes). Offsets are ESLint's, whose text never starts with a byte-order mark.
 *
 * A prompt file (`.md`, `.txt`) is not JavaScript: its problems are also reported at the call in
 * the agent's code that reads it, naming the prompt's file and line, unless the prompt files are
 * linted themselves (the `prompts` config), where they are reported in place, with their fixes.
 */
import path from 'node:path';
import { applyPatch, diffChars } from 'diff';
import { isSourceFile } from '../scan/files/discover.ts';
import type { Analysis } from '../api/index.ts';
import type { Location, ScanResult, TextFragment } from '../scan/model.ts';
import { changeMessage } from '../report/display.ts';
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
  /** The 1-based line of `start` (where a prompt file's problem is named at its loader). */
  line: number;
  start: number;
  end: number;
  fix?: TextEdit;
  suggestions?: { desc: string; fix: TextEdit }[];
  /** Reported here for a prompt file (relative path) this code reads. */
  forPrompt?: string;
}

const BOM = /^\uFEFF/;

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
function fixesOf(
  changes: ReportChange[],
  original: string,
  after: string | undefined,
): Array<TextEdit | undefined> {
  if (after === undefined)
    return changes.map((c) => ({ start: c.start, end: c.end, text: c.after }));
  const mine = changes.map((): TextEdit[] => []);
  for (const h of hunks(original, after)) {
    const owners = changes.flatMap((c, i) => (c.start <= h.end && h.start <= c.end ? [i] : []));
    if (owners.length !== 1)
      return changes.map(() => ({ start: 0, end: original.length, text: after }));
    mine[owners[0]!]!.push(h);
  }
  return mine.map((own) => {
    // An edit that changes no byte of what migrate writes needs no fix.
    if (own.length === 0) return undefined;
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
function findingAt(f: ReportFinding, rule: EslintRuleName, at: Location, shift: number): Problem {
  return {
    rule,
    message: f.message,
    line: at.line,
    start: at.start - shift,
    end: at.end - shift,
    ...(f.suggestions?.length && {
      suggestions: f.suggestions
        .filter((s) => s.location.file === at.file && s.location.start === at.start)
        .map((s) => ({
          desc: `Write ${s.text}`,
          fix: { start: s.location.start - shift, end: s.location.end - shift, text: s.text },
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
  // ESLint's text of a file never starts with a byte-order mark. A parsed source's offsets do not
  // count one either; a text file the scan reads whole (a prompt) counts it: those move back one.
  const shifts = new Map<string, number>();
  const shiftOf = (rel: string) => {
    let n = shifts.get(rel);
    if (n === undefined)
      shifts.set(
        rel,
        (n = !isSourceFile(rel) && BOM.test(textOf(path.resolve(result.root, rel)) ?? '') ? 1 : 0),
      );
    return n;
  };
  const moved = <T extends { start: number; end: number }>(r: T, by: number): T =>
    by === 0 ? r : { ...r, start: r.start - by, end: r.end - by };
  const diffs = new Map(report.files.map((f) => [f.file, f.diff]));
  const byFile = new Map<string, ReportChange[]>();
  for (const c of report.changes) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  for (const [file, written] of byFile) {
    const raw = textOf(path.resolve(result.root, file));
    if (raw === undefined) continue;
    const changes = written.map((c) => moved(c, shiftOf(file)));
    const after = migrated(raw, diffs.get(file))?.replace(BOM, '');
    const fixes = fixesOf(changes, raw.replace(BOM, ''), after);
    changes.forEach((c, i) =>
      push(file, {
        rule: CHANGE_RULES[c.rule],
        message: changeMessage(c),
        line: c.line,
        start: c.start,
        end: c.end,
        ...(fixes[i] && { fix: fixes[i] }),
      }),
    );
  }
  for (const f of report.findings) {
    const rule = FINDING_RULES[f.kind];
    if (!rule) continue;
    for (const at of f.locations) push(at.file, findingAt(f, rule, at, shiftOf(at.file)));
  }
  const loadedBy = loaders(result.scan);
  for (const [rel, problems] of [...out].map(
    ([abs, ps]) => [path.relative(result.root, abs), ps] as const,
  )) {
    if (!PROMPT_FILE.test(rel)) continue;
    for (const at of loadedBy.get(rel) ?? [])
      for (const p of problems) {
        push(at.file, {
          rule: p.rule,
          message: `${rel}:${p.line}: ${p.message}`,
          line: at.line,
          ...moved({ start: at.start, end: at.end }, shiftOf(at.file)),
          forPrompt: rel,
        });
      }
  }
  return out;
}
