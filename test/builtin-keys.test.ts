/**
 * Built-ins keyed by their own id, `tools: { [webFetchTool.id]: webFetchTool, [askUserTool.id]:
 * askUserTool }` (fixtures/scan/builtin-keys): the scan knows the keys, with @mastra/core installed
 * (ids from its declarations) and without it (a copy outside the repository: the bundled table),
 * and predicts exactly what real @mastra/core sends; `check` passes, since the prompt names the
 * tools as the model sees them.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { predictRequest } from '../src/names/request.ts';
import type { ScanResult } from '../src/scan/model.ts';
import { agentSources, scanRepository } from '../src/scan/scan.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { runCli } from './helpers/run-cli.ts';

const FIXTURE = fixturePath('scan/builtin-keys');
const provider = useFakeProvider();

/** A copy of the fixture where no node_modules is reachable (the OS temporary folder). */
let outside = '';
before(() => {
  outside = mkdtempSync(path.join(tmpdir(), 'mtn-builtin-keys-'));
  cpSync(FIXTURE, outside, { recursive: true });
});
after(() => rmSync(outside, { recursive: true, force: true }));

function assertKeys(scan: ScanResult, idSource: 'installed-declarations' | 'bundled-table'): void {
  const [agent] = scan.agents;
  assert.equal(scan.agents.length, 1);
  assert.deepEqual(agent!.tools.unresolved, []);
  assert.deepEqual(
    agent!.tools.entries.map((e) => [
      e.keyText,
      e.key,
      e.keyKind,
      e.value.kind === 'builtin'
        ? `${e.value.exportName} ${e.value.id} ${e.value.idSource}`
        : e.value.kind,
    ]),
    [
      ['[webFetchTool.id]', 'web_fetch', 'computed', `webFetchTool web_fetch ${idSource}`],
      ['[askUserTool.id]', 'ask_user', 'computed', `askUserTool ask_user ${idSource}`],
    ],
  );
  assert.equal(scan.mastra.builtinIds, idSource);
}

describe('built-ins keyed by [tool.id]', () => {
  test('with @mastra/core installed: keys from its declarations, and the wire list real Mastra sends', async () => {
    const scan = await scanRepository(FIXTURE);
    assert.equal(scan.mastra.version, '1.71.0');
    assertKeys(scan, 'installed-declarations');
    const captured = await captureFixtureAgent(FIXTURE, scan.agents[0]!, provider());
    assert.deepEqual(captured.toolNames, ['web_fetch', 'ask_user']);
    assert.deepEqual(predictRequest(agentSources(scan.agents[0]!)).toolNames, captured.toolNames);
  });

  test('without node_modules: keys from the bundled table, the same prediction', async () => {
    const scan = await scanRepository(outside);
    assert.equal(scan.mastra.version, undefined, 'no @mastra/core is reachable from the copy');
    assertKeys(scan, 'bundled-table');
    const captured = await captureFixtureAgent(
      FIXTURE,
      (await scanRepository(FIXTURE)).agents[0]!,
      provider(),
    );
    assert.deepEqual(predictRequest(agentSources(scan.agents[0]!)).toolNames, captured.toolNames);
  });

  for (const where of ['in the repository', 'outside it'] as const) {
    test(`check passes ${where}: the prompt says web_fetch and ask_user`, async () => {
      const r = await runCli(['check', where === 'outside it' ? outside : FIXTURE]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /0 findings need a human/);
    });
  }

  test('check fails when the prompt names a built-in by its export name', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'mtn-builtin-keys-'));
    try {
      cpSync(FIXTURE, copy, { recursive: true });
      const file = path.join(copy, 'src/mastra/browsing-agent.ts');
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace('with `web_fetch`', 'with `webFetchTool`'),
      );
      const r = await runCli(['check', copy]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /webFetchTool -> web_fetch/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
