/**
 * What `jscodeshift -t <transform>` loads. jscodeshift `require()`s the transform and, with its
 * default `--babel`, compiles every file required after it with its own Babel setup, node_modules
 * included. Our code is ES modules (compiled in dist/, run by tsx in a clone), so the transform
 * returned here stays light: on first use it takes jscodeshift's Babel hook off and imports the real
 * transform natively (from a clone, .ts through tsx's loader). A failure to load is then reported as
 * an error for the file, which `--fail-on-error` turns into a non-zero exit; a transform that throws
 * while jscodeshift loads it kills the worker and jscodeshift exits 0.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { API, FileInfo, Options } from 'jscodeshift';
import type { RuleId } from '../../src/plan/model.ts';

type Run = (file: FileInfo, api: API, options: Options) => string | undefined;
type Module = { standaloneTransform(rule: RuleId): Run };

/** Every @babel/register loaded in this process (jscodeshift's, wherever it is installed). */
function releaseBabel(): void {
  const cache = createRequire(path.join(process.cwd(), 'noop.js')).cache;
  for (const [id, mod] of Object.entries(cache)) {
    if (!/[\\/]@babel[\\/]register[\\/]/.test(id)) continue;
    const revert = (mod?.exports as { revert?: () => void } | undefined)?.revert;
    if (typeof revert === 'function') revert();
  }
}

/** Under jscodeshift's Babel this file is CommonJS; under tsx or from dist it is an ES module. */
const commonJs = typeof require === 'function' && typeof __filename === 'string';

async function load(): Promise<Module> {
  releaseBabel();
  if (!commonJs) return await import('./standalone.ts');
  // Only a clone runs this file through Babel (the package's entries load dist/, which is ESM); a
  // clone has tsx installed. Its ESM entry: the CommonJS one of tsx 4.23 registers its loader from a
  // path that does not exist.
  const { tsImport } = (await import('tsx/esm/api')) as {
    tsImport: (specifier: string, parent: string) => Promise<unknown>;
  };
  return (await tsImport('./standalone.ts', pathToFileURL(__filename).href)) as Module;
}

export interface RuleTransform {
  (file: FileInfo, api: API, options: Options): Promise<string | undefined>;
}

export function lazyTransform(rule: RuleId): RuleTransform {
  let loaded: Promise<Run> | undefined;
  return async function transformer(file, api, options) {
    loaded ??= load().then((m) => m.standaloneTransform(rule));
    return (await loaded)(file, api, options);
  };
}
