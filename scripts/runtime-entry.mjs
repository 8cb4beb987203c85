/**
 * Runs after tsc (`npm run build`): the CommonJS build of `mastra-tool-names/runtime`, for apps
 * that require() it. tsc has already written the ESM build (dist/src/runtime/index.js, which
 * imports ../names/wire-name.js) and its types; esbuild bundles the same source into one .cjs file,
 * and the types are copied to .d.cts, so TypeScript reads them as CommonJS types for require().
 * src/runtime/index.ts stays one file importing only wire-name.ts, which exposes no types, so the
 * copied declarations need no other file.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = `${root}dist/src/runtime/`;
const types = readFileSync(`${dir}index.d.ts`, 'utf8');
if (/\bfrom\s+['"]|\bimport\s*\(/.test(types))
  throw new Error(`${dir}index.d.ts imports another file; its .d.cts copy could not follow it`);

await build({
  entryPoints: [`${root}src/runtime/index.ts`],
  outfile: `${dir}index.cjs`,
  bundle: true,
  format: 'cjs',
  // Any JavaScript runtime (Node, Bun, Deno, workers): the helper uses no Node built-in.
  platform: 'neutral',
  target: 'es2022',
  logLevel: 'warning',
});
copyFileSync(`${dir}index.d.ts`, `${dir}index.d.cts`);
