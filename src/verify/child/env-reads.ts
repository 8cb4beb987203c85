/**
 * Watches which environment variables the app reads that are not set, so a failed import that
 * names one of them can say "missing environment variable X".
 */
import { unsetEnv } from './state.ts';

const NAME = /^[A-Z][A-Z0-9_]*$/;

export function watchEnvReads(): void {
  const env = process.env;
  process.env = new Proxy(env, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (value === undefined && typeof key === 'string' && NAME.test(key)) unsetEnv.add(key);
      return value;
    },
    // process.env accepts plain assignments only, not the partial descriptor a default set passes.
    set(target, key, value) {
      return Reflect.set(target, key, value);
    },
  });
}

/** Variables read so far that were not set. */
export function unsetReads(): ReadonlySet<string> {
  return unsetEnv;
}
