/** `scan` as a user runs it on the bundled demo. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runCli } from './helpers/run-cli.ts';

describe('mastra-tool-names scan', () => {
  test('prints what each demo agent offers, the broken call options and the stale mentions', async () => {
    const r = await runCli(['scan', 'fixtures/demo-app']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Agent research-agent \(researchAgent\)/);
    assert.match(
      r.stdout,
      /search_web\s+search\.web\s+createTool id web-search\s+src\/mastra\/tools\/registry\.ts:6:3 via spread/,
    );
    assert.match(r.stdout, /\+ at run time: github_\*, linear\.app_\* from mcp\.listTools\(\)/);
    assert.match(
      r.stdout,
      /! toolChoice names search\.web, which the model is not offered\s+src\/run\.ts:17:/,
    );
    assert.match(r.stdout, /! activeTools names lookup-order, which the model is not offered/);
    assert.match(
      r.stdout,
      /support-agent\.ts:12:\d+ instructions names lookup-order \(the tool's id\); the model sees lookupOrderTool/,
    );
    assert.match(
      r.stdout,
      /ToolCallView\.tsx:26:\d+ comparison names search\.web \(the tool's key\); the model sees search_web/,
    );
    assert.match(
      r.stdout,
      /4 agents, 5 keys rewritten on the wire, 0 collisions, 2 toolChoice\/activeTools names not offered, 15 mentions/,
    );
  });

  test('a missing path or a file is a usage error', async () => {
    const missing = await runCli(['scan', 'no/such/dir']);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /path not found: no\/such\/dir/);
    const file = await runCli(['scan', 'package.json']);
    assert.equal(file.code, 2);
    assert.match(file.stderr, /not a directory/);
  });
});
