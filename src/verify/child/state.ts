/**
 * The child's shared state: the current phase, the call a provider request belongs to (through
 * AsyncLocalStorage, so concurrent work is attributed correctly), what was refused, and where in
 * the app's own code a refused action came from. Node built-ins only.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Blocked, Measurement, Phase, WireRequest } from '../model.ts';

export interface CallRecord {
  measurement: Measurement;
}

/** The generate()/stream() call whose provider request is being made, if any. */
export const currentCall = new AsyncLocalStorage<CallRecord>();

const OWN_DIR = path.dirname(fileURLToPath(import.meta.url));

let phase: Phase = 'import';
let appRoot = process.cwd();
const blocked = new Map<string, Blocked>();
const otherRequests: Array<{ url: string; phase: Phase }> = [];
let onBlocked: (item: Blocked) => void = () => {};

export function configureState(root: string, listener: (item: Blocked) => void): void {
  appRoot = root;
  onBlocked = listener;
}

export function setPhase(next: Phase): void {
  phase = next;
}

export function currentPhase(): Phase {
  return phase;
}

/** `file:line` of the first stack frame in the app's own code (not node_modules, not verify). */
export function appFrame(stack = new Error().stack ?? ''): string | undefined {
  for (const line of stack.split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?\/[^()]+?):(\d+):\d+\)?\s*$/.exec(line.trim());
    if (!m) continue;
    const file = m[1]!.startsWith('file:') ? fileURLToPath(m[1]!) : m[1]!;
    if (file.startsWith(OWN_DIR) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    if (!file.startsWith(appRoot + path.sep)) continue;
    return `${path.relative(appRoot, file).split(path.sep).join('/')}:${m[2]}`;
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
  const key = `${kind}\0${method ?? ''}\0${target}\0${phase}`;
  const known = blocked.get(key);
  if (known) known.count++;
  else {
    const item: Blocked = { kind, target, ...(method ? { method } : {}), phase, ...(at ? { at } : {}), count: 1 };
    blocked.set(key, item);
    onBlocked(item);
  }
  const what = kind === 'write' ? `writing ${target}` : kind === 'process' ? `starting ${target}` : `${method ? `${method} ` : ''}${target}`;
  return new OfflineError(`mastra-tool-names verify refused ${what}: verify runs offline and writes nothing in the repository`, kind === 'write' ? 'EROFS' : undefined);
}

/** A provider request: the first one of the current call is its measurement. */
export function recordProviderRequest(request: WireRequest): void {
  const call = currentCall.getStore();
  if (call) call.measurement.request ??= request;
  else otherRequests.push({ url: request.url, phase });
}

export function blockedSoFar(): Blocked[] {
  return [...blocked.values()];
}

export function otherProviderRequests(): Array<{ url: string; phase: Phase }> {
  return otherRequests;
}
