// Benchmark. Measures, in one run, wall time and peak RSS (GNU time) of the CLI against baselines
// on the same input, and prints ratios with the targets they are held to, so results hold on a
// noisy machine. Every figure is the median of BENCH_RUNS runs (default 3); the runs of one table
// alternate between its rows, so a burst of load hits all of them alike.
//   1. Start-up: --version, --help, names, and scan of a 10-file app with @mastra/core installed.
//   2. Installed apps: migrate --dry-run on the demo and on every fixture app with a tsconfig,
//      against tsc --noEmit of the same app (both load the installed @mastra/core).
//   3. Generated monorepos (generate.mjs), per size: the plain tree (no question needs installed
//      types) and the typed tree (built-ins, [tool.id] keys, code that reads what Mastra returns,
//      UI code comparing tool names), against tsc 5.9, tsc 7, a parse-all jscodeshift run and
//      ast-grep.
// Usage: npm run bench [-- 1000 5000 20000] (sizes of the generated trees; default 1000 5000).
// BENCH_COMPARE=path/to/dist/bin/mastra-tool-names.js adds that build's migrate --dry-run to every
// table (an earlier commit, built elsewhere), for before/after figures measured in the same run.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate, generateSmallApp } from './generate.mjs';
import { benchRepos } from './repos.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const SIZES = sizes.length ? sizes : [1000, 5000];
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** The targets for `migrate --dry-run` on the generated trees, as a ratio of each baseline's time. */
const TREE_TARGETS = {
  'tsc 5.9 --noEmit': 0.1,
  'tsc 7 (tsgo) --noEmit': 0.25,
  'jscodeshift parse-all': 0.5,
  'ast-grep new Agent($$$)': 3,
};
const TREE_RSS_MIB = 1024;
const APP_RATIO = 0.25;
const APP_RSS_MIB = 250;
const REPO_FLOOR_RATIO = 2;
const REPO_ASTGREP_RATIO = 1.5;
const REPO_RSS_MIB = 300;
const WARM_RATIO = 0.2;
const STARTUP_TARGETS = {
  '--version': 0.25,
  '--help': 0.25,
  'names a.b c': 0.25,
  'scan (10-file app)': 1,
};

const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
const cli = path.join(repo, 'dist', 'bin', 'mastra-tool-names.js');
const bin = (name) => path.join(here, 'node_modules', '.bin', name);
const compare = process.env.BENCH_COMPARE ? path.resolve(process.env.BENCH_COMPARE) : undefined;

/**
 * V8's compiled code of the CLI's large dependencies (`bin/code-cache.ts`, Node 20), one folder for
 * the whole bench: it holds the tool's code, not answers, so a cold run still starts with it, as a
 * user's run does after their first (Node 22's own compile cache behaves the same way). It is
 * filled once before the first table; a row with `codeCache: 'empty'` runs without it.
 */
const CODE_CACHE = mkdtempSync(path.join(os.tmpdir(), 'mtn-bench-code-'));
process.on('exit', () => rmSync(CODE_CACHE, { recursive: true, force: true }));

/**
 * One timed run. Every run gets an empty cache folder of its own (a cold run, as before the cache
 * existed) unless `cacheDir` names one (the warm rows).
 */
function once(cmd, args, cwd, cacheDir, codeCache) {
  const fresh = cacheDir ? undefined : mkdtempSync(path.join(os.tmpdir(), 'mtn-bench-cache-'));
  const emptyCode =
    codeCache === 'empty' ? mkdtempSync(path.join(os.tmpdir(), 'mtn-bench-code-')) : undefined;
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', cmd, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    env: {
      ...process.env,
      NO_COLOR: '1',
      NODE_OPTIONS: '--max-old-space-size=8192',
      MASTRA_TOOL_NAMES_CACHE_DIR: cacheDir ?? fresh,
      MASTRA_TOOL_NAMES_CODE_CACHE_DIR: emptyCode ?? CODE_CACHE,
    },
  });
  for (const dir of [fresh, emptyCode]) if (dir) rmSync(dir, { recursive: true, force: true });
  const lines = r.stderr.trim().split('\n');
  const [seconds, kb] = (lines.at(-1) ?? '').split(' ').map(Number);
  return {
    seconds,
    rssMiB: kb / 1024,
    status: r.status,
    stderr: lines.slice(0, -1).join('\n'),
    stdout: r.stdout,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs every row RUNS times, alternating between rows; medians of wall time and peak RSS. */
function measure(rows) {
  const runs = rows.map(() => []);
  for (let r = 0; r < RUNS; r++)
    rows.forEach((row, i) =>
      runs[i].push(
        row.run ? row.run() : once(row.cmd, row.args, row.cwd ?? repo, row.cacheDir, row.codeCache),
      ),
    );
  return rows.map((row, i) => ({
    label: row.label,
    seconds: median(runs[i].map((x) => x.seconds)),
    rssMiB: median(runs[i].map((x) => x.rssMiB)),
    status: runs[i].find((x) => x.status)?.status ?? 0,
    stderr: runs[i].at(-1).stderr,
    stdout: runs[i].at(-1).stdout,
  }));
}

function countTs(dir) {
  let n = 0;
  for (const e of readdirSync(dir)) {
    const p = path.join(dir, e);
    if (e === 'node_modules') continue;
    if (statSync(p).isDirectory()) n += countTs(p);
    else if (/\.[cm]?tsx?$/.test(p) && !p.endsWith('.d.ts')) n++;
  }
  return n;
}

/** The tsconfigs `tsc -b` would check for an app: the root one, or what its references name. */
function tsconfigsOf(app) {
  const root = path.join(app, 'tsconfig.json');
  const config = JSON.parse(readFileSync(root, 'utf8'));
  const solution = config.references && !config.include && (config.files ?? []).length === 0;
  if (!solution) return [root];
  return config.references.map((r) =>
    r.path.endsWith('.json') ? path.join(app, r.path) : path.join(app, r.path, 'tsconfig.json'),
  );
}

/** One measurement of tsc --noEmit over every tsconfig of an app, one after the other. */
function tscApp(app) {
  const parts = tsconfigsOf(app).map((c) =>
    once(process.execPath, [tsc, '--noEmit', '-p', c], repo),
  );
  return {
    seconds: parts.reduce((s, p) => s + p.seconds, 0),
    rssMiB: Math.max(...parts.map((p) => p.rssMiB)),
    status: 0,
    stderr: '',
  };
}

const ok = (met) => (met ? 'met' : 'NOT met');
const rel = (p) => path.relative(repo, p) || '.';

execFileSync('npm', ['run', 'build'], { cwd: repo, stdio: 'ignore' });
console.log(`Node ${process.version}, ${RUNS} runs per figure (medians)`);
/** BENCH_SECTIONS=startup,apps,trees,repos,verify (default: all) runs only those tables. */
const SECTIONS = new Set(
  (process.env.BENCH_SECTIONS ?? 'startup,apps,trees,repos,verify').split(',').map((x) => x.trim()),
);

// 1. Start-up.
const small = path.join(repo, '.bench', 'app-10');
generateSmallApp(small);
// Fills the code cache: a rewrite loads every file it serves (the compiler, ts-morph, Babel).
once(
  process.execPath,
  [cli, 'migrate', '--dry-run', path.join(repo, 'fixtures', 'demo-app')],
  repo,
);
const startup = !SECTIONS.has('startup')
  ? []
  : measure([
      { label: 'node -e 0 (the floor)', cmd: process.execPath, args: ['-e', '0'] },
      { label: '--version', cmd: process.execPath, args: [cli, '--version'] },
      { label: '--help', cmd: process.execPath, args: [cli, '--help'] },
      { label: 'names a.b c', cmd: process.execPath, args: [cli, 'names', 'a.b', 'c'] },
      { label: 'scan (10-file app)', cmd: process.execPath, args: [cli, 'scan', small] },
      {
        label: 'scan (10-file app, empty code cache: a first run)',
        cmd: process.execPath,
        args: [cli, 'scan', small],
        codeCache: 'empty',
      },
      ...(compare
        ? [
            {
              label: '--version (compare build)',
              cmd: process.execPath,
              args: [compare, '--version'],
            },
            {
              label: 'names a.b c (compare build)',
              cmd: process.execPath,
              args: [compare, 'names', 'a.b', 'c'],
            },
            {
              label: 'scan (10-file app, compare build)',
              cmd: process.execPath,
              args: [compare, 'scan', small],
            },
          ]
        : []),
    ]);
if (startup.length) {
  console.log('\nStart-up (wall time; the scan is of a 10-file app with @mastra/core installed)');
  console.log('| run | wall s | peak RSS MiB | target |');
  console.log('| --- | ---: | ---: | --- |');
}
for (const r of startup) {
  const target = STARTUP_TARGETS[r.label];
  console.log(
    `| ${r.label} | ${r.seconds.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${target === undefined ? '' : `< ${target} s ${ok(r.seconds < target)}`} |`,
  );
}

// 2. Installed apps.
const fixtures = path.join(repo, 'fixtures');
const apps = [
  path.join(fixtures, 'demo-app'),
  ...readdirSync(path.join(fixtures, 'scan')).map((d) => path.join(fixtures, 'scan', d)),
  small,
].filter((a) => SECTIONS.has('apps') && existsSync(path.join(a, 'tsconfig.json')));
if (apps.length)
  console.log(
    `\nInstalled apps (@mastra/core ${JSON.parse(readFileSync(path.join(repo, 'node_modules', '@mastra', 'core', 'package.json'), 'utf8')).version}): migrate --dry-run against tsc --noEmit of the same app`,
  );
const compareColumns = compare ? ' compare build s | ÷ tsc | RSS MiB |' : '';
if (apps.length) {
  console.log(
    `| app | files | migrate s | tsc s | migrate ÷ tsc | ≤ ${APP_RATIO} | migrate peak RSS MiB | ≤ ${APP_RSS_MIB} MiB |${compareColumns}`,
  );
  console.log(
    `| --- | ---: | ---: | ---: | ---: | --- | ---: | --- |${compare ? ' ---: | ---: | ---: |' : ''}`,
  );
}
for (const app of apps) {
  const [migrate, checked, before] = measure([
    {
      label: 'migrate',
      cmd: process.execPath,
      args: [cli, 'migrate', '--dry-run', '--format', 'json', app],
    },
    { label: 'tsc', run: () => tscApp(app) },
    ...(compare
      ? [
          {
            label: 'compare',
            cmd: process.execPath,
            args: [compare, 'migrate', '--dry-run', '--format', 'json', app],
          },
        ]
      : []),
  ]);
  const ratio = migrate.seconds / checked.seconds;
  const extra = before
    ? ` ${before.seconds.toFixed(2)} | ${(before.seconds / checked.seconds).toFixed(2)} | ${before.rssMiB.toFixed(0)} |`
    : '';
  console.log(
    `| ${rel(app)}${migrate.status ? ` (exit ${migrate.status})` : ''} | ${countTs(app)} | ${migrate.seconds.toFixed(2)} | ${checked.seconds.toFixed(2)} | ${ratio.toFixed(2)} | ${ok(ratio <= APP_RATIO)} | ${migrate.rssMiB.toFixed(0)} | ${ok(migrate.rssMiB <= APP_RSS_MIB)} |${extra}`,
  );
}

// 3. Generated trees.
const perTree = { plain: [], typed: [] };
for (const size of SECTIONS.has('trees') ? SIZES : []) {
  for (const tree of ['plain', 'typed']) {
    // Inside the repo so the generated code resolves the installed @mastra/core and zod.
    const root = path.join(repo, '.bench', tree === 'plain' ? String(size) : `typed-${size}`);
    generate(root, size, { typed: tree === 'typed' });
    const files = countTs(root);
    const rows = measure([
      { label: 'scan', cmd: process.execPath, args: [cli, 'scan', '--json', root] },
      {
        label: 'migrate --dry-run',
        cmd: process.execPath,
        args: [cli, 'migrate', '--dry-run', '--verbose', '--format', 'json', root],
      },
      {
        label: 'tsc 5.9 --noEmit',
        cmd: process.execPath,
        args: [tsc, '-p', path.join(root, 'tsconfig.all.json')],
      },
      {
        label: 'tsc 7 (tsgo) --noEmit',
        cmd: bin('tsgo'),
        args: ['-p', path.join(root, 'tsconfig.all.json')],
      },
      {
        label: 'jscodeshift parse-all',
        cmd: process.execPath,
        args: [
          path.join(repo, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js'),
          '-t',
          path.join(here, 'parse-only.cjs'),
          '--dry',
          '--silent',
          '--extensions=ts',
          root,
        ],
      },
      {
        label: 'ast-grep new Agent($$$)',
        cmd: bin('ast-grep'),
        args: ['run', '-p', 'new Agent($$$)', '-l', 'ts', root],
      },
      ...(compare
        ? [
            {
              label: 'migrate --dry-run (compare build)',
              cmd: process.execPath,
              args: [compare, 'migrate', '--dry-run', '--format', 'json', root],
            },
          ]
        : []),
    ]);
    const migrate = rows[1];
    console.log(
      `\n${tree} tree, ${size} files (and ${files - size} in generated/ folders that .gitignore excludes)`,
    );
    console.log('| run | wall s | peak RSS MiB | migrate --dry-run time ÷ this | target |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    for (const r of rows) {
      const ratio = migrate.seconds / r.seconds;
      const target = TREE_TARGETS[r.label];
      console.log(
        `| ${r.label}${r.status ? ` (exit ${r.status})` : ''} | ${r.seconds.toFixed(2)} | ${r.rssMiB.toFixed(0)} | ${ratio.toFixed(2)} | ${target === undefined ? '' : `≤ ${target} ${ok(ratio <= target)}`} |`,
      );
    }
    console.log(
      `peak RSS of migrate --dry-run: ${migrate.rssMiB.toFixed(0)} MiB (target ≤ ${TREE_RSS_MIB}: ${ok(migrate.rssMiB <= TREE_RSS_MIB)})`,
    );
    console.log('migrate --dry-run phases (--verbose, last run):');
    console.log(
      migrate.stderr
        .split('\n')
        .map((l) => `    ${l}`)
        .join('\n'),
    );
    if (tree === 'plain') {
      const workers = spawnSync(process.execPath, [path.join(here, 'workers.mjs'), root], {
        cwd: repo,
        encoding: 'utf8',
      });
      console.log(`rewrite on worker threads: ${workers.stdout.trim() || workers.stderr.trim()}`);
    }
    perTree[tree].push({ files: size, seconds: migrate.seconds });
  }
}

for (const [tree, perSize] of Object.entries(perTree)) {
  if (perSize.length < 2) continue;
  // Linear growth: the marginal cost of 1,000 more files should stay flat between sizes (the
  // average falls with size because start-up is paid once).
  console.log(`\n${tree} tree, migrate --dry-run, seconds per 1,000 files:`);
  perSize.forEach(({ files, seconds }, i) => {
    const prev = perSize[i - 1];
    const marginal = prev
      ? ` (marginal from ${prev.files}: ${(((seconds - prev.seconds) / (files - prev.files)) * 1000).toFixed(2)} s)`
      : '';
    console.log(
      `  ${files} files: ${((seconds / files) * 1000).toFixed(2)} s on average${marginal}`,
    );
  });
}

// 4. Real repositories (repos.mjs): check cold and warm against the parse floor and ast-grep.
const repoShapes = SECTIONS.has('repos') ? benchRepos() : [];
if (repoShapes.length) {
  console.log(
    `\nReal repositories: check --format json, cold (an empty cache) and warm (nothing changed), against the parse floor (every .ts/.tsx of the packages depending on @mastra/core, parsed once: parse-floor.mjs) and ast-grep`,
  );
  console.log(
    `| repository @ commit | .ts files | floor files | check cold s | floor s | cold ÷ floor (≤ ${REPO_FLOOR_RATIO} with agents) | ast-grep s | cold ÷ ast-grep (≤ ${REPO_ASTGREP_RATIO} without) | peak RSS MiB (≤ ${REPO_RSS_MIB}) | check warm s | warm ÷ cold (≤ ${WARM_RATIO}) |${compare ? ' compare build cold s | ÷ floor | RSS MiB |' : ''}`,
  );
  console.log(
    `| --- | ---: | ---: | ---: | ---: | --- | ---: | --- | --- | ---: | --- |${compare ? ' ---: | ---: | ---: |' : ''}`,
  );
}
for (const shape of repoShapes) {
  const warmDir = mkdtempSync(path.join(os.tmpdir(), 'mtn-bench-warm-'));
  const check = (build) => [build, 'check', shape.dir, '--format', 'json'];
  once(process.execPath, check(cli), repo, warmDir);
  const rows = measure([
    { label: 'cold', cmd: process.execPath, args: check(cli) },
    {
      label: 'floor',
      cmd: process.execPath,
      args: [path.join(here, 'parse-floor.mjs'), shape.dir],
    },
    {
      label: 'ast-grep',
      cmd: bin('ast-grep'),
      args: ['run', '-p', 'new Agent($$$)', '-l', 'ts', shape.dir],
    },
    { label: 'warm', cmd: process.execPath, args: check(cli), cacheDir: warmDir },
    ...(compare ? [{ label: 'compare', cmd: process.execPath, args: check(compare) }] : []),
  ]);
  rmSync(warmDir, { recursive: true, force: true });
  const [cold, floor, grep, warm, before] = rows;
  const report = JSON.parse(cold.stdout);
  const floorFiles = JSON.parse(floor.stdout).files;
  const agents = report.agents.length;
  const toFloor = cold.seconds / floor.seconds;
  const toGrep = cold.seconds / grep.seconds;
  const toCold = warm.seconds / cold.seconds;
  const extra = before
    ? ` ${before.seconds.toFixed(2)} | ${(before.seconds / floor.seconds).toFixed(2)} | ${before.rssMiB.toFixed(0)} |`
    : '';
  console.log(
    `| ${shape.label} (${agents} agents) | ${countTs(shape.dir)} | ${floorFiles} | ${cold.seconds.toFixed(2)} | ${floor.seconds.toFixed(2)} | ${toFloor.toFixed(2)}${agents ? ` ${ok(toFloor <= REPO_FLOOR_RATIO)}` : ''} | ${grep.seconds.toFixed(2)} | ${toGrep.toFixed(2)}${agents ? '' : ` ${ok(toGrep <= REPO_ASTGREP_RATIO)}`} | ${cold.rssMiB.toFixed(0)} ${ok(cold.rssMiB <= REPO_RSS_MIB)} | ${warm.seconds.toFixed(2)} | ${toCold.toFixed(2)} ${ok(toCold <= WARM_RATIO)} |${extra}`,
  );
}

// 5. verify: a small app against its own import plus one call per agent (the floor: the same
// loader, the same local replies, no guards, no scan, no report). The child's own load and call
// times come from verify's report; the provider requests per call show that nothing is retried.
const VERIFY_RATIO = 1.5;
const tsx = import.meta.resolve('tsx');
const verifyApps = [
  { app: path.join(fixtures, 'verify', 'runtime-keys') },
  { app: path.join(fixtures, 'verify', 'string-models') },
  { app: path.join(fixtures, 'verify', 'request-context'), context: 'request-context.json' },
].filter(() => SECTIONS.has('verify'));
if (verifyApps.length) {
  console.log(
    '\nverify on a small app against its import plus one call per agent (same loader, same local replies)',
  );
  console.log(
    `| app | agents | baseline s (load / calls) | verify s | verify ÷ baseline (≤ ${VERIFY_RATIO}) | verify's child: load / calls s | requests per call |`,
  );
  console.log('| --- | ---: | ---: | ---: | --- | ---: | --- |');
}
for (const { app, context } of verifyApps) {
  const extra = context ? ['--request-context', context] : [];
  const [baseline, verify] = measure([
    {
      label: 'baseline',
      cmd: process.execPath,
      args: [
        '--import',
        tsx,
        path.join(here, 'verify-baseline.mjs'),
        'src/mastra/index.ts',
        ...(context ? [context] : []),
      ],
      cwd: app,
    },
    {
      label: 'verify',
      cmd: process.execPath,
      args: [cli, 'verify', app, '--format', 'json', ...extra],
    },
  ]);
  const floor = JSON.parse(baseline.stdout.trim().split('\n').at(-1));
  const report = JSON.parse(verify.stdout);
  const [child] = report.apps;
  const requests = child.agents.map((a) => a.measurement.requests ?? 0);
  const ratio = verify.seconds / baseline.seconds;
  console.log(
    `| ${rel(app)}${verify.status ? ` (exit ${verify.status})` : ''} | ${child.agents.length} | ${baseline.seconds.toFixed(2)} (${(floor.loadMs / 1000).toFixed(2)} / ${(floor.callsMs / 1000).toFixed(2)}) | ${verify.seconds.toFixed(2)} | ${ratio.toFixed(2)} ${ok(ratio <= VERIFY_RATIO)} | ${(child.timings.loadMs / 1000).toFixed(2)} / ${(child.timings.callsMs / 1000).toFixed(2)} | verify ${requests.join(', ')}; baseline ${floor.requests.join(', ')} |`,
  );
}
