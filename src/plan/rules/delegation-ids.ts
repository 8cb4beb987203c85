/**
 * Delegation hooks receive `primitiveId`, the delegated sub-agent's **id** (read in @mastra/core
 * 1.71.0: `primitiveId: agent.id`). A comparison of it with the sub-agent's key, or with the
 * `agent-KEY` name the model calls, never matches: reported with the id to compare with. Not
 * edited: the branch would start to run, which is a change of behaviour for the owner to make.
 */
import type { AgentInfo, ScanResult } from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import { wireOf } from '../../offers/entries.ts';
import type { Finding } from '../model.ts';

export function delegationIdFindings(scan: ScanResult): Finding[] {
  const out: Finding[] = [];
  for (const d of scan.delegationIds) {
    const owners: AgentInfo[] =
      d.agentIndex !== undefined
        ? [scan.agents[d.agentIndex]!]
        : scan.agents.filter((a) => a.agents.entries.length > 0);
    const subs = owners.flatMap((owner) =>
      owner.agents.entries.flatMap((e) => {
        const sub =
          e.value.kind === 'agent' && e.value.agentIndex !== undefined
            ? scan.agents[e.value.agentIndex]
            : undefined;
        return sub?.id === undefined ? [] : [{ owner, entry: e, id: sub.id }];
      }),
    );
    // A value that is some sub-agent's id is right.
    if (subs.some((s) => s.id === d.value)) continue;
    const hit = subs.find((s) => s.entry.key === d.value || wireOf(s.entry, s.owner) === d.value);
    if (!hit) continue;
    out.push({
      kind: 'delegation-id',
      message: `a delegation hook compares primitiveId with "${d.value}", but Mastra passes the sub-agent's id: "${hit.entry.key}" of ${agentLabel(hit.owner)} has the id "${hit.id}", so this never matches. Compare with "${hit.id}"`,
      locations: [d.location],
      agents: [agentLabel(hit.owner)],
    });
  }
  return out;
}
