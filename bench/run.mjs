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
/** The issue's targets for `migrate --dry-run`, as a ratio of each baseline's time. */
const TARGETS = { 'tsc 5.9 --noEmit': 0.1, 'tsc 7 (tsgo) --noEmit': 0.25, 'jscodeshift parse-all': 0.5, 'ast-grep new Agent($$$)': 3 };

function measure(label, cmd, args, cwd) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30, env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '--max-old-space-size=8192' } });
  const lines = r.stderr.trim().split('\n');
  const [seconds, kb] = (lines.at(-1) ?? '').split(' ').map(Number);
  return { label, seconds, rssMiB: kb / 1024, status: r.status, stderr: lines.slice(0, -1).join('\n') };
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
const perSize = [];

for (const size of SIZES) {
  // Inside the repo so the generated code resolves the installed @mastra/core and zod.
  const root = path.join(repo, '.bench', String(size));
  generate(root, size);
  const files = countTs(root);
  const rows = [
    measure('scan', process.execPath, [cli, 'scan', '--json', root], repo),
    measure('migrate --dry-run', process.execPath, [cli, 'migrate', '--dry-run', '--verbose', '--format', 'json', root], repo),
    measure('tsc 5.9 --noEmit', process.execPath, [path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(root, 'tsconfig.all.json')], repo),
    measure('tsc 7 (tsgo) --noEmit', bin('tsgo'), ['-p', path.join(root, 'tsconfig.all.json')], repo),
    measure('jscodeshift parse-all', process.execPath, [path.join(repo, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js'), '-t', path.join(here, 'parse-only.cjs'), '--dry', '--silent', '--extensions=ts', root], repo),
    measure('ast-grep new Agent($$$)', bin('ast-grep'), ['run', '-p', 'new Agent($$$)', '-l', 'ts', root], repo),
  ];
  const migrate = rows[1];
  console.log(`\n${size} files (and ${files - size} in generated/ folders that .gitignore excludes)`);
  console.log('| run | wall s | peak RSS MiB | migrate --dry-run time ÷ this | target |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const r of rows) {
    const ratio = migrate.seconds / r.seconds;
    const target = TARGETS[r.label];
    const verdict = target === undefined ? '' : `≤ ${target} ${ratio <= target ? 'met' : 'not met'}`;
    console.log(`| ${r.label}${r.status ? ` (exit ${r.status})` : ''} | ${r.seconds.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${ratio.toFixed(2)} | ${verdict} |`);
  }
  console.log(`peak RSS of migrate --dry-run: ${migrate.rssMiB.toFixed(0)} MiB (target ≤ 1024: ${migrate.rssMiB <= 1024 ? 'met' : 'not met'})`);
  console.log('migrate --dry-run phases (--verbose):');
  console.log(migrate.stderr.split('\n').map((l) => `    ${l}`).join('\n'));
  const workers = spawnSync(process.execPath, [path.join(here, 'workers.mjs'), root], { cwd: repo, encoding: 'utf8' });
  console.log(`rewrite on worker threads: ${workers.stdout.trim() || workers.stderr.trim()}`);
  perSize.push({ files: size, seconds: migrate.seconds });
}

if (perSize.length > 1) {
  // Linear growth: the marginal cost of 1,000 more files should stay flat between sizes (the
  // average falls with size because start-up is paid once).
  console.log('\nmigrate --dry-run, seconds per 1,000 files:');
  perSize.forEach(({ files, seconds }, i) => {
    const prev = perSize[i - 1];
    const marginal = prev ? ` (marginal from ${prev.files}: ${(((seconds - prev.seconds) / (files - prev.files)) * 1000).toFixed(2)} s)` : '';
    console.log(`  ${files} files: ${((seconds / files) * 1000).toFixed(2)} s on average${marginal}`);
  });
}
