/**
 * Applies every planned edit of one file: each rule's transform finds its edits on the same
 * jscodeshift tree (an edit whose node is not where the plan says fails the file), the edits are
 * written over their spans, and the whole result must parse again before it is accepted. The tree is
 * the top-level statements that hold the edits, not the whole file, when they parse on their own:
 * parsing costs grow with the text, and the rest of the file is kept byte for byte anyway. So each
 * rewritten statement is parsed again on its own (the whole file, when it was rewritten whole).
 */
import { createRequire } from 'node:module';
import type JSCodeshift from 'jscodeshift';
import { ts } from '../ts-morph.ts';
import { applyEdits, spliceEdits } from '../../transforms/lib/apply-edits.ts';
import type { FileOutcome } from '../../transforms/lib/apply-text.ts';
import { checkParses, parserFor } from '../../transforms/lib/parser.ts';
import { RULE_IDS, type Edit } from '../plan/model.ts';
import { failureReason, isStackOverflow } from '../scan/files/isolate.ts';

// CommonJS, loaded with require: cheaper than through the ESM loader (see ../ts-morph.ts); and
// only at the first rewrite, so a run with nothing to change never loads it (nor recast, babel).
const requireHere = createRequire(import.meta.url);
let loaded: typeof JSCodeshift | undefined;
const jscodeshift = () => (loaded ??= requireHere('jscodeshift') as typeof JSCodeshift);

export type { FileOutcome };

type Core = ReturnType<typeof JSCodeshift.withParser>;
type Applied = FileOutcome;

// withParser copies every builder onto a new function: one per parser is enough.
const cores = new Map<string, Core>();

function coreFor(file: string): Core {
  const parser = parserFor(file);
  let j = cores.get(parser);
  if (!j) cores.set(parser, (j = jscodeshift().withParser(parser)));
  return j;
}

/** Runs every rule's edits on one parse of `text`; edit offsets are relative to `text`. */
function applyOnce(j: Core, text: string, edits: readonly Edit[]): Applied {
  let root;
  try {
    root = j(text);
  } catch (e) {
    return {
      ok: false,
      error: isStackOverflow(e)
        ? failureReason(e, 'rewrite')
        : `does not parse: ${(e as Error).message.split('\n')[0]}`,
    };
  }
  const applied: Edit[] = [];
  const shorthand = new Set<Edit>();
  for (const rule of RULE_IDS) {
    const mine = edits.filter((e) => e.rule === rule);
    if (mine.length === 0) continue;
    const result = applyEdits(j, root, mine, text);
    if (result.missing.length) {
      const m = result.missing[0]!;
      return {
        ok: false,
        error: `planned edit not found at ${m.location.line}:${m.location.column} (${m.before}); the file changed since the scan?`,
      };
    }
    applied.push(...result.applied);
    for (const e of result.shorthand) shorthand.add(e);
  }
  const spliced = spliceEdits(text, applied, shorthand);
  if (spliced === undefined)
    return { ok: false, error: 'planned edits overlap or do not hold the text they replace' };
  return { ok: true, text: spliced, applied };
}

interface Region {
  start: number;
  end: number;
  edits: Edit[];
}

/**
 * The top-level statements holding the edits (from the start of their line, so indentation is
 * seen as in the file), merged; undefined when an edit lies outside every statement.
 */
function regionsOf(file: string, body: string, edits: readonly Edit[]): Region[] | undefined {
  const kind = { tsx: ts.ScriptKind.TSX, ts: ts.ScriptKind.TS, babel: ts.ScriptKind.JSX }[
    parserFor(file)
  ];
  const sf = ts.createSourceFile(file, body, ts.ScriptTarget.Latest, false, kind);
  const regions: Region[] = [];
  for (const edit of edits) {
    const statement = sf.statements.find(
      (s) => s.getStart(sf) <= edit.location.start && edit.location.end <= s.end,
    );
    if (!statement) return undefined;
    let start = statement.getStart(sf);
    const lineStart = body.lastIndexOf('\n', start - 1) + 1;
    if (/^[ \t]*$/.test(body.slice(lineStart, start))) start = lineStart;
    const same = regions.find((r) => r.start === start);
    if (same) same.edits.push(edit);
    else regions.push({ start, end: statement.end, edits: [edit] });
  }
  return regions.sort((a, b) => a.start - b.start);
}

/**
 * Statement by statement; undefined when a statement does not parse alone (the caller falls back),
 * an error when a rewritten statement no longer parses.
 */
function applyByRegion(
  j: Core,
  file: string,
  body: string,
  edits: readonly Edit[],
): { text: string; applied: Edit[] } | { error: string } | undefined {
  const regions = regionsOf(file, body, edits);
  if (!regions) return undefined;
  let text = body;
  const applied: Edit[] = [];
  for (const region of [...regions].reverse()) {
    const shifted = new Map(
      region.edits.map((e) => [
        {
          ...e,
          location: {
            ...e.location,
            start: e.location.start - region.start,
            end: e.location.end - region.start,
          },
        },
        e,
      ]),
    );
    const result = applyOnce(j, body.slice(region.start, region.end), [...shifted.keys()]);
    if (!result.ok) return undefined;
    try {
      checkParses(file, result.text);
    } catch (e) {
      return {
        error: isStackOverflow(e)
          ? failureReason(e, 'rewrite')
          : `the rewritten file would not parse: ${(e as Error).message.split('\n')[0]}`,
      };
    }
    text = text.slice(0, region.start) + result.text + text.slice(region.end);
    applied.unshift(...result.applied.map((e) => shifted.get(e)!));
  }
  return { text, applied };
}

export interface ApplyOptions {
  /** `file` parses and reprints the whole file (what the statement scope falls back to). */
  scope?: 'statements' | 'file';
}

export function applyFileEdits(
  file: string,
  source: string,
  edits: readonly Edit[],
  options: ApplyOptions = {},
): FileOutcome {
  const j = coreFor(file);
  // Scanner offsets skip a leading BOM; the regions are cut from the text they count in.
  const bom = source.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const body = source.slice(bom.length);
  const byRegion = options.scope === 'file' ? undefined : applyByRegion(j, file, body, edits);
  if (byRegion && 'error' in byRegion) return { ok: false, error: byRegion.error };
  // Every rewritten statement parsed again on its own, and the rest of the file is unchanged.
  if (byRegion) return { ok: true, text: bom + byRegion.text, applied: byRegion.applied };
  const whole = applyOnce(j, body, edits);
  const result: FileOutcome = whole.ok ? { ...whole, text: bom + whole.text } : whole;
  if (!result.ok) return { ok: false, error: result.error };
  try {
    checkParses(file, result.text);
  } catch (e) {
    if (isStackOverflow(e)) return { ok: false, error: failureReason(e, 'rewrite') };
    try {
      checkParses(file, source);
    } catch (original) {
      return { ok: false, error: `does not parse: ${(original as Error).message.split('\n')[0]}` };
    }
    return {
      ok: false,
      error: `the rewritten file would not parse: ${(e as Error).message.split('\n')[0]}`,
    };
  }
  return { ok: true, text: result.text, applied: result.applied };
}
