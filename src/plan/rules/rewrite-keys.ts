/**
 * `rewrite-keys`: an illegal or over-long key becomes the name Mastra already sends for it
 * (`'search.web': t` becomes `search_web: t`). The model sees the same names; only the order can
 * change, because rewritten keys no longer move to the end. Keys in a collision are left alone.
 */
import type { Collision } from '../../names/normalise.ts';
import type { ScanResult, ToolEntry } from '../../scan/model.ts';
import { agentEntries, agentLabel, callEntries, rawKeyOf, renderKey, wireOf } from '../agents.ts';
import type { Edit, Finding } from '../model.ts';
import { runDescription } from '../../offers/modes.ts';

function inCollision(entry: ToolEntry, collisions: Collision[]): boolean {
  return collisions.some((c) =>
    c.keys.some((k) => k.origin === entry.origin && k.key === entry.key),
  );
}

function rewriteEdit(entry: ToolEntry, agents: string[]): Edit | Finding {
  const raw = rawKeyOf(entry);
  const wire = wireOf(entry);
  if (entry.keyKind === 'file-name') {
    return {
      kind: 'file-name-key',
      rule: 'rewrite-keys',
      message: `the tool file name ${entry.keyText} is offered as "${wire}"; rename the file to make the key legal`,
      locations: [entry.keyLocation],
      agents,
    };
  }
  const prefix = raw.slice(0, raw.length - entry.key.length);
  const newKey = wire.slice(prefix.length);
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
  const visit = (entries: ToolEntry[], collisions: Collision[], agents: string[]) => {
    for (const entry of entries) {
      if (wireOf(entry) === rawKeyOf(entry) || rawKeyOf(entry) === '') continue;
      // Mastra refuses these keys; we never invent a name to make them distinct.
      if (inCollision(entry, collisions)) continue;
      const uses = accessed.get(entry.key);
      if (uses) {
        const at = `${entry.keyLocation.file}:${entry.keyLocation.start}`;
        if (!reported.has(at))
          findings.push({
            kind: 'rename-kept',
            rule: 'rewrite-keys',
            message: `the key "${entry.key}" is not rewritten to "${wireOf(entry).slice(rawKeyOf(entry).length - entry.key.length)}": code reads or changes the map by that key at ${uses.join(', ')}; rename both together (Mastra sends "${wireOf(entry)}" either way)`,
            locations: [entry.keyLocation],
            agents,
          });
        reported.add(at);
        continue;
      }
      const out = rewriteEdit(entry, agents);
      if ('kind' in out) findings.push(out);
      else edits.push(out);
    }
  };
  for (const agent of scan.agents) {
    if (agent.runs.mode === 'network') {
      // network() lists raw keys to its routing agent and picks one by that name: nothing to fix.
      const illegal = agentEntries(agent).filter(
        (e) => rawKeyOf(e) !== '' && wireOf(e) !== rawKeyOf(e),
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
    visit(agentEntries(agent), agent.prediction.collisions, [agentLabel(agent)]);
  }
  for (const call of scan.calls) {
    const agent = call.agentIndex === undefined ? undefined : scan.agents[call.agentIndex];
    visit(callEntries(call), call.prediction?.collisions ?? [], agent ? [agentLabel(agent)] : []);
  }
  return { edits, findings };
}
