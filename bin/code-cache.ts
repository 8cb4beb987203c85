/**
 * A V8 code cache for the large CommonJS files the CLI loads, for Node versions without
 * `module.enableCompileCache()` (Node 20). Compiling the TypeScript compiler that ts-morph bundles
 * (9 MB) and ts-morph itself is about a sixth of a `migrate` on a small app.
 *
 * The cache is made when the process exits, not right after compiling (as `v8-compile-cache`
 * does), so it also holds the functions V8 compiled lazily during the run: that is most of the
 * gain (about 120 ms a run against 30 ms). An entry is named by a hash of the file's bytes, so an
 * edited file never meets an old entry (V8's own check looks only at the source length); V8 still
 * rejects data from another V8 build, and a rejected entry is made again. Best effort: any error
 * reading or writing the cache means the file is compiled as usual. Only listed files are cached:
 * @ts-morph/common's bundle (`ts-morph-common.js`), for one, would cost 28 MB more memory a run
 * (its lib .d.ts texts are constants in the data) for 20 ms.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

/**
 * The large CommonJS files the CLI loads. A script compiled from V8's cached data cannot run
 * `import()` on Node 20 (the data loses the script's loader), so only files with no `import()` call
 * are listed: `test/code-cache.test.ts` parses each installed one to check.
 */
export const CACHED_FILES = [
  /[\\/]@ts-morph[\\/]common[\\/]dist[\\/]typescript\.js$/,
  /[\\/]ts-morph[\\/]dist[\\/]ts-morph\.js$/,
  /[\\/]@babel[\\/]parser[\\/]lib[\\/]index\.js$/,
];

interface CjsModule {
  exports: unknown;
  require(id: string): unknown;
  _compile: (this: CjsModule, content: string, filename: string) => unknown;
}

export interface CodeCacheStats {
  /** Files compiled from a cache entry. */
  used: string[];
  /** Files whose entry was missing or rejected (an entry is written for them at exit). */
  missed: string[];
}

/** The entry of one file: one slot per path, its bytes' hash and the V8 version in the name. */
function entryName(filename: string, content: string): { slot: string; name: string } {
  const slot = createHash('sha256').update(filename).digest('hex').slice(0, 16);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 32);
  return { slot, name: `${slot}-${hash}-${process.versions.v8}.bin` };
}

/** Node's own `require` for `module`, as `Module.prototype._compile` would pass it. */
function requireFor(module: CjsModule, filename: string): NodeJS.Require {
  const resolving = Module.createRequire(filename);
  return Object.assign((id: string) => module.require(id), {
    resolve: resolving.resolve,
    cache: resolving.cache,
    extensions: resolving.extensions,
    main: resolving.main,
  }) as NodeJS.Require;
}

/** Serves and fills the cache in `dir` for the CommonJS files that match `files`. */
export function enableCodeCache(dir: string, files: RegExp[] = CACHED_FILES): CodeCacheStats {
  const stats: CodeCacheStats = { used: [], missed: [] };
  const proto = (Module as unknown as { prototype: CjsModule }).prototype;
  const compile = proto._compile;
  const toWrite: Array<{ script: vm.Script; slot: string; name: string }> = [];

  proto._compile = function (this: CjsModule, content: string, filename: string) {
    if (!files.some((f) => f.test(filename))) return compile.call(this, content, filename);
    const { slot, name } = entryName(filename, content);
    let cachedData: Buffer | undefined;
    try {
      cachedData = readFileSync(path.join(dir, name));
    } catch {
      cachedData = undefined;
    }
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData && !script.cachedDataRejected) stats.used.push(filename);
    else {
      stats.missed.push(filename);
      toWrite.push({ script, slot, name });
    }
    const run = script.runInThisContext() as (...args: unknown[]) => unknown;
    return run.call(
      this.exports,
      this.exports,
      requireFor(this, filename),
      this,
      filename,
      path.dirname(filename),
    );
  };

  process.once('exit', () => {
    for (const { script, slot, name } of toWrite) {
      try {
        mkdirSync(dir, { recursive: true });
        // Written beside and renamed: a reader never sees half an entry.
        const temp = path.join(dir, `${name}.${process.pid}.tmp`);
        writeFileSync(temp, script.createCachedData());
        renameSync(temp, path.join(dir, name));
        // The file's older entries (an upgrade, another Node) and the temporary files of killed
        // runs are dropped: one entry per path.
        for (const old of readdirSync(dir))
          if (old.startsWith(`${slot}-`) && old !== name)
            rmSync(path.join(dir, old), { force: true });
      } catch {
        // A cache that cannot be written is a cache that is not used.
      }
    }
  });
  return stats;
}
