/** The `names` command as a user runs it: output, JSON shape and exit codes. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { NamesReport } from '../src/names/explain.ts';
import { runCli } from './helpers/run-cli.ts';

describe('mastra-tool-names names', () => {
  test('shows search_web moved after the others and exits 0', async () => {
    const r = await runCli(['names', 'search.web', 'plain', 'weather-EU']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /search\.web\s+search_web\s+rewritten: invalid "\."/);
    assert.match(r.stdout, /Order the model sees: plain, weather-EU, search_web/);
    assert.match(r.stdout, /Mastra accepts this set\./);
  });

  test('--mastra-version names by that version: 0.10.15 has no prefix and no rewrite, 0.21.1 no prefix', async () => {
    const old = await runCli([
      'names',
      '--json',
      'search.web',
      '--workflows',
      'summarise',
      '--agents',
      'helper',
      '--mastra-version',
      '0.10.15',
    ]);
    assert.equal(old.code, 0, old.stderr);
    assert.deepEqual((JSON.parse(old.stdout) as { order: string[] }).order, [
      'search.web',
      'summarise',
    ]);
    const mid = await runCli([
      'names',
      '--json',
      'search.web',
      '--workflows',
      'summarise',
      '--agents',
      'helper',
      '--mastra-version',
      '0.21.1',
    ]);
    assert.deepEqual((JSON.parse(mid.stdout) as { order: string[] }).order, [
      'helper',
      'summarise',
      'search_web',
    ]);
    const now = await runCli(['names', '--json', '--workflows', 'summarise']);
    assert.deepEqual((JSON.parse(now.stdout) as { order: string[] }).order, ['workflow-summarise']);
    const bad = await runCli(['names', 'x', '--mastra-version', '0.9.4']);
    assert.equal(bad.code, 2);
  });

  test('--json has the documented shape', async () => {
    const r = await runCli(['names', '--json', 'search.web', 'plain', '9x']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), {
      tools: [
        {
          key: 'search.web',
          wireName: 'search_web',
          rewritten: true,
          reasons: ['invalid-character'],
        },
        { key: 'plain', wireName: 'plain', rewritten: false, reasons: [] },
        { key: '9x', wireName: '_9x', rewritten: true, reasons: ['leading-character'] },
      ],
      order: ['plain', 'search_web', '_9x'],
      collisions: [],
      errors: [],
    });
  });

  test('a collision exits 1 and names both keys; --stdin takes keys with newlines', async () => {
    const r = await runCli(['names', '--stdin', '--json'], JSON.stringify(['a.b', 'a\nb', 'c']));
    assert.equal(r.code, 1);
    const out = JSON.parse(r.stdout) as NamesReport;
    assert.deepEqual(out.collisions, [{ name: 'a_b', keys: ['a.b', 'a\nb'], inherited: false }]);
    assert.equal(out.errors[0]!.key, 'a\nb');
    assert.match(out.errors[0]!.message, /resolve to the same name "a_b"/);
  });

  test('--agents and --workflows add prefixed keys', async () => {
    const r = await runCli([
      'names',
      '--json',
      'plan',
      '--agents',
      'research.bot',
      '--workflows',
      'nightly',
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as NamesReport).order, [
      'plan',
      'workflow-nightly',
      'agent-research_bot',
    ]);
  });

  test('the empty key is reported as a crash', async () => {
    const r = await runCli(['names', '--stdin'], '["ok", ""]');
    assert.equal(r.code, 1);
    assert.match(r.stdout, /makes Mastra crash/);
  });

  for (const [args, input, pattern] of [
    [['names', '--bogus', 'x'], undefined, /Unknown argument: bogus/],
    [['names'], undefined, /at least one key/],
    [['names', '--stdin'], '{"a":1}', /JSON array of strings/],
    [['names', '--stdin'], 'not json', /JSON array of strings/],
    [['frobnicate'], undefined, /Unknown argument|Did you mean/],
    [[], undefined, /Name a command/],
  ] as const) {
    test(`usage error exits 2: ${JSON.stringify(args)}`, async () => {
      const r = await runCli([...args], input);
      assert.equal(r.code, 2);
      assert.match(r.stderr, pattern);
      assert.equal(r.stdout, '');
    });
  }
});
