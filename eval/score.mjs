#!/usr/bin/env node
// Scores `check --format json` on labelled public repositories: warning precision, harmful edits,
// and misses. The repositories are local checkouts (never committed here) named `owner+name`
// under --root; the labels are eval/labels/<owner>+<name>.json (eval/LABELLING.md).
//
//   node eval/score.mjs --root /tmp/fresh [--set fresh-2026-12-05] [--reports DIR] [--save DIR]
//                       [--cli dist/bin/mastra-tool-names.js] [--repo owner+name] [--json]
//                       [--labels eval/upgrade-labels]
//
// --reports reads saved reports (DIR/<owner>+<name>.json) instead of running the CLI; --save keeps
// the reports the CLI printed. Items the labels do not cover are listed as unlabelled: label them
// before quoting a figure. A label file's `options` (e.g. ["--to-mastra", "latest"]) are passed to
// `check`; --labels reads another folder of labels (eval/upgrade-labels: upgrade plans).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scoreRepo, sumScores } from './score-lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: {
    root: { type: 'string' },
    set: { type: 'string' },
    reports: { type: 'string' },
    save: { type: 'string' },
    cli: { type: 'string', default: path.join(here, '..', 'dist', 'bin', 'mastra-tool-names.js') },
    repo: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    labels: { type: 'string', default: path.join(here, 'labels') },
  },
});
if (!opts.root && !opts.reports) {
  process.stderr.write('score: give --root DIR (checkouts named owner+name) or --reports DIR\n');
  process.exit(2);
}

const labelDir = path.resolve(opts.labels);
const labelled = readdirSync(labelDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(labelDir, f), 'utf8')))
  .filter((l) => !opts.set || l.set === opts.set)
  .filter((l) => !opts.repo || opts.repo.includes(l.repo.replace('/', '+')));

function report(dir, labels) {
  if (opts.reports) return JSON.parse(readFileSync(path.join(opts.reports, `${dir}.json`), 'utf8'));
  const checkout = path.join(opts.root, dir);
  if (!existsSync(checkout)) return undefined;
  let out;
  try {
    out = execFileSync(
      process.execPath,
      [opts.cli, 'check', checkout, '--format', 'json', '--no-cache', ...(labels.options ?? [])],
      {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
  } catch (error) {
    // check exits 1 when something is pending and 3 when a file could not be processed: the
    // report is on stdout either way.
    out = error.stdout;
  }
  if (opts.save) {
    mkdirSync(opts.save, { recursive: true });
    writeFileSync(path.join(opts.save, `${dir}.json`), out);
  }
  if (labels.commit) warnIfOtherCommit(checkout, labels.commit);
  return JSON.parse(out);
}

function warnIfOtherCommit(checkout, commit) {
  try {
    const head = execFileSync('git', ['-C', checkout, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
    }).trim();
    if (head !== commit)
      process.stderr.write(
        `score: ${checkout} is at ${head.slice(0, 7)}, labelled at ${commit.slice(0, 7)}\n`,
      );
  } catch {
    process.stderr.write(`score: ${checkout} is not a git checkout\n`);
  }
}

const rows = [];
for (const labels of labelled.sort((a, b) => a.repo.localeCompare(b.repo))) {
  const dir = labels.repo.replace('/', '+');
  const rep = report(dir, labels);
  if (!rep) {
    process.stderr.write(`score: no checkout or report for ${labels.repo}\n`);
    continue;
  }
  rows.push({ repo: labels.repo, commit: labels.commit, ...scoreRepo(rep, labels) });
}
const total = sumScores(rows);

if (opts.json) {
  process.stdout.write(`${JSON.stringify({ rows, total }, null, 2)}\n`);
} else {
  const pct = (n, d) => (d === 0 ? '-' : (n / d).toFixed(2));
  const line = (name, s) =>
    `${name.padEnd(58)} edits ${s.edits.correct}/${s.edits.total} (harmful ${s.edits.harmful})  ` +
    `warnings ${s.warnings.true}/${s.warnings.total} (noise ${s.warnings.noise})  ` +
    `notes ${s.notes.total}  missed ${s.missed}/${s.problems}  unlabelled ${s.unlabelled.length}`;
  for (const r of rows) process.stdout.write(`${line(`${r.repo}@${r.commit.slice(0, 7)}`, r)}\n`);
  process.stdout.write(`${line('total', total)}\n`);
  process.stdout.write(
    `\nwarning precision ${pct(total.warnings.true, total.warnings.total - total.warnings.unlabelled)}` +
      ` (true but needing no action ${total.warnings.noAction}, noise ${total.warnings.noise})` +
      `; harmful edits ${total.edits.harmful}` +
      `; missed ${total.missed} of ${total.problems} true problems (${pct(total.missed, total.problems)})` +
      `; notes: ${total.notes.true} true, ${total.notes.noAction} true needing no action, ${total.notes.noise} noise\n`,
  );
  for (const r of rows) {
    for (const u of r.unlabelled) process.stdout.write(`unlabelled ${r.repo}: ${u}\n`);
    for (const m of r.missedItems) process.stdout.write(`missed ${r.repo}: ${m}\n`);
  }
}
