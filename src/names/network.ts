/**
 * What `agent.network()` gives its routing agent: the raw keys of the agent's sub-agents, workflows
 * and tools (tools merged with call-time client tools, later winning), each in JavaScript's own key
 * order, listed as `- **KEY**: description` under one heading per kind. No prefix, no rewrite:
 * the routing agent answers with one of these keys. Measured against @mastra/core 1.71.0 in
 * test/do-no-harm.test.ts, and against 1.0.4 in test/version-table.test.ts. `agent.network()`
 * exists from 0.16.3; vNext `NewAgentNetwork` (0.10 to 0.19) lists its records the same way, and
 * legacy `AgentNetwork` (0.10 to 0.16) its agents' names (`legacyNetworkListing`); see versions.ts.
 */
import { PlainRecord } from './js-object.ts';

export interface NetworkListing {
  agents: string[];
  workflows: string[];
  tools: string[];
}

function ordered(...sources: ReadonlyArray<readonly string[]>): string[] {
  const record = new PlainRecord<true>();
  for (const keys of sources) for (const key of keys) record.set(key, true);
  return record.keys();
}

export function networkListing(sources: {
  tools?: readonly string[];
  agents?: readonly string[];
  workflows?: readonly string[];
  clientTools?: readonly string[];
}): NetworkListing {
  return {
    agents: ordered(sources.agents ?? []),
    workflows: ordered(sources.workflows ?? []),
    tools: ordered(sources.tools ?? [], sources.clientTools ?? []),
  };
}

/**
 * What legacy `AgentNetwork` (@mastra/core/network, removed in 0.17.0) lists to its routing agent:
 * each agent's `name` with every character outside a-zA-Z0-9_- made `_` (no leading-character rule,
 * no cut), in the order of its `agents` array. The routing agent names one in the `agent` field of
 * its only tool, `transmit`. Measured on 0.10.15 and 0.16.3 in test/version-table.test.ts.
 */
export function legacyNetworkListing(agentNames: readonly string[]): {
  agents: string[];
  tools: ['transmit'];
} {
  return { agents: agentNames.map((n) => n.replace(/[^a-zA-Z0-9_-]/g, '_')), tools: ['transmit'] };
}
