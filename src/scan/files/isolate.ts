/**
 * Per-file isolation: an exception raised while one file is parsed or analysed (a stack overflow on
 * deeply nested code included) is tied to that file, which becomes unprocessable with a one-line
 * reason, and the run goes on without it.
 */
import type { Node } from 'ts-morph';

export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** One line for a per-file failure: what went wrong, never a stack. */
export function failureReason(error: unknown, doing: string): string {
  if (isStackOverflow(error))
    return `nested too deeply to ${doing} (stack overflow); left unchanged`;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `could not ${doing}: ${message.split('\n')[0]} (a bug in mastra-tool-names: please report it)`;
}

/** An exception tied to one file (absolute path). */
export class FileFailure extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly error: unknown,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'FileFailure';
  }
}

/** Runs `work` for one file (a path or a node in it); anything it throws becomes that file's FileFailure. */
export function inFile<T>(where: string | Node, work: () => T, doing = 'analyse'): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof FileFailure) throw error;
    throw new FileFailure(
      typeof where === 'string' ? where : where.getSourceFile().getFilePath(),
      failureReason(error, doing),
      error,
    );
  }
}
