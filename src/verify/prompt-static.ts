/**
 * The scan's side of "static against measured": the names its plan flags in one agent's prompt
 * (rewrites of prompt text, and findings about names in it), to set against the names the measured
 * prompt check finds in the same agent's request. Pure.
 */
import type { Finding, FindingKind, Plan } from '../plan/model.ts';
import { findName } from '../scan/mentions/mentions.ts';
import type { AgentInfo } from '../scan/model.ts';
import type { PromptCheck, PromptTotals } from './model.ts';

/** Findings about a name a prompt uses; each message quotes that name first. */
const NAME_FINDINGS = new Set<FindingKind>([
  'prompt-mention',
  'unknown-tool-mention',
  'ambiguous-mention',
  'mode-dependent-mention',
]);

function quotedName(f: Finding): string | undefined {
  return /"([^"]+)"/.exec(f.message)?.[1];
}

/** Names the plan flags in `agent`'s instructions (by the files they are in). */
export function staticPromptNames(plan: Plan, agent: AgentInfo, label: string): Set<string> {
  const files = new Set(agent.instructions.map((f) => f.location.file));
  const text = agent.instructions.map((f) => f.text).join('\n');
  const names = new Set<string>();
  for (const e of plan.edits) {
    if (!e.agents.includes(label)) continue;
    if (e.rule === 'prompts' && e.target === 'text' && files.has(e.location.file))
      names.add(e.before.replace(/^[`'"]|[`'"]$/g, ''));
    // A re-key that makes the prompt's name the offered one: the prompt named it wrong before.
    if (e.target === 'property-key' && e.wire.after !== e.wire.before)
      if (findName(text, e.wire.after).length) names.add(e.wire.after);
  }
  for (const f of plan.findings) {
    if (!NAME_FINDINGS.has(f.kind) || !f.agents.includes(label)) continue;
    if (!f.locations.some((l) => files.has(l.file))) continue;
    const name = quotedName(f);
    if (name) names.add(name);
  }
  return names;
}

export function compareNames(
  measured: readonly string[],
  flagged: ReadonlySet<string>,
): NonNullable<PromptCheck['static']> {
  const m = new Set(measured);
  return {
    agreed: [...m].filter((n) => flagged.has(n)).sort(),
    staticOnly: [...flagged].filter((n) => !m.has(n)).sort(),
    measuredOnly: [...m].filter((n) => !flagged.has(n)).sort(),
  };
}

export function promptTotals(checks: ReadonlyArray<PromptCheck | undefined>): PromptTotals {
  const done = checks.filter((c): c is PromptCheck => c !== undefined);
  const sum = (f: (c: PromptCheck) => number) => done.reduce((n, c) => n + f(c), 0);
  return {
    checked: done.length,
    names: sum((c) => c.names.length),
    fixable: sum((c) => c.names.filter((n) => n.offeredAs.length > 0).length),
    agreed: sum((c) => c.static?.agreed.length ?? 0),
    staticOnly: sum((c) => c.static?.staticOnly.length ?? 0),
    measuredOnly: sum((c) => c.static?.measuredOnly.length ?? 0),
  };
}

export function addTotals(all: ReadonlyArray<PromptTotals | undefined>): PromptTotals | undefined {
  const done = all.filter((t): t is PromptTotals => t !== undefined);
  if (!done.length) return undefined;
  const sum = (k: keyof PromptTotals) => done.reduce((n, t) => n + t[k], 0);
  return {
    checked: sum('checked'),
    names: sum('names'),
    fixable: sum('fixable'),
    agreed: sum('agreed'),
    staticOnly: sum('staticOnly'),
    measuredOnly: sum('measuredOnly'),
  };
}
