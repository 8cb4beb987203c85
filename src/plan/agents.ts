/** Shared views of the scan that the rules work from. */
import { ORIGIN_PREFIX } from '../names/normalise.ts';
import { toWireName } from '../names/wire-name.ts';
import type { AgentInfo, CallSite, Location, ToolEntry } from '../scan/model.ts';

export function agentLabel(agent: Pick<AgentInfo, 'id' | 'name' | 'variable' | 'index'>): string {
  return agent.id ?? agent.name ?? agent.variable ?? `agent #${agent.index}`;
}

export function locationKey(l: Location): string {
  return `${l.file}:${l.start}`;
}

export function rawKeyOf(entry: ToolEntry): string {
  return ORIGIN_PREFIX[entry.origin] + entry.key;
}

export function wireOf(entry: ToolEntry): string {
  const raw = rawKeyOf(entry);
  return raw === '' ? '' : toWireName(raw);
}

/** The entries an agent registers itself (tools, sub-agents, workflows). */
export function agentEntries(agent: AgentInfo): ToolEntry[] {
  return [...agent.tools.entries, ...agent.agents.entries, ...agent.workflows.entries];
}

/** The entries a call adds to its agent's (call-time toolsets and clientTools). */
export function callEntries(call: CallSite): ToolEntry[] {
  return [...call.options.toolsets.entries, ...call.options.clientTools.entries];
}

/** How a key is written in the source: identifiers bare, anything else quoted like the original. */
export function renderKey(key: string, originalText: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return key;
  const quote = originalText.startsWith('"') ? '"' : "'";
  return quote + key.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`) + quote;
}

/** A string literal with the same quotes as the one it replaces. */
export function renderString(value: string, originalRaw: string): string {
  const quote = originalRaw[0] === '"' || originalRaw[0] === '`' ? originalRaw[0] : "'";
  return quote + value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`) + quote;
}
