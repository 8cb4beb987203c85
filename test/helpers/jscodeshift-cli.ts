/**
 * Runs the real jscodeshift CLI (through npx, as docs/transforms.md does) on the rules' fixtures
 * and on a plan: shared by the tests of a clone and of the installed package.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULE_IDS, type RuleId } from '../../src/plan/model.ts';
import { run, type CliResult } from './run-cli.ts';

export const FIXTURES = fileURLToPath(
  new URL('../../transforms/__testfixtures__/', import.meta.url),
);

export type Run = CliResult;
export { run };

export function jscodeshift(cwd: string, transform: string, args: string[]): Promise<Run> {
  return run('npx', ['jscodeshift', '-t', transform, ...args], cwd);
}

/**
 * Each rule's transform on a copy of its fixture inputs under `work`: the files become the expected
 * outputs, jscodeshift exits 0 and writes nothing on stderr.
 */
export async function runEveryRuleOnItsFixtures(
  cwd: string,
  transformOf: (rule: RuleId) => string,
  work: string,
): Promise<void> {
  for (const rule of RULE_IDS) {
    const dir = path.join(work, rule);
    mkdirSync(dir, { recursive: true });
    const inputs = readdirSync(path.join(FIXTURES, rule)).filter((f) => f.includes('.input.'));
    assert.ok(inputs.length > 0, rule);
    for (const f of inputs) copyFileSync(path.join(FIXTURES, rule, f), path.join(dir, f));
    const r = await jscodeshift(cwd, transformOf(rule), ['--extensions=ts,tsx', dir]);
    assert.equal(r.code, 0, `${rule}: ${r.stdout}${r.stderr}`);
    assert.equal(r.stderr, '', rule);
    assert.match(r.stdout, /^0 errors$/m, `${rule}: ${r.stdout}`);
    let changes = 0;
    for (const f of inputs) {
      const expected = readFileSync(
        path.join(FIXTURES, rule, f.replace('.input.', '.output.')),
        'utf8',
      );
      assert.equal(readFileSync(path.join(dir, f), 'utf8'), expected, `${rule}/${f}`);
      if (expected !== readFileSync(path.join(FIXTURES, rule, f), 'utf8')) changes++;
    }
    // jscodeshift counts a written file as ok (a negative fixture is skipped).
    assert.match(r.stdout, new RegExp(`^${changes} ok$`, 'm'), `${rule}: ${r.stdout}`);
  }
}

/**
 * Applies the plan rule by rule (in the reverse of the engine's order, so each rule finds its edits
 * after the others moved the text). Prompt files come along with the md extension.
 */
export async function applyPlanRuleByRule(
  cwd: string,
  transformOf: (rule: RuleId) => string,
  plan: string,
  rules: readonly RuleId[],
  target: string,
): Promise<void> {
  for (const rule of [...rules].reverse()) {
    const r = await jscodeshift(cwd, transformOf(rule), [
      '--extensions=ts,tsx,md',
      '--fail-on-error',
      `--plan=${plan}`,
      target,
    ]);
    assert.equal(r.code, 0, `${rule}: ${r.stdout}${r.stderr}`);
    assert.equal(r.stderr, '', rule);
    assert.match(r.stdout, /^0 errors$/m, `${rule}: ${r.stdout}`);
  }
}
