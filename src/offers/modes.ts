/**
 * How an agent runs, decided from the evidence the scan found (`AgentRuns.evidence`): its own
 * calls, the parents that offer it as a sub-agent, `@mastra/ai-sdk` routes, an MCPServer, calls on
 * an agent looked up at run time. The same evidence always gives the same decision:
 * - one mode shown and not the other: that mode is decided, and reasons name the evidence;
 * - both shown, or none (an agent only registered with Mastra, whose server can run it either way,
 *   or one nothing runs): no mode is decided, and nothing that depends on it is edited.
 */
import type { AgentInfo, Location, RunEvidence } from '../scan/model.ts';
import { agentLabel } from './agent-label.ts';

/** `function`: generate()/stream() send tools as functions by wire name; `network`: raw keys listed. */
export type RunMode = 'function' | 'network';

export const RUN_MODES: readonly RunMode[] = ['function', 'network'];

const at = (l: Location) => `${l.file}:${l.line}`;

/** The mode the evidence decides, or undefined when both are shown or none is. */
export function decidedMode(agent: AgentInfo): RunMode | undefined {
  const { mode } = agent.runs;
  return mode === 'function' || mode === 'network' ? mode : undefined;
}

/** The modes an agent may run in: the decided one, else both. */
export function possibleModes(agent: AgentInfo): RunMode[] {
  const mode = decidedMode(agent);
  return mode ? [mode] : [...RUN_MODES];
}

const KIND_WORDS: Record<RunEvidence['kind'], string> = {
  call: 'called',
  'sub-agent': 'offered as a sub-agent',
  'chat-route': 'served by a chat route',
  'network-route': 'served by a network route',
  'mcp-server': 'exposed by an MCPServer (which calls generate())',
  'dynamic-call': 'reached by a call on an agent looked up by a name known only at run time',
  'api-call': "requested from Mastra's server API",
};

/** "served by a chat route at src/index.ts:12, ...", per kind, for one mode's evidence. */
function evidenceWords(evidence: readonly RunEvidence[]): string {
  const byKind = new Map<RunEvidence['kind'], Location[]>();
  for (const e of evidence) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), e.location]);
  return [...byKind]
    .map(([kind, locations]) => {
      // The first place of each kind names the evidence; the rest are counted, so a report over
      // many agents that share one route stays readable.
      const shown = locations.length > 2 ? at(locations[0]!) : locations.map(at).join(', ');
      const more = locations.length > 2 ? ` and ${locations.length - 1} more` : '';
      return `${KIND_WORDS[kind]} at ${shown}${more}`;
    })
    .join(', ');
}

/** "; not counted: a network route at x:3, which no code calls". */
function outweighed(agent: AgentInfo): string {
  const ignored = agent.runs.ignored ?? [];
  return ignored.length
    ? `; not counted, as nothing in this repository uses it: ${evidenceWords(ignored)}`
    : '';
}

/** How an agent runs, in words for reasons and findings, naming the evidence. */
export function runDescription(agent: AgentInfo): string {
  const label = agentLabel(agent);
  const evidence = agent.runs.evidence;
  const fn = evidence.filter((e) => e.mode === 'function');
  const net = evidence.filter((e) => e.mode === 'network');
  switch (agent.runs.mode) {
    case 'network':
      return `${label} runs with network() (${evidenceWords(net)}${outweighed(agent)})`;
    case 'function':
      return `${label} runs with generate()/stream() (${evidenceWords(fn)}${outweighed(agent)})`;
    case 'both':
      return `${label} runs with network() (${evidenceWords(net)}) and with generate()/stream() (${evidenceWords(fn)})`;
    case 'unknown':
      return `${label} is registered with Mastra but nothing in this repository shows whether it runs with generate()/stream() or network()`;
    default:
      return `nothing in this repository registers ${label} with Mastra, calls it, or uses it as a sub-agent`;
  }
}
