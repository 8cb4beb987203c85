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
import { captureFixtureRequest } from './harness/fixture-agents.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { copyFixture } from './helpers/git-copy.ts';
import { sentText, unsent } from './helpers/prompt-fidelity.ts';

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
    const { request, error } = await captureFixtureRequest(copy.root, agent, provider());
    assert.ok(request, `the agent sent a request: ${error}`);
    const toolNames = ((request.tools ?? []) as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    // The text the scan reads as this agent's prompt is what it sends.
    assert.deepEqual(unsent(agent, sentText(request)).missing, []);
    const read = scan.mentions.filter(
      (x) =>
        x.agentIndex === agent.index &&
        (x.context === 'instructions' || x.context.endsWith('-description')) &&
        confident(x),
    );
    for (const m of read) {
      const where = `${m.location.file}:${m.location.line}`;
      // A code sample or front matter is left as it is, and said so.
      if (m.inCodeBlock || m.inFrontMatter) {
        assert.ok(
          again.plan.findings.some((f) =>
            f.locations.some((l) => l.file === m.location.file && l.start === m.location.start),
          ),
          `"${m.name}" (${where}) is left as it is and reported`,
        );
        continue;
      }
      assert.ok(
        toolNames.includes(m.name),
        `"${m.name}" (${where}) is offered: ${toolNames.join(', ')}`,
      );
    }
  } finally {
    copy.cleanup();
  }
}

const rules = (r: MigrateResult) => r.plan.edits.map((e) => `${e.rule}:${e.before}->${e.after}`);

describe('prompts: every named tool is offered after migrate', () => {
  test('all cases have input and expected trees', () => assert.equal(CASES.length, 14));

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

  test('at-handles: `[@web_search]` names the tool; an e-mail address and a package scope do not', () =>
    run('at-handles', (r) => {
      assert.deepEqual(rules(r), [
        'prompts:web_search->webSearchTool',
        'prompts:web_crawl->webCrawlTool',
        'prompts:web_search->webSearchTool',
        'prompts:web_crawl->webCrawlTool',
      ]);
      assert.ok(
        r.plan.edits.every((e) => e.location.line !== 18),
        'research@web_crawl, @web_search/sdk',
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

  test('md-helper: a Markdown prompt loaded by a helper is edited as text; front matter and code samples are not', () =>
    run('md-helper', (r) => {
      assert.deepEqual(
        r.files.map((f) => f.file),
        ['src/mastra/agents/support-agent.ts', 'src/mastra/prompts/support.md'],
      );
      const md = r.plan.edits.filter((e) => e.location.file === 'src/mastra/prompts/support.md');
      assert.deepEqual(
        md.map((e) => `${e.location.line}:${e.before}->${e.after}`),
        [
          '11:orders.lookup->orders_lookup',
          '12:parcels.track->parcels_track',
          '13:orders.refund->orders_refund',
        ],
      );
      const left = r.plan.findings.filter((f) => f.kind === 'ambiguous-mention');
      assert.deepEqual(
        left.map((f) => f.locations[0]!.line).sort((a, b) => a - b),
        [4, 4, 4, 17],
      );
      assert.ok(left.some((f) => /front matter/.test(f.message)));
      assert.ok(left.some((f) => /code sample/.test(f.message)));
    }));

  test('skills-registry: the skills an agent takes from a folder registry are edited; a skill no agent takes is not', () =>
    run('skills-registry', (r) => {
      assert.deepEqual(
        r.files.map((f) => f.file),
        [
          'src/mastra/agents/helpdesk-agent.ts',
          'src/mastra/skills/triage/SKILL.md',
          'src/mastra/skills/vpn-access/SKILL.md',
        ],
      );
      assert.ok(!r.plan.edits.some((e) => e.location.file.includes('onboarding')));
    }));

  test("wrappers: text passed through wrapper functions is edited where it is written; a logged label and another team's text are not", () =>
    run('wrappers', (r) => {
      const text = r.plan.edits.filter((e) => e.target === 'text' || e.rule === 'prompts');
      assert.deepEqual(
        text.map((e) => `${e.location.file}:${e.location.line} ${e.before}`),
        [
          'src/mastra/agents/billing-agent.ts:13 invoices.find',
          'src/mastra/agents/billing-agent.ts:14 invoices.resend',
          'src/mastra/prompts/compose.ts:6 disputes.open',
        ],
      );
    }));

  test('tool-descriptions: a tool or sub-agent description naming another tool is edited; a description naming itself is not', () =>
    run('tool-descriptions', (r) => {
      const prompts = r.plan.edits.filter((e) => e.rule === 'prompts');
      assert.deepEqual(
        prompts.map((e) => `${e.location.file}:${e.location.line} ${e.before}->${e.after}`),
        [
          'src/mastra/agents/reply-writer.ts:7 crm.createCase->crm_createCase',
          'src/mastra/tools/crm.ts:14 crm.findCustomer->crm_findCustomer',
        ],
      );
      assert.match(prompts[1]!.reason, /^a tool description names "crm.findCustomer"/);
      assert.match(prompts[0]!.reason, /^a sub-agent description names "crm.createCase"/);
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
