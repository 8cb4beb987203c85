/**
 * The CLI's view of engine progress: one line on stderr, redrawn, only when stderr is a terminal
 * (CI logs and pipes stay clean); `--verbose` prints each phase's time once the run is over.
 */
import { createLogUpdate } from 'log-update';
import { PhaseClock, type PhaseTiming, type ProgressEvent } from '../src/progress.ts';

const UNIT: Record<ProgressEvent['phase'], string> = {
  discover: 'files found',
  cache: 'files hashed',
  prefilter: 'files read',
  scan: 'candidate files parsed',
  plan: 'edits planned',
  rewrite: 'files rewritten',
  format: 'files formatted',
  write: 'files written',
  renames: 'files searched for renamed names',
};

function line(e: ProgressEvent): string {
  const count = e.total === undefined ? `${e.done}` : `${e.done}/${e.total}`;
  return `${e.phase}: ${count} ${UNIT[e.phase]}${e.finished ? '' : '…'}`;
}

export interface CliProgress {
  clock: PhaseClock;
  /** Clears the progress line; prints timings when asked. */
  finish(timings?: PhaseTiming[]): void;
}

export function cliProgress(
  verbose: boolean,
  stream: NodeJS.WriteStream = process.stderr,
  env: NodeJS.ProcessEnv = process.env,
): CliProgress {
  const live = Boolean(stream.isTTY) && !env.CI;
  const draw = live ? createLogUpdate(stream) : undefined;
  const clock = new PhaseClock(draw ? (e) => draw(line(e)) : undefined);
  return {
    clock,
    finish(timings = clock.timings()) {
      draw?.clear();
      draw?.done();
      if (!verbose || timings.length === 0) return;
      const total = timings.reduce((sum, t) => sum + t.ms, 0);
      for (const t of timings)
        stream.write(
          `${t.phase.padEnd(10)} ${(t.ms / 1000).toFixed(2).padStart(7)} s  ${String(t.count).padStart(7)} ${UNIT[t.phase]}\n`,
        );
      stream.write(`${'total'.padEnd(10)} ${(total / 1000).toFixed(2).padStart(7)} s\n`);
    },
  };
}

/** Runs `work` with a progress line that is cleared however it ends. */
export async function withProgress<T>(
  verbose: boolean,
  work: (clock: PhaseClock) => Promise<T>,
): Promise<T> {
  const progress = cliProgress(verbose);
  let ok = false;
  try {
    const result = await work(progress.clock);
    ok = true;
    return result;
  } finally {
    progress.finish(ok ? undefined : []);
  }
}
