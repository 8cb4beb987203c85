#!/usr/bin/env node
// Static against measured, on apps that run here: `verify --format json` on each app given as
// PATH[:ENTRY] (ENTRY relative to the app; `--allow-mcp` passed through), and the sums of its
// measured prompt check: requests read, names not offered, agreed / static only / measured only.
// Needs a build (`npm run build`); runs the apps' own code, offline, as `verify` does.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/bin/mastra-tool-names.js',
);
const args = process.argv.slice(2);
const allowMcp = args.includes('--allow-mcp');
const apps = args.filter((a) => !a.startsWith('--'));
if (!apps.length) {
  process.stderr.write('meter: give app folders as PATH[:ENTRY]\n');
  process.exit(2);
}
const KEYS = ['checked', 'names', 'fixable', 'agreed', 'staticOnly', 'measuredOnly'];
const sum = Object.fromEntries(KEYS.map((k) => [k, 0]));
for (const spec of apps) {
  const [dir, entry] = spec.split(':');
  let out;
  try {
    out = execFileSync(
      process.execPath,
      [
        cli,
        'verify',
        dir,
        '--format',
        'json',
        ...(entry ? ['--entry', entry] : []),
        ...(allowMcp ? ['--allow-mcp'] : []),
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    // verify exits 1 for a difference or an agent not measured: the report is on stdout.
    out = error.stdout;
  }
  let report;
  try {
    report = JSON.parse(out);
  } catch {
    process.stdout.write(`${dir}: no report\n`);
    continue;
  }
  const p = report.prompt;
  if (!p) {
    process.stdout.write(`${dir}: no request carried text\n`);
    continue;
  }
  for (const k of KEYS) sum[k] += p[k];
  process.stdout.write(`${dir}: ${KEYS.map((k) => `${k} ${p[k]}`).join(', ')}\n`);
}
process.stdout.write(`total: ${KEYS.map((k) => `${k} ${sum[k]}`).join(', ')}\n`);
