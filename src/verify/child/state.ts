/**
 * The child's shared state: the current phase, the call a provider request belongs to (through
 * AsyncLocalStorage, so concurrent work is attributed correctly), what was refused, and where in
 * the app's own code a refused action came from. Node built-ins only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Blocked, McpStart, Measurement, Phase, WireRequest } from '../model.ts';

export interface CallRecord {
  measurement: Measurement;
  /** The agent's key on the instance, when known. */
  agentKey?: string;
}

interface Shared {
  currentCall: AsyncLocalStorage<CallRecord>;
  phase: Phase;
  appRoot: string;
  blocked: Map<string, Blocked>;
  otherRequests: Array<{ url: string; phase: Phase }>;
  onBlocked: (item: Blocked) => void;
  unsetEnv: Set<string>;
  /** Folders of verify's own child code, whose stack frames are never the app's. */
  ownDirs: string[];
  /** `--allow-mcp`: MCP servers the app's own MCP client starts or connects to (local only). */
  mcp: {
    allowed: boolean;
    starts: McpStart[];
    onStart: (start: McpStart) => void;
    /** Ports of local MCP URLs the client was let through to: their sockets may connect. */
    localPorts: Set<number>;
    /** Started servers, stopped when the child finishes. */
    stop: Array<() => void>;
  };
}

// The preload is bundled on its own and the driver is loaded by tsx: two copies of this module in
// one thread. Their state lives on globalThis so both see the same.
const KEY = Symbol.for('mastra-tool-names.verify.state');
const shared: Shared = ((globalThis as Record<symbol, Shared>)[KEY] ??= {
  currentCall: new AsyncLocalStorage<CallRecord>(),
  phase: 'import',
  appRoot: process.cwd(),
  blocked: new Map(),
  otherRequests: [],
  onBlocked: () => {},
  unsetEnv: new Set(),
  ownDirs: [],
  mcp: { allowed: false, starts: [], onStart: () => {}, localPorts: new Set(), stop: [] },
});

/** The generate()/stream() call whose provider request is being made, if any. */
export const currentCall = shared.currentCall;

/** Environment variables the app read that were not set. */
export const unsetEnv = shared.unsetEnv;

export function configureState(
  root: string,
  childDir: string,
  listener: (item: Blocked) => void,
): void {
  shared.appRoot = root;
  shared.onBlocked = listener;
  // This copy's folder (the bundled preload), the driver's, and the driver's sources, which stack
  // traces show when dist/ carries source maps.
  const source = childDir.replace(
    `${path.sep}dist${path.sep}src${path.sep}`,
    `${path.sep}src${path.sep}`,
  );
  shared.ownDirs = [
    ...new Set([path.dirname(fileURLToPath(import.meta.url)), childDir, source]),
  ].map((d) => d + path.sep);
}

/** A stack frame's file and position, when the line is one. */
export function frameOf(line: string): { file: string; line: number; column: number } | undefined {
  const m = /\(?((?:file:\/\/)?\/[^()]+?):(\d+):(\d+)\)?\s*$/.exec(line.trim());
  if (!m) return undefined;
  return {
    file: m[1]!.startsWith('file:') ? fileURLToPath(m[1]!) : m[1]!,
    line: Number(m[2]),
    column: Number(m[3]),
  };
}

/** Whether the code that called the current function is the app's own (not a package, not verify). */
export function calledFromApp(stack = new Error().stack ?? ''): boolean {
  for (const line of stack.split('\n').slice(1)) {
    const frame = frameOf(line);
    if (!frame || shared.ownDirs.some((d) => frame.file.startsWith(d))) continue;
    return !frame.file.includes(`${path.sep}node_modules${path.sep}`);
  }
  return false;
}

/** Frames of verify itself and of installed packages are never the app's own code. */
export function isForeignFrame(file: string): boolean {
  return (
    shared.ownDirs.some((d) => file.startsWith(d)) ||
    file.includes(`${path.sep}node_modules${path.sep}`)
  );
}

/** `--allow-mcp` on, and where a start is reported (the main thread's IPC; nowhere in a worker). */
export function configureMcp(allowed: boolean, onStart: (start: McpStart) => void): void {
  shared.mcp.allowed = allowed;
  shared.mcp.onStart = onStart;
}

export const mcpState = shared.mcp;

/**
 * Whether the current call comes from an MCP client's transport (`@mastra/mcp`, or the MCP SDK it
 * uses): the only code `--allow-mcp` lets start a server or reach a local URL.
 */
export function fromMcpClient(): boolean {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return /[\\/]node_modules[\\/](@mastra[\\/]mcp|@modelcontextprotocol[\\/][^\\/]+)[\\/]/.test(
    stack,
  );
}

/** Records an MCP server start (or a first request to a local MCP URL); returns its record. */
export function recordMcpStart(
  start: Omit<McpStart, 'phase' | 'count' | 'agent' | 'at'>,
): McpStart {
  const key = JSON.stringify([start.transport, start.command, start.args, start.url]);
  const known = shared.mcp.starts.find(
    (s) => JSON.stringify([s.transport, s.command, s.args, s.url]) === key,
  );
  if (known) {
    known.count++;
    return known;
  }
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const at = appFrame();
  Error.stackTraceLimit = limit;
  const agent = currentCall.getStore()?.agentKey;
  const item: McpStart = {
    ...start,
    phase: shared.phase,
    ...(agent !== undefined ? { agent } : {}),
    ...(at ? { at } : {}),
    count: 1,
  };
  shared.mcp.starts.push(item);
  shared.mcp.onStart(item);
  return item;
}

export function setPhase(next: Phase): void {
  shared.phase = next;
}

export function currentPhase(): Phase {
  return shared.phase;
}

/** `file:line` of the first stack frame in the app's own code (not node_modules, not verify). */
export function appFrame(stack = new Error().stack ?? ''): string | undefined {
  for (const line of stack.split('\n').slice(1)) {
    const frame = frameOf(line);
    if (!frame || isForeignFrame(frame.file) || !frame.file.startsWith(shared.appRoot + path.sep))
      continue;
    return `${path.relative(shared.appRoot, frame.file).split(path.sep).join('/')}:${frame.line}`;
  }
  return undefined;
}

export class OfflineError extends Error {
  constructor(
    message: string,
    /** `EROFS` for writes, so file code handles it like a read-only disk. */
    readonly code = 'MTN_VERIFY_OFFLINE',
  ) {
    super(message);
  }
}

/** Records a refused action and returns the error to fail it with. */
export function refuse(kind: Blocked['kind'], target: string, method?: string): OfflineError {
  const at = appFrame();
  // A start or request by an MCP client: the report can say what --allow-mcp would allow.
  const mcp = (kind === 'process' || kind === 'http') && fromMcpClient();
  const phase = shared.phase;
  const key = `${kind}\0${method ?? ''}\0${target}\0${phase}`;
  const known = shared.blocked.get(key);
  if (known) known.count++;
  else {
    const item: Blocked = {
      kind,
      target,
      ...(method ? { method } : {}),
      phase,
      ...(at ? { at } : {}),
      ...(mcp ? { mcp: true } : {}),
      count: 1,
    };
    shared.blocked.set(key, item);
    shared.onBlocked(item);
  }
  const what =
    kind === 'write'
      ? `writing ${target}`
      : kind === 'process'
        ? `starting ${target}`
        : `${method ? `${method} ` : ''}${target}`;
  return new OfflineError(
    `mastra-tool-names verify refused ${what}: verify runs offline and writes nothing in the repository`,
    kind === 'write' ? 'EROFS' : undefined,
  );
}

/** A provider request: the first one of the current call is its measurement. */
export function recordProviderRequest(request: WireRequest): void {
  const call = currentCall.getStore();
  if (call) {
    call.measurement.request ??= request;
    call.measurement.requests = (call.measurement.requests ?? 0) + 1;
  } else shared.otherRequests.push({ url: request.url, phase: shared.phase });
}

export function blockedSoFar(): Blocked[] {
  return [...shared.blocked.values()];
}

export function otherProviderRequests(): Array<{ url: string; phase: Phase }> {
  return shared.otherRequests;
}
