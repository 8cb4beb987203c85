/**
 * `verify --write-names`: the names file, built from the measured requests and the scan. For each
 * agent whose generate() reached the provider: the names sent in order, and those no static key of
 * the agent gives, attributed to its run-time source (an MCP tool to its server and own name, when
 * exactly one listed tool explains the name). Pure; the CLI writes it.
 */
import { toWireName } from '../names/wire-name.ts';
import { agentEntries, wireOf } from '../offers/entries.ts';
import {
  NAMES_FILE_VERSION,
  type MeasuredAgentNames,
  type MeasuredNamesFile,
  type MeasuredRuntimeName,
} from '../scan/measured-names.ts';
import type { AgentInfo, RuntimeTools } from '../scan/model.ts';
import type { AppReport, McpStart } from './model.ts';

/** Where a name no static key gives came from, as far as the evidence says. */
function origin(
  name: string,
  sources: readonly RuntimeTools[],
  starts: readonly McpStart[],
): MeasuredRuntimeName {
  const mcp = sources.filter((s) => s.kind === 'mcp');
  const servers = [...new Set(mcp.flatMap((s) => s.prefixes))];
  const tools = [...new Set(starts.flatMap((s) => s.tools ?? []))];
  const hits = servers.flatMap((prefix) =>
    tools
      .filter((tool) => toWireName(`${prefix}${tool}`) === name)
      .map((tool) => ({ server: prefix.slice(0, -1), tool })),
  );
  if (hits.length === 1) return { name, source: 'mcp', ...hits[0]! };
  const kinds = [...new Set(sources.map((s) => s.kind))];
  return kinds.length === 1 ? { name, source: kinds[0]! } : { name };
}

/** One agent's entry, or undefined when its call sent no request. */
export function measuredAgent(
  app: AppReport,
  key: string,
  agent: AgentInfo | undefined,
): MeasuredAgentNames | undefined {
  const v = app.agents.find((a) => a.key === key);
  const request = v?.measurement.request;
  if (!v || !request) return undefined;
  const known = new Set(agent ? agentEntries(agent).map((e) => wireOf(e, agent)) : []);
  const sources = agent
    ? [...agent.tools.runtime, ...agent.agents.runtime, ...agent.workflows.runtime]
    : [];
  const refused = app.blocked.filter((b) => b.mcp);
  return {
    app: app.path,
    key,
    ...(v.id !== undefined ? { id: v.id } : {}),
    ...(v.name !== undefined ? { name: v.name } : {}),
    ...(app.mastra.version ? { mastraVersion: app.mastra.version } : {}),
    offered: request.tools,
    runtime: request.tools
      .filter((n) => !known.has(n))
      .map((n) => origin(n, sources, app.mcpStarts ?? [])),
    complete: refused.length === 0,
    ...(refused.length
      ? {
          incomplete: `its MCP clients were refused ${refused.map((b) => (b.kind === 'process' ? `start ${b.target}` : `${b.method ?? 'GET'} ${b.target}`)).join(', ')}${app.mcpStarts ? '' : ' (run verify with --allow-mcp)'}`,
        }
      : {}),
  };
}

/** The names file of a verify run: apps in order, agents in instance order. */
export function namesFile(
  apps: ReadonlyArray<{ report: AppReport; agentOf: (key: string) => AgentInfo | undefined }>,
): MeasuredNamesFile {
  return {
    version: NAMES_FILE_VERSION,
    tool: 'mastra-tool-names',
    agents: apps.flatMap(({ report, agentOf }) =>
      report.agents.flatMap((a) => measuredAgent(report, a.key, agentOf(a.key)) ?? []),
    ),
  };
}
