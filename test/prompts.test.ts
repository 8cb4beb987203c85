/**
 * The prompts rule on the fixtures in fixtures/prompts/: after `migrate`, every file equals the
 * expected one, a second run changes nothing, every decision carries its evidence, and every
 * confident tool mention in the instructions is a name real @mastra/core offers.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migrate, type MigrateResult } from '../src/migrate/migrate.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { confident } from '../src/plan/rules/prompts.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { copyFixture } from './helpers/git-copy.ts';

function files(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.join(dir, name);
    return statSync(path.join(root, rel)).isDirectory() ? files(root, rel) : [rel];
  });
}

const provider = useFakeProvider();

const CASES = readdirSync(fixturePath('prompts')).filter((n) =>
  statSync(path.join(fixturePath('prompts'), n)).isDirectory(),
);

async function run(name: string, check: (result: MigrateResult) => void): Promise<void> {
  const copy = copyFixture(`prompts/${name}/input`, { init: false });
  try {
    const result = await migrate(copy.root, { force: true });
    const expected = fixturePath(`prompts/${name}/expected`);
    assert.deepEqual(files(copy.root).sort(), files(expected).sort());
    for (const rel of files(expected))
      assert.equal(
        readFileSync(path.join(copy.root, rel), 'utf8'),
        readFileSync(path.join(expected, rel), 'utf8'),
        rel,
      );
    check(result);

    const again = await migrate(copy.root, { force: true });
    assert.deepEqual(again.plan.edits, [], 'a second run changes nothing');

    const scan = await scanRepository(copy.root);
    const agent = scan.agents.find((a) => a.variable === 'agent')!;
    const sent = await captureFixtureAgent(copy.root, agent, provider());
    for (const m of scan.mentions.filter((x) => x.context === 'instructions' && confident(x))) {
      assert.ok(
        (sent.toolNames ?? []).includes(m.name),
        `"${m.name}" (${m.location.file}:${m.location.line}) is offered: ${sent.toolNames}`,
      );
    }
  } finally {
    copy.cleanup();
  }
}

const rules = (r: MigrateResult) => r.plan.edits.map((e) => `${e.rule}:${e.before}->${e.after}`);

describe('prompts: every named tool is offered after migrate', () => {
  test('all cases have input and expected trees', () => assert.equal(CASES.length, 9));

  test('template-ids: re-keyed by id, with the evidence', () =>
    run('template-ids', (r) => {
      assert.deepEqual(rules(r), [
        "prompts:weatherTool->'get-weather'",
        "prompts:lookupOrderTool->'lookup-order'",
      ]);
      assert.match(
        r.plan.edits[0]!.reason,
        /names this tool by its id "get-weather" .* no code, data, prompt or other agent uses "weatherTool"/,
      );
      assert.ok(r.plan.edits.every((e) => e.effect === 'renamed'));
    }));

  test('template-ids-ui: code depends on the names, so the prompt is rewritten', () =>
    run('template-ids-ui', (r) => {
      assert.ok(r.plan.edits.every((e) => e.rule === 'prompts' && e.target === 'text'));
      assert.match(
        r.plan.edits[0]!.reason,
        /"weatherTool" is still used: code compares a tool name with "weatherTool" at src\/ui\/label\.ts:3/,
      );
    }));

  test('id-with-spaces: never re-keyed', () =>
    run('id-with-spaces', (r) => {
      assert.deepEqual(rules(r), ['prompts:Get Weather->weatherTool']);
      assert.match(r.plan.edits[0]!.reason, /id "Get Weather" is not a legal tool name/);
    }));

  test('mixed-names: mixed styles mean a prompt rewrite', () =>
    run('mixed-names', (r) => {
      assert.match(
        r.plan.edits.find((e) => e.rule === 'prompts')!.reason,
        /names it in more than one way/,
      );
      assert.ok(r.plan.edits.some((e) => e.rule === 'rewrite-keys'));
    }));

  test('prompt-file: the text file is edited as text', () =>
    run('prompt-file', (r) => {
      assert.deepEqual(
        r.files.map((f) => f.file),
        ['prompts/agent.txt'],
      );
      assert.match(
        r.plan.edits[0]!.reason,
        /"weatherTool" is still used: a string in code is "weatherTool" at src\/agent.ts:18:/,
      );
    }));

  test('nonexistent-tool: reported, nothing changed', () =>
    run('nonexistent-tool', (r) => {
      assert.deepEqual(r.plan.edits, []);
      assert.ok(
        r.plan.findings.some(
          (f) =>
            f.kind === 'unknown-tool-mention' &&
            f.message.includes('"send-email"') &&
            f.locations[0]!.line === 11,
        ),
      );
    }));

  test('dotted-backticks: key and mention meet on the wire name', () =>
    run('dotted-backticks', (r) => {
      assert.deepEqual(r.plan.edits.map((e) => e.rule).sort(), [
        'prompts',
        'prompts',
        'rewrite-keys',
        'rewrite-keys',
      ]);
    }));

  test('already-right: nothing to do', () =>
    run('already-right', (r) => assert.deepEqual([r.plan.edits, r.plan.findings], [[], []])));

  test('prose: plain words that are also ids are neither edited nor reported', () =>
    run('prose', (r) => {
      assert.deepEqual(r.plan.edits, []);
      assert.deepEqual(
        r.plan.findings.filter((f) => f.kind === 'ambiguous-mention'),
        [],
        'English verbs and nouns are not tool mentions',
      );
    }));
});

describe('--prefer overrides the automatic direction', () => {
  test('prefer prompt on template-ids rewrites the prose instead of re-keying', async () => {
    const plan = buildPlan(await scanRepository(fixturePath('prompts/template-ids/input')), {
      prefer: 'prompt',
    });
    assert.ok(plan.edits.length > 0 && plan.edits.every((e) => e.target === 'text'));
    assert.match(plan.edits[0]!.reason, /--prefer prompt/);
  });

  test('prefer rekey on template-ids-ui re-keys despite the UI, and never also rewrites the prompt', async () => {
    const plan = buildPlan(await scanRepository(fixturePath('prompts/template-ids-ui/input')), {
      prefer: 'rekey',
    });
    assert.ok(
      plan.edits.length > 0 &&
        plan.edits.every((e) => e.effect === 'renamed' || e.rule === 'references'),
    );
    assert.ok(!plan.edits.some((e) => e.target === 'text'));
    assert.ok(
      plan.findings.some((f) => f.kind === 'reference'),
      'the UI comparisons are reported as evidence',
    );
  });
});
