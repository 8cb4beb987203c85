/**
 * Files and folders a run looks at beyond the repository's file list (a prompt file read from
 * code, a `skills/` folder probed, a tsconfig it extends, a file the typed project loads). The cache
 * records them during a cold run and checks them again before it serves the result: an answer that
 * rests on a file the key does not cover must not outlive a change to that file. Outside a recording
 * run, noting costs one lookup.
 */
import path from 'node:path';
import { fingerprint } from './fingerprint.ts';

/** Paths noted so far with what they held when first noted; `known` are covered by the key already. */
interface Recording {
  known: ReadonlySet<string>;
  seen: Map<string, string>;
}

/**
 * The recordings going on. Not an AsyncLocalStorage: on Node 20 one slows every promise of the run
 * (prettier's most of all). Two runs at once in one process each note the other's reads too, which
 * only adds files to check before serving: never an answer served that rests on an unnoted file.
 */
const active = new Set<Recording>();

/**
 * Notes that the running scan read (or probed) `file`. Its fingerprint is taken now, as close to
 * the read as can be, so a change while the run goes on is not taken for what the answer rests on.
 */
export function noteRead(file: string): void {
  if (active.size === 0) return;
  const abs = path.resolve(file);
  let print: string | undefined;
  for (const store of active)
    if (!store.known.has(abs) && !store.seen.has(abs))
      store.seen.set(abs, (print ??= fingerprint(abs)));
}

/** Whether a recording run is going on (to skip collecting what would not be noted). */
export function isRecording(): boolean {
  return active.size > 0;
}

export function noteReads(files: Iterable<string>): void {
  if (active.size > 0) for (const f of files) noteRead(f);
}

/** Runs `run`, collecting every path noted until it settles, outside `known`. */
export async function recordingReads<T>(
  known: ReadonlySet<string>,
  run: () => Promise<T>,
): Promise<{ value: T; reads: Map<string, string> }> {
  const store: Recording = { known, seen: new Map() };
  active.add(store);
  try {
    return { value: await run(), reads: store.seen };
  } finally {
    active.delete(store);
  }
}
