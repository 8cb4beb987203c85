/**
 * What `agent.network()` gives its routing agent: the raw keys of the agent's sub-agents, workflows
 * and tools (tools merged with call-time client tools, later winning), each in JavaScript's own key
 * order, listed as `- **KEY**: description` under one heading per kind. No prefix, no rewrite:
 * the routing agent answers with one of these keys. Measured against @mastra/core 1.71.0 in
 * test/do-no-harm.test.ts.
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
