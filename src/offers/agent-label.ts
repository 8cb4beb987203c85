/** How reports name an agent: its id, else its name or variable, else its place in the scan. */
import type { AgentInfo } from '../scan/model.ts';

export function agentLabel(agent: Pick<AgentInfo, 'id' | 'name' | 'variable' | 'index'>): string {
  return agent.id ?? agent.name ?? agent.variable ?? `agent #${agent.index}`;
}
