// Output snapshots, to prove a speed-up changed nothing: runs one build of the CLI over the demo,
// every fixture and the generated bench trees, and writes `scan --json` and
// `migrate --dry-run --format json` (stdout and exit code) of each into OUT_DIR. Run it with the
// build before and after a change, then `diff -r` the two folders.
// Usage: node bench/snapshot.mjs CLI_JS OUT_DIR [TARGET..] (default targets: see below).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [cli, out, ...given] = process.argv.slice(2);
if (!cli || !out) {
  console.error('usage: node bench/snapshot.mjs CLI_JS OUT_DIR [TARGET..]');
  process.exit(2);
}

const sub = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => path.join(dir, e.name))
    : [];
const defaults = [
  path.join(repo, 'fixtures', 'demo-app'),
  ...sub(path.join(repo, 'fixtures', 'scan')),
  ...sub(path.join(repo, 'fixtures', 'prompts')).flatMap((d) => [
    path.join(d, 'input'),
    path.join(d, 'expected'),
  ]),
  ...sub(path.join(repo, '.bench')).flatMap((d) =>
    existsSync(path.join(d, 'tsconfig.json')) ? [d] : sub(d),
  ),
];
const targets = given.length ? given.map((t) => path.resolve(t)) : defaults;

mkdirSync(out, { recursive: true });
for (const target of targets) {
  const name = path.relative(repo, target).split(path.sep).join('__') || 'root';
  for (const [kind, args] of [
    ['scan', ['scan', '--json', target]],
    ['dry-run', ['migrate', '--dry-run', '--format', 'json', target]],
  ]) {
    const r = spawnSync(process.execPath, [path.resolve(cli), ...args], {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: { ...process.env, NO_COLOR: '1' },
    });
    writeFileSync(path.join(out, `${name}.${kind}.json`), r.stdout);
    writeFileSync(path.join(out, `${name}.${kind}.exit`), `${r.status}\n${r.stderr}`);
  }
  console.log(`${name}: done`);
}
