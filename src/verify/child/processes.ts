/**
 * No other program runs while the app is verified (an MCP server started with `npx` would reach
 * the network from a process we do not guard). The one exception is the TypeScript loader's own
 * esbuild binary, which the parent names by path. Worker threads run the guards too (they inherit
 * the `--import` flags), except those built from source text, which skip preloads: refused.
 * With `--allow-mcp`, an MCP client's stdio transport may start the server the app configures: the
 * start is listed, the tools it lists are noted, and it is stopped when the child finishes.
 */
import childProcess from 'node:child_process';
import workerThreads from 'node:worker_threads';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { fromMcpClient, mcpState, recordMcpStart, refuse } from './state.ts';

const FUNCTIONS = [
  'spawn',
  'spawnSync',
  'execFile',
  'execFileSync',
  'fork',
  'exec',
  'execSync',
] as const;
/** These take a shell command line, which is never allowed. */
const SHELL = new Set(['exec', 'execSync']);

function allowed(command: unknown, options: unknown, prefixes: readonly string[]): boolean {
  if (typeof command !== 'string' || !path.isAbsolute(command)) return false;
  if (options && typeof options === 'object' && (options as { shell?: unknown }).shell)
    return false;
  let real: string;
  try {
    real = realpathSync(command);
  } catch {
    return false;
  }
  return prefixes.some((p) => real.startsWith(p));
}

/** Tool names in the server's `tools/list` replies (newline-delimited JSON-RPC on its stdout). */
function noteListedTools(child: ChildProcess, tools: string[]): void {
  let buffer = '';
  child.stdout?.on('data', (chunk: Buffer | string) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      let message: { result?: { tools?: Array<{ name?: unknown }> } };
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        continue;
      }
      for (const tool of message?.result?.tools ?? [])
        if (typeof tool?.name === 'string' && !tools.includes(tool.name)) tools.push(tool.name);
    }
  });
}

/** An MCP client's stdio transport starting its server (`spawn`, no shell): allowed with --allow-mcp. */
function mcpSpawn(name: string, command: unknown, options: unknown): boolean {
  return (
    mcpState.allowed &&
    name === 'spawn' &&
    typeof command === 'string' &&
    !(options && typeof options === 'object' && (options as { shell?: unknown }).shell) &&
    fromMcpClient()
  );
}

export function guardProcesses(allowedPrefixes: readonly string[]): void {
  const target = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of FUNCTIONS) {
    const original = target[name]!;
    target[name] = function guardedProcess(this: unknown, command: unknown, ...rest: unknown[]) {
      const options = rest.find((a) => a && typeof a === 'object' && !Array.isArray(a));
      if (!SHELL.has(name) && allowed(command, options, allowedPrefixes))
        return original.call(this, command, ...rest);
      if (mcpSpawn(name, command, options)) {
        const args = Array.isArray(rest[0]) ? (rest[0] as unknown[]).map(String) : [];
        const start = recordMcpStart({ transport: 'stdio', command: String(command), args });
        const child = original.call(this, command, ...rest) as ChildProcess;
        start.tools ??= [];
        noteListedTools(child, start.tools);
        mcpState.stop.push(() => child.kill());
        return child;
      }
      const args = Array.isArray(rest[0]) ? (rest[0] as unknown[]).map(String) : [];
      throw refuse('process', [String(command), ...args].join(' ').slice(0, 200));
    };
  }
}

export function guardWorkers(): void {
  const { Worker } = workerThreads;
  class GuardedWorker extends Worker {
    constructor(filename: string | URL, options?: workerThreads.WorkerOptions) {
      if (options?.eval)
        throw refuse(
          'process',
          'a worker thread from source text (new Worker(code, { eval: true }))',
        );
      super(filename, options);
    }
  }
  (workerThreads as { Worker: typeof Worker }).Worker = GuardedWorker;
}
