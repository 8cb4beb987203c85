/**
 * `check --base`: the head's report against the base commit's. Items are matched by what they are
 * about (rule, agents, file, the name they are about), never by line, so a moved line is not new.
 * Pure.
 */
import { needsHuman } from './build.ts';
import type { Baseline, BaselineState, Report, ReportChange, ReportFinding } from './model.ts';

type Item = ReportChange | ReportFinding;

const isChange = (item: Item): item is ReportChange => 'before' in item;

/** Places in a message (`src/a.ts:12:3`, `line 12`) move with unrelated edits: not part of it. */
export function placeless(message: string): string {
  return message
    .replace(/([\w@~.-]+\.[A-Za-z]\w*):\d+(?::\d+)?/g, '$1')
    .replace(/\b(lines?) \d+(?:[-–]\d+)?/g, '$1 N');
}

/**
 * The name a finding is about: the first quoted one. Later ones are suggestions ("did you mean …"),
 * which may change when something else does without making it another problem.
 */
function subject(message: string): string {
  return /[`'"“‘]([^`'"“”‘’\s]{1,120})[`'"”’]/.exec(message)?.[1] ?? '';
}

/** What an item is about: two items with one identity are the same problem. */
function identity(item: Item): string {
  if (isChange(item))
    return JSON.stringify(['change', item.rule, item.target, item.file, item.before, item.after]);
  return JSON.stringify([
    'finding',
    item.kind,
    item.rule ?? '',
    [...item.agents].sort(),
    item.locations[0]?.file ?? '',
    subject(item.message),
  ]);
}

/**
 * What an item says: one identity saying something else is `updated`. A change is the same edit
 * whatever its reason cites (other agents, places); only what it does to the model's names counts.
 */
function wording(item: Item): string {
  return isChange(item) ? item.effect : placeless(item.message);
}

/** Counts toward the totals: changes, and findings a person has to act on. */
const actionable = (item: Item) => isChange(item) || needsHuman(item);

interface Matched<T extends Item> {
  head: Array<T & { baseline: BaselineState }>;
  fixed: T[];
}

/** Pairs head and base items of one identity: same wording first, then any, then what is left. */
function match<T extends Item>(head: T[], base: T[]): Matched<T> {
  const pool = new Map<string, T[]>();
  for (const b of base) {
    const id = identity(b);
    pool.set(id, [...(pool.get(id) ?? []), b]);
  }
  const state = new Map<T, BaselineState>();
  // Exact pairs first, so an updated item is not paired with another one's unchanged twin.
  for (const h of head) {
    const left = pool.get(identity(h));
    const i = left?.findIndex((b) => wording(b) === wording(h)) ?? -1;
    if (i >= 0) {
      left!.splice(i, 1);
      state.set(h, 'unchanged');
    }
  }
  for (const h of head) {
    if (state.has(h)) continue;
    const left = pool.get(identity(h));
    state.set(h, left?.length ? 'updated' : 'new');
    left?.shift();
  }
  return {
    head: head.map((h) => ({ ...h, baseline: state.get(h)! })),
    fixed: [...pool.values()].flat(),
  };
}

/** The head's report, each item marked against the base, with what the base had that is gone. */
export function compareWithBase(
  head: Report,
  base: Report,
  at: { ref: string; commit: string },
): Report {
  const changes = match(head.changes, base.changes);
  const findings = match(head.findings, base.findings);
  const marked: Item[] = [...changes.head, ...findings.head].filter(actionable);
  const count = (s: BaselineState) => marked.filter((i) => i.baseline === s).length;
  const baseline: Baseline = {
    ref: at.ref,
    commit: at.commit,
    totals: {
      introduced: count('new') + count('updated'),
      updated: count('updated'),
      fixed: [...changes.fixed, ...findings.fixed].filter(actionable).length,
      unchanged: count('unchanged'),
    },
    fixed: { changes: changes.fixed, findings: findings.fixed },
    base: base.totals,
    mastra: base.mastra,
  };
  return { ...head, changes: changes.head, findings: findings.head, baseline };
}

/** A change or finding this change brings (new, or saying something new). */
export function introduced(item: { baseline?: BaselineState }): boolean {
  return item.baseline === 'new' || item.baseline === 'updated';
}
