/**
 * Runs git for the scan, `migrate`'s safety check and `verify`. Its output is streamed, never held
 * in a fixed-size buffer: a work tree with tens of thousands of untracked files (a `node_modules`
 * that .gitignore forgot) lists megabytes, and Node's default `maxBuffer` (1 MiB) would fail there.
 */
import { spawn } from 'node:child_process';

// The caller's environment must not point git at another repository.
const GIT_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !/^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|COMMON_DIR|NAMESPACE)$/.test(k),
  ),
);

export interface GitResult {
  /** The exit code; -1 when git could not be started or was killed. */
  code: number;
  /** The whole output, unless `onRecord` took it. */
  stdout: string;
  stderr: string;
  /** Why git could not be started (`spawn git ENOENT`), when it could not. */
  startError?: string;
}

export interface GitOptions {
  /**
   * Receives each NUL-terminated record of the output as it arrives (for `-z` output), instead of
   * collecting it: memory stays flat however long the listing is.
   */
  onRecord?: (record: string) => void;
  /** Variables added to git's environment (never the repository-selecting ones above). */
  env?: Record<string, string>;
}

/** `git -C cwd -c core.quotePath=off ...args`; never rejects. */
export function git(cwd: string, args: string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = spawn('git', ['-C', cwd, '-c', 'core.quotePath=off', ...args], {
      env: options.env ? { ...GIT_ENV, ...options.env } : GIT_ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let pending: Buffer = Buffer.alloc(0);
    let startError: string | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      if (!options.onRecord) return void out.push(chunk);
      // Records end in NUL; a multi-byte character may straddle two chunks, so split bytes first.
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      let start = 0;
      for (let i = pending.indexOf(0); i !== -1; i = pending.indexOf(0, start)) {
        options.onRecord(pending.toString('utf8', start, i));
        start = i + 1;
      }
      pending = pending.subarray(start);
    });
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => {
      startError = error.message;
    });
    child.on('close', (code) => {
      if (options.onRecord && pending.length) options.onRecord(pending.toString('utf8'));
      resolve({
        code: typeof code === 'number' ? code : -1,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        ...(startError !== undefined ? { startError } : {}),
      });
    });
  });
}

/** The first line git printed on stderr (or why it could not start), for a one-line message. */
export function gitFailure(result: GitResult): string {
  if (result.startError !== undefined) return `git could not be started (${result.startError})`;
  const line = result.stderr
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return line ?? `git exited with code ${result.code}`;
}
