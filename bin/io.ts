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
