/**
 * Imports a fixture app's agents for real (MCP stubbed, model pointed at the fake provider) and
 * captures what each sends, so scanner predictions can be checked against real @mastra/core.
 */
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AgentInfo } from '../../src/scan/model.ts';
import { asText } from '../../src/verify/child/text.ts';
import type { FakeProvider } from './fake-provider.ts';
import { listedUnder } from './network-listing.ts';

register('./stub-loader.mjs', import.meta.url);

let counter = 0;

/** The members of a fixture's Agent the harness calls (fixture modules are untyped here). */
interface FixtureAgent {
  __setLogger?: (logger: unknown) => void;
  __updateModel: (update: { model: unknown }) => void;
  __setMemory: (memory: unknown) => void;
  generate: (prompt: string, options: Record<string, unknown>) => Promise<unknown>;
  network: (prompt: string) => Promise<AsyncIterable<unknown>>;
}

function exportedAgent(mod: Record<string, unknown>, agent: AgentInfo): FixtureAgent {
  const real = agent.variable === 'default' ? mod.default : mod[agent.variable ?? ''];
  if (!real) throw new Error(`${agent.location.file} does not export ${agent.variable}`);
  return real as FixtureAgent;
}

/**
 * The first request a fixture agent sends (undefined when it sent none, with the error). `cwd` is
 * the working directory its module is imported in (the fixture's root: where an app started by its
 * npm scripts runs).
 */
export async function captureFixtureRequest(
  root: string,
  agent: AgentInfo,
  provider: FakeProvider,
  options: Record<string, unknown> = {},
  cwd = root,
): Promise<{ request?: Record<string, unknown>; error?: string }> {
  // Fixture code reads prompt files relative to the working directory, as an app started there would.
  const before = process.cwd();
  process.chdir(cwd);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(path.join(root, agent.location.file)).href)) as Record<
      string,
      unknown
    >;
  } finally {
    process.chdir(before);
  }
  const real = exportedAgent(mod, agent);
  const { noopLogger } = await import('@mastra/core/logger');
  const caseId = `fixture${++counter}`;
  real.__setLogger?.(noopLogger);
  real.__updateModel({
    model: { id: 'openai/gpt-4o-mini', url: provider.urlFor(caseId), apiKey: 'sk-fake' },
  });
  let error: string | undefined;
  try {
    await real.generate('hi', options);
  } catch (e) {
    error = asText((e as { message?: unknown } | undefined)?.message ?? e);
  }
  const [request] = provider.requests(caseId);
  return { ...(request ? { request } : {}), ...(error ? { error } : {}) };
}

export async function captureFixtureAgent(
  root: string,
  agent: AgentInfo,
  provider: FakeProvider,
  options: Record<string, unknown> = {},
): Promise<{ toolNames: string[] | null; toolChoice?: unknown; error?: string }> {
  const { request, error } = await captureFixtureRequest(root, agent, provider, options);
  const tools = request?.tools as Array<{ function: { name: string } }> | undefined;
  return {
    toolNames: request ? (tools ? tools.map((t) => t.function.name) : null) : null,
    toolChoice: request?.tool_choice,
    ...(error && !request ? { error } : {}),
    ...(request && !tools ? { error: 'the request carried no tools' } : {}),
  };
}

/** The names `network()` lists to its routing agent, read from the routing agent's system prompt. */
export interface NetworkListing {
  agents: string[];
  workflows: string[];
  tools: string[];
  /** The whole system prompt the routing agent was given. */
  system: string;
}

/**
 * Runs a fixture agent's `network()` against the fake provider (with an in-memory memory, which
 * network mode requires) and returns what its routing agent was offered.
 */
export async function captureFixtureNetwork(
  root: string,
  agent: AgentInfo,
  provider: FakeProvider,
): Promise<NetworkListing> {
  const mod = (await import(pathToFileURL(path.join(root, agent.location.file)).href)) as Record<
    string,
    unknown
  >;
  const real = exportedAgent(mod, agent);
  const { noopLogger } = await import('@mastra/core/logger');
  const { MockMemory } = await import('@mastra/core/memory');
  const caseId = `network${++counter}`;
  real.__setLogger?.(noopLogger);
  real.__updateModel({
    model: { id: 'openai/gpt-4o-mini', url: provider.urlFor(caseId), apiKey: 'sk-fake' },
  });
  real.__setMemory(new MockMemory());
  try {
    const stream = await real.network('hi');
    for await (const _chunk of stream) void _chunk;
  } catch {
    // The fake provider answers 400: the network stops after its first request.
  }
  const [request] = provider.requests(caseId);
  const messages = (request?.messages ?? []) as Array<{ role: string; content: string }>;
  const system = messages
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  return {
    agents: listedUnder(system, '## Available Agents in Network'),
    workflows: listedUnder(system, '## Available Workflows in Network'),
    tools: listedUnder(system, '## Available Tools in Network'),
    system,
  };
}
