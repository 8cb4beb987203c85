/**
 * `prompts`: every tool name a prompt tells the model to call must be a name it is offered. For
 * each tool a prompt names by another name (its id, its key before the rewrite, its export name),
 * one direction is chosen, with the evidence in the reason:
 * - re-key by id (key := id; the prose is already right) when the prompt consistently names the
 *   tool by a legal id and nothing uses the current wire name (see `evidence.ts`);
 * - rewrite the prompt (mention := offered name) otherwise;
 * - report only when a mention is ambiguous (a plain word, a code sample, a JSON example, a list
 *   that could not be rewritten whole) or when the name depends on how the agent is run.
 * Never both for one tool. `prefer` overrides the automatic choice.
 *
 * The offered name depends on how the agent runs: `generate`/`stream` send the wire name
 * (`agent-KEY` for a sub-agent); `network()` lists raw keys to its routing agent.
 */
import { wireNameFor } from '../../names/normalise.ts';
import { isLegalToolName } from '../../names/wire-name.ts';
import type {
  AgentInfo,
  Location,
  Mention,
  ScanResult,
  TextFragment,
  ToolEntry,
} from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import {
  agentEntries,
  behaviourOfAgent,
  inCollision,
  rawKeyOf,
  wireCandidates,
  wireOf,
} from '../../offers/entries.ts';
import { locationKey, renderKey, versionUndecided } from '../agents.ts';
import { isSafeNewKey, RESERVED_PREFIX, renameBlockers } from '../evidence.ts';
import type { Edit, Finding, RuleId } from '../model.ts';
import { decidedMode, runDescription } from '../../offers/modes.ts';
import { ownListTerms } from './own-lists.ts';
import { inInvalidList } from './invalid-lists.ts';
import { loadsSkills } from '../../scan/mentions/skill-names.ts';
import { dataContext } from './prompt-words.ts';
import { suggesting } from './suggest.ts';

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
  mentionsByAgent: Map<number | undefined, Mention[]>;
  fragments: TextFragment[];
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
    index = {
      mentionsByAgent: group(scan.mentions, (m) => m.agentIndex),
      fragments: [
        ...scan.agents.flatMap((a) => [...a.instructions, ...a.descriptions]),
        ...scan.calls.flatMap((c) => c.prompts),
      ],
    };
    indexes.set(scan, index);
  }
  return index;
}

function fragmentOf(scan: ScanResult, m: Mention): TextFragment | undefined {
  return indexOf(scan).fragments.find(
    (x) =>
      x.location.file === m.location.file &&
      x.location.start <= m.location.start &&
      m.location.end <= x.location.end,
  );
}

/** A mention in a list the prompt marks as names not to use ("Invalid names:") is right as it is. */
function markedNotToUse(scan: ScanResult, m: Mention): boolean {
  const f = fragmentOf(scan, m);
  return f !== undefined && inInvalidList(f.text, m.location.start - f.location.start);
}

/** The prompt text around a mention: its line, and the list (bullet block or line) it is part of. */
function surroundings(
  scan: ScanResult,
  m: Mention,
): { line: string; column: number; list: string } {
  const f = fragmentOf(scan, m);
  if (!f) return { line: '', column: 0, list: `${m.location.file}:${m.location.line}` };
  const lines = f.text.split('\n');
  const offset = m.location.start - f.location.start;
  const index = f.text.slice(0, offset).split('\n').length - 1;
  const line = lines[index] ?? '';
  const column = offset - (f.text.lastIndexOf('\n', offset - 1) + 1);
  const bullet = (l: string | undefined) => l !== undefined && /^\s*([-*+•]|\d+[.)])\s/.test(l);
  // A list is a block of bullet lines, or one line enumerating names with commas; a sentence is not.
  if (!bullet(line))
    return {
      line,
      column,
      list:
        (line.match(/,/g) ?? []).length >= 2
          ? `${f.location.file}:${f.location.start}:${index}`
          : `${m.location.file}:${m.location.start}`,
    };
  let first = index;
  while (first > 0 && bullet(lines[first - 1])) first--;
  return { line, column, list: `${f.location.file}:${f.location.start}:${first}` };
}

/**
 * A plain word that is the term of a list item, in a list whose items define two or more of this
 * agent's own keys (`AVAILABLE AGENTS:` then `- retrieve: ...`): the layout says it is a name.
 */
function definedInOwnList(scan: ScanResult, agent: AgentInfo, m: Mention): boolean {
  const f = fragmentOf(scan, m);
  if (!f) return false;
  const at = m.location.start - f.location.start;
  // A list of the agent's tools may name them by id (`- Get Recall Agent: ...` for the key
  // getRecallAgent): the layout says each term is a tool all the same.
  const keys = new Set(
    agentEntries(agent).flatMap((e) => [
      e.key,
      ...('id' in e.value && e.value.id ? [e.value.id] : []),
    ]),
  );
  return ownListTerms(f.text, keys).some((t) => t.offset === at && t.term === m.name);
}

/** `"source": "arxiv"`: a key or value in a JSON example, not a tool the prompt tells the model to call. */
function inJsonExample(source: string, name: string): boolean {
  const line = source.replace(/\\"/g, '"');
  return (
    new RegExp(`"${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(line) &&
    /"[^"\n]*"\s*:\s*["\d[{tfn]/.test(line)
  );
}

/** What names the tool, for a reason: `the instructions name`, `a tool description names`. */
function textName(m: Mention): string {
  switch (m.context) {
    case 'instructions':
      return 'the instructions name';
    case 'routing-instructions':
      return "network()'s routing instructions name";
    case 'tool-description':
      return 'a tool description names';
    case 'tool-result':
      return 'text a tool returns to the model names';
    case 'agent-description':
      return 'a sub-agent description names';
    case 'workflow-description':
      return 'a workflow description names';
    default:
      return 'the prompt names';
  }
}

/**
 * "use the search tool", "call search", "search tool", "the agent keys: 'search'": a plain word the
 * prompt treats as a tool (or a sub-agent).
 */
function toolWording(line: string, column: number, length: number): boolean {
  const before = line.slice(0, column);
  const after = line.slice(column + length);
  if (/^\\?[`'"]?\s+tools?\b/i.test(after)) return true;
  // `calculatorツールで` (Japanese), `calculator工具` (Chinese), `calculator 도구` (Korean): "tool".
  if (/^\\?[`'"]?\s*(?:ツール|工具|도구)/.test(after)) return true;
  // "keys" alone announces data (`keys: 'x'`); "the exact agent keys:" announces names of agents.
  if (
    /\b(tool|agent|sub-?agent|workflow)s?\s+(keys?|names?|ids?)\s*[:：]\s*\\?[`'"]?$/i.test(before)
  )
    return true;
  return (
    /\b(use|using|call|calling|invoke|run)\s+(the\s+)?\\?[`'"]?$/i.test(before) &&
    !/^\s+(the|a|an|for|of|your|my|our|their|it|them)\b/i.test(after)
  );
}

export interface PromptPlan {
  edits: Edit[];
  findings: Finding[];
  /** Re-keys this rule decided: key location -> new wire name. */
  renames: Map<string, string>;
}

export interface PromptOptions {
  /** Wire renames decided by earlier rules: key location -> new wire name. */
  renamed: ReadonlyMap<string, string>;
  /** The rules of the run (only their edits can follow a re-key). */
  rules: ReadonlySet<RuleId>;
  /** Re-keys that the plan found would leave uses behind: key location -> evidence. */
  blocked: ReadonlyMap<string, string[]>;
  prefer?: Preference;
}

/**
 * The name a prompt should use for `entry`, by how the agent runs: a string when there is one,
 * or the two candidates when it depends on a mode the code does not show.
 */
function promptName(
  agent: AgentInfo,
  entry: ToolEntry,
  final: string,
  rules: ReadonlySet<RuleId>,
  routing: boolean,
): string | { function: string; network: string } {
  // network() lists the raw key, as `rewrite-keys` leaves it (it rewrites keys of agents not run only as a network).
  const collides = inCollision(entry, agent.prediction.collisions);
  const rewritten =
    rules.has('rewrite-keys') &&
    agent.runs.mode !== 'network' &&
    !collides &&
    entry.keyKind !== 'file-name';
  const raw = rawKeyOf(entry, agent);
  const network = rewritten
    ? wireNameFor(raw, behaviourOfAgent(agent)).slice(raw.length - entry.key.length)
    : entry.key;
  // Routing instructions are read in network() only, however else the agent runs.
  if (routing) return network;
  // No mode decided (both shown, or none): a name that differs between the modes is not edited.
  switch (decidedMode(agent)) {
    case 'network':
      return network;
    case 'function':
      return final;
    default:
      return final === network ? final : { function: final, network };
  }
}

const WHAT: Record<string, string> = {
  tools: 'the tool',
  agents: 'the sub-agent',
  workflows: 'the workflow',
};

/** One note per agent for the names that depend on how it runs, with every place. */
function modeNote(agent: AgentInfo, names: Map<string, ModeDependent>): Finding {
  const label = agentLabel(agent);
  const how: Record<string, string> = {
    agents: 'sub-agents, which generate()/stream() offers as agent-KEY',
    workflows: 'workflows, which generate()/stream() offers as workflow-KEY',
    tools: 'tools, which generate()/stream() offers under their rewritten keys',
  };
  const groups = [...new Set([...names.values()].map((d) => d.origin))].map((origin) => {
    const listed = [...names].filter(([, d]) => d.origin === origin).map(([n]) => `"${n}"`);
    const shown = listed.length > 5 ? [...listed.slice(0, 4), `${listed.length - 4} more`] : listed;
    return `${shown.join(', ')} (${how[origin] ?? how.tools})`;
  });
  return {
    kind: 'mode-dependent-mention',
    rule: 'prompts',
    message: `${runDescription(agent)}. Its prompt names ${groups.join('; ')} by the key network() lists; left as ${names.size === 1 ? 'it is' : 'they are'}: write the names for the way ${label} runs`,
    locations: [...names.values()].flatMap((d) => d.locations),
    agents: [label],
    suggestions: [...names.values()].flatMap((d) =>
      d.locations.flatMap((location) =>
        [d.function, d.network].map((text) => ({ location, text })),
      ),
    ),
  };
}

interface ModeDependent {
  origin: string;
  function: string;
  network: string;
  locations: Location[];
}

export function planPrompts(scan: ScanResult, options: PromptOptions): PromptPlan {
  const { renamed, prefer } = options;
  const plan: PromptPlan = { edits: [], findings: [], renames: new Map() };
  for (const agent of scan.agents) {
    const label = agentLabel(agent);
    // Per tool, and apart for network()'s routing instructions, which want the name it lists.
    const byTool = new Map<string, { entry: ToolEntry; routing: boolean; mentions: Mention[] }>();
    const entryKeys = new Map<ToolEntry, number>();
    for (const m of indexOf(scan).mentionsByAgent.get(agent.index) ?? []) {
      if (m.context === 'comparison' || markedNotToUse(scan, m)) continue;
      const routing = m.context === 'routing-instructions';
      for (const t of m.matches.filter((x) => x.agentIndex === agent.index)) {
        const entry = entryOf(agent, t.origin, t.key);
        if (!entry) continue;
        if (!entryKeys.has(entry)) entryKeys.set(entry, entryKeys.size);
        const key = `${entryKeys.get(entry)}:${routing}`;
        const group = byTool.get(key) ?? { entry, routing, mentions: [] };
        group.mentions.push(m);
        byTool.set(key, group);
      }
    }
    // Mentions are decided per tool, then lists that would be left half-rewritten are undone.
    const planned: Array<{ edit: Edit; list: string }> = [];
    const modeDependent = new Map<string, ModeDependent>();
    const leftInList = new Set<string>();
    for (const { entry, routing, mentions } of byTool.values()) {
      // The keys need a human first (the collision finding says so); what follows them waits.
      if (!routing && inCollision(entry, agent.prediction.collisions)) continue;
      const loc = locationKey(entry.keyLocation);
      const current = wireOf(entry, agent);
      const final = renamed.get(loc) ?? current;
      const wanted = promptName(agent, entry, final, options.rules, routing);
      // Written as a name: code-shaped or quoted, or the term of a list of the agent's own keys.
      const entryId = 'id' in entry.value ? entry.value.id : undefined;
      const named = (m: Mention) =>
        confident(m) ||
        ((m.name === entry.key || m.name === entryId) && definedInOwnList(scan, agent, m));
      if (typeof wanted !== 'string') {
        for (const m of mentions.filter(
          (x) => x.name !== wanted.function && named(x) && !x.inCodeBlock,
        )) {
          if (m.name === wanted.network) {
            const d = modeDependent.get(m.name) ?? {
              origin: entry.origin,
              function: wanted.function,
              network: wanted.network,
              locations: [],
            };
            // One message sent by two calls (network() and stream() of the same list) is one place.
            const seen = d.locations.some(
              (l) => l.file === m.location.file && l.start === m.location.start,
            );
            if (!seen) d.locations.push(m.location);
            modeDependent.set(m.name, d);
            continue;
          }
          plan.findings.push({
            kind: 'prompt-mention',
            rule: 'prompts',
            message: `"${m.name}" names ${WHAT[entry.origin] ?? 'the tool'} that ${label} offers as "${wanted.function}" when it runs with generate()/stream() and lists as "${wanted.network}" when it runs with network(); ${runDescription(agent)}, so it is left as it is. Write the name that matches how ${label} runs`,
            locations: [m.location],
            agents: [label],
            ...suggesting([m.location], [wanted.function, wanted.network]),
          });
        }
        continue;
      }
      // A plain word is data, not a name, unless the words call it a tool: `action: "click"` where
      // one of its tools takes that value, "the \`type\` attribute".
      const data = (m: Mention) => {
        // Only a plain word: `query-data type='x'`, `reportAgent → Format ...` are names.
        if (/[-_.:]/.test(m.name) || /[a-z][A-Z]/.test(m.name)) return false;
        const { line, column } = surroundings(scan, m);
        if (toolWording(line, column, m.name.length)) return false;
        return m.argumentOf !== undefined || dataContext(line, column, m.name.length);
      };
      const stale = mentions.filter((m) => m.name !== wanted && !data(m));
      if (stale.length === 0) continue;
      const skill = (m: Mention) =>
        loadsSkills(agent) ? scan.skills?.find((s) => s.name === m.name) : undefined;
      const unsafe = (m: Mention): string | undefined => {
        if (m.inCodeBlock) return 'inside a code sample';
        const asSkill = skill(m);
        if (asSkill)
          return `also the name of the skill ${asSkill.file}, which ${label} can load with the skill tool`;
        if (m.inFrontMatter)
          return 'in the front matter of a prompt file, which a loader may read as data';
        if (inJsonExample(surroundings(scan, m).line, m.name)) return 'a value in a JSON example';
        if (!named(m)) return 'a plain word that could be prose';
        return undefined;
      };
      // A mention left as it is, with why: the list it is in is then not rewritten either.
      const leave = (m: Mention, why: string, note = true) => {
        leftInList.add(surroundings(scan, m).list);
        if (!note) return;
        plan.findings.push({
          kind: 'ambiguous-mention',
          rule: 'prompts',
          message: `"${m.name}" may name the tool offered as "${wanted}" (${why}); left as it is`,
          locations: [m.location],
          agents: [label],
          ...suggesting([m.location], [wanted]),
        });
      };
      for (const m of stale.filter(unsafe)) {
        const { line, column } = surroundings(scan, m);
        // "to fetch the weather" is English; "use the fetch tool" names a tool and is worth a note.
        leave(m, unsafe(m)!, confident(m) || toolWording(line, column, m.name.length));
      }
      // `(create-patient, create-product, etc.)` where the code also gives `context` that value:
      // unquoted and not called a tool, the prompt may mean the value the model reads. Left for a
      // human unless the tool is re-keyed by that id (then it names the tool rightly either way).
      const heldAs = (m: Mention): string | undefined => {
        const value =
          entry.origin === 'tools' && m.name === entryId && !m.quoted
            ? scan.idValues?.find((v) => v.name === m.name)
            : undefined;
        const { line, column } = surroundings(scan, m);
        return value && !toolWording(line, column, m.name.length)
          ? `also the value of "${value.field}" in code at ${value.location.file}:${value.location.line}, which the prompt may mean`
          : undefined;
      };
      const held = stale.filter((m) => !unsafe(m) && heldAs(m));
      const leaveHeld = () => held.forEach((m) => leave(m, heldAs(m)!));
      const actionable = stale.filter((m) => !unsafe(m) && !held.includes(m));
      if (actionable.length === 0) {
        leaveHeld();
        continue;
      }

      const id = 'id' in entry.value ? entry.value.id : undefined;
      const blockers =
        options.blocked.get(loc) ?? renameBlockers(scan, agent, entry, options.rules);
      const offeredNames = new Set(agent.prediction.offered.map((t) => t.wireName));
      const rekeyable =
        id !== undefined &&
        isSafeNewKey(id) &&
        !renamed.has(loc) &&
        entry.origin === 'tools' &&
        entry.keyKind !== 'file-name' &&
        // An export name or a key a type names has no literal to edit (tool-map.ts).
        !entry.fromType &&
        !offeredNames.has(id) &&
        !routing &&
        agent.runs.mode !== 'network' &&
        agent.runs.mode !== 'both';
      // A tool's result text alone is too little to re-key by: it is rewritten instead.
      const byId =
        actionable.every((m) => m.name === id) &&
        actionable.some((m) => m.context !== 'tool-result');
      const rekey =
        prefer === 'prompt'
          ? false
          : prefer === 'rekey'
            ? rekeyable
            : rekeyable && byId && blockers.length === 0;

      if (!(rekey && id)) leaveHeld();
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
          reason:
            prefer === 'rekey'
              ? `re-keyed by id "${id}" (--prefer rekey)`
              : `the prompt names this tool by its id "${id}" (${actionable.map((m) => at(m.location)).join(', ')}) and no code, data, prompt or other agent uses "${current}": keyed by id, the prose becomes true`,
          effect: 'renamed',
          wire: { before: current, after: id },
          agents: [label],
        });
        if (prefer === 'rekey' && blockers.length) {
          plan.findings.push({
            kind: 'rename-breaks',
            rule: 'prompts',
            message: `"${current}" is re-keyed to "${id}" because of --prefer rekey, but it is still used: ${blockers.join('; ')}`,
            locations: [entry.keyLocation],
            agents: [label],
          });
        }
        for (const m of actionable.filter((x) => x.name !== id)) {
          plan.findings.push({
            kind: 'prompt-mention',
            rule: 'prompts',
            message: `"${m.name}" names the tool now offered as "${id}"; the tool is re-keyed, so the prompt is not also rewritten`,
            locations: [m.location],
            agents: [label],
            ...suggesting([m.location], [id]),
          });
        }
        continue;
      }
      // The offered name depends on a version the scan does not know (the agent-/workflow- prefix,
      // the key rewrite): say so instead of writing a name that is wrong for some versions.
      const candidates =
        wanted === current && !renamed.has(loc) ? wireCandidates(entry, agent) : [];
      if (candidates.length > 1) {
        for (const m of actionable)
          plan.findings.push({
            kind: 'version-unknown',
            rule: 'prompts',
            message: `"${m.name}" names ${entry.origin === 'tools' ? 'the tool' : entry.origin === 'agents' ? 'the sub-agent' : 'the workflow'} "${entry.key}", and it is left as it is: ${versionUndecided(agent, label, candidates)}`,
            locations: [m.location],
            agents: [label],
            ...suggesting([m.location], candidates),
          });
        continue;
      }
      const why =
        prefer === 'prompt'
          ? '--prefer prompt'
          : routing
            ? 'only network() reads them'
            : agent.runs.mode === 'network'
              ? `${runDescription(agent)}, and its routing agent is given raw keys`
              : entry.origin !== 'tools'
                ? `${runDescription(agent)}, and then Mastra offers ${entry.origin === 'agents' ? 'sub-agents as agent-KEY' : 'workflows as workflow-KEY'}`
                : id === undefined
                  ? 'the tool has no id to key it by'
                  : !isLegalToolName(id)
                    ? `its id "${id}" is not a legal tool name`
                    : RESERVED_PREFIX.test(id)
                      ? `its id "${id}" starts with a prefix Mastra reserves for sub-agents and workflows`
                      : actionable.every((m) => m.context === 'tool-result')
                        ? "only a tool's result names it, which is too little to re-key the tool by"
                        : !byId
                          ? new Set(actionable.map((m) => m.name)).size > 1
                            ? 'the prompt names it in more than one way'
                            : `the prompt names it by "${actionable[0]!.name}", not by its id "${id}"`
                          : blockers.length
                            ? `"${current}" is still used: ${blockers.join('; ')}`
                            : 'it cannot be re-keyed here';
      for (const m of actionable) {
        planned.push({
          list: surroundings(scan, m).list,
          edit: {
            rule: 'prompts',
            target: 'text',
            location: m.location,
            before: m.name,
            after: wanted,
            value: wanted,
            reason: `${textName(m)} "${m.name}" but ${routing || agent.runs.mode === 'network' ? 'the routing agent is given' : 'the model is offered'} "${wanted}"; the ${m.context === 'tool-result' ? 'text' : 'prompt'} is rewritten because ${why}`,
            effect: 'fixed',
            wire: { before: m.name, after: wanted },
            agents: [label],
          },
        });
      }
    }
    if (modeDependent.size) plan.findings.push(modeNote(agent, modeDependent));
    for (const { edit, list } of planned) {
      if (!leftInList.has(list)) {
        plan.edits.push(edit);
        continue;
      }
      plan.findings.push({
        kind: 'prompt-mention',
        rule: 'prompts',
        message: `${edit.reason.replace(/; the prompt is rewritten because .*$/, '')}; not rewritten, because other names in the same list are left as they are: change "${edit.before}" to "${edit.after}" together with them`,
        locations: [edit.location],
        agents: [label],
        ...suggesting([edit.location], [edit.after]),
      });
    }
  }
  return plan;
}
