/** Terminal helpers for the CLI layer: the only place that touches stdin, stdout and colours. */
import pc from 'picocolors';
import type { Style } from '../src/report/style.ts';

export const EXIT = { ok: 0, pending: 1, usage: 2, unprocessable: 3 } as const;

export function styleFor(stream: NodeJS.WriteStream): Style {
  const c = pc.createColors(Boolean(stream.isTTY) && !process.env.NO_COLOR);
  return { bad: c.red, warn: c.yellow, good: c.green, dim: c.dim };
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A usage error: reported on stderr with exit code 2. */
export class UsageError extends Error {}

/**
 * An error nobody expected (not a usage error, not a per-file problem): one line saying it is a
 * bug and how to report it; the stack trace only with --verbose.
 */
export async function reportInternalError(error: unknown, verbose: boolean): Promise<void> {
  const errno = error as NodeJS.ErrnoException;
  if (errno?.code && errno.syscall) {
    // The system refused something (writing --report FILE on a full disk, say): not a bug.
    process.stderr.write(`mastra-tool-names: ${errno.message.split('\n')[0]}\n`);
    return;
  }
  const { TOOL_VERSION } = await import('../src/report/build.ts');
  const what =
    error instanceof Error
      ? `${error.name}: ${error.message.split('\n')[0]}`
      : String(error).split('\n')[0];
  process.stderr.write(
    `mastra-tool-names: internal error (a bug in mastra-tool-names ${TOOL_VERSION}): ${what}. ` +
      `Please report it with the command you ran and this message${verbose ? ' and the stack trace below' : '; run it again with --verbose to add the stack trace'}.\n`,
  );
  if (verbose && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
}
