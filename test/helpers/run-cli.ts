/** Runs the CLI from source in a child process, as a user would run the built one. */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/mastra-tool-names.ts', import.meta.url));
/** The cache of dry runs, per test process: tests never write the user's cache folder. */
const CACHE = path.join(os.tmpdir(), `mtn-test-cache-${process.pid}`);
/** Compiled code of the CLI's dependencies (`bin/code-cache.ts`): one folder for all test processes. */
export const CODE_CACHE = path.join(os.tmpdir(), 'mtn-test-code-cache');

/** tsx by its URL, so the CLI also runs from folders outside this repository. */
const TSX = import.meta.resolve('tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `command args` in `cwd`, colours off, never through a shell; `stdin` is written and closed. */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  stdin = '',
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        NO_COLOR: '1',
        MASTRA_TOOL_NAMES_CACHE_DIR: CACHE,
        MASTRA_TOOL_NAMES_CODE_CACHE_DIR: CODE_CACHE,
        ...env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A child that exits before reading its stdin (EPIPE) is judged by its exit code and output.
    child.stdin.on('error', () => undefined);
    child.stdin.end(stdin);
  });
}

export function runCli(
  args: string[],
  stdin?: string,
  cwd?: string,
  env: Record<string, string> = {},
): Promise<CliResult> {
  return run(
    process.execPath,
    ['--import', TSX, BIN, ...args],
    cwd ?? process.cwd(),
    env,
    stdin ?? '',
  );
}
