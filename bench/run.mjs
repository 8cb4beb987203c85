// Benchmark: generates seeded synthetic monorepos and measures, in one run, wall time and peak RSS
// of `scan` and `migrate --dry-run` against baselines on the same tree: tsc 5.9, tsc 7 (tsgo), a
// jscodeshift run that parses every file, and an ast-grep search for `new Agent($$$)`.
// Usage: npm run bench [-- 1000 5000 20000]. Ratios are printed, so results hold on a noisy machine.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = sizes.length ? sizes : [1000, 5000, 20000];

function measure(label, cmd, args, cwd) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '--max-old-space-size=8192' } });
  const last = r.stderr.trim().split('\n').at(-1) ?? '';
  const [seconds, kb] = last.split(' ').map(Number);
  return { label, seconds, rssMiB: kb / 1024, status: r.status };
}

function countTs(dir) {
  let n = 0;
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (statSync(p).isDirectory()) n += countTs(p);
    else if (p.endsWith('.ts')) n++;
  }
  return n;
}

execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' });
const cli = path.join(repo, 'dist', 'bin', 'mastra-tool-names.js');
const bin = (name) => path.join(here, 'node_modules', '.bin', name);

for (const size of SIZES) {
  // Inside the repo so the generated code resolves the installed @mastra/core and zod.
  const root = path.join(repo, '.bench', String(size));
  generate(root, size);
  const files = countTs(root);
  const rows = [
    measure('scan', process.execPath, [cli, 'scan', '--json', root], repo),
    measure('migrate --dry-run', process.execPath, [cli, 'migrate', '--dry-run', '--format', 'json', root], repo),
    measure('tsc 5.9 --noEmit', process.execPath, [path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.all.json')], repo),
    measure('tsc 7 (tsgo) --noEmit', bin('tsgo'), ['-p', path.join(root, 'tsconfig.all.json')], repo),
    measure('jscodeshift parse-all', process.execPath, [path.join(repo, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js'), '-t', path.join(here, 'parse-only.cjs'), '--dry', '--silent', '--extensions=ts', root], repo),
    measure('ast-grep new Agent($$$)', bin('ast-grep'), ['run', '-p', 'new Agent($$$)', '-l', 'ts', root], repo),
  ];
  const migrate = rows[1];
  console.log(`\n${files} files (${size} requested)`);
  console.log('| run | wall s | peak RSS MiB | migrate --dry-run time ÷ this |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.label}${r.status ? ` (exit ${r.status})` : ''} | ${r.seconds.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${(migrate.seconds / r.seconds).toFixed(2)} |`);
}
