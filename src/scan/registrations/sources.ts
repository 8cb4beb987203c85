/** An agent's tool sources as the normaliser takes them: the keys of each map, in order. Pure. */
import type { ToolSources } from '../../names/normalise.ts';
import type { AgentDraft, ToolEntry } from '../model.ts';

export function keysOf(entries: ToolEntry[]): string[] {
  return entries.map((e) => e.key);
}

export function providerDefined(entries: ToolEntry[]): ToolSources['providerDefined'] {
  return entries
    .filter((e) => e.value.kind === 'provider-defined' || e.value.kind === 'web-search-marker')
    .map((e) => ({ origin: e.origin, key: e.key }));
}

export function agentSources(agent: AgentDraft): ToolSources {
  return {
    tools: keysOf(agent.tools.entries),
    agents: keysOf(agent.agents.entries),
    workflows: keysOf(agent.workflows.entries),
    providerDefined: providerDefined(agent.tools.entries),
  };
}
