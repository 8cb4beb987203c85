// Preloaded with --import: appends the URL of every module the process resolves to the file named by
// MTN_MODULE_LOG, so a test can tell which packages a command loaded.
import { register } from 'node:module';

register('data:text/javascript,' + encodeURIComponent(`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.MTN_MODULE_LOG) appendFileSync(process.env.MTN_MODULE_LOG, result.url + '\\n');
  return result;
}`));
