/**
 * Runs one real `agent.generate()` per case against the fake provider and returns what went on the
 * wire (tool names in order, tool_choice) or the error Mastra rejected with. Reused by every
 * differential test: keys in, wire out.
 */
import type { Toolset } from '../../src/names/normalise.ts';
import type { FakeProvider } from './fake-provider.ts';
import type { MastraLine } from './mastra-versions.ts';

export interface CallSpec {
  tools?: readonly string[];
  toolsets?: readonly Toolset[];
  clientTools?: readonly string[];
  agents?: readonly string[];
  workflows?: readonly string[];
  toolChoice?: 'auto' | 'none' | 'required' | { type: 'tool'; toolName: string };
  activeTools?: readonly string[];
  /** Agent `tools` keys registered with the `webSearchTool` marker (lines that export it). */
  providerDefined?: ReadonlyArray<{ origin: 'tools'; key: string }>;
}

export interface Captured {
  /** `tools[].function.name` in order; null when the request carried no tools. */
  toolNames: string[] | null;
  toolChoice: unknown;
  /** Set when generate() rejected before any request reached the provider. */
  error?: { id: string; causeCode?: string; causeToolName?: string; message: string };
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the installed lines have different types */
export interface LoadedLine {
  Agent: any;
  createTool: any;
  createWorkflow: any;
  createStep: any;
  noopLogger: any;
  webSearchTool: any;
  z: any;
  /** The model config for a case: what the line's generate() accepts, pointed at `url`. */
  model: (url: string) => unknown;
}

const loaded = new Map<string, Promise<LoadedLine>>();

export function loadLine(line: MastraLine): Promise<LoadedLine> {
  let promise = loaded.get(line.pkg);
  if (!promise) {
    promise = (async () => {
      const [agent, tools, workflows, logger, zod, openai] = await Promise.all([
        import(`${line.pkg}/agent`),
        import(`${line.pkg}/tools`),
        import(`${line.pkg}/workflows`),
        import(`${line.pkg}/logger`),
        import('zod'),
        line.model === 'ai-sdk-v1' ? import('ai-sdk-openai-1') : undefined,
      ]);
      const model = openai
        ? (url: string) =>
            openai
              .createOpenAI({ baseURL: url, apiKey: 'sk-fake', compatibility: 'compatible' })
              .chat('gpt-4o-mini')
        : (url: string) => ({ id: 'openai/gpt-4o-mini', url, apiKey: 'sk-fake' });
      return {
        Agent: agent.Agent,
        createTool: tools.createTool,
        createWorkflow: workflows.createWorkflow,
        createStep: workflows.createStep,
        noopLogger: logger.noopLogger,
        webSearchTool: tools.webSearchTool,
        z: zod.z,
        model,
      };
    })();
    loaded.set(line.pkg, promise);
  }
  return promise;
}

/** Own properties only, so keys like `__proto__` stay plain keys as they would in a computed key. */
function record<T>(keys: readonly string[], make: (key: string) => T): Record<string, T> {
  const out: Record<string, T> = {};
  for (const key of keys)
    Object.defineProperty(out, key, {
      value: make(key),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

let counter = 0;

export async function captureCall(
  line: MastraLine,
  provider: FakeProvider,
  spec: CallSpec,
): Promise<Captured> {
  const m = await loadLine(line);
  const caseId = `c${++counter}`;
  const model = m.model(provider.urlFor(caseId));
  const inputSchema = m.z.object({ q: m.z.string() });
  const tool = (id: string) =>
    m.createTool({
      id: id || 'empty',
      description: `tool ${id}`,
      inputSchema,
      execute: async () => ({ ok: true }),
    });
  const clientTool = (id: string) =>
    m.createTool({ id: id || 'empty', description: `client ${id}`, inputSchema });
  const subAgent = (key: string) => {
    const agent = new m.Agent({
      id: `sub-${key}`,
      name: `sub ${key}`,
      description: `sub-agent ${key}`,
      instructions: 'sub',
      model,
    });
    agent.__setLogger?.(m.noopLogger);
    return agent;
  };
  const workflow = (key: string) => {
    const step = m.createStep({
      id: 'only',
      inputSchema,
      outputSchema: inputSchema,
      execute: async ({ inputData }: any) => inputData,
    });
    return m
      .createWorkflow({
        id: `wf-${key}`,
        description: `workflow ${key}`,
        inputSchema,
        outputSchema: inputSchema,
      })
      .then(step)
      .commit();
  };

  const agent = new m.Agent({
    id: 'probe',
    name: 'probe',
    instructions: 'probe',
    model,
    tools: record(spec.tools ?? [], (key) =>
      spec.providerDefined?.some((p) => p.key === key) ? m.webSearchTool : tool(key),
    ),
    ...(spec.agents ? { agents: record(spec.agents, subAgent) } : {}),
    ...(spec.workflows ? { workflows: record(spec.workflows, workflow) } : {}),
  });
  agent.__setLogger?.(m.noopLogger);

  const options: Record<string, unknown> = {};
  if (spec.toolsets) {
    options.toolsets = {};
    for (const set of spec.toolsets) {
      Object.defineProperty(options.toolsets, set.name, {
        value: record(set.keys, tool),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  if (spec.clientTools) options.clientTools = record(spec.clientTools, clientTool);
  if (spec.toolChoice) options.toolChoice = spec.toolChoice;
  if (spec.activeTools) options.activeTools = [...spec.activeTools];

  let error: Captured['error'];
  try {
    await agent.generate('hi', options);
  } catch (e: any) {
    error = { id: String(e?.id ?? e?.name ?? 'unknown'), message: String(e?.message ?? e) };
    const code = e?.cause?.code ?? e?.cause?.id;
    if (code) error.causeCode = String(code);
    if (e?.cause?.details?.toolName !== undefined)
      error.causeToolName = String(e.cause.details.toolName);
  }
  const [request] = provider.requests(caseId);
  provider.forget(caseId);
  if (!request)
    return {
      toolNames: null,
      toolChoice: undefined,
      error: error ?? { id: 'no-request', message: 'no request was sent' },
    };
  const tools = request.tools as Array<{ function?: { name?: string } }> | undefined;
  return {
    toolNames: tools ? tools.map((t) => String(t.function?.name)) : null,
    toolChoice: request.tool_choice,
  };
}
