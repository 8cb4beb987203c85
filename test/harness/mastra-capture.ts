/**
 * Runs one real `agent.generate()` per case against the fake provider and returns what went on the
 * wire (tool names in order, tool_choice) or the error Mastra rejected with. Reused by every
 * differential test: keys in, wire out.
 */
import type { Toolset } from '../../src/names/normalise.ts';
import { asText } from '../../src/verify/child/text.ts';
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

/**
 * The members of each installed line that the harness uses. The lines' own types differ from one
 * another, so the harness names only what it calls.
 */
type Config = Record<string, unknown>;
interface AgentLike {
  generate: (prompt: string, options?: Config) => Promise<unknown>;
  /** From 0.16.3 on. */
  network?: (prompt: string) => Promise<AsyncIterable<unknown>>;
  __setLogger?: (logger: unknown) => void;
  __setMemory: (memory: unknown) => void;
}
interface WorkflowBuilder {
  then: (step: unknown) => WorkflowBuilder;
  commit: () => unknown;
}
export interface LoadedLine {
  Agent: new (config: Config) => AgentLike;
  createTool: (config: Config) => unknown;
  createWorkflow: (config: Config) => WorkflowBuilder;
  createStep: (config: Config) => unknown;
  noopLogger: unknown;
  webSearchTool: unknown;
  z: { object: (shape: Config) => unknown; string: () => unknown };
  /** The model config for a case: what the line's generate() accepts, pointed at `url`. */
  model: (url: string) => unknown;
  /**
   * The model network() accepts, pointed at `url`: its routing agent streams through the AI SDK v5
   * path, which takes no AI SDK v1 model (0.16), so those lines get a LanguageModelV2 one.
   */
  networkModel: (url: string) => unknown;
}

/** A workflow of one step that passes its input through (`wf-KEY`), built on a line. */
export function oneStepWorkflow(m: LoadedLine, key: string): unknown {
  const inputSchema = m.z.object({ q: m.z.string() });
  const step = m.createStep({
    id: 'only',
    inputSchema,
    outputSchema: inputSchema,
    execute: ({ inputData }: { inputData: unknown }) => Promise.resolve(inputData),
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
}

const loaded = new Map<string, Promise<LoadedLine>>();

export function loadLine(line: MastraLine): Promise<LoadedLine> {
  let promise = loaded.get(line.pkg);
  if (!promise) {
    promise = (async () => {
      const [agent, tools, workflows, logger, zod, openai, openaiV2] = await Promise.all([
        import(`${line.pkg}/agent`) as Promise<Pick<LoadedLine, 'Agent'>>,
        import(`${line.pkg}/tools`) as Promise<Pick<LoadedLine, 'createTool' | 'webSearchTool'>>,
        import(`${line.pkg}/workflows`) as Promise<
          Pick<LoadedLine, 'createWorkflow' | 'createStep'>
        >,
        import(`${line.pkg}/logger`) as Promise<Pick<LoadedLine, 'noopLogger'>>,
        import('zod') as Promise<Pick<LoadedLine, 'z'>>,
        // Lines before 0.13 take an AI SDK v1 model object rather than a model router config.
        line.model === 'ai-sdk-v1' ? import('ai-sdk-openai-1') : undefined,
        line.model === 'ai-sdk-v1' ? import('ai-sdk-openai-2') : undefined,
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
        networkModel: openaiV2
          ? (url: string) =>
              openaiV2.createOpenAI({ baseURL: url, apiKey: 'sk-fake' }).chat('gpt-4o-mini')
          : model,
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
      execute: () => Promise.resolve({ ok: true }),
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
  const workflow = (key: string) => oneStepWorkflow(m, key);

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
  } catch (caught) {
    const e = caught as
      | {
          id?: unknown;
          name?: unknown;
          message?: unknown;
          cause?: { code?: unknown; id?: unknown; details?: { toolName?: unknown } };
        }
      | undefined;
    error = { id: asText(e?.id ?? e?.name ?? 'unknown'), message: asText(e?.message ?? e) };
    const code = e?.cause?.code ?? e?.cause?.id;
    if (code) error.causeCode = asText(code);
    if (e?.cause?.details?.toolName !== undefined)
      error.causeToolName = asText(e.cause.details.toolName);
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
