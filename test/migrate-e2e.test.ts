/**
 * `migrate` end to end on a copy of the demo app: a dry run writes nothing; the real run type-checks
 * as before, keeps every wire name except the intended re-keys (checked with real @mastra/core),
 * makes every toolChoice/activeTools name an offered one, and a second run changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { migrate, type MigrateResult } from '../src/migrate/migrate.ts';
import { predictRequest } from '../src/names/request.ts';
import { agentSources, scanRepository } from '../src/scan/scan.ts';
import type { ScanResult } from '../src/scan/model.ts';
import { confident } from '../src/plan/rules/prompts.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { copyFixture, git, snapshot } from './helpers/git-copy.ts';
import { diagnostics } from './helpers/type-check.ts';

const provider = useFakeProvider();
let copy: { root: string; cleanup: () => void };
let beforeScan: ScanResult;
let beforeDiagnostics: string[];
let result: MigrateResult;

before(async () => {
  copy = copyFixture('demo-app');
  beforeScan = await scanRepository(copy.root);
  beforeDiagnostics = diagnostics(copy.root);
});
after(() => copy.cleanup());

describe('migrate on the demo app', () => {
  test('--dry-run writes nothing and returns a diff per changed file', async () => {
    const bytes = snapshot(copy.root);
    const dry = await migrate(copy.root, { dryRun: true });
    assert.deepEqual(snapshot(copy.root), bytes);
    assert.deepEqual(dry.written, []);
    assert.deepEqual(
      dry.files.map((f) => f.file),
      [
        'src/mastra/agents/planner-agent.ts',
        'src/mastra/agents/research-agent.ts',
        'src/mastra/agents/support-agent.ts',
        'src/mastra/prompts/planner.md',
        'src/mastra/tools/registry.ts',
        'src/run.ts',
      ],
    );
    for (const f of dry.files)
      assert.match(f.diff ?? '', new RegExp(`^--- a/${f.file}\\n\\+\\+\\+ b/${f.file}`, 'm'));
  });

  test('writes the changes in a clean git tree', async () => {
    result = await migrate(copy.root);
    assert.equal(result.written.length, 6);
    assert.ok(result.files.every((f) => f.status === 'changed'));
    assert.match(git(copy.root, 'status', '--porcelain'), /src\/run\.ts/);
  });

  test('tsc --noEmit shows no new diagnostics', () => {
    assert.deepEqual(diagnostics(copy.root), beforeDiagnostics);
  });

  test('real Mastra sends the same names, except the intended re-keys', async () => {
    const renames = new Map(
      result.plan.edits
        .filter((e) => e.effect === 'renamed')
        .map((e) => [e.wire.before, e.wire.after]),
    );
    assert.deepEqual(
      [...renames],
      [
        ['submitPlanTool', 'submit_plan'],
        ['lookupOrderTool', 'lookup-order'],
        ['askUserTool', 'ask_user'],
      ],
    );
    const afterScan = await scanRepository(copy.root);
    for (const agent of afterScan.agents.filter((a) => a.variable)) {
      const original = beforeScan.agents.find((a) => a.id === agent.id)!;
      // Before: the untouched fixture (a different path, so its modules load fresh).
      const was = await captureFixtureAgent(fixturePath('demo-app'), original, provider());
      const now = await captureFixtureAgent(copy.root, agent, provider());
      assert.deepEqual(
        new Set(now.toolNames ?? []),
        new Set((was.toolNames ?? []).map((n) => renames.get(n) ?? n)),
        agent.id,
      );
      // And the scan of the migrated code still predicts exactly what is sent.
      assert.deepEqual(now.toolNames, predictRequest(agentSources(agent)).toolNames, agent.id);
    }
  });

  test('every toolChoice / activeTools name is in the list real Mastra sends', async () => {
    const afterScan = await scanRepository(copy.root);
    const calls = afterScan.calls.filter(
      (c) => c.agentIndex !== undefined && (c.options.toolChoice || c.options.activeTools.length),
    );
    assert.equal(calls.length, 2);
    for (const call of calls) {
      const agent = afterScan.agents[call.agentIndex!]!;
      const options: Record<string, unknown> = {};
      if (call.options.toolChoice?.name)
        options.toolChoice = { type: 'tool', toolName: call.options.toolChoice.name };
      if (call.options.activeTools.length)
        options.activeTools = call.options.activeTools.map((r) => r.name);
      const sent = await captureFixtureAgent(copy.root, agent, provider(), options);
      assert.ok(sent.toolNames, `tools were sent (${sent.error ?? 'no error'})`);
      const forced = (sent.toolChoice as { function?: { name?: string } } | undefined)?.function
        ?.name;
      if (forced) assert.ok(sent.toolNames.includes(forced), `tool_choice ${forced} is offered`);
      for (const name of (options.activeTools as string[] | undefined) ?? [])
        assert.ok(sent.toolNames.includes(name), `${name} is sent`);
      assert.deepEqual(call.unknownNames, []);
    }
  });

  test('every confident tool mention in the instructions is a name real Mastra offers', async () => {
    const afterScan = await scanRepository(copy.root);
    let checked = 0;
    for (const agent of afterScan.agents.filter((a) => a.variable)) {
      const sent = await captureFixtureAgent(copy.root, agent, provider());
      for (const m of afterScan.mentions.filter(
        (x) => x.agentIndex === agent.index && x.context === 'instructions' && confident(x),
      )) {
        assert.ok(
          (sent.toolNames ?? []).includes(m.name),
          `${agent.id}: "${m.name}" at ${m.location.file}:${m.location.line} is offered`,
        );
        checked++;
      }
    }
    assert.ok(checked >= 8, `checked ${checked} mentions`);
  });

  test('a second run changes nothing', async () => {
    git(copy.root, 'commit', '-qam', 'migrated');
    const again = await migrate(copy.root);
    assert.deepEqual(again.files, []);
    assert.deepEqual(again.written, []);
    assert.equal(again.plan.edits.length, 0);
  });
});
