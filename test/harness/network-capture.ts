/**
 * Runs agent.network() on an installed @mastra/core line against the scripted local provider and
 * captures what the routing agent is shown (the names it lists per heading) and, when the script
 * picks a tool, the name the `tool-execution-end` chunk reports for it.
 */
import { loadLine, oneStepWorkflow } from './mastra-capture.ts';
import type { MastraLine } from './mastra-versions.ts';
import { memoryFor } from './memory-0x.ts';
import { listedUnder } from './network-listing.ts';
import type { ScriptedProvider } from './scripted-provider.ts';

export interface NetworkSpec {
  /** Record keys of the agent's tools, each with the tool's id. */
  tools: Record<string, string>;
  agents: string[];
  workflows: string[];
  /** A tool key the routing agent picks in its first answer. */
  pick?: string;
}

export interface NetworkCapture {
  listed: { agents: string[]; workflows: string[]; tools: string[] };
  /** The `tool-execution-end` chunk's toolName, when a tool ran. */
  ranAs?: string;
}

let counter = 0;

function systemOf(request: Record<string, unknown>): string {
  const messages = (request.messages ?? []) as Array<{ role: string; content: unknown }>;
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

export async function captureNetwork(
  line: MastraLine,
  provider: ScriptedProvider,
  spec: NetworkSpec,
): Promise<NetworkCapture> {
  const m = await loadLine(line);
  const caseId = `network-${++counter}`;
  // 0.16 names the pick resourceId/resourceType; later lines primitiveId/primitiveType.
  const route = spec.pick
    ? JSON.stringify({
        primitiveId: spec.pick,
        primitiveType: 'tool',
        resourceId: spec.pick,
        resourceType: 'tool',
        prompt: JSON.stringify({ q: 'x' }),
        selectionReason: 'it fits',
      })
    : undefined;
  const url = provider.urlFor(caseId, route ? [{ text: route }] : []);
  const inputSchema = m.z.object({ q: m.z.string() });
  const model = m.networkModel(url);
  const tools: Record<string, unknown> = {};
  for (const [key, id] of Object.entries(spec.tools))
    tools[key] = m.createTool({
      id,
      description: `tool ${id}`,
      inputSchema,
      execute: () => Promise.resolve({ ok: true }),
    });
  const agents: Record<string, unknown> = {};
  for (const key of spec.agents)
    agents[key] = new m.Agent({
      id: `sub-${key}`,
      name: key,
      description: `agent ${key}`,
      instructions: 'help',
      model,
    });
  const workflows: Record<string, unknown> = {};
  for (const key of spec.workflows) workflows[key] = oneStepWorkflow(m, key);
  const agent = new m.Agent({
    id: 'lead',
    name: 'lead',
    instructions: 'route',
    model,
    memory: await memoryFor(line),
    tools,
    agents,
    workflows,
  });
  agent.__setLogger?.(m.noopLogger);
  let ranAs: string | undefined;
  try {
    const stream = await agent.network!('go');
    for await (const chunk of stream as AsyncIterable<{
      type: string;
      payload?: { toolName?: string };
    }>)
      if (chunk.type === 'tool-execution-end') ranAs ??= chunk.payload?.toolName;
  } catch {
    // With the script used up, the next routing answer is not JSON: the network stops.
  }
  const system = provider
    .requests(caseId)
    .map(systemOf)
    .find((s) => s.includes('## Available'));
  const under = (heading: string) => (system ? listedUnder(system, heading) : []);
  return {
    listed: {
      agents: under('## Available Agents in Network'),
      workflows: under('## Available Workflows in Network'),
      tools: under('## Available Tools in Network'),
    },
    ...(ranAs === undefined ? {} : { ranAs }),
  };
}
