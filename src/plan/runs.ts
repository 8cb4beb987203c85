/** How an agent is run, in words for reasons and findings. */
import type { AgentInfo, Location } from '../scan/model.ts';
import { agentLabel } from './agents.ts';

const at = (l: Location) => `${l.file}:${l.line}`;

export function runDescription(agent: AgentInfo): string {
  const label = agentLabel(agent);
  const { mode, calls, networkCalls, subAgentOf } = agent.runs;
  switch (mode) {
    case 'network':
      return `${label} runs with network() (${networkCalls.map(at).join(', ')})`;
    case 'both':
      return `${label} runs with network() (${networkCalls.map(at).join(', ')}) and with generate()/stream()${calls.length ? ` (${calls.map(at).join(', ')})` : subAgentOf.length ? ' as a sub-agent' : ''}`;
    case 'unknown':
      return `${label} is registered with Mastra but no call in this repository shows whether it runs with generate()/stream() or network()`;
    case 'unreached':
      return `nothing in this repository registers ${label} with Mastra, calls it, or uses it as a sub-agent`;
    default:
      return `${label} runs with generate()/stream()`;
  }
}
