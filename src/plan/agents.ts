/** Shared views of the scan that the rules work from. */
import { rawKeyFor, wireNameFor, type Collision } from '../names/normalise.ts';
import { toWireName } from '../names/wire-name.ts';
import {
  behaviourOf,
  describeVersion,
  prefixKnown,
  type MastraBehaviour,
} from '../names/versions.ts';
import type {
  AgentInfo,
  CallSite,
  Location,
  RuntimeTools,
  ToolEntry,
  ToolSet,
} from '../scan/model.ts';

// Kept apart (agent-label.ts) so the report renderers load no naming rules.
export { agentLabel } from './agent-label.ts';

export function locationKey(l: Location): string {
  return `${l.file}:${l.start}`;
}

/** The naming rules of the @mastra/core this agent runs with. */
export function behaviourOfAgent(agent: Pick<AgentInfo, 'mastra'>): MastraBehaviour {
  return behaviourOf(agent.mastra);
}

/** The key in the agent's merged record: with the agent-/workflow- prefix its version adds. */
export function rawKeyOf(entry: ToolEntry, agent: Pick<AgentInfo, 'mastra'>): string {
  return rawKeyFor(entry.origin, entry.key, behaviourOfAgent(agent));
}

/**
 * Whether an entry's key is one of several that rewrite to one name: every call of the agent
 * fails until a human renames them, so no name that follows the key is edited.
 */
export function inCollision(entry: ToolEntry, collisions: readonly Collision[]): boolean {
  return collisions.some((c) =>
    c.keys.some((k) => k.origin === entry.origin && k.key === entry.key),
  );
}

/** The name the agent's version sends for this entry. */
export function wireOf(entry: ToolEntry, agent: Pick<AgentInfo, 'mastra'>): string {
  const behaviour = behaviourOfAgent(agent);
  return wireNameFor(rawKeyFor(entry.origin, entry.key, behaviour), behaviour);
}

/** The entries an agent registers itself (tools, sub-agents, workflows). */
export function agentEntries(agent: AgentInfo): ToolEntry[] {
  return [...agent.tools.entries, ...agent.agents.entries, ...agent.workflows.entries];
}

/** The entries a call adds to its agent's (call-time toolsets and clientTools). */
export function callEntries(call: CallSite): ToolEntry[] {
  return [...call.options.toolsets.entries, ...call.options.clientTools.entries];
}

/** How a key is written in the source: identifiers bare, anything else quoted like the original. */
export function renderKey(key: string, originalText: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return key;
  const quote = originalText.startsWith('"') ? '"' : "'";
  return quote + key.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`) + quote;
}

/** A string literal with the same quotes as the one it replaces. */
export function renderString(value: string, originalRaw: string): string {
  const quote = originalRaw[0] === '"' || originalRaw[0] === '`' ? originalRaw[0] : "'";
  return quote + value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`) + quote;
}

/**
 * Every name this entry could go on the wire as, when the agent's version leaves the key rule or
 * the prefixes undecided (unknown version, or a range across a boundary); one name otherwise.
 */
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

/** Why a name that depends on the version is not edited, and how to make the version known. */
export function versionUndecided(
  agent: Pick<AgentInfo, 'mastra'>,
  label: string,
  names: string[],
): string {
  return `${label} runs ${describeVersion(agent.mastra)}, under which the model is offered ${names.map((n) => `"${n}"`).join(' or ')} (the agent- and workflow- prefixes came in 0.22.0, the key rewrite in 0.13.2); install the dependencies, commit the lockfile or pin @mastra/core in package.json so the version is known`;
}

/**
 * Whether `name` may be one a source the scan could not list gives: an unresolved map, a run-time
 * source with unbounded names, or one whose prefix or names cover it (a workspace tool renamed to
 * `read_file`, skills' `skill_search`). Such a name is never called unknown.
 */
export function mayComeAtRunTime(sets: readonly ToolSet[], name: string): boolean {
  return sets.some(
    (set) =>
      set.unresolved.length > 0 ||
      set.runtime.some(
        (r) =>
          !r.bounded ||
          r.prefixes.some(
            (p) =>
              p !== '' && (name.startsWith(p) || name.startsWith(toWireName(`${p}x`).slice(0, -1))),
          ) ||
          // offered as Mastra rewrites it: `notes.read` is not offered, `notes_read` is
          (r.names ?? []).some((n) => toWireName(n) === name),
      ),
  );
}

/**
 * The name verify measured a run-time tool under, when `name` is that tool's own name on its MCP
 * server (`search.issues`) or the client's key for it (`linear.app_search.issues`), and one
 * measured name fits (`--names FILE`). With the names file it came from, for the reason.
 */
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
