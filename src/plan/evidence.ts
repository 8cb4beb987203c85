/**
 * What a rename of what the model sees would break, gathered before the rename is decided. A tool's
 * current wire name that is still used as a name anywhere (a string in code whatever its type, an
 * object key, a JSON/YAML value, a prompt of the same agent, another agent offering the same tool)
 * is evidence against re-keying it. Uses that a provable edit of the same run updates (a
 * `toolChoice`/`activeTools` literal of this agent, a comparison typed by Mastra) do not count.
 * Evidence is scoped: a call or comparison tied to another agent is that agent's business.
 */
import { isLegalToolName } from '../names/wire-name.ts';
import type {
  AgentInfo,
  CallOptionsInfo,
  Location,
  NameRef,
  NameUse,
  ScanResult,
  ToolEntry,
} from '../scan/model.ts';
import { agentLabel } from '../offers/agent-label.ts';
import { agentEntries, wireOf } from '../offers/entries.ts';
import { locationKey } from './agents.ts';
import type { RuleId } from './model.ts';

const at = (l: Location) => `${l.file}:${l.line}:${l.column}`;

/**
 * Mastra treats a tool call whose name starts with `agent-` or `workflow-` as a sub-agent or
 * workflow call (read in @mastra/core 1.71.0: the tool loop checks `toolName.startsWith("agent-")`),
 * so a tool must never be keyed that way.
 */
export const RESERVED_PREFIX = /^(agent|workflow)-/;

/** A name a tool can be re-keyed to: legal on the wire and not a reserved prefix. */
export function isSafeNewKey(name: string): boolean {
  return isLegalToolName(name) && !RESERVED_PREFIX.test(name);
}

function refsOf(options: CallOptionsInfo): NameRef[] {
  return [
    options.toolChoice,
    ...options.activeTools,
    ...options.prepareStep.activeTools,
    ...options.prepareStep.toolChoice,
  ].filter((r): r is NameRef => r !== undefined);
}

interface Index {
  /** Literal locations that a rule of the same run would follow, per agent. */
  followedByAgent: Map<number, Set<string>>;
  /** Literal locations of call options tied to any agent. */
  optionLiterals: Map<string, number>;
  /** Comparison literal locations: the agent they are tied to (undefined: none), provable or not. */
  comparisons: Map<string, { agentIndex?: number; provable: boolean; keys: Set<string> }>;
  /** The scan's name uses by name, in the scan's order. */
  usesByName: Map<string, NameUse[]>;
}

const indexes = new WeakMap<ScanResult, Index>();

function indexOf(scan: ScanResult): Index {
  let index = indexes.get(scan);
  if (index) return index;
  const followedByAgent = new Map<number, Set<string>>();
  const optionLiterals = new Map<string, number>();
  const add = (agentIndex: number, options: CallOptionsInfo) => {
    const set = followedByAgent.get(agentIndex) ?? new Set<string>();
    for (const r of refsOf(options)) {
      if (!r.literal) continue;
      // A name use starts inside the quotes.
      const key = `${r.literal.location.file}:${r.literal.location.start + 1}`;
      set.add(key);
      optionLiterals.set(key, agentIndex);
    }
    followedByAgent.set(agentIndex, set);
  };
  for (const a of scan.agents) if (a.defaultOptions) add(a.index, a.defaultOptions);
  for (const c of scan.calls) if (c.agentIndex !== undefined) add(c.agentIndex, c.options);
  const comparisons = new Map<
    string,
    { agentIndex?: number; provable: boolean; keys: Set<string> }
  >();
  for (const m of scan.mentions) {
    if (m.context !== 'comparison') continue;
    // A name use starts inside the quotes; a plain key has none.
    const quoted = !m.objectKey || /^['"`]/.test(m.raw ?? '');
    comparisons.set(`${m.location.file}:${m.location.start + (quoted ? 1 : 0)}`, {
      ...(m.agentIndex === undefined ? {} : { agentIndex: m.agentIndex }),
      provable: Boolean(m.provable),
      keys: new Set(m.matches.map((t) => `${t.agentIndex}:${t.origin}:${t.key}`)),
    });
  }
  const usesByName = new Map<string, NameUse[]>();
  for (const use of scan.nameUses) {
    const same = usesByName.get(use.name);
    if (same) same.push(use);
    else usesByName.set(use.name, [use]);
  }
  index = { followedByAgent, optionLiterals, comparisons, usesByName };
  indexes.set(scan, index);
  return index;
}

/** The scan's uses of `name`, in the scan's order (looked up, not filtered from every use). */
export function usesNamed(scan: ScanResult, name: string): readonly NameUse[] {
  return indexOf(scan).usesByName.get(name) ?? [];
}

/** A string in the tool's own definition (`createTool({ description: 'weatherTool' })`) is not a use. */
export function insideDefinition(l: Location, entry: ToolEntry): boolean {
  const d = entry.valueLocation;
  return d !== undefined && d.file === l.file && d.start <= l.start && l.end <= d.end;
}

/** Agents that offer the same tool (same map entry, or the same value) under the same wire name. */
export function sameToolElsewhere(
  scan: ScanResult,
  agent: AgentInfo,
  entry: ToolEntry,
): Array<{ agent: AgentInfo; entry: ToolEntry; sharedKey: boolean }> {
  const out: Array<{ agent: AgentInfo; entry: ToolEntry; sharedKey: boolean }> = [];
  const wire = wireOf(entry, agent);
  for (const other of scan.agents) {
    if (other === agent) continue;
    for (const e of agentEntries(other)) {
      const sharedKey = locationKey(e.keyLocation) === locationKey(entry.keyLocation);
      if (
        sharedKey ||
        (entry.valueRef !== undefined && e.valueRef === entry.valueRef && wireOf(e, other) === wire)
      )
        out.push({ agent: other, entry: e, sharedKey });
    }
  }
  return out;
}

/**
 * Places that use `entry`'s current wire name and would still say it after a re-key of this entry.
 * `rules` are the rules of the run: their edits are the only ones that can follow a rename.
 */
export function renameBlockers(
  scan: ScanResult,
  agent: AgentInfo,
  entry: ToolEntry,
  rules: ReadonlySet<RuleId>,
  alsoRenamed?: (other: ToolEntry) => boolean,
): string[] {
  const wire = wireOf(entry, agent);
  const index = indexOf(scan);
  const out: string[] = [];
  const followed = rules.has('tool-choice')
    ? (index.followedByAgent.get(agent.index) ?? new Set<string>())
    : new Set<string>();
  const thisTool = `${agent.index}:${entry.origin}:${entry.key}`;
  for (const use of usesNamed(scan, wire)) {
    if (insideDefinition(use.location, entry)) continue;
    const key = `${use.location.file}:${use.location.start}`;
    if (followed.has(key)) continue;
    const optionOf = index.optionLiterals.get(key);
    // toolChoice/activeTools of another agent's call: that agent's name, not this one's.
    if (optionOf !== undefined && optionOf !== agent.index) continue;
    const comparison = index.comparisons.get(key);
    if (comparison) {
      if (comparison.agentIndex !== undefined && comparison.agentIndex !== agent.index) continue;
      if (comparison.provable && rules.has('references') && comparison.keys.has(thisTool)) continue;
    }
    const what = comparison
      ? `code compares a tool name with "${wire}"`
      : use.kind === 'key'
        ? `code uses "${wire}" as a key or property`
        : use.kind === 'data'
          ? `a data file holds "${wire}"`
          : use.kind === 'text'
            ? `text in code names "${wire}"`
            : `a string in code is "${wire}"`;
    out.push(`${what} at ${at(use.location)}`);
  }
  // Prompts that already name the tool by its current name would become stale: this agent's, and
  // those of agents that share the map entry (the re-key renames it for them too).
  const others = sameToolElsewhere(scan, agent, entry);
  const renamedFor = new Set([
    agent.index,
    ...others.filter((o) => o.sharedKey).map((o) => o.agent.index),
  ]);
  for (const m of scan.mentions) {
    if (m.context === 'comparison' || m.name !== wire || m.inCodeBlock) continue;
    const named = m.matches.some(
      (t) => renamedFor.has(t.agentIndex) && t.origin === entry.origin && t.key === entry.key,
    );
    if (named && (m.agentIndex === undefined || renamedFor.has(m.agentIndex)))
      out.push(`a prompt already names it "${wire}" at ${at(m.location)}`);
  }
  const elsewhere = others.filter((o) => !o.sharedKey && !alsoRenamed?.(o.entry));
  if (elsewhere.length)
    out.push(
      `the same tool stays "${wire}" on ${[...new Set(elsewhere.map((o) => agentLabel(o.agent)))].join(', ')}`,
    );
  return [...new Set(out)];
}
