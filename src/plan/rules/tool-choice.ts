/**
 * `tool-choice`: names in `toolChoice`, `activeTools` and what `prepareStep` returns must be names the
 * model is offered. Mastra does not rewrite them, so a name written as the raw key, the id or the
 * export name is changed to the wire name, and names follow any re-key. Names that match no tool,
 * or that are built at run time, are reported.
 */
import type { Collision } from '../../names/normalise.ts';
import { prefixKnown } from '../../names/versions.ts';
import { isLegalToolName } from '../../names/wire-name.ts';
import type {
  AgentInfo,
  CallOptionsInfo,
  NameRef,
  ScanResult,
  ToolEntry,
} from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import type { Offers } from '../../offers/index.ts';
import {
  agentEntries,
  callEntries,
  inCollision,
  mayComeAtRunTime,
  measuredAs,
  rawKeyOf,
  behaviourOfAgent,
  wireCandidates,
  wireOf,
} from '../../offers/entries.ts';
import { locationKey, renderString, versionUndecided } from '../agents.ts';
import type { Edit, Finding } from '../model.ts';

/** Final wire name per entry (by key location), after the renames the plan makes. */
export type FinalNames = Map<string, string>;

function namesOf(entry: ToolEntry, agent: AgentInfo): Array<[string, string]> {
  const v = entry.value;
  const out: Array<[string, string]> = [
    [wireOf(entry, agent), 'wire name'],
    [rawKeyOf(entry, agent), 'key'],
  ];
  if ('id' in v && v.id) out.push([v.id, 'id']);
  if (v.kind === 'builtin') out.push([v.exportName, 'export name']);
  else if (entry.valueName) out.push([entry.valueName, 'variable name']);
  return out;
}

function refs(options: CallOptionsInfo): Array<[NameRef, 'toolChoice' | 'activeTools']> {
  return [
    ...(options.toolChoice ? [[options.toolChoice, 'toolChoice'] as [NameRef, 'toolChoice']] : []),
    ...options.prepareStep.toolChoice.map((r) => [r, 'toolChoice'] as [NameRef, 'toolChoice']),
    ...[...options.activeTools, ...options.prepareStep.activeTools].map(
      (r) => [r, 'activeTools'] as [NameRef, 'activeTools'],
    ),
  ];
}

export function planToolChoice(
  scan: ScanResult,
  finalNames: FinalNames,
  offers?: Offers,
): { edits: Edit[]; findings: Finding[] } {
  const edits: Edit[] = [];
  const findings: Finding[] = [];
  const check = (
    agent: AgentInfo,
    entries: ToolEntry[],
    options: CallOptionsInfo,
    where: string,
    collisions: readonly Collision[],
  ) => {
    const label = agentLabel(agent);
    for (const [ref, option] of refs(options)) {
      if (ref.name === undefined) {
        // Its type allows only names this agent is offered, as written: nothing to check by hand.
        const offered = (n: string) =>
          entries.some(
            (e) =>
              (finalNames.get(locationKey(e.keyLocation)) ?? wireOf(e, agent)) === n &&
              wireOf(e, agent) === n,
          );
        if (ref.possible?.every(offered)) continue;
        // When the agent's own tools are known only at run time too, a name built at run time is
        // one more thing not checked (the agent is listed as such), not a finding of its own.
        findings.push({
          kind: offers?.of(agent).open ? 'unresolved' : 'unknown-name',
          rule: 'tool-choice',
          message: `${option} ${ref.text} (${where}) is built at run time; cannot check it against the offered names`,
          locations: [ref.location],
          agents: [label],
        });
        continue;
      }
      const name = ref.name;
      const matches = entries.filter((e) => namesOf(e, agent).some(([n]) => n === name));
      const targets = [
        ...new Set(
          matches.map((e) => finalNames.get(locationKey(e.keyLocation)) ?? wireOf(e, agent)),
        ),
      ];
      if (targets.length === 0) {
        const sets = [
          agent.tools,
          agent.agents,
          agent.workflows,
          options.toolsets,
          options.clientTools,
        ];
        const measured = measuredAs(
          sets.flatMap((s) => s.runtime),
          name,
        );
        if (!entries.some((e) => wireOf(e, agent) === name) && !mayComeAtRunTime(sets, name))
          findings.push({
            kind: 'unknown-name',
            rule: 'tool-choice',
            message: `${option} names "${name}" (${where}), which matches no tool of ${label}${measured ? `; verify measured the MCP tool "${measured.tool}" offered as "${measured.offered}" (${measured.file}): use "${measured.offered}"` : ''}`,
            locations: [ref.location],
            agents: [label],
          });
        continue;
      }
      if (targets.length > 1) {
        findings.push({
          kind: 'unknown-name',
          rule: 'tool-choice',
          message: `${option} "${name}" (${where}) could mean ${targets.join(' or ')}; left as it is`,
          locations: [ref.location],
          agents: [label],
        });
        continue;
      }
      const target = targets[0]!;
      if (target === name || !isLegalToolName(target)) continue;
      // Keys in a collision need a human first (the collision finding says so).
      if (matches.some((e) => inCollision(e, collisions))) continue;
      // A key the plan edits gets a legal name, sent as written by every version; a prefix is
      // still the version's.
      const entry = matches[0]!;
      const candidates =
        finalNames.has(locationKey(entry.keyLocation)) &&
        prefixKnown(behaviourOfAgent(agent), entry.origin)
          ? [target]
          : wireCandidates(entry, agent);
      if (candidates.length > 1) {
        findings.push({
          kind: 'version-unknown',
          rule: 'tool-choice',
          message: `${option} "${name}" (${where}) is left as it is: ${versionUndecided(agent, label, candidates)}`,
          locations: [ref.location],
          agents: [label],
        });
        continue;
      }
      const as = namesOf(matches[0]!, agent).find(([n]) => n === name)?.[1] ?? 'name';
      const followsRename = as === 'wire name';
      if (!ref.literal) {
        findings.push({
          kind: 'unknown-name',
          rule: 'tool-choice',
          message: `${option} "${name}" (${where}) should be "${target}", but it is not a plain string literal`,
          locations: [ref.location],
          agents: [label],
        });
        continue;
      }
      edits.push({
        rule: 'tool-choice',
        target: 'string-literal',
        location: ref.literal.location,
        before: ref.literal.raw,
        after: renderString(target, ref.literal.raw),
        value: target,
        reason: followsRename
          ? `${option} follows the re-key of "${name}" to "${target}"`
          : `${option} names the tool by its ${as} "${name}", which Mastra does not rewrite; the model is offered "${target}"`,
        effect: followsRename ? 'preserved' : 'fixed',
        wire: { before: name, after: target },
        agents: [label],
      });
    }
  };
  for (const agent of scan.agents)
    if (agent.defaultOptions)
      check(
        agent,
        agentEntries(agent),
        agent.defaultOptions,
        'defaultOptions',
        agent.prediction.collisions,
      );
  for (const call of scan.calls) {
    const agent = call.agentIndex === undefined ? undefined : scan.agents[call.agentIndex];
    if (agent)
      check(
        agent,
        [...agentEntries(agent), ...callEntries(call)],
        call.options,
        `${call.method}() at ${call.location.file}:${call.location.line}`,
        call.prediction?.collisions ?? agent.prediction.collisions,
      );
  }
  return { edits, findings };
}
