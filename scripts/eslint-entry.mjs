/**
 * Runs after tsc (`npm run build`): the CommonJS build of `mastra-tool-names/eslint`, for ESLint
 * configs that require() plugins. tsc has already written the ESM build (dist/src/eslint/) and its
 * types. The plugin's side is small (rules, the prompt language, the worker's path); the engine stays
 * in the ESM worker (dist/src/eslint/worker.js) that both builds start, so it is not bundled here.
 */
import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = `${root}dist/src/eslint/`;

await build({
  entryPoints: [`${root}src/eslint/index.ts`],
  outfile: `${dir}index.cjs`,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['synckit', '@eslint/plugin-kit', 'eslint'],
  // The bundle finds its worker and package.json from its own place, as the ESM build does.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  // `export default plugin` is what require() returns, as ESLint configs expect of a plugin.
  footer: { js: 'module.exports = Object.assign(module.exports.default, module.exports);' },
  logLevel: 'warning',
});
copyFileSync(`${dir}index.d.ts`, `${dir}index.d.cts`);
