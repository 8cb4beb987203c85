/**
 * SIGINT/SIGTERM during the write phase: the engine finishes the file it is renaming into place,
 * writes no other, and reports which files were written and which were not. Armed only while the
 * engine writes: before that nothing has been written, and Node's default (exit at once) is right.
 */
import { constants } from 'node:os';
import type { Interruption } from '../src/migrate/migrate.ts';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export function interruptOnSignals(): Interruption {
  const controller = new AbortController();
  const handlers = SIGNALS.map((s) => [s, () => controller.abort(s)] as const);
  for (const [s, stop] of handlers) process.on(s, stop);
  return {
    signal: controller.signal,
    disarm: () => {
      for (const [s, stop] of handlers) process.off(s, stop);
    },
  };
}

/** The shell convention: 128 + the signal's number (130 for SIGINT, 143 for SIGTERM). */
export function signalExitCode(signal: string): number {
  return 128 + (constants.signals[signal as NodeJS.Signals] ?? constants.signals.SIGINT);
}
