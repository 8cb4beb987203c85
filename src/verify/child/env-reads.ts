/**
 * Watches which environment variables the app reads that are not set, and from which of its own
 * lines, so a failed import can name the variable it was missing.
 */
import { appFrame } from './state.ts';

const NAME = /^[A-Z][A-Z0-9_]*$/;
const unset = new Map<string, string | undefined>();

export function watchEnvReads(): void {
  const env = process.env;
  process.env = new Proxy(env, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (value === undefined && typeof key === 'string' && NAME.test(key) && !unset.has(key)) unset.set(key, appFrame());
      return value;
    },
    // process.env accepts plain assignments only, not the partial descriptor a default set passes.
    set(target, key, value) {
      return Reflect.set(target, key, value);
    },
  });
}

/** Unset variables read so far, with the app's line that read each (when the app did). */
export function unsetReads(): ReadonlyMap<string, string | undefined> {
  return unset;
}
