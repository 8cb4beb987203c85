// Preloaded with --import: records every module the process loads in the file named by
// MTN_MODULE_LOG, so a test can tell which packages a command loaded. ES modules are seen as they
// resolve (a loader hook); CommonJS modules (ts-morph and jscodeshift are loaded with require) are
// read from the require cache when the process exits.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const log = process.env.MTN_MODULE_LOG;
const require = createRequire(import.meta.url);

register(
  'data:text/javascript,' +
    encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.MTN_MODULE_LOG) appendFileSync(process.env.MTN_MODULE_LOG, result.url + '\\n');
  return result;
}`),
);

process.on('exit', () => {
  if (log)
    appendFileSync(
      log,
      Object.keys(require.cache)
        .map((f) => `${pathToFileURL(f).href}\n`)
        .join(''),
    );
});
