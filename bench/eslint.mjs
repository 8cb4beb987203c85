// The ESLint plugin on a real app (issue 38): `eslint` with only the plugin against `check` cold on
// the same app, the peak RSS the plugin adds, and, in one long-lived ESLint, re-linting one file
// after an unsaved edit to its prompt text (the editor's case) and after no edit.
//
//   node bench/eslint.mjs [DIR]    (default: .bench/repos/ssdeanx+AgentStack, 77 agents)
//
// Needs `npm run build` (the packed layout: dist/src/eslint). Each figure is the median of 3 runs.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const reposDir = process.env.BENCH_REPOS_DIR ?? path.join(root, '.bench', 'repos');
const app = path.resolve(process.argv[2] ?? path.join(reposDir, 'ssdeanx+AgentStack'));
const cli = path.join(root, 'dist/bin/mastra-tool-names.js');
const plugin = pathToFileURL(path.join(root, 'dist/src/eslint/index.js')).href;
const parser = pathToFileURL(
  path.join(root, 'node_modules/@typescript-eslint/parser/dist/index.js'),
).href;
const eslintApi = pathToFileURL(path.join(root, 'node_modules/eslint/lib/api.js')).href;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'mtn-bench-eslint-'));

/** A child's wall time (ms) and peak RSS (MiB), from GNU time. */
function timed(cmd, args, env = {}) {
  const out = path.join(tmp, 'time.txt');
  const start = performance.now();
  spawnSync('/usr/bin/time', ['-f', '%M', '-o', out, cmd, ...args], {
    cwd: app,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  const ms = performance.now() - start;
  return { ms, rss: Number(readFileSync(out, 'utf8').trim().split('\n').at(-1)) / 1024 };
}

/** A script that lints the app with ESLint's API, the plugin's rules on or off. */
function lintScript(withPlugin) {
  const file = path.join(tmp, `lint-${withPlugin}.mjs`);
  writeFileSync(
    file,
    `import { ESLint } from '${eslintApi}';
import parser from '${parser}';
import plugin from '${plugin}';
const eslint = new ESLint({ cwd: ${JSON.stringify(app)}, overrideConfigFile: true, overrideConfig: [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.next/**'] },
  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
  ${withPlugin ? 'plugin.configs.recommended' : '{}'},
] });
const results = await eslint.lintFiles(['.']);
console.log(results.reduce((n, r) => n + r.messages.length, 0));
`,
  );
  return file;
}

const cacheEnv = () => ({ MASTRA_TOOL_NAMES_CACHE_DIR: mkdtempSync(path.join(tmp, 'cache-')) });
const runs = { check: [], eslint: [], bare: [] };
for (let i = 0; i < 3; i++) {
  runs.check.push(timed(process.execPath, [cli, 'check', '.', '--format', 'json'], cacheEnv()));
  runs.eslint.push(timed(process.execPath, [lintScript(true)]));
  runs.bare.push(timed(process.execPath, [lintScript(false)]));
}
const check = median(runs.check.map((r) => r.ms));
const eslint = median(runs.eslint.map((r) => r.ms));
const bare = median(runs.bare.map((r) => r.ms));
const rssPlugin = median(runs.eslint.map((r) => r.rss));
const rssBare = median(runs.bare.map((r) => r.rss));

// One long-lived ESLint: lint an agent file, then lint it again unchanged, then with an unsaved
// edit (a line added to it), as an editor does on each keystroke.
const agentFile = execFileSync(
  'grep',
  ['-rl', '--include=*.ts', 'instructions:', 'src/mastra/agents'],
  {
    cwd: app,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(Boolean)
  .sort()[0];
const relint = path.join(tmp, 'relint.mjs');
writeFileSync(
  relint,
  `import { readFileSync } from 'node:fs';
import { ESLint } from '${eslintApi}';
import parser from '${parser}';
import plugin from '${plugin}';
const eslint = new ESLint({ cwd: ${JSON.stringify(app)}, overrideConfigFile: true, overrideConfig: [
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser } }, plugin.configs.recommended] });
const file = ${JSON.stringify(path.join(app, agentFile ?? ''))};
const text = readFileSync(file, 'utf8');
const time = async (t) => { const s = performance.now(); await eslint.lintText(t, { filePath: file }); return performance.now() - s; };
const first = await time(text);
const same = []; const edited = [];
for (let i = 0; i < 3; i++) same.push(await time(text));
for (let i = 0; i < 3; i++) edited.push(await time(text + '\\n// edited ' + i + '\\n'));
const med = (xs) => [...xs].sort((a, b) => a - b)[1];
console.log(JSON.stringify({ first, same: med(same), edited: med(edited) }));
`,
);
const long = JSON.parse(execFileSync(process.execPath, [relint], { encoding: 'utf8' }));
rmSync(tmp, { recursive: true, force: true });

const f = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`ESLint plugin on ${path.basename(app)} (medians of 3)`);
console.log(`  check cold             ${f(check)}`);
console.log(
  `  eslint, plugin only    ${f(eslint)}  (${(eslint / check).toFixed(2)}x check; target <= 1.5x)`,
);
console.log(`  eslint, no rules       ${f(bare)}  (parsing alone)`);
console.log(
  `  peak RSS               ${rssPlugin.toFixed(0)} MiB with the plugin, ${rssBare.toFixed(0)} MiB without: +${(rssPlugin - rssBare).toFixed(0)} MiB (target <= 300)`,
);
console.log(`  long-lived, ${agentFile}:`);
console.log(`    first lint           ${long.first.toFixed(0)} ms (the analysis)`);
console.log(`    again, unchanged     ${long.same.toFixed(0)} ms (the kept answer)`);
console.log(`    after an unsaved edit ${long.edited.toFixed(0)} ms (target <= 150 ms)`);
