/**
 * Storage that can be redirected is: a libSQL client opened on a `file:` URL (Mastra's LibSQLStore,
 * `file:./mastra.db` and the like) opens a database of the same name in the run's scratch folder
 * instead. Both module systems are covered: an ESM resolve hook wraps `@libsql/client`, and
 * `require()` of it gets the same wrapper.
 */
import { createRequire, register } from 'node:module';
import path from 'node:path';

const KEY = Symbol.for('mastra-tool-names.verify.libsql');
const SCHEME = 'mastra-tool-names-libsql:';

function isLibsql(specifier: string): boolean {
  return specifier === '@libsql/client' || specifier.startsWith('@libsql/client/');
}

// Runs on the loader thread, so it is plain source: it may not import this module.
const HOOKS = `
const SCHEME = ${JSON.stringify(SCHEME)};
const isLibsql = (s) => s === '@libsql/client' || s.startsWith('@libsql/client/');
export async function resolve(specifier, context, next) {
  if (!isLibsql(specifier) || (context.parentURL ?? '').startsWith(SCHEME)) return next(specifier, context);
  const real = await next(specifier, context);
  return { url: SCHEME + encodeURIComponent(real.url), format: 'module', shortCircuit: true };
}
export async function load(url, context, next) {
  if (!url.startsWith(SCHEME)) return next(url, context);
  const real = JSON.stringify(decodeURIComponent(url.slice(SCHEME.length)));
  const source = 'import * as real from ' + real + '; export * from ' + real + '; export default real.default;' +
    'export function createClient(config) { const redirect = globalThis[Symbol.for("mastra-tool-names.verify.libsql")];' +
    ' return real.createClient(redirect ? redirect(config) : config); }';
  return { format: 'module', source, shortCircuit: true };
}
`;

type Config = { url?: string } & Record<string, unknown>;

export function redirectStorage(scratch: string): void {
  (globalThis as Record<symbol, unknown>)[KEY] = (config: Config): Config => {
    if (!config || typeof config.url !== 'string' || !config.url.startsWith('file:')) return config;
    const name = path.basename(config.url.slice('file:'.length).split('?')[0]!) || 'mastra.db';
    return { ...config, url: `file:${path.join(scratch, name)}` };
  };
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);

  const Module = createRequire(import.meta.url)('node:module') as {
    _load: (request: string, ...rest: unknown[]) => unknown;
  };
  const load = Module._load;
  const wrapped = new WeakMap<object, object>();
  Module._load = function loadWithRedirect(this: unknown, request: string, ...rest: unknown[]) {
    const exports = load.call(this, request, ...rest) as { createClient?: (c: Config) => unknown };
    if (!isLibsql(request) || !exports || typeof exports.createClient !== 'function')
      return exports;
    let wrapper = wrapped.get(exports);
    if (!wrapper) {
      const redirect = (globalThis as Record<symbol, (c: Config) => Config>)[KEY]!;
      wrapper = { ...exports, createClient: (c: Config) => exports.createClient!(redirect(c)) };
      wrapped.set(exports, wrapper);
    }
    return wrapper;
  };
}
