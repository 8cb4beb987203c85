/**
 * Measures generate()/stream() calls of the app's own Agent class: its prototype methods are
 * wrapped so that every call, ours or a scenario's, runs in its own CallRecord, which the network
 * layer fills with the call's first provider request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import type { CallError, CallOptionsSeen, MeasuredCall, SourceLine } from '../model.ts';
import { currentCall, frameOf, isForeignFrame, type CallRecord } from './state.ts';
import { asText } from './text.ts';

const METHODS = [
  'generate',
  'stream',
  'generateLegacy',
  'streamLegacy',
  'generateVNext',
  'streamVNext',
] as const;
const WRAPPED = Symbol.for('mastra-tool-names.verify.wrapped');

/** The app's Mastra classes are not typed here. */
export type AnyAgent = { id?: unknown; name?: unknown; [method: string]: unknown };
type AnyMethod = ((this: AnyAgent, ...args: unknown[]) => unknown) & { [WRAPPED]?: true };

/** Set by the driver around its own calls; scenario calls run without it. */
const driverCall = new AsyncLocalStorage<{ key: string }>();

export function firstLine(text: string): string {
  const line = text.split('\n').find((l) => /[A-Za-z]/.test(l)) ?? text;
  const trimmed = line.trim();
  return trimmed.length > 300 ? `${trimmed.slice(0, 297)}...` : trimmed;
}

export function callError(e: unknown): CallError {
  const error = e as {
    id?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: { code?: unknown; id?: unknown; details?: { toolName?: unknown } };
  };
  const code = error?.cause?.code ?? error?.cause?.id;
  const toolName = error?.cause?.details?.toolName;
  return {
    id: asText(error?.id ?? error?.name ?? 'Error'),
    ...(code !== undefined ? { causeCode: asText(code) } : {}),
    ...(toolName !== undefined ? { causeToolName: asText(toolName) } : {}),
    message: firstLine(asText(error?.message ?? e)),
  };
}

function keysOf(value: unknown): string[] {
  return value && typeof value === 'object' ? Object.keys(value) : [];
}

/** The options that decide the tool list, as plain data. */
function optionsSeen(options: unknown): CallOptionsSeen {
  if (!options || typeof options !== 'object') return {};
  const o = options as Record<string, unknown>;
  const seen: CallOptionsSeen = {};
  if (o.toolsets && typeof o.toolsets === 'object') {
    seen.toolsets = Object.entries(o.toolsets as Record<string, unknown>).map(([name, set]) => ({
      name,
      keys: keysOf(set),
    }));
  }
  if (o.clientTools && typeof o.clientTools === 'object') seen.clientTools = keysOf(o.clientTools);
  if (o.toolChoice !== undefined) {
    try {
      seen.toolChoice = JSON.parse(JSON.stringify(o.toolChoice)) as unknown;
    } catch {
      seen.toolChoice = asText(o.toolChoice);
    }
  }
  if (Array.isArray(o.activeTools)) seen.activeTools = o.activeTools.map(String);
  return seen;
}

/** The scenario line that made a call: the first frame outside verify and node_modules. */
function callerLine(root: string): SourceLine | undefined {
  for (const line of (new Error().stack ?? '').split('\n').slice(1)) {
    const frame = frameOf(line);
    if (!frame || isForeignFrame(frame.file)) continue;
    return {
      file: path.relative(root, frame.file).split(path.sep).join('/'),
      line: frame.line,
      column: frame.column,
    };
  }
  return undefined;
}

export class CallRecorder {
  readonly calls: MeasuredCall[] = [];
  private readonly keys = new Map<object, string>();

  constructor(private readonly root: string) {}

  /** Registers the instance's agents by key and wraps their class's call methods once. */
  watch(agents: Record<string, AnyAgent>): void {
    for (const [key, agent] of Object.entries(agents)) {
      this.keys.set(agent, key);
      for (const method of METHODS) this.wrap(agent, method);
    }
  }

  private wrap(agent: AnyAgent, method: string): void {
    let owner: Record<string, unknown> | null = agent;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, method))
      owner = Object.getPrototypeOf(owner) as Record<string, unknown> | null;
    const original = owner?.[method] as AnyMethod | undefined;
    if (!owner || typeof original !== 'function' || original[WRAPPED]) return;
    const { calls, keys, root } = this;
    const wrapped: AnyMethod = function (this: AnyAgent, ...args: unknown[]) {
      // A call made inside a measured call (generate() running stream()) is part of it.
      if (currentCall.getStore()) return original.apply(this, args);
      const tag = driverCall.getStore();
      const key = keys.get(this);
      const record: CallRecord = {
        measurement: {},
        ...(key !== undefined ? { agentKey: key } : {}),
      };
      const location = tag ? undefined : callerLine(root);
      calls.push({
        source: tag ? 'agent' : 'scenario',
        ...(key !== undefined ? { agentKey: key } : {}),
        ...(typeof this.id === 'string' ? { agentId: this.id } : {}),
        ...(typeof this.name === 'string' ? { agentName: this.name } : {}),
        method,
        ...(location ? { location } : {}),
        options: optionsSeen(args[1]),
        measurement: record.measurement,
      });
      const failed = (e: unknown) => {
        record.measurement.error ??= callError(e);
        throw e;
      };
      try {
        const result = currentCall.run(record, () => original.apply(this, args));
        return result && typeof (result as Promise<unknown>).then === 'function'
          ? (result as Promise<unknown>).then((v) => v, failed)
          : result;
      } catch (e) {
        return failed(e);
      }
    };
    wrapped[WRAPPED] = true;
    owner[method] = wrapped;
  }

  /** One generate() of an agent of the instance, as the driver's own measurement. */
  async measure(
    key: string,
    agent: AnyAgent,
    prompt: string,
    options?: Record<string, unknown>,
  ): Promise<MeasuredCall> {
    const before = this.calls.length;
    try {
      await driverCall.run({ key }, () =>
        options
          ? (agent.generate as (p: string, o: unknown) => Promise<unknown>).call(
              agent,
              prompt,
              options,
            )
          : (agent.generate as (p: string) => Promise<unknown>).call(agent, prompt),
      );
    } catch {
      // Recorded by the wrapper.
    }
    const call = this.calls.slice(before).find((c) => c.source === 'agent');
    if (call) return call;
    return {
      source: 'agent',
      agentKey: key,
      method: 'generate',
      options: {},
      measurement: { error: { id: 'NOT_CALLED', message: 'the agent has no generate() method' } },
    };
  }
}
