/**
 * Names in an agent's instructions that look like a tool, sub-agent or workflow but that THIS agent
 * is not offered, in the modes it may run in (a removed tool, a sub-agent named by a made-up id, a
 * tool only another agent has). Asked of the per-agent offers model (`src/offers/`): a name another
 * agent offers is reported with that agent and how this one reaches it; a name a runtime source may
 * provide (an MCP server's prefix) is never unknown; nothing is said while the agent has a source
 * the scan could not list. "Did you mean" comes only from the same agent's names, and only when
 * close. What counts as a name is decided by `prompt-words.ts`.
 */
import { closest, distance } from 'fastest-levenshtein';
import { RUN_MODES, type AgentOffers, type Offers } from '../../offers/index.ts';
import { fragmentLocation } from '../../scan/mentions/mentions.ts';
import type { AgentInfo, Location, ScanResult } from '../../scan/model.ts';
import { agentEntries, callEntries, wireOf } from '../agents.ts';
import type { Finding } from '../model.ts';
import { toolWords, type DataWords } from './prompt-words.ts';

/** Every name the agent itself answers to or registers: none of them is an unknown tool. */
function ownNames(scan: ScanResult, agent: AgentInfo): Set<string> {
  const known = new Set<string>();
  const addAgent = (a: AgentInfo) => {
    for (const n of [a.id, a.name, a.variable, ...a.registeredAs]) if (n) known.add(n);
  };
  addAgent(agent);
  const calls = scan.calls.filter((c) => c.agentIndex === agent.index);
  for (const e of [...agentEntries(agent), ...calls.flatMap(callEntries)]) {
    known.add(e.key).add(wireOf(e));
    if (e.valueName) known.add(e.valueName);
    if ('id' in e.value && e.value.id) known.add(e.value.id);
    if (e.value.kind === 'builtin' || e.value.kind === 'web-search-marker')
      known.add(e.value.exportName);
    if (e.value.kind === 'agent' && e.value.agentIndex !== undefined)
      addAgent(scan.agents[e.value.agentIndex]!);
  }
  for (const m of scan.mentions) if (m.agentIndex === agent.index) known.add(m.name);
  return known;
}

/** Names of every agent in the repository: prose about agents, not tool names. */
function agentNames(scan: ScanResult): Set<string> {
  return new Set(
    scan.agents.flatMap((a) => [a.id, a.name, a.variable, ...a.registeredAs]).filter(Boolean),
  ) as Set<string>;
}

function words(s: string): Set<string> {
  return new Set(
    s
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && w !== 'tool' && w !== 'agent' && w !== 'workflow'),
  );
}

/** The agent's own name a stale one most likely meant: close in spelling, or sharing a word and not far. */
export function nearest(name: string, offered: readonly string[]): string | undefined {
  if (offered.length === 0) return undefined;
  const best = closest(name, [...offered]);
  const d = distance(name, best);
  if (d <= Math.max(2, Math.floor(name.length / 4))) return best;
  const mine = words(name);
  const sharing = offered.filter((o) => [...words(o)].some((w) => mine.has(w)));
  if (sharing.length === 0) return undefined;
  const near = closest(name, sharing);
  return distance(name, near) <= Math.ceil(Math.max(name.length, near.length) / 2)
    ? near
    : undefined;
}

function offeredNames(o: AgentOffers): string[] {
  return [...new Set(o.modes.flatMap((m) => [...o.names[m].keys()]))];
}

/** The sentence after `"name"` for one agent's finding. */
function explain(offers: Offers, o: AgentOffers, name: string): string | undefined {
  const elsewhere = offers.elsewhere(o.agent, name);
  const reachable = elsewhere.find((e) => e.via.length > 0);
  if (reachable) {
    const first = reachable.via[0]!;
    return `which ${o.label} is not offered: ${reachable.owner.label} offers it, and ${o.label} reaches it only by delegating to ${first.label}`;
  }
  if (elsewhere.length) {
    const owners = elsewhere.map((e) => e.owner.label);
    return `which ${o.label} is not offered (${owners.slice(0, 3).join(', ')}${owners.length > 3 ? ` and ${owners.length - 3} more` : ''} offer${owners.length === 1 ? 's' : ''} it, and ${o.label} does not delegate to ${owners.length === 1 ? 'it' : 'them'})`;
  }
  const mcp = o.runtime.filter((r) => r.kind === 'mcp' && r.prefixes.length > 0);
  if (mcp.length) {
    const as = mcp.flatMap((r) => r.prefixes).map((p) => `"${p}${name}"`);
    return `which ${o.label} is not offered by that name; if it is a tool of an MCP server, the model sees it as ${as.join(' or ')}`;
  }
  // A list the scan could not read whole may hold the name: say nothing.
  if (o.open) return undefined;
  const guess = nearest(name, offeredNames(o));
  return `which ${o.label} is not offered${guess ? `; did you mean "${guess}"?` : ''}`;
}

export function unknownToolMentions(scan: ScanResult, offers: Offers, data: DataWords): Finding[] {
  const agentsByName = agentNames(scan);
  const out: Finding[] = [];
  for (const agent of scan.agents) {
    const o = offers.of(agent);
    const known = ownNames(scan, agent);
    const found = new Map<string, Location[]>();
    for (const f of agent.instructions) {
      for (const w of toolWords(f.text, data)) {
        if (known.has(w.name) || agentsByName.has(w.name)) continue;
        if (RUN_MODES.some((m) => offers.offered(agent, w.name, m))) continue;
        const location = fragmentLocation(f, w.offset, w.name.length);
        const list = found.get(w.name) ?? [];
        if (!list.some((l) => l.file === location.file && l.start === location.start))
          list.push(location);
        found.set(w.name, list);
      }
    }
    for (const [name, locations] of found) {
      const why = explain(offers, o, name);
      if (!why) continue;
      out.push({
        kind: 'unknown-tool-mention',
        rule: 'prompts',
        message: `the instructions of ${o.label} name "${name}", ${why}`,
        locations,
        agents: [o.label],
      });
    }
  }
  return out;
}
