#!/usr/bin/env node
/**
 * The script of the GitHub Action (action.yml). Runs `mastra-tool-names check --format github`
 * through npx, so the annotations reach the log; writes the SARIF, JSON and full Markdown reports
 * to a temporary folder; appends the Markdown report (cut to fit a comment) to the run's summary;
 * sets the outputs; comments on the pull request when asked; exits as asked.
 *
 * Inputs come from INPUT_PATH, INPUT_RULES, INPUT_FAIL_OR_COMMENT, INPUT_VERSION and INPUT_BASE, as
 * action.yml passes them. With a base commit (a pull request's), check reports what the change
 * introduces and fixes, and fails only for what it introduces; a shallow checkout's missing base is
 * fetched first (one commit deep). It runs locally too (the GitHub variables are optional):
 *   INPUT_PATH=fixtures/demo-app GITHUB_STEP_SUMMARY=summary.md GITHUB_OUTPUT=out.txt node action/run.mjs
 * Plain JavaScript: it runs on the runner's Node, before and without any build.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The first line of the tool's Markdown report: how the comment from an earlier run is found. */
const MARKER = '<!-- mastra-tool-names -->';
const MODES = ['fail', 'comment', 'both'];

const input = (name, fallback = '') =>
  (process.env[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] ?? '').trim() || fallback;
const escapeData = (s) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const annotate = (level, message) =>
  console.log(`::${level} title=mastra-tool-names::${escapeData(message)}`);

function setOutput(name, value) {
  const file = process.env.GITHUB_OUTPUT;
  if (file) appendFileSync(file, `${name}=${value}\n`);
  else console.error(`output ${name}=${value}`);
}

function pullRequestNumber() {
  const file = process.env.GITHUB_EVENT_PATH;
  if (!file || !existsSync(file)) return undefined;
  const event = JSON.parse(readFileSync(file, 'utf8'));
  return event.pull_request?.number ?? (event.issue?.pull_request ? event.issue.number : undefined);
}

/** One comment per pull request, found by its marker and updated; a clean run only updates one. */
function comment(bodyFile, pending) {
  const pr = pullRequestNumber();
  const repo = process.env.GITHUB_REPOSITORY;
  if (!pr || !repo) {
    annotate('notice', 'not a pull request: nothing to comment on');
    return;
  }
  const gh = (args) => spawnSync('gh', args, { encoding: 'utf8' });
  const found = gh([
    'api',
    '--paginate',
    `repos/${repo}/issues/${pr}/comments`,
    '--jq',
    `.[] | select(.body | startswith("${MARKER}")) | .id`,
  ]);
  if (found.status !== 0) {
    annotate(
      'warning',
      `could not read the pull request's comments: ${found.error?.message ?? found.stderr}`,
    );
    return;
  }
  const id = found.stdout.split('\n').find(Boolean);
  if (!id && !pending) return;
  const write = id
    ? gh([
        'api',
        '--method',
        'PATCH',
        `repos/${repo}/issues/comments/${id}`,
        '-F',
        `body=@${bodyFile}`,
      ])
    : gh([
        'api',
        '--method',
        'POST',
        `repos/${repo}/issues/${pr}/comments`,
        '-F',
        `body=@${bodyFile}`,
      ]);
  if (write.status !== 0)
    annotate(
      'warning',
      `could not comment on the pull request: ${write.error?.message ?? write.stderr}`,
    );
}

const mode = input('fail-or-comment', 'fail');
if (!MODES.includes(mode)) {
  annotate('error', `fail-or-comment is "${mode}"; use ${MODES.join(', ')}`);
  process.exit(2);
}
const target = input('path', '.');
const rules = input('rules')
  .split(/[\s,]+/)
  .filter(Boolean);
const version = input('version');
const base = input('base');

const dir = mkdtempSync(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'mastra-tool-names-'));
const files = {
  sarif: path.join(dir, 'report.sarif'),
  json: path.join(dir, 'report.json'),
  markdown: path.join(dir, 'report.md'),
  summary: path.join(dir, 'summary.md'),
};

const args = [
  '--yes',
  version ? `mastra-tool-names@${version}` : 'mastra-tool-names',
  'check',
  target,
  '--format',
  'github',
];
args.push('--report', files.sarif, '--report', files.json, '--report', files.markdown);
if (rules.length) args.push('--only', ...rules);
if (base) {
  const git = (gitArgs) => spawnSync('git', ['-C', target, ...gitArgs], { encoding: 'utf8' });
  if (git(['cat-file', '-e', `${base}^{commit}`]).status !== 0) {
    const fetched = git(['fetch', '--no-tags', '--depth=1', 'origin', base]);
    if (fetched.status !== 0)
      annotate(
        'warning',
        `could not fetch the base commit ${base} (${fetched.stderr.trim().split('\n')[0]}); check with actions/checkout fetch-depth: 0`,
      );
  }
  args.push('--base', base);
}
// The tool appends its summary to a file of ours: it is also the body of the comment.
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: { ...process.env, GITHUB_STEP_SUMMARY: files.summary },
});
const code = run.status ?? 3;
if (run.error) annotate('error', `could not run npx: ${run.error.message}`);

const summary = existsSync(files.summary) ? readFileSync(files.summary, 'utf8') : '';
if (summary && process.env.GITHUB_STEP_SUMMARY)
  appendFileSync(process.env.GITHUB_STEP_SUMMARY, summary);

let totals;
let baseline;
try {
  ({ totals, baseline } = JSON.parse(readFileSync(files.json, 'utf8')));
} catch {
  // check did not get as far as a report (usage error): the exit code says so
}
setOutput('exit-code', code);
setOutput('pending', code === 1);
setOutput('changes', totals?.changes ?? '');
setOutput('findings', totals?.findings ?? '');
setOutput('introduced', baseline?.totals.introduced ?? '');
setOutput('fixed', baseline?.totals.fixed ?? '');
setOutput('sarif', existsSync(files.sarif) ? files.sarif : '');
setOutput('report', existsSync(files.markdown) ? files.markdown : '');

if (mode !== 'fail' && summary) comment(files.summary, code !== 0);
process.exit(mode === 'comment' && code === 1 ? 0 : code);
