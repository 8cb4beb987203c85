/**
 * Names in an agent's instructions that look like a tool, sub-agent or workflow but that THIS agent
 * is not offered, in the modes it may run in (a removed tool, a sub-agent named by a made-up id, a
 * tool only another agent has). Asked of the per-agent offers model (`src/offers/`): a name another
 * agent offers is reported with that agent and how this one reaches it; a name a runtime source may
 * provide (an MCP server's prefix) is never unknown; nothing is said while the agent has a source
 * the scan could not list, except of a name no source can offer as written (`db.write`, which
 * Mastra rewrites). A tool a tool search loads is the agent's own, under its id. "Did you mean"
 * comes only from the same agent's names, and only when close. What counts as a name is decided by
 * `prompt-words.ts`.
 */
import { distance } from 'fastest-levenshtein';
import { RUN_MODES, unreadWorkspace, type AgentOffers, type Offers } from '../../offers/index.ts';
import {
  findName,
  fragmentLocation,
  inCodeBlock,
  inFrontMatter,
} from '../../scan/mentions/mentions.ts';
import { isNameShaped } from '../../scan/mentions/word-shape.ts';
import { loadsSkills } from '../../scan/mentions/skill-names.ts';
import type { AgentInfo, Location, ScanResult, TextFragment } from '../../scan/model.ts';
import { toWireName } from '../../names/wire-name.ts';
import {
  agentEntries,
  bareServerTool,
  serverNamedTool,
  behaviourOfAgent,
  callEntries,
  mayComeAtRunTime,
  measuredAs,
  wireOf,
} from '../../offers/entries.ts';
import type { Finding } from '../model.ts';
import { appNames, isToolShaped, nameWords } from './app-names.ts';
import { inInvalidList } from './invalid-lists.ts';
import { ownListTerms } from './own-lists.ts';
import { suggesting } from './suggest.ts';
import { selfIntroduced, toolWords, type DataWords, type ToolWord } from './prompt-words.ts';

/** Every name the agent itself answers to or registers: none of them is an unknown tool. */
function ownNames(scan: ScanResult, agent: AgentInfo): Set<string> {
  const known = new Set<string>();
  const addAgent = (a: AgentInfo) => {
    for (const n of [a.id, a.name, a.variable, ...a.registeredAs]) if (n) known.add(n);
  };
  addAgent(agent);
  const calls = scan.calls.filter((c) => c.agentIndex === agent.index);
  for (const e of [...agentEntries(agent), ...calls.flatMap(callEntries)]) {
    known.add(e.key).add(wireOf(e, agent));
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

/** The words of a name, without the kind words (`tool`, `agent`, `workflow`). */
function words(s: string): Set<string> {
  return new Set(nameWords(s).filter((w) => w !== 'agent' && w !== 'workflow'));
}

/**
 * The agent's own name a stale one most likely meant: a near spelling, or the one name sharing a
 * word with it that is not far off. Two equally good candidates make no guess.
 */
export function nearest(name: string, offered: readonly string[]): string | undefined {
  const ranked = (pool: readonly string[]) =>
    pool.map((o) => ({ o, d: distance(name, o) })).sort((x, y) => x.d - y.d);
  const unique = (r: Array<{ o: string; d: number }>) =>
    r.length === 1 || (r.length > 1 && r[0]!.d < r[1]!.d) ? r[0] : undefined;
  const close = unique(ranked(offered));
  if (close && close.d <= Math.max(2, Math.floor(name.length / 4))) return close.o;
  const mine = words(name);
  const sharing = unique(ranked(offered.filter((o) => [...words(o)].some((w) => mine.has(w)))));
  if (sharing && sharing.d <= Math.floor(Math.max(name.length, sharing.o.length) * 0.4))
    return sharing.o;
  // The name cut short at a word: `signageAds` for the workflow `signageAdsPlanner`.
  const longer = offered.filter(
    (o) => o.length > name.length && o.startsWith(name) && /^[A-Z_-]/.test(o.slice(name.length)),
  );
  return name.length >= 6 && longer.length === 1 ? longer[0] : undefined;
}

function offeredNames(o: AgentOffers): string[] {
  return [...new Set(o.modes.flatMap((m) => [...o.names[m].keys()]))];
}

/** Every name an agent goes by: a line that uses one of them is about that agent. */
function namesOf(o: AgentOffers, parent: AgentOffers): string[] {
  const a = o.agent;
  const keys = parent.agent.agents.entries
    .filter((e) => e.value.kind === 'agent' && e.value.agentIndex === a.index)
    .flatMap((e) => [e.key, wireOf(e, parent.agent)]);
  return [a.id, a.name, a.variable, ...a.registeredAs, ...keys].filter((n): n is string => !!n);
}

/** "Ne jamais appeler", "n'utilise pas", "nunca llames a": the same prohibition in French and Spanish. */
const NEGATED_ROMANCE = String.raw`\b(ne\s+(jamais|pas)\s+(appeler|utiliser)|n'(appelle|utilise)\s+(jamais|pas)|nunca\s+(llames|uses|llamar|usar)|no\s+(llames|uses))\s+`;
/** The words just before a name tell the model not to use it (also in French and Spanish). */
const NEGATED = new RegExp(
  String.raw`(\b(never|not|don'?t|do not|avoid|without|instead of)\s+(call(ing)?\s+|us(e|ing)\s+|invok(e|ing)\s+|run(ning)?\s+)?(the\s+|raw\s+|any\s+)?|${NEGATED_ROMANCE})\\?[\x60'"]?$`,
  'i',
);
/** The names after the first in "Do not use raw `a`, `b`, or `c`": the same prohibition. */
const NEGATED_LIST = new RegExp(
  String.raw`(\b(never|not|don'?t|do not|avoid)\s+(call|use|invoke|run)\s+(the\s+|raw\s+|any\s+)?|${NEGATED_ROMANCE})(\\?[\x60'"]?[\w.:-]+\\?[\x60'"]?\s*,\s*(or\s+|and\s+|ou\s+|et\s+|o\s+|y\s+)?)+\\?[\x60'"]?$`,
  'i',
);

/** The sentence after `"name"` for one agent's finding, or undefined to say nothing. */
/**
 * A spelling no source can offer: the agent's Mastra rewrites such a key (`db.write` -> `db_write`),
 * so neither an MCP server nor a map the scan could not list offers it as written.
 */
function unofferable(agent: Pick<AgentInfo, 'mastra'>, name: string): boolean {
  return behaviourOfAgent(agent).rewritesKeys && toWireName(name) !== name;
}

/** `stat` for the workspace's `file_stat`: the one run-time alias holding every word of the name. */
function aliasWithWords(o: AgentOffers, name: string): string | undefined {
  const mine = nameWords(name);
  const hits = o.runtime
    .flatMap((r) => r.aliases ?? [])
    .filter((a) => mine.length > 0 && mine.every((w) => nameWords(a.name).includes(w)));
  const offered = [...new Set(hits.map((a) => a.as))];
  return offered.length === 1 ? offered[0] : undefined;
}

/** The one name of `names` that is `name` behind a one-word prefix (`server_name`), if any. */
function serverPrefixed(names: ReadonlySet<string>, name: string): string | undefined {
  const hits = [...names].filter(
    (n) => n.endsWith(`_${name}`) && /^[A-Za-z0-9]+$/.test(n.slice(0, -name.length - 1)),
  );
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * `mcp__imagegen__image_generate_openai`: the name Claude Code gives an MCP server's tool. Mastra's
 * MCP client offers the same tool as `imagegen_image_generate_openai` (`${server}_${tool}`), so the
 * form is a tool name, and stale, in an agent whose MCP client has that server.
 */
function claudeCodeForm(
  o: AgentOffers,
  name: string,
): { server: string; offered: string } | undefined {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  if (!m) return undefined;
  const [, server, tool] = m as unknown as [string, string, string];
  const has = o.runtime.some((r) => r.kind === 'mcp' && r.prefixes.includes(`${server}_`));
  return has ? { server, offered: `${server}_${tool}` } : undefined;
}

/** Why a name is not offered, and the names that would be (an editor's suggestions). */
interface Explained {
  why: string;
  fixes?: string[];
}

function explain(
  offers: Offers,
  o: AgentOffers,
  name: string,
  spelling?: string,
  server?: Location,
  workflow?: Location,
): Explained | undefined {
  const elsewhere = offers.elsewhere(o.agent, name);
  const reachable = elsewhere.find((e) => e.via.length > 0);
  if (reachable)
    return {
      why: `which ${o.label} is not offered: ${reachable.owner.label} offers it, and ${o.label} reaches it only by delegating to ${reachable.via[0]!.label}`,
    };
  if (elsewhere.length) {
    const owners = [...new Set(elsewhere.map((e) => e.owner.label))];
    return {
      why: `which ${o.label} is not offered (${owners.slice(0, 3).join(', ')}${owners.length > 3 ? ` and ${owners.length - 3} more` : ''} offer${owners.length === 1 ? 's' : ''} it, and ${o.label} does not delegate to ${owners.length === 1 ? 'it' : 'them'})`,
    };
  }
  // verify measured the MCP tool under another name (`--names FILE`): that is the fix.
  const measured = measuredAs(o.runtime, name);
  if (measured)
    return {
      why: `which ${o.label} is not offered by that name: verify measured the MCP tool "${measured.tool}" offered as "${measured.offered}" (${measured.file}); write "${measured.offered}"`,
      fixes: [measured.offered],
    };
  const claude = claudeCodeForm(o, name);
  if (claude)
    return {
      why: `which ${o.label} is not offered by that name: it is how Claude Code names a tool of the MCP server "${claude.server}", which Mastra's MCP client offers as "${claude.offered}"`,
      fixes: [claude.offered],
    };
  const bare = o.runtime.map((r) => bareServerTool(r, name)).find((b) => b !== undefined);
  if (bare)
    return {
      why: `which ${o.label} is not offered by that name: it is a tool of the MCP server "${bare.key}" (${bare.package}, its tools listed by version ${bare.version}), which Mastra's MCP client offers as "${bare.offered}"`,
      fixes: [bare.offered],
    };
  const named = o.runtime.map((r) => serverNamedTool(r, name)).find((n) => n !== undefined);
  if (named)
    return {
      why: `which ${o.label} is not offered by that name: it is written after its MCP server "${named.key}", whose tools Mastra's MCP client offers as "${named.key}_<tool>", so the model sees "${named.offered}"`,
      fixes: [named.offered],
    };
  const mcp = o.runtime.filter((r) => r.kind === 'mcp' && r.prefixes.length > 0);
  if (mcp.length) {
    const names = mcp.flatMap((r) => r.prefixes).map((p) => `${p}${name}`);
    return {
      why: `which ${o.label} is not offered by that name; if it is a tool of an MCP server, the model sees it as ${names.map((n) => `"${n}"`).join(' or ')}`,
      fixes: names,
    };
  }
  // Another spelling of a name this agent is offered (`memory_recall` for `memoryRecallTool`).
  if (spelling && offeredNames(o).includes(spelling))
    return {
      why: `which ${o.label} is not offered; did you mean "${spelling}"?`,
      fixes: [spelling],
    };
  // A list the scan could not read whole may hold the name: say nothing. Not a name Mastra rewrites
  // (`db.write`): no list offers it as written.
  if (o.open && !unofferable(o.agent, name)) return undefined;
  if (workflow)
    return {
      why: `which ${o.label} is not offered: it is a workflow the app defines at ${workflow.file}:${workflow.line}, and an agent is offered a workflow only through its own workflows option`,
    };
  if (server)
    return {
      why: `which ${o.label} is not offered: it is a tool of the MCP server the app writes at ${server.file}:${server.line}, which reaches an agent only through an MCP client, and ${o.label} has none`,
    };
  // A run-time source's names reach the model as Mastra rewrites them (`notes.read` as `notes_read`).
  const fromSources = o.runtime.flatMap((r) => (r.names ?? []).map(toWireName));
  const guess = nearest(name, [...offeredNames(o), ...fromSources]) ?? aliasWithWords(o, name);
  if (guess)
    return { why: `which ${o.label} is not offered; did you mean "${guess}"?`, fixes: [guess] };
  const offered = [
    ...new Set([
      ...o.runtime.flatMap((r) => r.prefixes.filter(Boolean).map((p) => `${p}*`)),
      ...o.runtime
        .filter((r) => r.kind === 'workspace' && r.names?.length)
        .map((r) => `its workspace's ${r.names!.length} tools`),
    ]),
  ];
  return {
    why: `which ${o.label} is not offered${offered.length ? ` (its run-time sources offer ${offered.join(', ')})` : ''}`,
  };
}

/**
 * A line that names an agent offering the tool ("ask agent-coder to use `runTests`", "salesforceAgent
 * uses the salesforceTool") speaks of that agent; a line that tells the model not to use a name
 * ("never call `applyPatch` yourself") asks nothing of it. Neither is a drift.
 */
/** "It uses the salesforceTool", "which calls fetchPage": the prompt describes something else. */
const DESCRIBED =
  /\b(it|which|that|they|he|she|this agent|the agent)\s+(uses|calls|invokes|relies on|has)\s+(the\s+)?\\?[`'"]?$/i;

/**
 * Whether `line` names the agent `n`. A lowercase word alone ("each function (research, coding,
 * judge)") is English that an agent happens to be called by, unless it is quoted or followed by
 * "agent" ("the research agent"); any other name (`researchAgent`, `code-reviewer`, "Weather Agent")
 * is the agent's.
 */
function namesAgent(line: string, n: string): boolean {
  return findName(line, n).some(
    (at) =>
      !/^[a-z]+$/.test(n) ||
      /[`'"]/.test(line[at - 1] ?? '') ||
      /^[`'"]?\s+(sub-?)?agents?\b/i.test(line.slice(at + n.length)),
  );
}

function aboutOthers(
  offers: Offers,
  o: AgentOffers,
  w: ToolWord,
  otherAgents: readonly string[],
): boolean {
  const before = w.line.slice(0, w.column);
  if (NEGATED.test(before) || NEGATED_LIST.test(before) || DESCRIBED.test(before)) return true;
  const { name, line } = w;
  // "salesforceAgent: … uses the salesforceTool": a line about another agent of the repository.
  // Not "call codeGraphAgent, then codeMetricsAgent": told to call an agent, the line asks this one.
  const calledAgent = w.strong && otherAgents.includes(name);
  if (!calledAgent && otherAgents.some((n) => namesAgent(line, n))) return true;
  return offers.elsewhere(o.agent, name).some((e) => {
    const names = [...namesOf(e.owner, o), ...e.via.flatMap((v) => namesOf(v, o))];
    return names.some((n) => findName(line, n).length > 0);
  });
}

/** "NEVER echo ... tool names like `updateBrandContext`": a name the model is told not to say. */
const NOT_SAID =
  /\b(never|not|don'?t|do not|avoid)\s+(echo(ing)?|mention(ing)?|say(ing)?|expos(e|ing)|reveal(ing)?|disclos(e|ing)|narrat(e|ing)|print(ing)?)\b[^.!?]*$/i;
const ITEM_START = /^\s*([-*+]|\d+[.)])\s/;

/**
 * Whether the sentence a name is in, from the start of its list item (continuation lines too), says
 * not to write it in a reply: a rule about what the model says, not a tool it is told to call.
 */
function notToBeSaid(text: string, at: number): boolean {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  for (let i = 0; i < 5 && !ITEM_START.test(text.slice(start, at)) && start > 0; i++) {
    const previous = text.lastIndexOf('\n', start - 2) + 1;
    if (text.slice(previous, start - 1).trim() === '') break;
    start = previous;
  }
  return NOT_SAID.test(text.slice(start, at));
}

/** A description, or a tool's result: text the model reads with a tool, not instructions. */
function readWithOffer(f: TextFragment): boolean {
  return f.context.endsWith('-description') || f.context === 'tool-result';
}

/** In a code sample, also where a template literal's source escapes the fence (\`\`\`). */
function inFence(text: string, at: number): boolean {
  return inCodeBlock(text.slice(0, at).replace(/\\`/g, '`'), at);
}

/** `news_items` in `query_news_items`: two or more words of a name, in its order, and not all of it. */
function wordsWithin(part: string, name: string): boolean {
  const inner = nameWords(part).join(' ');
  const whole = nameWords(name).join(' ');
  return inner.includes(' ') && inner !== whole && ` ${whole} `.includes(` ${inner} `);
}

/** `ResearchPaperAgent`, `research-paper-agent`: another spelling of a name the agent has. */
function fold(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** `${searchTool}` in a prompt: the model reads "[object Object]" where the name should be. */
function toolObjectFinding(
  f: TextFragment,
  expr: string,
  label: string,
  offeredAs: string | undefined,
): Finding {
  const where = f.context.endsWith('-description')
    ? `a description ${label}'s model reads interpolates`
    : f.context === 'tool-result'
      ? `text a tool returns to ${label}'s model interpolates`
      : f.context === 'prompt' || f.context === 'system'
        ? `a message sent to ${label} interpolates`
        : `the instructions of ${label} interpolate`;
  const fix = offeredAs
    ? `write "${offeredAs}", the name ${label} is offered it under`
    : `${label} is not offered it under any name the text could give`;
  return {
    kind: 'unknown-tool-mention',
    rule: 'prompts',
    message: `${where} "\${${expr}}", the tool object itself: the model reads "[object Object]" there, not a name; ${fix}`,
    locations: [f.location],
    agents: [label],
  };
}

/**
 * The agents a tool's definition calls (`execute: () => builder.generate(task)`), or the sub-agent
 * an `agents` entry is: its description and result speak of what they do, in their names
 * (`delegateToBuilder` returning "the agent should call getCurrentSpec first").
 */
function wrappedAgents(scan: ScanResult, agent: AgentInfo, f: TextFragment): Set<number> {
  const d = f.describes;
  const entry = d && agentEntries(agent).find((e) => e.origin === d.origin && e.key === d.key);
  // A sub-agent's own description, which the supervisor reads as its tool's: "minutes specialist
  // (summarize_meeting, get_transcript)" says what that agent does with its tools.
  if (entry?.value.kind === 'agent' && entry.value.agentIndex !== undefined)
    return new Set([entry.value.agentIndex]);
  const at = entry?.valueLocation;
  if (!at) return new Set();
  return new Set(
    scan.calls
      .filter(
        (c) =>
          c.agentIndex !== undefined &&
          c.agentIndex !== agent.index &&
          c.location.file === at.file &&
          c.location.start >= at.start &&
          c.location.end <= at.end,
      )
      .map((c) => c.agentIndex!),
  );
}

type Registry = NonNullable<ScanResult['toolRegistries']>[number] & { named: number };

/**
 * The names among `names` that list a tool registry of the app (`tool-registries.ts`): three or
 * more of its keys, and at least half of them, named to an agent offered none of them. Such a
 * list describes what agents built from data can be given (an agent that writes their config
 * reads it), so each name is reported as a note that says so.
 */
function catalogueOf(
  scan: ScanResult,
  offers: Offers,
  agent: AgentInfo,
  names: readonly string[],
): Map<string, Registry> {
  const out = new Map<string, Registry>();
  for (const r of scan.toolRegistries ?? []) {
    const named = names.filter((n) => r.keys.includes(n));
    if (named.length < 3 || named.length * 2 < r.keys.length) continue;
    if (r.keys.some((k) => offers.offered(agent, toWireName(k)))) continue;
    for (const n of named) out.set(n, { ...r, named: named.length });
  }
  return out;
}

export function unknownToolMentions(scan: ScanResult, offers: Offers, data: DataWords): Finding[] {
  const agentsByName = agentNames(scan);
  const app = appNames(scan);
  // The code says these are tools (of an MCP server the app writes): they count on any line.
  const serverTools = new Set((scan.serverTools ?? []).map((t) => t.name));
  const out: Finding[] = [];
  for (const agent of scan.agents) {
    // Tools we could not list may have any name; a run-time source's prefix or names cover others.
    const sets = [agent.tools, agent.agents, agent.workflows];
    for (const c of scan.calls)
      if (c.agentIndex === agent.index) sets.push(c.options.toolsets, c.options.clientTools);
    const fromRuntime = (name: string) => mayComeAtRunTime(sets, name);
    const o = offers.of(agent);
    const known = ownNames(scan, agent);
    // Another spelling of an agent's name (its own, its sub-agents') is that agent in a heading;
    // another spelling of a tool is a stale name (`architect.risk_score`).
    const agentSpellings = [
      agent,
      ...agent.agents.entries.flatMap((e) =>
        e.value.kind === 'agent' && e.value.agentIndex !== undefined
          ? [scan.agents[e.value.agentIndex]!]
          : [],
      ),
    ].flatMap((a) => [a.id, a.name, a.variable, ...a.registeredAs]);
    const folded = new Set(
      [...agentSpellings, ...agent.agents.entries.map((e) => e.key)]
        .filter((n): n is string => !!n)
        .map(fold),
    );
    // A name that is only the kind word (`const agent = new Agent(...)`) names no agent in prose.
    const otherAgents = [...agentsByName].filter(
      (n) => !known.has(n) && n.length > 2 && words(n).size > 0,
    );
    const found = new Map<string, Location[]>();
    const spellings = new Map<string, string | undefined>();
    const mine = new Set(offeredNames(o));
    // Every name of a tool this agent is offered (key, id, variable) -> the name it is offered as.
    const offeredAs = new Map<string, string>();
    for (const e of [
      ...agentEntries(agent),
      ...scan.calls.filter((c) => c.agentIndex === agent.index).flatMap(callEntries),
    ]) {
      const as = wireOf(e, agent);
      if (!mine.has(as)) continue;
      for (const n of [as, e.key, e.valueName, 'id' in e.value ? e.value.id : undefined])
        if (n && !offeredAs.has(n)) offeredAs.set(n, as);
    }
    // Tools a tool search loads on demand are offered by their ids once loaded: their own too.
    for (const r of o.runtime)
      if (r.kind === 'tool-search')
        for (const n of r.names ?? []) if (!offeredAs.has(n)) offeredAs.set(n, toWireName(n));
    const ownToolNames = new Set(offeredAs.keys());
    const ownValues = new Set(agent.descriptions.flatMap((f) => f.values ?? []));
    // Another spelling of a name of a tool THIS agent is offered counts on any line, in any shape
    // (`architect.risk_score` for the id `architect_risk_score` of its riskScoringTool).
    const ownSpelling = (name: string) => {
      const t = app.tiedTo(name, ownToolNames);
      return t !== undefined && ownToolNames.has(t);
    };
    // The names of the entry a description describes (its key, id, variable, wire name).
    const describedNames = (f: TextFragment): Set<string> => {
      const d = f.describes;
      const e = d && agentEntries(agent).find((x) => x.origin === d.origin && x.key === d.key);
      if (!e) return new Set();
      const id = 'id' in e.value ? e.value.id : undefined;
      return new Set(
        [wireOf(e, agent), e.key, e.valueName, id].filter((n): n is string => Boolean(n)),
      );
    };
    const inDescription = new Set<string>();
    const inResult = new Set<string>();
    const inMessage = new Set<string>();
    // `lsp_inspect` for the workspace's `mastra_workspace_lsp_inspect`: named by what Mastra
    // offers it as, whatever else the agent's list may hold.
    // A workspace known by its prefix gives Mastra's defaults: they count only where nothing else
    // the agent has may offer the bare name.
    const aliasNames = new Map(
      o.runtime
        .filter((r) => !(unreadWorkspace(r) && o.openElsewhere))
        .flatMap((r) => r.aliases ?? [])
        .map((a) => [a.name, a.as]),
    );
    // A skill tool's name before 1.10.0 (`skill-activate`), where the agent's skills go by the new ones.
    const skillAliases = new Set(
      o.runtime
        .filter((r) => r.kind === 'skills')
        .flatMap((r) => (r.aliases ?? []).map((a) => a.name)),
    );
    // The default names of a workspace known by its prefix: whether it adds the tool is unknown.
    const unreadAliases = new Set(
      o.runtime
        .filter((r) => unreadWorkspace(r) && !o.openElsewhere)
        .flatMap((r) => (r.aliases ?? []).map((a) => a.as)),
    );
    // `readFile` for `read_file`: the same words in another case name the same workspace tool.
    const aliasOf = (n: string) => {
      const words = nameWords(n);
      return (
        aliasNames.get(n) ??
        (words.length >= 2 && /[a-z][A-Z]/.test(n) ? aliasNames.get(words.join('_')) : undefined)
      );
    };
    const aliases = { has: (n: string) => aliasOf(n) !== undefined, get: aliasOf };
    const record = (f: TextFragment, w: Pick<ToolWord, 'name' | 'offset'>) => {
      if (f.context.endsWith('-description') && !found.has(w.name)) inDescription.add(w.name);
      if (f.context === 'tool-result' && !found.has(w.name)) inResult.add(w.name);
      if ((f.context === 'prompt' || f.context === 'system') && !found.has(w.name))
        inMessage.add(w.name);
      const location = fragmentLocation(f, w.offset, w.name.length);
      const list = found.get(w.name) ?? [];
      if (!list.some((l) => l.file === location.file && l.start === location.start))
        list.push(location);
      found.set(w.name, list);
    };
    // Its instructions, the descriptions of what it offers, and the messages its calls send: its
    // model reads them all.
    const messages = scan.calls
      .filter((c) => c.agentIndex === agent.index)
      .flatMap((c) => c.prompts);
    // A skill's text can name tools of anything it was written for: only what matches is followed.
    const prompts = agent.instructions.filter((f) => !f.skill);
    const offersNothing =
      agentEntries(agent).length === 0 &&
      o.runtime.length === 0 &&
      scan.calls.every(
        (c) =>
          c.agentIndex !== agent.index ||
          c.options.toolsets.entries.length + c.options.clientTools.entries.length === 0,
      );
    // An MCP server whose tools the scan cannot list: `search_nodes({query})` in its prompt is
    // one of them, called by its bare name.
    const unlistedServerTools = o.runtime.some(
      (r) => r.kind === 'mcp' && r.prefixes.length > (r.servers?.length ?? 0),
    );
    // `GMAIL_SEND_EMAIL` beside its MCP server `gmail` (tools unlisted): a tool of that server
    // named bare. Three or more such names make the prompt a list of the server's tools; one or
    // two may be settings named after the service (`GITHUB_TOKEN`).
    const named = new Set(
      [...prompts, ...agent.descriptions, ...messages].flatMap((f) =>
        [...f.text.matchAll(/(?<![\w$-])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w$-])/g)]
          .map((m) => m[0])
          .filter((n) => o.runtime.some((r) => serverNamedTool(r, n) !== undefined)),
      ),
    );
    const serverNamed = named.size >= 3 ? named : new Set<string>();
    for (const f of [...prompts, ...agent.descriptions, ...messages]) {
      if (f.toolObject !== undefined) {
        out.push(toolObjectFinding(f, f.toolObject, o.label, offeredAs.get(f.toolObject)));
        continue;
      }
      const words = toolWords(f.text, data, {
        tied: (n) =>
          ownSpelling(n) ||
          aliases.has(n) ||
          serverTools.has(n) ||
          // A measured tool of one of its own MCP servers, named bare (`browser_snapshot`).
          o.runtime.some((r) => bareServerTool(r, n) !== undefined) ||
          serverNamed.has(n) ||
          claudeCodeForm(o, n) !== undefined,
        serverNames: (n) => serverNamed.has(n),
        introducedLists: !readWithOffer(f),
        // An agent offered nothing at all: "use the artifacts tool" can only mean the app's tool
        // the app names so (another agent's tool).
        plainTool: (n) => offersNothing && app.tiedTo(n) === n,
        calls: unlistedServerTools,
        usedTo: readWithOffer(f),
      });
      for (const w of words) {
        if (inInvalidList(f.text, w.offset) || notToBeSaid(f.text, w.offset)) continue;
        if (aliases.has(w.name) && !offers.offered(agent, w.name)) {
          record(f, w);
          continue;
        }
        // Another agent of the app is prose about it, unless the prompt says to call or delegate
        // to it: then it is a name this agent needs offered (a sub-agent it does not have). Not
        // when a schema of the app takes it as a value (`targetAgent: z.enum([... 'codingAgent'])`):
        // a tool hands the task over by that name.
        if (known.has(w.name)) continue;
        // "Use requestSpecialist to delegate to \"portal-scanner\"": a value a parameter of one of
        // its own tools takes (`specialistAgent: z.enum([...])`) is an argument to pass that tool,
        // however the words around it read, not a tool to call.
        if (ownValues.has(w.name) && !ownToolNames.has(w.name)) continue;
        if (agentsByName.has(w.name) && (!w.strong || data.has(w.name))) continue;
        // What app name the word spells, one of this agent's tools' names first.
        const tied = app.tiedTo(w.name, ownToolNames);
        const spelling = tied === undefined ? undefined : (offeredAs.get(tied) ?? tied);
        // A tool's own description spelling that tool another way, in passing (not quoted, not
        // called), names what the tool wraps: `sonar-scanner` in sonarScanner's "Runs sonar-scanner".
        if (tied !== undefined && !w.strong && !w.quoted && describedNames(f).has(tied)) continue;
        // ...and so does a run of its own name's words that spells no name of the app: `news_items`
        // in query_news_items's "Query the internal news_items feed" is the table the tool reads
        // (`browse-cbs-catalog` in browseCbsCatalogPath's is its sibling browseCbsCatalog).
        if (
          tied === undefined &&
          !w.strong &&
          !w.quoted &&
          [...describedNames(f)].some((n) => wordsWithin(w.name, n))
        )
          continue;
        // Another spelling of one of its own tools (`architect.risk_score` for the id
        // `architect_risk_score`) names that tool, whatever else its list may hold.
        if (tied !== undefined && ownToolNames.has(tied) && !offers.offered(agent, w.name)) {
          if (!w.strong && folded.has(fold(w.name))) continue;
          // `manual_override` beside the tool `manualOverride`, where the code stores or compares it
          // as a field's value (`correction_type: 'manual_override'`): the record, not the tool.
          if (!w.strong && data.has(w.name) && !ownToolNames.has(w.name)) continue;
          // `[AskUserQuestion answers]` in a text that also writes `askUserQuestion`: capitalised
          // beside the tool's own name, it labels something else on purpose.
          if (/^[A-Z]/.test(w.name) && findName(f.text, tied).length > 0) continue;
          spellings.set(w.name, spelling);
          record(f, w);
          continue;
        }
        if (!unofferable(agent, w.name) && fromRuntime(w.name)) continue;
        // Routing instructions are read by network()'s routing agent only.
        const modes = f.context === 'routing-instructions' ? (['network'] as const) : RUN_MODES;
        if (modes.some((m) => offers.offered(agent, w.name, m))) continue;
        // `ResearchPaperAgent (research-paper-agent)` in a heading: another spelling of its own name.
        if (!w.strong && folded.has(fold(w.name))) continue;
        if (!w.strong && selfIntroduced(w.line, w.column)) continue;
        if (aboutOthers(offers, o, w, otherAgents)) continue;
        // A tool that runs another agent speaks of that agent's tools.
        if (readWithOffer(f)) {
          const wrapped = wrappedAgents(scan, agent, f);
          if (offers.elsewhere(agent, w.name).some((e) => wrapped.has(e.owner.agent.index)))
            continue;
        }
        // `agent-…` / `workflow-…` in an agent with no sub-agents / workflows is some other word.
        if (!w.quoted && /^agent-/.test(w.name) && agent.agents.entries.length === 0) continue;
        if (!w.quoted && /^workflow-/.test(w.name) && agent.workflows.entries.length === 0)
          continue;
        // `- salesforceAgent: a specialized agent…` in an agent that has no sub-agents lists
        // categories or agents of another app; quoted or after "delegate to", it still counts.
        if (
          !w.quoted &&
          !w.strong &&
          /[a-z0-9]Agent$|-agent$/.test(w.name) &&
          agent.agents.entries.length === 0 &&
          agent.agents.runtime.length === 0
        )
          continue;
        // `searchSections.sections`: a field of the result of a tool this agent has.
        const head = /^([^.]+)\./.exec(w.name)?.[1];
        if (head !== undefined && mine.has(head)) continue;
        // A word counts as a tool only when something says so: the app defines a tool, agent or
        // workflow it spells, its own shape names a kind (`webScraperTool`, `writing-agent`), or
        // the words around call it one ("the X tool", "call X"). Status codes, memory types and
        // output fields (`manual_review_required`, `risk_factor`) have none of these; "the MongoDB
        // tool" names a product (a capitalised name the app does not define).
        // "Call DatasetInfo" is a function's name whatever its case (an MCP server's tools often
        // are PascalCase); "the MongoDB tool" is a product.
        const strong = w.strong && (!/^[A-Z]/.test(w.name) || w.called === true);
        // A tool's result reports ("designSystemWorkflow not registered"): only a name it tells
        // the model to call or use counts there.
        if (f.context === 'tool-result' && !strong) continue;
        // `query_sql` for its own `moulineuse_query_sql`: an MCP server's tool by its bare name,
        // where the agent is offered it under the server's prefix (a subset picked by name).
        const prefixed =
          spelling === undefined && /[_-]/.test(w.name)
            ? serverPrefixed(ownToolNames, w.name)
            : undefined;
        if (
          spelling === undefined &&
          prefixed === undefined &&
          !isToolShaped(w.name) &&
          !strong &&
          !claudeCodeForm(o, w.name) &&
          !o.runtime.some((r) => bareServerTool(r, w.name) !== undefined) &&
          !serverNamed.has(w.name)
        )
          continue;
        spellings.set(w.name, spelling ?? prefixed);
        record(f, w);
      }
    }
    // A list that names what the agent has (two or more of its own keys as terms) names one more
    // thing with each other term: one it does not have is a name it is not offered.
    const ownKeys = new Set(agentEntries(agent).map((e) => e.key));
    // A workspace tool the list names by its own words (`- readFile: ...`) is one of them too.
    const ownOrAlias = { has: (n: string) => ownKeys.has(n) || aliases.has(n) };
    for (const f of prompts)
      for (const t of ownListTerms(f.text, ownOrAlias)) {
        // A workspace tool's own name (`grep`) is offered under Mastra's, whatever else may be.
        if (ownKeys.has(t.term) || known.has(t.term)) continue;
        if (fromRuntime(t.term) && !aliases.has(t.term)) continue;
        if (inInvalidList(f.text, t.offset) || inFence(f.text, t.offset)) continue;
        if (RUN_MODES.some((m) => offers.offered(agent, t.term, m))) continue;
        record(f, { name: t.term, offset: t.offset });
      }
    // A name the prompt uses as a tool is that tool wherever else the same prompt writes it, with
    // or without words around it that say so ("then search again with webSearchTool").
    for (const [name, locations] of found) {
      if (!isNameShaped(name)) continue;
      for (const f of prompts)
        for (const at of findName(f.text, name)) {
          if (
            inInvalidList(f.text, at) ||
            inFence(f.text, at) ||
            inFrontMatter(f, at) ||
            notToBeSaid(f.text, at)
          )
            continue;
          // The line rules still hold: a line about another agent, a negation, a description.
          const lineStart = f.text.lastIndexOf('\n', at - 1) + 1;
          const lineEnd = f.text.indexOf('\n', at);
          const line = f.text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
          const w = {
            name,
            offset: at,
            quoted: false,
            line,
            column: at - lineStart,
            strong: false,
          };
          if (aboutOthers(offers, o, w, otherAgents)) continue;
          const location = fragmentLocation(f, at, name.length);
          if (!locations.some((l) => l.file === location.file && l.start === location.start))
            locations.push(location);
        }
    }
    const listed = catalogueOf(scan, offers, agent, [...found.keys()]);
    for (const [name, locations] of found) {
      // A skill's name is what the model passes to the `skill` tool, not a tool (skill-names.ts).
      if (loadsSkills(agent) && scan.skills?.some((s) => s.name === name)) continue;
      const alias = aliases.get(name);
      const explained: Explained | undefined =
        alias !== undefined && !offers.offered(agent, name)
          ? {
              why: unreadAliases.has(alias)
                ? `which ${o.label} is not offered by that name: its workspace (a config the scan cannot read, and nothing in the app renames workspace tools) offers that tool, if it adds it, as "${alias}"`
                : skillAliases.has(name)
                  ? `which ${o.label} is not offered by that name: its skills offer that tool as "${alias}" (@mastra/core 1.10.0 renamed the skill tools)`
                  : `which ${o.label} is not offered by that name: its workspace offers that tool as "${alias}"`,
              fixes: [alias],
            }
          : explain(
              offers,
              o,
              name,
              spellings.get(name),
              scan.serverTools?.find((t) => t.name === name)?.location,
              scan.appWorkflows?.find((w) => w.name === name)?.location,
            );
      if (!explained) continue;
      const registry = listed.get(name);
      out.push({
        kind: 'unknown-tool-mention',
        rule: 'prompts',
        message: `${inDescription.has(name) ? `a description ${o.label}'s model reads names` : inResult.has(name) ? `text a tool returns to ${o.label}'s model names` : inMessage.has(name) ? `a message sent to ${o.label} names` : `the instructions of ${o.label} name`} "${name}", ${explained.why}${registry ? ` (it is one of the tools of ${registry.text} (${registry.location.file}:${registry.location.line}), which code picks by a name read at run time, and the same text names ${registry.named} of its ${registry.keys.length}: a catalogue of what agents built from data can be given, rather than a tool ${o.label} is told to call)` : ''}`,
        locations,
        agents: [o.label],
        ...(registry ? { quiet: true } : {}),
        ...suggesting(locations, explained.fixes),
      });
    }
  }
  return out;
}
