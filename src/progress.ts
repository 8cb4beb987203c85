/**
 * Phase progress for long runs: the engine reports what it is doing and how far it is; the CLI
 * decides whether to show it (a TTY) and whether to print timings (`--verbose`). Never prints.
 */
import { performance } from 'node:perf_hooks';

export const PHASES = [
  'discover',
  'cache',
  'prefilter',
  'scan',
  'plan',
  'rewrite',
  'format',
  'write',
  'renames',
] as const;
export type Phase = (typeof PHASES)[number];

export interface ProgressEvent {
  phase: Phase;
  /** Items done so far in this phase (files, agents). */
  done: number;
  /** Items in this phase, when known. */
  total?: number;
  /** True once, when the phase ends. */
  finished?: boolean;
}

export type ProgressListener = (event: ProgressEvent) => void;

export interface PhaseTiming {
  phase: Phase;
  ms: number;
  /** Items the phase went through. */
  count: number;
}

/** Times each phase and forwards progress, at most every `intervalMs` within a phase. */
export class PhaseClock {
  readonly #listener: ProgressListener | undefined;
  readonly #intervalMs: number;
  readonly #timings: PhaseTiming[] = [];
  #current:
    { phase: Phase; started: number; done: number; total?: number; lastEmit: number } | undefined;

  constructor(listener?: ProgressListener, intervalMs = 100) {
    this.#listener = listener;
    this.#intervalMs = intervalMs;
  }

  start(phase: Phase, total?: number): void {
    this.end();
    const now = performance.now();
    this.#current = {
      phase,
      started: now,
      done: 0,
      ...(total === undefined ? {} : { total }),
      lastEmit: now,
    };
    this.#listener?.({ phase, done: 0, ...(total === undefined ? {} : { total }) });
  }

  tick(count = 1): void {
    const c = this.#current;
    if (!c) return;
    c.done += count;
    const now = performance.now();
    if (this.#listener && now - c.lastEmit >= this.#intervalMs) {
      c.lastEmit = now;
      this.#listener({
        phase: c.phase,
        done: c.done,
        ...(c.total === undefined ? {} : { total: c.total }),
      });
    }
  }

  /** Ends the running phase; `count` overrides the ticked count (for phases that do not tick). */
  end(count?: number): void {
    const c = this.#current;
    if (!c) return;
    this.#current = undefined;
    const done = count ?? c.done;
    this.#timings.push({ phase: c.phase, ms: performance.now() - c.started, count: done });
    this.#listener?.({
      phase: c.phase,
      done,
      ...(c.total === undefined ? {} : { total: c.total }),
      finished: true,
    });
  }

  timings(): PhaseTiming[] {
    return [...this.#timings];
  }
}
