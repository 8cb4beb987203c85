/**
 * `references`: string literals that code compares with a tool name (`toolName === 'x'`, `switch`,
 * `includes`) must use the name the model calls the tool. Updated when the compared value is typed
 * by Mastra or the AI SDK (so it is provably a tool name); otherwise reported with the fix.
 */
import type { Mention, ScanResult } from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import { EARLIER_SKILL_TOOLS } from '../../scan/values/agent-runtime-tools.ts';
import {
  agentEntries,
  behaviourOfAgent,
  callEntries,
  mayComeAtRunTime,
  wireCandidates,
  wireOf,
} from '../../offers/entries.ts';
import { locationKey, renderKey, renderString, versionUndecided } from '../agents.ts';
import type { Edit, Finding } from '../model.ts';
import { suggesting } from './suggest.ts';
import { nameWords } from './app-names.ts';

/**
 * The compared literal rewritten to each name, quotes and part-type prefix kept; none when the
 * location is not the literal as written (a key, a constant's use).
 */
function literalAs(m: Mention, names: readonly string[]): string[] {
  const raw = m.raw;
  if (raw === undefined || m.location.end - m.location.start !== raw.length) return [];
  const written = `${m.prefix ?? ''}${m.name}`;
  const at = raw.indexOf(written);
  if (at === -1) return [];
  return names.map((n) => raw.slice(0, at) + (m.prefix ?? '') + n + raw.slice(at + written.length));
}

/**
 * The names code sees for a tool of an agent that runs only through network() on a version that
 * reports the tools it runs by id (`network-runs-by-id`): the id in its chunks and memory, and the
 * raw key the routing agent picked (their primitiveId). None for any other agent.
 */
function seenInNetwork(
  scan: ScanResult,
  t: ScanResult['mentions'][number]['matches'][number],
): string[] {
  const agent = scan.agents[t.agentIndex]!;
  const behaviour = behaviourOfAgent(agent);
  if (agent.runs.mode !== 'network' || !behaviour.networkRunsById) return [];
  if (behaviour.unknown.includes('network-runs-by-id')) return [];
  const entry = agentEntries(agent).find((e) => e.origin === t.origin && e.key === t.key);
  const id = entry && 'id' in entry.value ? entry.value.id : undefined;
  return id ? [id, t.key] : [];
}

/** An agent and the sub-agents it delegates to, as far as the scan can follow them. */
function withSubAgents(scan: ScanResult, index: number): Set<number> {
  const out = new Set<number>();
  const walk = (i: number) => {
    if (out.has(i)) return;
    out.add(i);
    for (const e of scan.agents[i]!.agents.entries)
      if (e.value.kind === 'agent' && e.value.agentIndex !== undefined) walk(e.value.agentIndex);
  };
  walk(index);
  return out;
}

/**
 * A chat page compares its tool parts with a name that only other agents offer, while the route it
 * posts to runs one agent (with its sub-agents) that is never offered it: the test never matches.
 * Undefined when that agent has the name, or may get it at run time.
 */
function routedElsewhere(scan: ScanResult, m: ScanResult['mentions'][number]): Finding | undefined {
  if (m.routedTo === undefined || m.agentIndex === undefined) return undefined;
  const reach = withSubAgents(scan, m.agentIndex);
  if (m.matches.some((t) => reach.has(t.agentIndex))) return undefined;
  const sets = [...reach].flatMap((i) => {
    const a = scan.agents[i]!;
    const calls = scan.calls.filter((c) => c.agentIndex === i);
    return [
      a.tools,
      a.agents,
      a.workflows,
      ...calls.flatMap((c) => [c.options.toolsets, c.options.clientTools]),
    ];
  });
  if (mayComeAtRunTime(sets, m.name)) return undefined;
  const agent = scan.agents[m.agentIndex]!;
  const others = [...new Set(m.matches.map((t) => agentLabel(scan.agents[t.agentIndex]!)))];
  return {
    kind: 'reference',
    rule: 'references',
    message: `a chat page compares a tool part with "${m.prefix ?? ''}${m.name}" at ${m.location.file}:${m.location.line}, but it posts to ${m.routedTo}, whose route runs ${agentLabel(agent)}, which is never offered "${m.name}" (${others.join(', ')} ${others.length > 1 ? 'offer' : 'offers'} it): the test never matches`,
    locations: [m.location],
    agents: [agentLabel(agent)],
  };
}

export function planReferences(
  scan: ScanResult,
  finalNames: ReadonlyMap<string, string>,
): { edits: Edit[]; findings: Finding[] } {
  const edits: Edit[] = [];
  const findings: Finding[] = [];
  for (const m of scan.mentions.filter((x) => x.context === 'comparison')) {
    const targets = new Map<string, { current: string; agents: string[] }>();
    let undecided: string | undefined;
    for (const t of m.matches) {
      const agent = scan.agents[t.agentIndex]!;
      const callTools = scan.calls.filter((c) => c.agentIndex === agent.index).flatMap(callEntries);
      const entry = [...agentEntries(agent), ...callTools].find(
        (e) => e.origin === t.origin && e.key === t.key,
      );
      if (!entry) continue;
      const final = finalNames.get(locationKey(entry.keyLocation)) ?? wireOf(entry, agent);
      const candidates = finalNames.has(locationKey(entry.keyLocation))
        ? []
        : wireCandidates(entry, agent);
      if (candidates.length > 1)
        undecided ??= versionUndecided(agent, agentLabel(agent), candidates);
      const got = targets.get(final) ?? { current: wireOf(entry, agent), agents: [] };
      got.agents.push(agentLabel(agent));
      targets.set(final, got);
    }
    const elsewhere = routedElsewhere(scan, m);
    if (elsewhere) {
      findings.push(elsewhere);
      continue;
    }
    if (targets.has(m.name) || targets.size === 0) continue; // already a name some agent offers
    // Every agent it concerns runs only through network(), which reports the tool by its id.
    if (m.matches.every((t) => seenInNetwork(scan, t).includes(m.name))) continue;
    // `name === 'search.web' || name === 'search_web'`: the test already accepts the offered name.
    if ([...targets.keys()].every((t) => m.alternatives?.includes(t))) continue;
    const where = `${m.location.file}:${m.location.line}`;
    if (undecided) {
      findings.push({
        kind: 'version-unknown',
        rule: 'references',
        message: `code compares a tool name with "${m.name}" at ${where}, left as it is: ${undecided}`,
        locations: [m.location],
        agents: [...targets.values()].flatMap((t) => t.agents),
      });
      continue;
    }
    if (targets.size > 1) {
      findings.push({
        kind: 'reference',
        rule: 'references',
        message: `"${m.name}" is compared with a tool name at ${where}; agents call that tool ${[...targets.keys()].join(' or ')}`,
        locations: [m.location],
        agents: [...targets.values()].flatMap((t) => t.agents),
        ...suggesting([m.location], literalAs(m, [...targets.keys()])),
      });
      continue;
    }
    const [final, { current, agents }] = [...targets][0]!;
    // The app translates the offered name into this one itself (a table `{ [final]: 'name' }`
    // read before the lookup): an untyped value compared with it is that translation.
    const translated = scan.nameTables?.some(
      (t) => t.to === m.name && (t.from === final || t.from === current),
    );
    if (!m.provable && translated) continue;
    // A test tied to no agent, of a key of the app's tool registry (`TOOLS['network-execute']`):
    // agents built from data are offered the registry's tools under its keys, so it may be theirs.
    const registryKey = (scan.toolRegistries ?? []).some((r) => r.keys.includes(m.name));
    if (!m.provable && m.agentIndex === undefined && registryKey) continue;
    if (m.via !== undefined) {
      findings.push({
        kind: 'reference',
        rule: 'references',
        message: `code compares a tool name with ${m.via} ("${m.name}"), but the model calls the tool "${final}"; the name comes from a constant that may serve other code too, so it is left for you to change`,
        locations: [m.location],
        agents,
      });
      continue;
    }
    if (!m.provable) {
      findings.push({
        kind: 'reference',
        rule: 'references',
        message: m.prefix
          ? `code compares a UI message part's type with "${m.prefix}${m.name}", but the tool's parts are typed "${m.prefix}${final}" (the model calls it "${final}"); the part is not typed by Mastra or the AI SDK here, so it is left for you to change`
          : `${m.objectKey ? `a table that code looks up by tool name has the key "${m.name}"` : `code compares a tool name with "${m.name}"`}, but the model calls the tool "${final}"; the compared value is not typed by Mastra, so it is left for you to change`,
        locations: [m.location],
        agents,
        ...suggesting([m.location], literalAs(m, [final])),
      });
      continue;
    }
    edits.push({
      rule: 'references',
      // A key of a table looked up by a tool name is changed as a key (quoted only when it must be).
      target: m.objectKey ? 'property-key' : 'string-literal',
      location: m.location,
      before: m.raw ?? JSON.stringify(m.name),
      after: m.objectKey
        ? renderKey(final, m.raw ?? final)
        : renderString((m.prefix ?? '') + final, m.raw ?? "'"),
      value: final,
      reason:
        m.name === current
          ? `follows the re-key of "${current}" to "${final}"`
          : `tool names in Mastra results are wire names; "${m.name}" never matches, the model calls the tool "${final}"`,
      effect: m.name === current ? 'preserved' : 'fixed',
      wire: { before: m.name, after: final },
      agents,
    });
  }
  findings.push(...staleComparisons(scan, finalNames));
  return { edits, findings };
}

interface AppToolNames {
  /** Every name an agent of the app is offered (any mode), by wire name. */
  offered: Set<string>;
  /** Every other spelling of those tools: keys, ids, variable names, workspace tools' own names. */
  spelled: Set<string>;
}

/**
 * The names the app's agents are offered, when the scan knows them all: undefined when any agent
 * or call has a source it could not list (it may offer any name).
 */
function appToolNames(scan: ScanResult): AppToolNames | undefined {
  const offered = new Set<string>();
  const spelled = new Set<string>();
  for (const agent of scan.agents) {
    const sets = [agent.tools, agent.agents, agent.workflows];
    for (const c of scan.calls)
      if (c.agentIndex === agent.index) sets.push(c.options.toolsets, c.options.clientTools);
    if (sets.some((set) => set.unresolved.length > 0 || set.runtime.some((r) => !r.bounded)))
      return undefined;
    for (const set of sets)
      for (const r of set.runtime) {
        for (const n of r.names ?? []) offered.add(n);
        for (const a of r.aliases ?? []) {
          offered.add(a.as);
          spelled.add(a.name);
        }
        for (const p of r.prefixes) if (p) spelled.add(p);
        // A skills source named its tools otherwise before 1.10: a test of those names is no dead entry.
        if (r.kind === 'skills') for (const n of EARLIER_SKILL_TOOLS) spelled.add(n);
      }
    for (const e of agentEntries(agent)) {
      for (const w of wireCandidates(e, agent)) offered.add(w);
      const id = 'id' in e.value ? e.value.id : undefined;
      for (const n of [e.key, e.valueName, id]) if (n) spelled.add(n);
    }
  }
  // Tools the app makes or serves that no agent the scan reads is given: something else may be.
  for (const id of scan.appToolIds ?? []) spelled.add(id);
  for (const t of scan.serverTools ?? []) spelled.add(t.name);
  for (const w of scan.appWorkflows ?? []) spelled.add(w.name);
  return { offered, spelled };
}

/** `file-read` and `readFile`: the same words, in any order and case. */
function sortedWords(name: string): string {
  return nameWords(name).sort().join(' ');
}

/**
 * A key of a table looked up by a tool name, or a case of a test of one, that no agent of the app
 * is offered under any spelling, while two or more of the other strings of the same table or test
 * are names the app's agents are offered, and most of its strings are names the app knows: a dead
 * entry that never matches (a tool renamed or removed). Reported, never edited; not when any agent has a source the scan could not list, when
 * the name may be an MCP tool behind a server prefix, or when the app defines a function tool of
 * that name for another SDK's model (the table serves both).
 */
function deadEntry(
  c: ScanResult['comparisons'][number],
  app: AppToolNames,
  stale: ReadonlySet<string>,
  translated: ReadonlySet<string>,
): Finding | undefined {
  // A name the app's agents are offered, spell otherwise, or may get behind a server's prefix.
  const known = (name: string) =>
    app.offered.has(name) ||
    app.spelled.has(name) ||
    [...app.spelled].some((p) => p.endsWith('_') && name.startsWith(p));
  if (c.foreign || known(c.value)) return undefined;
  const alternatives = [...new Set(c.alternatives)];
  const offeredAlternatives = alternatives.filter((a) => app.offered.has(a));
  // Its other strings that are another name of a tool (its id: a table keyed by ids where the
  // model calls the keys) or stand for one by their words: they too show it holds tool names;
  // not when one of them is what the app's own table translates a tool name into (the UI looks
  // this table up by the translation, which may give names the scan cannot tie to a tool).
  const otherNames = alternatives.some((a) => translated.has(a))
    ? []
    : alternatives.filter((a) => !app.offered.has(a) && (app.spelled.has(a) || stale.has(a)));
  if (offeredAlternatives.length + otherNames.length < 2) return undefined;
  // `file-read` beside `readFile`: an older spelling of a tool the same test names as it is offered
  // too (kept for old runs); the test still matches that tool's calls.
  const words = sortedWords(c.value);
  if (offeredAlternatives.some((a) => sortedWords(a) === words)) return undefined;
  // A list mostly of names nothing here offers was written for other tools too (a hook adapted
  // from Claude Code's Write/Edit/MultiEdit): one renamed entry is the exception in a list of ours.
  const dead = alternatives.filter((a) => !known(a)).length + 1;
  if (dead >= alternatives.length + 1 - dead) return undefined;
  // Two offered names say enough; only the others' names are shown otherwise.
  const byOffered = offeredAlternatives.length >= 2;
  const held = byOffered ? offeredAlternatives : [...offeredAlternatives, ...otherNames];
  const shown = held.slice(0, 3).map((a) => `"${a}"`);
  const what = byOffered
    ? "tool names the app's agents are offered"
    : offeredAlternatives.length === 0
      ? "other names of the app's tools"
      : "tool names the app's agents are offered or other names of its tools";
  return {
    kind: 'reference',
    rule: 'references',
    message: `code compares a tool name with "${c.value}", which no agent of the app is offered under any name, while the same ${c.objectKey ? 'table' : 'test'} holds ${what} (${shown.join(', ')}${held.length > 3 ? ` and ${held.length - 3} more` : ''}), so this entry never matches; left for you to change`,
    locations: [c.location],
    agents: [],
  };
}

/**
 * Strings that name no tool, compared with a value that holds tool names, where the code shows which
 * tool they stand for (see stale-comparisons.ts): reported with the name to write, never edited.
 */
function staleComparisons(scan: ScanResult, finalNames: ReadonlyMap<string, string>): Finding[] {
  const out: Finding[] = [];
  const app = appToolNames(scan);
  // Strings the scan ties to a tool by their words or a cast.
  const stale = new Set(scan.comparisons.filter((c) => c.staleOf).map((c) => c.value));
  const translated = new Set((scan.nameTables ?? []).map((e) => e.to));
  for (const c of scan.comparisons) {
    if (!c.staleOf) {
      const dead = app && deadEntry(c, app, stale, translated);
      if (dead) out.push(dead);
      continue;
    }
    const names = new Map<string, string[]>();
    let about = '';
    for (const t of c.staleOf.tools) {
      const agent = scan.agents[t.agentIndex]!;
      const entry = agentEntries(agent).find((e) => e.origin === t.origin && e.key === t.key);
      if (!entry) continue;
      const final = finalNames.get(locationKey(entry.keyLocation)) ?? wireOf(entry, agent);
      names.set(final, [...(names.get(final) ?? []), agentLabel(agent)]);
      const id = 'id' in entry.value ? entry.value.id : undefined;
      about ||= `the tool ${entry.valueName ?? entry.key}${id && id !== entry.key ? ` (id "${id}")` : ''}`;
    }
    const alias = c.staleOf.alias;
    // `name === 'execute_command' || name === 'mastra_workspace_execute_command'` accepts both.
    if (alias && c.alternatives.includes(alias.as)) continue;
    if (alias) {
      const labels = alias.agentIndexes.map((i) => agentLabel(scan.agents[i]!));
      out.push({
        kind: 'reference',
        rule: 'references',
        message: `code compares a tool name with "${c.value}", which names no tool: it is the workspace's own name for the tool ${labels.join(', ')} ${labels.length === 1 ? 'is' : 'are'} offered as "${alias.as}", so this test never matches; left for you to change`,
        locations: [c.location],
        agents: labels,
      });
      continue;
    }
    const workspace = c.staleOf.workspace;
    if (workspace) {
      const labels = workspace.agentIndexes.map((i) => agentLabel(scan.agents[i]!));
      out.push({
        kind: 'reference',
        rule: 'references',
        message: `code compares a tool name with "${c.value}", a name only a workspace adds, but the workspace of ${labels.join(', ')} offers no tool of that name and nothing else can, so this test never matches; left for you to change`,
        locations: [c.location],
        agents: labels,
      });
      continue;
    }
    const unoffered = c.staleOf.unoffered;
    if (unoffered && names.size === 0) {
      out.push({
        kind: 'reference',
        rule: 'references',
        message: `code compares a tool name with "${c.value}", which names no tool; the branch it guards reads the data of the tool ${unoffered.name} (id "${unoffered.id}"), which no agent the scan read offers, so this test never matches; left for you to change`,
        locations: [c.location],
        agents: [],
      });
      continue;
    }
    if (names.size === 0 || names.has(c.value)) continue;
    // `name === 'weather.tool' || name === 'weatherTool'`: the test already accepts the offered name.
    if ([...names.keys()].every((n) => c.alternatives.includes(n))) continue;
    const evidence =
      c.staleOf.evidence === 'cast'
        ? `the branch it guards reads the data of ${about}`
        : `its words are those of ${about}`;
    out.push({
      kind: 'reference',
      rule: 'references',
      message: `code compares a tool name with "${c.value}", which names no tool; ${evidence}, which the model calls ${[...names.keys()].map((n) => `"${n}"`).join(' or ')}, so this test never matches; left for you to change`,
      locations: [c.location],
      agents: [...new Set([...names.values()].flat())],
    });
  }
  return out;
}
