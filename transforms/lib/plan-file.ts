/**
 * `--plan=FILE` for the standalone transforms. FILE is the JSON report of `check` or
 * `migrate --dry-run` (`--format json`; its `changes` are the plan) or a JSON array of plan edits.
 * Paths in it are relative to the scanned folder: the report's `target` (resolved from the current
 * folder), or `--root=DIR`.
 *
 * A plan fits the files when every file it names exists under that folder and every edit finds the
 * text it replaces where the plan says (shifted by the edits of other rules already applied, so the
 * rules can run one after the other on one plan). An edit whose replacement is already there is
 * skipped, so a second run changes nothing. Anything else is a `PlanMismatch`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RULE_IDS, type Edit, type EditTarget, type RuleId } from '../../src/plan/model.ts';

/** The plan does not describe the files: reported to the user as is (no stack). */
export class PlanMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanMismatch';
    this.stack = `${this.name}: ${message}`;
  }
}

export interface LoadedPlan {
  file: string;
  root: string;
  byFile: Map<string, Edit[]>;
  /** Files the plan names that are not under `root`: the plan was made for another folder. */
  absent: string[];
}

const TARGETS: readonly EditTarget[] = [
  'property-key',
  'string-literal',
  'text',
  'expression',
  'import',
];

/** The value a planned `after` spells: the inverse of the plan's quoting (`renderKey`, `renderString`). */
function valueOf(after: string, target: EditTarget): string {
  const q = after[0];
  if (
    target === 'text' ||
    after.length < 2 ||
    (q !== "'" && q !== '"' && q !== '`') ||
    !after.endsWith(q)
  )
    return after;
  return after.slice(1, -1).replace(/\\([\s\S])/g, '$1');
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/** One entry of the plan as an edit, or why it is not one. */
function toEdit(entry: unknown, fromReport: boolean): Edit | string {
  if (!isObject(entry)) return 'not an object';
  const loc = fromReport ? entry : entry.location;
  if (
    !isObject(loc) ||
    typeof loc.file !== 'string' ||
    !isCount(loc.start) ||
    !isCount(loc.end) ||
    !isCount(loc.line) ||
    !isCount(loc.column)
  )
    return 'no file, line, column, start and end';
  if (!RULE_IDS.includes(entry.rule as RuleId)) return `unknown rule ${JSON.stringify(entry.rule)}`;
  if (!TARGETS.includes(entry.target as EditTarget))
    return `unknown target ${JSON.stringify(entry.target)}`;
  // Only an import is inserted where nothing was.
  if (
    typeof entry.before !== 'string' ||
    typeof entry.after !== 'string' ||
    (entry.before === '') !== (entry.target === 'import')
  )
    return 'no before and after text';
  const target = entry.target as EditTarget;
  return {
    rule: entry.rule as RuleId,
    target,
    location: {
      file: loc.file,
      line: loc.line,
      column: loc.column,
      start: loc.start,
      end: loc.end,
    },
    before: entry.before,
    after: entry.after,
    value: typeof entry.value === 'string' ? entry.value : valueOf(entry.after, target),
    reason: typeof entry.reason === 'string' ? entry.reason : '',
    effect: 'preserved',
    wire: { before: '', after: '' },
    agents: [],
  };
}

function parsePlan(file: string, text: string): { edits: Edit[]; target?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PlanMismatch(`--plan=${file} is not JSON: ${(e as Error).message}`);
  }
  const report = isObject(json) && Array.isArray(json.changes) ? json : undefined;
  const fromReport = report !== undefined;
  const entries = report ? (report.changes as unknown[]) : json;
  if (!Array.isArray(entries)) {
    throw new PlanMismatch(
      `--plan=${file} is neither a report (\`mastra-tool-names check --format json\`) nor an array of plan edits`,
    );
  }
  const edits: Edit[] = [];
  entries.forEach((entry, i) => {
    const edit = toEdit(entry, fromReport);
    if (typeof edit === 'string')
      throw new PlanMismatch(
        `--plan=${file}: ${fromReport ? 'change' : 'edit'} ${i + 1} is not a plan edit (${edit})`,
      );
    edits.push(edit);
  });
  const target = typeof report?.target === 'string' ? report.target : undefined;
  return { edits, ...(target !== undefined ? { target } : {}) };
}

const loaded = new Map<string, LoadedPlan>();

/** Reads and checks the plan once per process (jscodeshift hands each worker many files). */
export function loadPlan(file: string, rootOption: string | undefined): LoadedPlan {
  const key = `${path.resolve(file)}\0${rootOption ?? ''}\0${process.cwd()}`;
  const cached = loaded.get(key);
  if (cached) return cached;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new PlanMismatch(`--plan=${file} cannot be read: ${(e as Error).message}`);
  }
  const { edits, target } = parsePlan(file, text);
  const root = path.resolve(rootOption ?? target ?? '.');
  const byFile = new Map<string, Edit[]>();
  for (const e of edits) byFile.set(e.location.file, [...(byFile.get(e.location.file) ?? []), e]);
  const absent = [...byFile.keys()].filter((f) => !existsSync(path.join(root, f)));
  const plan = { file, root, byFile, absent };
  loaded.set(key, plan);
  return plan;
}

/**
 * The edits of `rule` for the file at `rel` (relative to the plan's root), moved to where they are
 * in `text` now. Throws a `PlanMismatch` when the file does not hold what the plan expects.
 */
export function editsInFile(plan: LoadedPlan, rule: RuleId, rel: string, text: string): Edit[] {
  if (plan.absent.length > 0) {
    const shown =
      plan.absent.slice(0, 3).join(', ') +
      (plan.absent.length > 3 ? `, and ${plan.absent.length - 3} more` : '');
    throw new PlanMismatch(
      `--plan=${plan.file} does not fit: it names ${plan.absent.length} file(s) that are not under ${plan.root} (${shown}); run jscodeshift from the folder the plan was made in, or pass --root=DIR`,
    );
  }
  const all = [...(plan.byFile.get(rel) ?? [])].sort((a, b) => a.location.start - b.location.start);
  const out: Edit[] = [];
  let shift = 0;
  for (const e of all) {
    const at = e.location.start + shift;
    // What the text holds once the edit is made: its `after`, or for a shorthand property
    // (`{ askUserTool }`) the new key before the kept value (`{ ask_user: askUserTool }`).
    const done = [e.after, ...(e.target === 'property-key' ? [`${e.after}: ${e.before}`] : [])];
    // The longer text first: `a` -> `a_b` is applied when `a_b` is there, not pending.
    const found = [...done.map((t) => ({ t, applied: true })), { t: e.before, applied: false }]
      .sort((a, b) => b.t.length - a.t.length)
      .find((c) => text.startsWith(c.t, at));
    if (found?.applied) {
      shift += found.t.length - e.before.length;
    } else if (found) {
      if (e.rule === rule)
        out.push({ ...e, location: { ...e.location, start: at, end: at + e.before.length } });
    } else {
      const here = text
        .slice(at, at + Math.max(e.before.length, e.after.length, 12))
        .split('\n')[0];
      throw new PlanMismatch(
        `--plan=${plan.file} does not fit ${rel}:${e.location.line}:${e.location.column}: the plan replaces ${JSON.stringify(e.before)} (${e.rule}), the file holds ${JSON.stringify(here)} there; the file changed after the plan was made, so make the plan again`,
      );
    }
  }
  return out;
}
