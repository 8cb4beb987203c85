/**
 * What an agent's own entries are offered as: its version's naming rules applied to each key, the
 * names a version left undecided, and whether a name may come from a source only known at run time.
 * The offers model and the plan's rules both ask these; they sit here, below the plan.
 */
import { rawKeyFor, wireNameFor, type Collision } from '../names/normalise.ts';
import { toWireName } from '../names/wire-name.ts';
import { behaviourOf, prefixKnown, type MastraBehaviour } from '../names/versions.ts';
import type { AgentInfo, CallSite, RuntimeTools, ToolEntry, ToolSet } from '../scan/model.ts';

export function behaviourOfAgent(agent: Pick<AgentInfo, 'mastra'>): MastraBehaviour {
  return behaviourOf(agent.mastra);
}

export function rawKeyOf(entry: ToolEntry, agent: Pick<AgentInfo, 'mastra'>): string {
  return rawKeyFor(entry.origin, entry.key, behaviourOfAgent(agent));
}

export function inCollision(entry: ToolEntry, collisions: readonly Collision[]): boolean {
  return collisions.some((c) =>
    c.keys.some((k) => k.origin === entry.origin && k.key === entry.key),
  );
}

export function wireOf(entry: ToolEntry, agent: Pick<AgentInfo, 'mastra'>): string {
  const behaviour = behaviourOfAgent(agent);
  return wireNameFor(rawKeyFor(entry.origin, entry.key, behaviour), behaviour);
}

export function agentEntries(agent: AgentInfo): ToolEntry[] {
  return [...agent.tools.entries, ...agent.agents.entries, ...agent.workflows.entries];
}

export function callEntries(call: CallSite): ToolEntry[] {
  return [...call.options.toolsets.entries, ...call.options.clientTools.entries];
}

export function wireCandidates(entry: ToolEntry, agent: Pick<AgentInfo, 'mastra'>): string[] {
  const behaviour = behaviourOfAgent(agent);
  const names = new Set([wireOf(entry, agent)]);
  const keyRule = behaviour.unknown.includes('key-rewrite')
    ? [true, false]
    : [behaviour.rewritesKeys];
  const prefixes = prefixKnown(behaviour, entry.origin) ? [false] : [false, true];
  for (const rewritesKeys of keyRule)
    for (const plain of prefixes) {
      const b: MastraBehaviour = {
        ...behaviour,
        rewritesKeys,
        prefix: plain ? { agents: '', workflows: '' } : behaviour.prefix,
      };
      names.add(wireNameFor(rawKeyFor(entry.origin, entry.key, b), b));
    }
  return [...names];
}

/**
 * The measured MCP tool a name is the bare name of, where the source offers it only under its
 * server's prefix: `firecrawl_scrape` of the server `firecrawl` (firecrawl-mcp) is offered as
 * `firecrawl_firecrawl_scrape`, and no server of the source has a tool `scrape` that would make
 * `firecrawl_scrape` itself a name it offers.
 */
export function bareServerTool(
  r: RuntimeTools,
  name: string,
): { key: string; package: string; version: string; offered: string } | undefined {
  const server = r.servers?.find((s) => s.tools.includes(name));
  if (!server) return undefined;
  const asIs = r.prefixes.some((p) => {
    if (p === '' || !name.startsWith(p)) return false;
    const known = r.servers!.find((s) => `${s.key}_` === p);
    return !known || known.tools.includes(name.slice(p.length));
  });
  return asIs ? undefined : { ...server, offered: toWireName(`${server.key}_${name}`) };
}

/**
 * The tool of an MCP server a name is written after, where the scan cannot list the server's
 * tools: Composio-style names spell their server first (`GMAIL_SEND_EMAIL` of the server
 * `gmail`, `GOOGLECALENDAR_FIND_EVENT` of `googleCalendar`), and Mastra's MCP client offers
 * them as `${server}_${tool}`, never bare. Only snake_case names with a part after the server's.
 */
export function serverNamedTool(
  r: RuntimeTools,
  name: string,
): { key: string; offered: string } | undefined {
  if (r.kind !== 'mcp' || !/^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$/.test(name)) return undefined;
  const fold = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const parts = name.split('_');
  for (const p of r.prefixes) {
    if (!p.endsWith('_') || name.startsWith(p)) continue;
    const key = fold(p.slice(0, -1));
    // The server's name is the first part(s) of the name, and something follows it.
    for (let i = 1; i < parts.length; i++)
      if (fold(parts.slice(0, i).join('')) === key)
        return { key: p.slice(0, -1), offered: toWireName(`${p}${name}`) };
  }
  return undefined;
}

/** A prefix of the source covers the name (`${server}_` of an MCP client), as written or rewritten. */
export function prefixCovers(r: RuntimeTools, name: string): boolean {
  return (
    !bareServerTool(r, name) &&
    r.prefixes.some(
      (p) => p !== '' && (name.startsWith(p) || name.startsWith(toWireName(`${p}x`).slice(0, -1))),
    )
  );
}

export function mayComeAtRunTime(sets: readonly ToolSet[], name: string): boolean {
  return sets.some(
    (set) =>
      set.unresolved.length > 0 ||
      set.runtime.some(
        (r) =>
          !r.bounded ||
          prefixCovers(r, name) ||
          // offered as Mastra rewrites it: `notes.read` is not offered, `notes_read` is
          (r.names ?? []).some((n) => toWireName(n) === name),
      ),
  );
}

export function measuredAs(
  sources: readonly RuntimeTools[],
  name: string,
): { offered: string; file: string; tool: string } | undefined {
  const hits = new Map<string, { offered: string; file: string; tool: string }>();
  for (const r of sources)
    for (const m of r.measured?.runtime ?? [])
      if (m.tool !== undefined && (m.tool === name || `${m.server}_${m.tool}` === name))
        hits.set(m.name, { offered: m.name, file: r.measured!.file, tool: m.tool });
  return hits.size === 1 ? [...hits.values()][0] : undefined;
}
