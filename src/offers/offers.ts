/**
 * What each agent is offered, per run mode: the one model every rule and finding asks. For one
 * agent, in one mode, a name is offered for certain (a key the scan read), possibly (a conditional
 * entry, a call-time toolset or client tool, a name a runtime source's prefix covers), or not at
 * all; a list with a source the scan could not read whole (an unresolved map, a run-time source
 * whose names are not bounded by known prefixes) is open, and a name outside an open list is never
 * called unknown.
 *
 * - `function` mode (generate()/stream(), and every sub-agent): the prediction's wire names, with
 *   the prefixes of the agent's @mastra/core version (`agent-KEY`, `workflow-KEY`).
 * - `network` mode: the routing agent is given raw keys (`networkListing`).
 */
import { networkListing } from '../names/network.ts';
import { nativeToolName } from '../names/provider-tools.ts';
import { toWireName } from '../names/wire-name.ts';
import type { AgentInfo, CallSite, RuntimeTools, ScanResult, ToolEntry } from '../scan/model.ts';
import { agentLabel } from './agent-label.ts';
import { agentEntries, bareServerTool, callEntries, wireOf } from './entries.ts';
import { possibleModes, RUN_MODES, type RunMode } from './modes.ts';

export type Certainty = 'certain' | 'possible';

export interface OfferedName {
  name: string;
  certainty: Certainty;
  /** The registration it comes from; absent for a name only a runtime prefix covers. */
  entry?: ToolEntry;
}

export interface AgentOffers {
  agent: AgentInfo;
  label: string;
  /** Modes the agent may run in: the decided one, or both. */
  modes: RunMode[];
  names: Record<RunMode, Map<string, OfferedName>>;
  /** Sources known only at run time (MCP servers, registries): names with these prefixes may be offered. */
  runtime: RuntimeTools[];
  /** The list may hold names the scan could not read (unresolved or runtime sources). */
  open: boolean;
  /**
   * Open through something other than a workspace whose config cannot be read: such a workspace
   * adds its own tools only (prefixed, skill and browser tools), so a bare workspace name is still
   * not offered unless something else may offer it.
   */
  openElsewhere: boolean;
  /** Sub-agents (agent indexes) this agent can delegate to, directly. */
  subAgents: number[];
}

function add(map: Map<string, OfferedName>, name: string, offered: OfferedName): void {
  const existing = map.get(name);
  if (!existing || (existing.certainty === 'possible' && offered.certainty === 'certain'))
    map.set(name, offered);
}

function callsOf(scan: ScanResult, agent: AgentInfo): CallSite[] {
  return scan.calls.filter((c) => c.agentIndex === agent.index);
}

/** A workspace known by its prefix only (its config cannot be read). */
export function unreadWorkspace(r: RuntimeTools): boolean {
  return r.kind === 'workspace' && r.prefixes.length > 0;
}

function offersOf(scan: ScanResult, agent: AgentInfo): AgentOffers {
  const calls = callsOf(scan, agent);
  const names: AgentOffers['names'] = { function: new Map(), network: new Map() };
  const entries = agentEntries(agent);
  const byWire = new Map<string, ToolEntry>();
  for (const e of entries) if (e.key) byWire.set(wireOf(e, agent), e);
  // function mode: what the prediction sends (a failed prediction sends nothing, but the names
  // are still the ones the prompt should use once the failure is fixed).
  for (const t of agent.prediction.offered) {
    const entry = byWire.get(t.wireName);
    add(names.function, t.wireName, {
      name: t.wireName,
      certainty: entry?.conditional ? 'possible' : 'certain',
      ...(entry ? { entry } : {}),
    });
  }
  // A provider's own tool is sent as that provider's tool: the model knows it by the provider's name.
  for (const e of entries)
    if (e.value.kind === 'provider-defined') {
      const native = nativeToolName(e.value.call);
      if (native)
        add(names.function, native, {
          name: native,
          certainty: e.conditional ? 'possible' : 'certain',
          entry: e,
        });
    }
  for (const c of agent.prediction.collisions)
    add(names.function, c.name, { name: c.name, certainty: 'possible' });
  for (const call of calls)
    for (const t of call.prediction?.offered ?? [])
      add(names.function, t.wireName, { name: t.wireName, certainty: 'possible' });
  // network mode: the routing agent's listing of raw keys.
  const listing = networkListing({
    tools: agent.tools.entries.map((e) => e.key),
    agents: agent.agents.entries.map((e) => e.key),
    workflows: agent.workflows.entries.map((e) => e.key),
    clientTools: calls.flatMap((c) => c.options.clientTools.entries.map((e) => e.key)),
  });
  const entryByKey = (origin: ToolEntry['origin'], key: string) =>
    entries.find((e) => e.origin === origin && e.key === key);
  for (const [origin, keys] of [
    ['agents', listing.agents],
    ['workflows', listing.workflows],
    ['tools', listing.tools],
  ] as const)
    for (const key of keys) {
      const entry = entryByKey(origin, key);
      add(names.network, key, {
        name: key,
        certainty: entry && !entry.conditional ? 'certain' : 'possible',
        ...(entry ? { entry } : {}),
      });
    }
  const runtime = [
    ...agent.tools.runtime,
    ...agent.agents.runtime,
    ...agent.workflows.runtime,
    ...calls.flatMap((c) => [...c.options.toolsets.runtime, ...c.options.clientTools.runtime]),
  ];
  const unresolved =
    agent.tools.unresolved.length +
    agent.agents.unresolved.length +
    agent.workflows.unresolved.length;
  const callsUnresolved = calls.some(
    (c) =>
      c.options.unresolved.length > 0 ||
      c.options.toolsets.unresolved.length > 0 ||
      c.options.clientTools.unresolved.length > 0,
  );
  return {
    agent,
    label: agentLabel(agent),
    modes: possibleModes(agent),
    names,
    runtime,
    open: unresolved > 0 || runtime.some((r) => !r.bounded) || callsUnresolved,
    openElsewhere:
      unresolved > 0 || runtime.some((r) => !r.bounded && !unreadWorkspace(r)) || callsUnresolved,
    subAgents: agent.agents.entries.flatMap((e) =>
      e.value.kind === 'agent' && e.value.agentIndex !== undefined ? [e.value.agentIndex] : [],
    ),
  };
}

/** The offers of every agent in a scan, built once. */
export class Offers {
  readonly agents: AgentOffers[];

  constructor(readonly scan: ScanResult) {
    this.agents = scan.agents.map((a) => offersOf(scan, a));
  }

  of(agent: AgentInfo | number): AgentOffers {
    return this.agents[typeof agent === 'number' ? agent : agent.index]!;
  }

  /** How `name` is offered to the agent in `mode` (every mode it may run in when omitted). */
  offered(agent: AgentInfo | number, name: string, mode?: RunMode): Certainty | undefined {
    const o = this.of(agent);
    let best: Certainty | undefined;
    for (const m of mode ? [mode] : o.modes) {
      const found = o.names[m].get(name)?.certainty;
      if (found === 'certain') return found;
      best ??= found;
    }
    if (best) return best;
    return o.runtime.some(
      // A name the source gives is offered as Mastra rewrites it (`notes.read` as `notes_read`).
      (r) =>
        r.names?.some((n) => toWireName(n) === name) ||
        (!bareServerTool(r, name) && r.prefixes.some((p) => p && name.startsWith(p))),
    )
      ? 'possible'
      : undefined;
  }

  /**
   * Other agents that offer `name` in a mode they run in, each with the chain of sub-agents through
   * which `agent` reaches it (empty when it cannot delegate to it).
   */
  elsewhere(
    agent: AgentInfo | number,
    name: string,
  ): Array<{ owner: AgentOffers; via: AgentOffers[] }> {
    const me = this.of(agent);
    const out: Array<{ owner: AgentOffers; via: AgentOffers[] }> = [];
    for (const other of this.agents) {
      if (other === me) continue;
      if (!RUN_MODES.some((m) => other.names[m].get(name))) continue;
      out.push({ owner: other, via: this.path(me, other) });
    }
    return out;
  }

  /** The sub-agent chain from one agent to another (breadth first), or [] when there is none. */
  private path(from: AgentOffers, to: AgentOffers): AgentOffers[] {
    const queue: AgentOffers[][] = from.subAgents.map((i) => [this.of(i)]);
    const seen = new Set<AgentOffers>([from]);
    while (queue.length) {
      const chain = queue.shift()!;
      const last = chain[chain.length - 1]!;
      if (last === to) return chain;
      if (seen.has(last)) continue;
      seen.add(last);
      for (const i of last.subAgents) queue.push([...chain, this.of(i)]);
    }
    return [];
  }
}

/** The entries an agent's calls add (toolsets, clientTools). */
export function callTimeEntries(scan: ScanResult, agent: AgentInfo): ToolEntry[] {
  return callsOf(scan, agent).flatMap(callEntries);
}
