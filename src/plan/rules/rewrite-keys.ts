/**
 * `rewrite-keys`: an illegal or over-long key becomes the name Mastra already sends for it
 * (`'search.web': t` becomes `search_web: t`). The model sees the same names; only the order can
 * change, because rewritten keys no longer move to the end. Keys in a collision are left alone.
 * Versions before 0.13.2 send such a key as written (providers reject it): reported, not edited.
 */
import type { Collision } from '../../names/normalise.ts';
import { describeVersion } from '../../names/versions.ts';
import { isLegalToolName } from '../../names/wire-name.ts';
import type { AgentInfo, ScanResult, ToolEntry } from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import {
  agentEntries,
  behaviourOfAgent,
  callEntries,
  inCollision,
  rawKeyOf,
  wireCandidates,
  wireOf,
} from '../../offers/entries.ts';
import { renderKey, versionUndecided } from '../agents.ts';
import type { Edit, Finding } from '../model.ts';
import { runDescription } from '../../offers/modes.ts';

/** The key an entry is rewritten to: its wire name without the prefix its version adds. */
type Runs = Pick<AgentInfo, 'mastra'>;

function newKeyOf(entry: ToolEntry, agent: Runs, wire: string): string {
  return wire.slice(rawKeyOf(entry, agent).length - entry.key.length);
}

function rewriteEdit(entry: ToolEntry, agent: Runs, agents: string[]): Edit | Finding {
  const raw = rawKeyOf(entry, agent);
  const wire = wireOf(entry, agent);
  if (entry.fromType) {
    // Only a type names this key (a builder's return type): the literal that makes it is not known.
    return {
      kind: 'rename-kept',
      rule: 'rewrite-keys',
      message: `the key "${raw}" is known only from the type of ${entry.fromType.expression} (declared at ${entry.keyLocation.file}:${entry.keyLocation.line}); Mastra sends "${wire}". Rename it where the map is built, and in that type`,
      locations: [entry.fromType.location],
      agents,
    };
  }
  if (entry.keyKind === 'file-name') {
    return {
      kind: 'file-name-key',
      rule: 'rewrite-keys',
      message: `the tool file name ${entry.keyText} is offered as "${wire}"; rename the file to make the key legal`,
      locations: [entry.keyLocation],
      agents,
    };
  }
  const newKey = newKeyOf(entry, agent, wire);
  // Without the prefix a leading digit gains `_`, and the 63 cut falls elsewhere: the new key
  // then depends on a version the scan does not know.
  const candidates = wireCandidates(entry, agent).filter((n) => n !== raw);
  const keys = new Set(
    candidates.map((n) => (n.length < wire.length ? n : newKeyOf(entry, agent, n))),
  );
  if (keys.size > 1)
    return {
      kind: 'version-unknown',
      rule: 'rewrite-keys',
      message: `the key "${entry.key}" is not rewritten: ${versionUndecided(agent, agents[0] ?? 'the agent', candidates)}`,
      locations: [entry.keyLocation],
      agents,
    };
  const shorthand = entry.keyKind === 'shorthand';
  return {
    rule: 'rewrite-keys',
    target: 'property-key',
    location: entry.keyLocation,
    before: entry.keyText,
    after: renderKey(newKey, entry.keyText),
    value: newKey,
    ...(shorthand ? { shorthandValue: entry.keyText } : {}),
    reason: `Mastra rewrites the key "${raw}" to "${wire}" on the wire; writing the legal name keeps what the model sees and makes the key usable in toolChoice and activeTools`,
    effect: 'preserved',
    wire: { before: wire, after: wire },
    agents,
  };
}

export function planRewriteKeys(scan: ScanResult): { edits: Edit[]; findings: Finding[] } {
  const edits: Edit[] = [];
  const findings: Finding[] = [];
  // Code that reads or changes a map entry by its key (`delete tools['notes.save']`) would lose it.
  const accessed = new Map<string, string[]>();
  for (const u of scan.nameUses)
    if (u.access)
      accessed.set(u.name, [
        ...(accessed.get(u.name) ?? []),
        `${u.location.file}:${u.location.line}:${u.location.column}`,
      ]);
  const reported = new Set<string>();
  const visit = (entries: ToolEntry[], agent: Runs, collisions: Collision[], agents: string[]) => {
    const behaviour = behaviourOfAgent(agent);
    for (const entry of entries) {
      const raw = rawKeyOf(entry, agent);
      if (raw === '') continue;
      if (!behaviour.rewritesKeys && !behaviour.unknown.includes('key-rewrite')) {
        if (!isLegalToolName(raw))
          findings.push({
            kind: 'illegal-key',
            rule: 'rewrite-keys',
            message: `${describeVersion(agent.mastra)} sends the key "${raw}" as written (the rewrite to legal names came in 0.13.2), and providers reject tool names outside a-zA-Z0-9_- or longer than 64; rename the key`,
            locations: [entry.keyLocation],
            agents,
          });
        continue;
      }
      if (wireOf(entry, agent) === raw) continue;
      // Mastra refuses these keys; we never invent a name to make them distinct.
      if (inCollision(entry, collisions)) continue;
      const uses = accessed.get(entry.key);
      if (uses) {
        const at = `${entry.keyLocation.file}:${entry.keyLocation.start}`;
        if (!reported.has(at))
          findings.push({
            kind: 'rename-kept',
            rule: 'rewrite-keys',
            message: `the key "${entry.key}" is not rewritten to "${newKeyOf(entry, agent, wireOf(entry, agent))}": code reads or changes the map by that key at ${uses.join(', ')}; rename both together (Mastra sends "${wireOf(entry, agent)}" either way)`,
            locations: [entry.keyLocation],
            agents,
          });
        reported.add(at);
        continue;
      }
      const out = rewriteEdit(entry, agent, agents);
      if ('kind' in out) findings.push(out);
      else edits.push(out);
    }
  };
  for (const agent of scan.agents) {
    if (agent.runs.mode === 'network') {
      // network() lists raw keys to its routing agent and picks one by that name: nothing to fix.
      const illegal = agentEntries(agent).filter(
        (e) => rawKeyOf(e, agent) !== '' && !isLegalToolName(rawKeyOf(e, agent)),
      );
      if (illegal.length) {
        findings.push({
          kind: 'network-keys',
          rule: 'rewrite-keys',
          message: `${runDescription(agent)}: its routing agent is given the raw keys ${illegal.map((e) => `"${e.key}"`).join(', ')} and picks one by that name, so they are left as they are`,
          locations: illegal.map((e) => e.keyLocation),
          agents: [agentLabel(agent)],
        });
      }
      continue;
    }
    visit(agentEntries(agent), agent, agent.prediction.collisions, [agentLabel(agent)]);
  }
  for (const call of scan.calls) {
    const agent = call.agentIndex === undefined ? undefined : scan.agents[call.agentIndex];
    visit(
      callEntries(call),
      agent ?? call,
      call.prediction?.collisions ?? [],
      agent ? [agentLabel(agent)] : [],
    );
  }
  return { edits, findings };
}
