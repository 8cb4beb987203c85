/**
 * Builds the plan from a scan: renames first (so references can follow them), then key rewrites,
 * then the names in toolChoice/activeTools; then what needs a human. Pure.
 */
import { upgradeNotes } from './rules/upgrade.ts';
import { predictTools, type ToolSources } from '../names/normalise.ts';
import { describeVersion, type VersionedRule } from '../names/versions.ts';
import { toWireName } from '../names/wire-name.ts';
import type { AgentInfo, ScanResult, ToolEntry, Unresolved } from '../scan/model.ts';
import { ARRAY_TOOLS } from '../scan/values/array-tools.ts';
import { agentLabel } from '../offers/agent-label.ts';
import { agentEntries, behaviourOfAgent, rawKeyOf } from '../offers/entries.ts';
import { locationKey } from './agents.ts';
import {
  DEFAULT_RULES,
  type AgentWireChange,
  type Edit,
  type Finding,
  type OrderChange,
  type Plan,
  type RuleId,
  type UncheckedAgent,
} from './model.ts';
import { planRekeyBuiltins, planRekeyById } from './rules/rekey.ts';
import { planRewriteKeys } from './rules/rewrite-keys.ts';
import { planPrompts, type Preference } from './rules/prompts.ts';
import { renderedToolFindings } from './rules/rendered-tools.ts';
import { unknownToolMentions } from './rules/unknown-mentions.ts';
import { dataWordsOf } from './rules/prompt-words.ts';
import { unreadPrompts } from './rules/unread-prompts.ts';
import { insideDefinition, usesNamed } from './evidence.ts';
import { Offers, runDescription } from '../offers/index.ts';
import { planReferences } from './rules/references.ts';
import { grouped, sharedTexts, unparsableFindings } from './group.ts';
import { delegationIdFindings } from './rules/delegation-ids.ts';
import { planToolChoice, type FinalNames } from './rules/tool-choice.ts';
import { planWrapRuntimeTools, wrapNote } from './rules/wrap-runtime.ts';

export interface PlanOptions {
  /** Rules to apply; the default is DEFAULT_RULES (rekey-by-id and wrap-runtime-tools are opt-in). */
  rules?: readonly RuleId[];
  /** Overrides the evidence-based choice between re-keying a tool and rewriting its prompt. */
  prefer?: Preference;
}

/** Adds an edit unless its place is taken; identical edits from several agents are merged. */
function claim(edits: Map<string, Edit>, edit: Edit): boolean {
  const key = locationKey(edit.location);
  const existing = edits.get(key);
  if (!existing) {
    edits.set(key, { ...edit, agents: [...edit.agents] });
    return true;
  }
  if (existing.after === edit.after) {
    for (const a of edit.agents) if (!existing.agents.includes(a)) existing.agents.push(a);
  }
  return false;
}

/** Text shared by several agents that would need two different names is left alone and reported. */
function claimOrConflict(edits: Map<string, Edit>, edit: Edit, findings: Finding[]): void {
  const existing = edits.get(locationKey(edit.location));
  if (
    claim(edits, edit) ||
    !existing ||
    existing.after === edit.after ||
    existing.rule !== edit.rule
  )
    return;
  edits.delete(locationKey(edit.location));
  findings.push({
    kind: edit.rule === 'prompts' ? 'prompt-mention' : 'unknown-name',
    rule: edit.rule,
    message: `${edit.before} is shared by agents that offer it as ${existing.after} and ${edit.after}; left as it is`,
    locations: [edit.location],
    agents: [...existing.agents, ...edit.agents],
  });
}

function finalKey(entry: ToolEntry, agent: AgentInfo, edits: Map<string, Edit>): string {
  const edit = edits.get(locationKey(entry.keyLocation));
  if (!edit) return entry.key;
  const raw = rawKeyOf(entry, agent);
  return edit.wire.after.slice(raw.length - entry.key.length);
}

function sourcesAfter(agent: AgentInfo, edits: Map<string, Edit>): ToolSources {
  const keys = (entries: ToolEntry[]) => entries.map((e) => finalKey(e, agent, edits));
  return {
    tools: keys(agent.tools.entries),
    agents: keys(agent.agents.entries),
    workflows: keys(agent.workflows.entries),
    providerDefined: agent.tools.entries
      .filter((e) => e.value.kind === 'provider-defined' || e.value.kind === 'web-search-marker')
      .map((e) => ({ origin: e.origin, key: finalKey(e, agent, edits) })),
  };
}

/** A rename must not land on a name the agent already offers: drop it and say so. */
function dropCollidingRenames(
  scan: ScanResult,
  edits: Map<string, Edit>,
  findings: Finding[],
): void {
  for (const agent of scan.agents) {
    if (agent.prediction.failure) continue;
    for (;;) {
      const after = predictTools(sourcesAfter(agent, edits), behaviourOfAgent(agent));
      if (!after.failure) break;
      const culprit = agentEntries(agent).find((e) => {
        const edit = edits.get(locationKey(e.keyLocation));
        return (
          edit?.effect === 'renamed' && after.collisions.some((c) => c.name === edit.wire.after)
        );
      });
      if (!culprit) break;
      const edit = edits.get(locationKey(culprit.keyLocation))!;
      edits.delete(locationKey(culprit.keyLocation));
      findings.push({
        kind: 'skipped-rename',
        rule: edit.rule,
        message: `not re-keyed to "${edit.wire.after}": ${agentLabel(agent)} already offers that name`,
        locations: [culprit.keyLocation],
        agents: [agentLabel(agent)],
      });
    }
  }
}

/** What the agent's code asks for that its @mastra/core version does not have. */
function versionGaps(agent: AgentInfo, label: string): Finding[] {
  const behaviour = behaviourOfAgent(agent);
  const out: Finding[] = [];
  const known = (rule: VersionedRule) => !behaviour.unknown.includes(rule);
  if (
    known('sub-agent-tools') &&
    !behaviour.offersSubAgents &&
    agent.agents.entries.length &&
    agent.runs.mode !== 'network'
  )
    out.push({
      kind: 'missing-in-version',
      message: `${label} runs ${describeVersion(agent.mastra)}, whose generate()/stream() offer no tool for a sub-agent (that came in 0.21.1): ${agent.agents.entries.map((e) => `"${e.key}"`).join(', ')} never reach the model`,
      locations: agent.agents.entries.map((e) => e.keyLocation),
      agents: [label],
    });
  if (known('agent-network') && !behaviour.agentNetwork && agent.runs.networkCalls.length)
    out.push({
      kind: 'missing-in-version',
      message: `${label} runs ${describeVersion(agent.mastra)}, which has no agent.network() (it came in 0.16.3)`,
      locations: agent.runs.networkCalls,
      agents: [label],
    });
  return out;
}

const IN_HELPER =
  /^(.+?\(\)) builds the map at run time \((.*)\)((?:; [^()]*(?:\([^()]*\)[^()]*)*)?)$/s;

/**
 * Reasons for one place: the return paths of one helper read as one (`f() builds the map at run
 * time (a, at x:1; b, at x:9); f() returns any`), anything else joined.
 */
function toldTogether(reasons: string[]): string {
  if (reasons.length === 1) return reasons[0]!;
  const parts = reasons.map((r) => IN_HELPER.exec(r));
  const [first] = parts;
  if (first && parts.every((p) => p && p[1] === first[1] && p[3] === first[3]))
    return `${first[1]} builds the map at run time (${parts.map((p) => p![2]).join('; ')})${first[3]}`;
  return reasons.join('; and ');
}

function reportOnly(scan: ScanResult, rules: ReadonlySet<RuleId>): Finding[] {
  const wrapping = rules.has('wrap-runtime-tools');
  const findings: Finding[] = [];
  for (const agent of scan.agents) {
    const label = agentLabel(agent);
    const entries = agentEntries(agent);
    findings.push(...versionGaps(agent, label));
    for (const c of agent.prediction.collisions) {
      const locations = c.keys.flatMap((k) =>
        entries.filter((e) => e.origin === k.origin && e.key === k.key).map((e) => e.keyLocation),
      );
      const also = c.inherited ? ' (a name every JavaScript object already has)' : '';
      findings.push({
        kind: 'collision',
        message: `keys ${c.keys.map((k) => JSON.stringify(k.key)).join(', ')} all become "${c.name}"${also}; Mastra fails every call of ${label}. Rename them yourself`,
        locations,
        agents: [label],
      });
    }
    // One note per place the map cannot be read: a helper with several return paths it cannot
    // follow gives one reason each, told together.
    const unresolvedAt = new Map<string, { u: Unresolved; reasons: string[] }>();
    for (const u of [
      ...agent.tools.unresolved,
      ...agent.agents.unresolved,
      ...agent.workflows.unresolved,
    ]) {
      const at = `${u.origin}\0${u.location.file}\0${u.location.start}`;
      const found = unresolvedAt.get(at);
      if (!found) unresolvedAt.set(at, { u, reasons: [u.reason] });
      else if (!found.reasons.includes(u.reason)) found.reasons.push(u.reason);
    }
    for (const { u, reasons } of unresolvedAt.values())
      findings.push({
        // An array is read, not unreadable: what Mastra offers from it is known and wrong.
        kind: reasons.some((r) => r.includes(ARRAY_TOOLS)) ? 'array-tools' : 'unresolved',
        message: `${u.origin} of ${label}: ${toldTogether(reasons)}`,
        locations: [u.location],
        agents: [label],
      });
    for (const r of [...agent.tools.runtime, ...agent.agents.runtime, ...agent.workflows.runtime]) {
      const renamed = [
        ...r.prefixes
          .filter((p) => toWireName(`${p}x`) !== `${p}x`)
          .map((p) => `${p}* becomes ${toWireName(`${p}x`).slice(0, -1)}*`),
        // A loaded deferred tool goes out by its id as it is, never rewritten (measured with
        // 1.71.0); whether a provider takes a name like `docs:archive` is up to its own rules.
        ...(r.kind === 'tool-search' ? [] : (r.names ?? []))
          .filter((n) => toWireName(n) !== n)
          .map((n) => `"${n}" becomes "${toWireName(n)}"`),
      ];
      // A browser's, workspace's or skills' own names are legal: nothing to tell unless renamed.
      if (!renamed.length && r.bounded && !['mcp', 'registry'].includes(r.kind)) continue;
      findings.push({
        kind: 'runtime-names',
        message: `${r.reason}${renamed.length ? `; ${renamed.join(', ')}` : ''}${wrapNote(r, wrapping)}`,
        locations: [r.location],
        agents: [label],
      });
    }
  }
  for (const call of scan.calls) {
    for (const e of call.options.prepareStep.tools.entries) {
      if (toWireName(e.key) !== e.key)
        findings.push({
          kind: 'step-tools',
          message: `prepareStep returns a tool keyed "${e.key}"; per-step tools reach the provider under their raw key, which providers reject`,
          locations: [e.keyLocation],
          agents: [],
        });
    }
    for (const r of [...call.options.toolsets.runtime, ...call.options.clientTools.runtime])
      findings.push({
        kind: 'runtime-names',
        message: r.reason,
        locations: [r.location],
        agents: [],
      });
  }
  findings.push(...unparsableFindings(scan));
  return findings;
}

function orderChanges(scan: ScanResult, edits: Map<string, Edit>): OrderChange[] {
  const out: OrderChange[] = [];
  for (const agent of scan.agents) {
    if (agent.prediction.failure) continue;
    const before = agent.prediction.offered.map((t) => t.wireName);
    const after = predictTools(sourcesAfter(agent, edits), behaviourOfAgent(agent)).offered.map(
      (t) => t.wireName,
    );
    const same = [...before].sort().join('\0') === [...after].sort().join('\0');
    if (same && before.join('\0') !== after.join('\0'))
      out.push({ agent: agentLabel(agent), before, after });
  }
  return out;
}

/** Agents whose labels an edit concerns, all of them unreached: the edit changes code nothing runs. */
function markUnreached(scan: ScanResult, edits: Map<string, Edit>, findings: Finding[]): void {
  const unreached = new Map(
    scan.agents.filter((a) => a.runs.mode === 'unreached').map((a) => [agentLabel(a), a]),
  );
  if (unreached.size === 0) return;
  const counts = new Map<string, number>();
  for (const e of edits.values()) {
    if (e.agents.length === 0 || !e.agents.every((a) => unreached.has(a))) continue;
    e.reason += ` (${e.agents.map((a) => runDescription(unreached.get(a)!)).join('; ')}: this changes code nothing runs)`;
    for (const a of e.agents) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  for (const [label, n] of counts) {
    const agent = unreached.get(label)!;
    findings.push({
      kind: 'unreached',
      message: `${runDescription(agent)}; ${n} edit${n === 1 ? '' : 's'} for it change${n === 1 ? 's' : ''} code nothing runs`,
      locations: [agent.location],
      agents: [label],
    });
  }
}

/**
 * Agents whose list the offers model calls open (a map built at run time, a source that may add any
 * name) or whose instructions are read at run time where the scan could not read them.
 */
function uncheckedAgents(scan: ScanResult, offers: Offers): UncheckedAgent[] {
  const out: UncheckedAgent[] = [];
  for (const agent of scan.agents) {
    if (agent.runs.unused) continue;
    const reasons: UncheckedAgent['reasons'] = [];
    if (offers.of(agent).open) reasons.push('tools known only at run time');
    if (agent.unreadPrompts?.length) reasons.push('instructions read at run time');
    if (reasons.length) out.push({ agent: agentLabel(agent), reasons });
  }
  return out;
}

/**
 * A prompt finding about agents nothing uses (never registered, called, imported or offered as a
 * sub-agent) is true but asks nothing of anyone: it is kept, as a note that says why.
 */
function quietUnused(scan: ScanResult, findings: Finding[]): void {
  const byLabel = new Map<string, AgentInfo[]>();
  for (const a of scan.agents)
    byLabel.set(agentLabel(a), [...(byLabel.get(agentLabel(a)) ?? []), a]);
  if (!scan.agents.some((a) => a.runs.unused)) return;
  // Whose prompt a finding is about, when two agents share a label (a dead copy of a module that
  // keeps the live agent's id and export name): the one built or prompted in the finding's file.
  const inFile = (a: AgentInfo, file: string | undefined) =>
    a.location.file === file || a.instructions.some((t) => t.location.file === file);
  const unusedAgent = (label: string, file: string | undefined) => {
    const agents = byLabel.get(label) ?? [];
    if (agents.every((a) => a.runs.unused)) return agents.length > 0;
    const here = agents.filter((a) => inFile(a, file));
    return here.length > 0 && here.every((a) => a.runs.unused);
  };
  for (const f of findings) {
    if (f.rule !== 'prompts' || f.agents.length === 0) continue;
    if (!f.agents.every((a) => unusedAgent(a, f.locations[0]?.file))) continue;
    f.quiet = true;
    f.message += ` (${f.agents.join(', ')} ${f.agents.length === 1 ? 'is' : 'are'} never registered, called, imported or offered as a sub-agent: nothing runs ${f.agents.length === 1 ? 'it' : 'them'})`;
  }
}

/** Code that converts wire names back: reported, with a legal name it would mangle when there is one. */
function nameMappings(scan: ScanResult): Finding[] {
  const legalWithUnderscore = scan.agents.flatMap((a) =>
    a.prediction.offered
      .filter((t) => !t.rewritten && t.wireName.includes('_'))
      .map((t) => t.wireName),
  );
  return scan.nameMappings.map((m) => ({
    kind: 'name-mapping' as const,
    message: `code converts the names the model calls tools back into other names (${m.text}); comparisons after it are not checked. It also changes names that are legal as they are${legalWithUnderscore[0] ? ` (such as "${legalWithUnderscore[0]}")` : ''}: compare with the wire names instead`,
    locations: [m.location],
    agents: [],
  }));
}

/**
 * Renames whose old wire name the plan leaves used somewhere (no edit of the run covers the use):
 * key location -> the uses. Uses tied to another agent's calls or results are that agent's.
 */
function uncoveredRenames(
  scan: ScanResult,
  edits: ReadonlyMap<string, Edit>,
): Map<string, string[]> {
  const covered = (file: string, at: number) =>
    [...edits.values()].some(
      (e) => e.location.file === file && e.location.start <= at && at < e.location.end,
    );
  const tiedTo = new Map<string, number>();
  for (const c of scan.calls) {
    if (c.agentIndex === undefined) continue;
    for (const r of [
      c.options.toolChoice,
      ...c.options.activeTools,
      ...c.options.prepareStep.activeTools,
      ...c.options.prepareStep.toolChoice,
    ]) {
      if (r?.literal)
        tiedTo.set(`${r.literal.location.file}:${r.literal.location.start + 1}`, c.agentIndex);
    }
  }
  for (const m of scan.mentions)
    if (m.context === 'comparison' && m.agentIndex !== undefined)
      tiedTo.set(`${m.location.file}:${m.location.start + 1}`, m.agentIndex);
  // The first entry written at each key location (as a search of every agent's entries finds it).
  const entryAt = new Map<string, ToolEntry>();
  for (const x of scan.agents.flatMap((a) => a.tools.entries))
    if (!entryAt.has(locationKey(x.keyLocation))) entryAt.set(locationKey(x.keyLocation), x);
  const out = new Map<string, string[]>();
  for (const e of edits.values()) {
    if (e.effect !== 'renamed' || e.target !== 'property-key') continue;
    const owners = new Set(
      scan.agents.filter((a) => e.agents.includes(agentLabel(a))).map((a) => a.index),
    );
    const entry = entryAt.get(locationKey(e.location));
    const left = usesNamed(scan, e.wire.before).filter((u) => {
      if (
        covered(u.location.file, u.location.start) ||
        (entry && insideDefinition(u.location, entry))
      )
        return false;
      const tied = tiedTo.get(`${u.location.file}:${u.location.start}`);
      return tied === undefined || owners.has(tied);
    });
    if (left.length)
      out.set(
        locationKey(e.location),
        left.map((u) => `"${u.name}" would still be used at ${u.location.file}:${u.location.line}`),
      );
  }
  return out;
}

function planOnce(
  scan: ScanResult,
  rules: ReadonlySet<RuleId>,
  blocked: ReadonlyMap<string, string[]>,
  prefer: Preference | undefined,
  offers: Offers,
): { edits: Map<string, Edit>; findings: Finding[] } {
  const edits = new Map<string, Edit>();
  const findings: Finding[] = [];
  const rekey = { rules, blocked };
  if (rules.has('rekey-by-id')) {
    const r = planRekeyById(scan, rekey);
    for (const e of r.edits) claim(edits, e);
    findings.push(...r.findings);
  }
  if (rules.has('rekey-builtins')) {
    const r = planRekeyBuiltins(scan, rekey);
    for (const e of r.edits) claim(edits, e);
    findings.push(...r.findings);
  }
  if (rules.has('prompts')) {
    const renamed = new Map(
      [...edits.values()]
        .filter((e) => e.effect === 'renamed')
        .map((e) => [locationKey(e.location), e.wire.after]),
    );
    const r = planPrompts(scan, { renamed, rules, blocked, ...(prefer ? { prefer } : {}) });
    for (const e of r.edits) claimOrConflict(edits, e, findings);
    findings.push(
      ...r.findings,
      ...unknownToolMentions(scan, offers, dataWordsOf(scan.dataWords)),
      ...unreadPrompts(scan),
    );
  }
  if (rules.has('rewrite-keys')) {
    const r = planRewriteKeys(scan);
    for (const e of r.edits) claim(edits, e);
    findings.push(...r.findings);
  }
  dropCollidingRenames(scan, edits, findings);
  findings.push(...upgradeNotes(scan));

  const finalNames: FinalNames = new Map(
    [...edits.values()]
      .filter((e) => e.target === 'property-key')
      .map((e) => [locationKey(e.location), e.wire.after]),
  );
  if (rules.has('tool-choice')) {
    const r = planToolChoice(scan, finalNames, offers);
    for (const e of r.edits) claimOrConflict(edits, e, findings);
    findings.push(...r.findings);
  }
  if (rules.has('references')) {
    const r = planReferences(scan, finalNames);
    for (const e of r.edits) claimOrConflict(edits, e, findings);
    findings.push(...r.findings, ...renderedToolFindings(scan, offers));
  }
  if (rules.has('wrap-runtime-tools')) {
    const r = planWrapRuntimeTools(scan);
    for (const e of r.edits) claim(edits, e);
    findings.push(...r.findings);
  }
  return { edits, findings };
}

/** What each agent offers before the edits and after `edits` (all of the plan, or only those applied). */
export function wireChanges(scan: ScanResult, edits: readonly Edit[]): AgentWireChange[] {
  const byKey = new Map(edits.map((e) => [locationKey(e.location), e]));
  return scan.agents.map((agent) => ({
    agent: agentLabel(agent),
    file: agent.location.file,
    before: agent.prediction.offered.map((t) => t.wireName),
    after: predictTools(sourcesAfter(agent, byKey), behaviourOfAgent(agent)).offered.map(
      (t) => t.wireName,
    ),
  }));
}

export function buildPlan(scan: ScanResult, options: PlanOptions = {}): Plan {
  const rules = new Set(options.rules ?? DEFAULT_RULES);
  // Decide with all the evidence: a rename whose old name the plan would leave used somewhere is
  // taken back and planned again the other way (the prompt is rewritten, or the rename reported).
  const blocked = new Map<string, string[]>();
  const offers = new Offers(scan);
  let round = planOnce(scan, rules, blocked, options.prefer, offers);
  for (let i = 0; i < 8 && options.prefer !== 'rekey'; i++) {
    const left = uncoveredRenames(scan, round.edits);
    if (left.size === 0) break;
    for (const [loc, uses] of left) blocked.set(loc, [...(blocked.get(loc) ?? []), ...uses]);
    round = planOnce(scan, rules, blocked, options.prefer, offers);
  }
  const { edits, findings } = round;
  markUnreached(scan, edits, findings);
  quietUnused(scan, findings);
  findings.push(...nameMappings(scan), ...reportOnly(scan, rules), ...delegationIdFindings(scan));
  const sorted = [...edits.values()].sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.start - b.location.start,
  );
  return {
    edits: sorted,
    findings: sharedTexts(grouped(findings)),
    unchecked: uncheckedAgents(scan, offers),
    orderChanges: orderChanges(scan, edits),
    agents: wireChanges(scan, sorted),
  };
}
