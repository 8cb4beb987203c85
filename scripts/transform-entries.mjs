/**
 * Runs after tsc (`npm run build`): writes one CommonJS entry per rule beside the compiled
 * transforms, the file jscodeshift is pointed at in an installed package
 * (`-t node_modules/mastra-tool-names/dist/transforms/<rule>.cjs`). jscodeshift require()s its
 * transform, and before Node 20.19 require() cannot load an ES module such as
 * dist/transforms/<rule>.js; each entry imports it on first use instead.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../dist/transforms/', import.meta.url));
const rules = readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .map((f) => f.slice(0, -3));
if (rules.length === 0) throw new Error(`no compiled transforms in ${dir}: run tsc first`);

for (const rule of rules) {
  const entry = `'use strict';
// The \`${rule}\` rule as a jscodeshift transform (written by scripts/transform-entries.mjs).
let loaded;
module.exports = async function transformer(file, api, options) {
  loaded = loaded || import('./${rule}.js');
  return (await loaded).default(file, api, options);
};
`;
  writeFileSync(path.join(dir, `${rule}.cjs`), entry);
}
