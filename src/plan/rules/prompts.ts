/**
 * `prompts`: every tool name a prompt tells the model to call must be a name it is offered. For
 * each tool a prompt names by another name (its id, its key before the rewrite, its export name),
 * one direction is chosen, with the evidence in the reason:
 * - re-key by id (key := id; the prose is already right) when the prompt consistently names the
 *   tool by a legal id and nothing else depends on the current wire name;
 * - rewrite the prompt (mention := wire name) otherwise: code depends on the name, the prompt mixes
 *   styles, or the id is not a legal name;
 * - report only when a mention is ambiguous (a plain word, or inside a code sample).
 * Never both for one tool. `prefer` overrides the automatic choice.
 */
import { isLegalToolName } from '../../names/wire-name.ts';
import type { AgentInfo, Location, Mention, ScanResult, ToolEntry } from '../../scan/model.ts';
import { agentEntries, agentLabel, locationKey, renderKey, wireOf } from '../agents.ts';
import type { Edit, Finding } from '../model.ts';

export type Preference = 'rekey' | 'prompt';

const at = (l: Location) => `${l.file}:${l.line}`;

/** High confidence: it has `-`, `_`, `.`, `:` or an inner capital, or it is quoted/backticked. */
export function confident(m: Mention): boolean {
  return /[-_.:]/.test(m.name) || /[a-z][A-Z]/.test(m.name) || Boolean(m.quoted);
}

function entryOf(agent: AgentInfo, origin: string, key: string): ToolEntry | undefined {
  return agentEntries(agent).find((e) => e.origin === origin && e.key === key);
}

interface ScanIndex {
  mentionsByName: Map<string, Mention[]>;
  mentionsByAgent: Map<number | undefined, Mention[]>;
  callsByAgent: Map<number | undefined, ScanResult['calls']>;
  agentsByKey: Map<string, AgentInfo[]>;
}

const indexes = new WeakMap<ScanResult, ScanIndex>();

function group<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

/** Lookups built once per scan, so planning stays linear in the number of agents. */
function indexOf(scan: ScanResult): ScanIndex {
  let index = indexes.get(scan);
  if (!index) {
    const agentsByKey = new Map<string, AgentInfo[]>();
    for (const a of scan.agents) {
      for (const key of new Set(agentEntries(a).map((e) => locationKey(e.keyLocation)))) agentsByKey.set(key, [...(agentsByKey.get(key) ?? []), a]);
    }
    index = { mentionsByName: group(scan.mentions, (m) => m.name), mentionsByAgent: group(scan.mentions, (m) => m.agentIndex), callsByAgent: group(scan.calls, (c) => c.agentIndex), agentsByKey };
    indexes.set(scan, index);
  }
  return index;
}

/** Places outside this agent's prompts that use the tool's current wire name. */
export function dependents(scan: ScanResult, agent: AgentInfo, entry: ToolEntry, wire: string): string[] {
  const out: string[] = [];
  const index = indexOf(scan);
  const sameTool = (m: Mention) => m.matches.some((t) => t.origin === entry.origin && t.key === entry.key);
  for (const m of index.mentionsByName.get(wire) ?? []) {
    if (!sameTool(m)) continue;
    if (m.context === 'comparison') out.push(`code compares a tool name with "${wire}" at ${at(m.location)}`);
    else if (m.agentIndex !== agent.index) out.push(`a prompt uses "${wire}" at ${at(m.location)}`);
  }
  const refs = [...(index.callsByAgent.get(agent.index) ?? []).map((c) => c.options), ...(agent.defaultOptions ? [agent.defaultOptions] : [])];
  for (const o of refs) {
    for (const r of [o.toolChoice, ...o.activeTools, ...o.prepareStep.activeTools, ...o.prepareStep.toolChoice]) {
      if (r?.name === wire) out.push(`toolChoice/activeTools names "${wire}" at ${at(r.location)}`);
    }
  }
  const sharers = (index.agentsByKey.get(locationKey(entry.keyLocation)) ?? []).filter((a) => a !== agent);
  if (sharers.length) out.push(`the key is shared with ${sharers.map(agentLabel).join(', ')}`);
  return out;
}

export interface PromptPlan {
  edits: Edit[];
  findings: Finding[];
  /** Re-keys this rule decided: key location -> new wire name. */
  renames: Map<string, string>;
}

export function planPrompts(scan: ScanResult, renamed: ReadonlyMap<string, string>, prefer?: Preference): PromptPlan {
  const plan: PromptPlan = { edits: [], findings: [], renames: new Map() };
  for (const agent of scan.agents) {
    const label = agentLabel(agent);
    const byTool = new Map<ToolEntry, Mention[]>();
    for (const m of indexOf(scan).mentionsByAgent.get(agent.index) ?? []) {
      if (m.context === 'comparison') continue;
      for (const t of m.matches.filter((x) => x.agentIndex === agent.index)) {
        const entry = entryOf(agent, t.origin, t.key);
        if (entry) byTool.set(entry, [...(byTool.get(entry) ?? []), m]);
      }
    }
    for (const [entry, mentions] of byTool) {
      const loc = locationKey(entry.keyLocation);
      const current = wireOf(entry);
      const final = renamed.get(loc) ?? current;
      const stale = mentions.filter((m) => m.name !== final);
      if (stale.length === 0) continue;
      const unsafe = (m: Mention) => (m.inCodeBlock ? 'inside a code sample' : !confident(m) ? 'a plain word that could be prose' : undefined);
      for (const m of stale.filter(unsafe)) {
        plan.findings.push({ kind: 'prompt-mention', rule: 'prompts', message: `"${m.name}" may name the tool offered as "${final}" (${unsafe(m)}); left as it is`, locations: [m.location], agents: [label] });
      }
      const actionable = stale.filter((m) => !unsafe(m));
      if (actionable.length === 0) continue;

      const id = 'id' in entry.value ? entry.value.id : undefined;
      const evidence = dependents(scan, agent, entry, current);
      const offeredNames = new Set(agent.prediction.offered.map((t) => t.wireName));
      const rekeyable = id !== undefined && isLegalToolName(id) && !renamed.has(loc) && entry.origin === 'tools' && entry.keyKind !== 'file-name' && !offeredNames.has(id);
      const byId = actionable.every((m) => m.name === id);
      const rekey = prefer === 'prompt' ? false : prefer === 'rekey' ? rekeyable : rekeyable && byId && evidence.length === 0;

      if (rekey && id) {
        plan.renames.set(loc, id);
        plan.edits.push({
          rule: 'prompts',
          target: 'property-key',
          location: entry.keyLocation,
          before: entry.keyText,
          after: renderKey(id, entry.keyText),
          value: id,
          ...(entry.keyKind === 'shorthand' ? { shorthandValue: entry.keyText } : {}),
          reason: prefer === 'rekey' ? `re-keyed by id "${id}" (--prefer rekey)` : `the prompt names this tool by its id "${id}" (${actionable.map((m) => at(m.location)).join(', ')}) and nothing else depends on "${current}": keyed by id, the prose becomes true`,
          effect: 'renamed',
          wire: { before: current, after: id },
          agents: [label],
        });
        for (const m of actionable.filter((x) => x.name !== id)) {
          plan.findings.push({ kind: 'prompt-mention', rule: 'prompts', message: `"${m.name}" names the tool now offered as "${id}"; the tool is re-keyed, so the prompt is not also rewritten`, locations: [m.location], agents: [label] });
        }
        continue;
      }
      const why =
        prefer === 'prompt'
          ? '--prefer prompt'
          : id === undefined
            ? 'the tool has no id to key it by'
            : !isLegalToolName(id)
              ? `its id "${id}" is not a legal tool name`
              : !byId
                ? new Set(actionable.map((m) => m.name)).size > 1
                  ? 'the prompt names it in more than one way'
                  : `the prompt names it by "${actionable[0]!.name}", not by its id "${id}"`
                : evidence.length
                  ? `code depends on "${current}": ${evidence.join('; ')}`
                  : 'it cannot be re-keyed here';
      for (const m of actionable) {
        plan.edits.push({
          rule: 'prompts',
          target: 'text',
          location: m.location,
          before: m.name,
          after: final,
          value: final,
          reason: `the ${m.context === 'instructions' ? 'instructions name' : 'prompt names'} "${m.name}" but the model is offered "${final}"; the prompt is rewritten because ${why}`,
          effect: 'fixed',
          wire: { before: m.name, after: final },
          agents: [label],
        });
      }
    }
  }
  return plan;
}

const TOOLISH = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** Backticked tool-like names in instructions that no agent offers under any name. */
export function unknownToolMentions(scan: ScanResult): Finding[] {
  const known = new Set(scan.mentions.map((m) => m.name));
  for (const a of scan.agents) for (const e of agentEntries(a)) known.add(e.key).add(wireOf(e));
  const out: Finding[] = [];
  for (const agent of scan.agents) {
    for (const f of agent.instructions) {
      for (const line of f.text.split('\n')) {
        if (!/\b(tool|tools|call|use|invoke)\b/i.test(line)) continue;
        for (const match of line.matchAll(/\\?`([^`\\]+)\\?`/g)) {
          const name = match[1]!;
          if (!TOOLISH.test(name) || known.has(name) || !(/[-_.:]/.test(name) || /[a-z][A-Z]/.test(name)) || /\.(ts|js|md|json|txt)$/.test(name)) continue;
          out.push({ kind: 'unknown-tool-mention', rule: 'prompts', message: `the instructions of ${agentLabel(agent)} name \`${name}\`, which no agent offers`, locations: [f.location], agents: [agentLabel(agent)] });
        }
      }
    }
  }
  return out;
}
