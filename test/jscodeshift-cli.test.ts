/**
 * The rules as docs/transforms.md runs them from a clone: the real jscodeshift CLI (`npx
 * jscodeshift -t transforms/<rule>.ts`), on every rule's fixtures; with `--plan=FILE` from `check
 * --format json`, rule by rule, to the very files `migrate` writes; and with a plan that does not
 * fit the files, a clear error and, with `--fail-on-error`, a non-zero exit. (The package's paths:
 * package.test.ts.)
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { RuleId } from '../src/plan/model.ts';
import type { Report } from '../src/report/model.ts';
import { copyFixture, snapshot } from './helpers/git-copy.ts';
import {
  applyPlanRuleByRule,
  jscodeshift,
  runEveryRuleOnItsFixtures,
} from './helpers/jscodeshift-cli.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

const CLONE = process.cwd();
const transformOf = (rule: RuleId) => `transforms/${rule}.ts`;

describe('jscodeshift runs the transforms of a clone', () => {
  const cleanups: Array<() => void> = [];
  let planned: { root: string; plan: string; report: Report };

  before(async () => {
    const demo = copyFixture('demo-app');
    cleanups.push(demo.cleanup);
    const r = await runCli(['check', demo.root, '--format', 'json']);
    assert.equal(r.code, 1, r.stderr);
    const plan = `${demo.root}.plan.json`;
    writeFileSync(plan, r.stdout);
    cleanups.push(() => rmSync(plan, { force: true }));
    planned = { root: demo.root, plan, report: JSON.parse(r.stdout) as Report };
  });
  after(() => cleanups.forEach((c) => c()));

  test('the command of docs/transforms.md runs and changes nothing under --dry', async () => {
    const r = await jscodeshift(CLONE, 'transforms/rewrite-keys.ts', [
      '--extensions=ts,tsx',
      '--dry',
      '--print',
      'fixtures/demo-app/src/',
    ]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^ {4}notes_save: saveNoteTool,$/m, 'the rewritten key is printed');
    assert.match(r.stdout, /^0 errors$/m);
    assert.match(r.stdout, /^3 ok$/m);
  });

  test('every rule, on its fixtures', async () => {
    const work = tempProject({});
    cleanups.push(work.cleanup);
    await runEveryRuleOnItsFixtures(CLONE, transformOf, work.root);
  });

  test('--plan from `check --format json`, rule by rule, writes what migrate writes; again, it changes nothing', async () => {
    const expected = copyFixture('demo-app');
    cleanups.push(expected.cleanup);
    const m = await runCli(['migrate', expected.root]);
    assert.equal(m.code, 0, m.stderr);
    await applyPlanRuleByRule(
      CLONE,
      transformOf,
      planned.plan,
      planned.report.rules,
      path.join(planned.root, 'src'),
    );
    const got = snapshot(planned.root);
    assert.deepEqual(got, snapshot(expected.root));
    assert.notDeepEqual(got, snapshot('fixtures/demo-app'));
    const again = await jscodeshift(CLONE, transformOf('tool-choice'), [
      '--extensions=ts,tsx',
      '--fail-on-error',
      `--plan=${planned.plan}`,
      planned.root,
    ]);
    assert.equal(again.code, 0, again.stdout);
    assert.match(again.stdout, /^0 ok$/m);
    assert.deepEqual(snapshot(planned.root), got);
  });

  test('a plan that does not fit: a clear error per file, exit 1 with --fail-on-error, files untouched', async () => {
    // The plan made for another copy of the demo, pointed at this one with --root.
    const demo = copyFixture('demo-app', { init: false });
    cleanups.push(demo.cleanup);
    const plan = path.join(demo.root, 'plan.json');
    writeFileSync(plan, JSON.stringify(planned.report));
    const run = path.join(demo.root, 'src/run.ts');
    writeFileSync(
      run,
      readFileSync(run, 'utf8').replace("toolName: 'search.web'", "toolName: 'search.www'"),
    );
    const before = snapshot(demo.root);

    const stale = await jscodeshift(CLONE, transformOf('tool-choice'), [
      '--extensions=ts,tsx',
      '--fail-on-error',
      `--plan=${plan}`,
      `--root=${demo.root}`,
      demo.root,
    ]);
    assert.equal(stale.code, 1, stale.stdout);
    assert.match(
      stale.stdout,
      /ERR .*src\/run\.ts Transformation error \(--plan=.*plan\.json does not fit src\/run\.ts:17:43: the plan replaces "'search\.web'" \(tool-choice\), the file holds "'search\.www'/,
    );
    assert.match(stale.stdout, /the file changed after the plan was made/);
    assert.match(stale.stdout, /^1 errors$/m);

    const elsewhere = await jscodeshift(CLONE, transformOf('rewrite-keys'), [
      '--extensions=ts,tsx',
      '--fail-on-error',
      `--plan=${plan}`,
      '--root=fixtures',
      demo.root,
    ]);
    assert.equal(elsewhere.code, 1, elsewhere.stdout);
    assert.match(
      elsewhere.stdout,
      /does not fit: it names 6 file\(s\) that are not under .*fixtures \(src\/mastra\/agents\/planner-agent\.ts, .*\); run jscodeshift from the folder the plan was made in, or pass --root=DIR/,
    );

    writeFileSync(plan, '{ not json');
    const broken = await jscodeshift(CLONE, transformOf('rewrite-keys'), [
      '--extensions=ts,tsx',
      '--fail-on-error',
      `--plan=${plan}`,
      demo.root,
    ]);
    assert.equal(broken.code, 1, broken.stdout);
    assert.match(broken.stdout, /--plan=.*plan\.json is not JSON/);

    const missing = await jscodeshift(CLONE, transformOf('rewrite-keys'), [
      '--extensions=ts,tsx',
      `--plan=${plan}.nope`,
      demo.root,
    ]);
    assert.equal(
      missing.code,
      0,
      'without --fail-on-error jscodeshift exits 0 (its own rule), but says why',
    );
    assert.match(missing.stdout, /--plan=.*plan\.json\.nope cannot be read: ENOENT/);
    writeFileSync(plan, JSON.stringify(planned.report));
    assert.deepEqual(snapshot(demo.root), before);
  });
});
