/** `check` for CI: the documented exit codes on clean, dirty and broken projects, and its outputs. */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Log } from 'sarif';
import type { Report } from '../src/report/model.ts';
import { runCli } from './helpers/run-cli.ts';
import { snapshot } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

describe('mastra-tool-names check', () => {
  test('a clean project exits 0', async () => {
    const r = await runCli(['check', 'fixtures/scan/clean']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /0 edits in 0 files .* 0 findings need a human/);
    assert.doesNotMatch(r.stdout, /Fix what can be fixed/);
  });

  test('pending changes exit 1, print the fixing command, write nothing', async () => {
    const before = snapshot('fixtures/demo-app');
    const r = await runCli(['check', 'fixtures/demo-app', '--skip', 'rekey-builtins']);
    assert.equal(r.code, 1);
    assert.match(
      r.stdout,
      /Fix what can be fixed with: npx mastra-tool-names migrate fixtures\/demo-app --skip rekey-builtins$/m,
    );
    assert.deepEqual(snapshot('fixtures/demo-app'), before);
  });

  test('findings alone (nothing to change) also exit 1', async () => {
    const p = tempProject({
      'a.ts': `import { Agent } from '@mastra/core/agent';\nimport { createTool } from '@mastra/core/tools';\nconst t = createTool({ id: 'x', description: 'x', execute: async () => ({}) });\nexport const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'm', tools: { 'a.b': t, 'a b': t } });\n`,
    });
    try {
      const r = await runCli(['check', p.root, '--format', 'json']);
      assert.equal(r.code, 1);
      const report = JSON.parse(r.stdout) as Report;
      assert.equal(report.totals.changes, 0);
      assert.equal(report.findings[0]!.kind, 'collision');
      assert.equal(report.findings[0]!.locations.length, 2, 'every location of the collision');
    } finally {
      p.cleanup();
    }
  });

  test('a file that cannot be parsed exits 3 and is named', async () => {
    const p = tempProject({
      'bad.ts': `import { Agent } from '@mastra/core/agent';\nexport const a = new Agent({ tools: { 'a.b': ;\n`,
    });
    try {
      const r = await runCli(['check', p.root]);
      assert.equal(r.code, 3);
      assert.match(r.stdout, /unparsable .*bad\.ts/);
    } finally {
      p.cleanup();
    }
  });

  test('--format json keeps stdout machine-readable; --report writes SARIF beside it', async () => {
    const p = tempProject({});
    try {
      const sarifFile = path.join(p.root, 'out.sarif');
      const r = await runCli([
        'check',
        'fixtures/demo-app',
        '--format',
        'json',
        '--report',
        sarifFile,
      ]);
      assert.equal(r.code, 1);
      const report = JSON.parse(r.stdout) as Report;
      assert.equal(report.mode, 'check');
      assert.match(r.stderr, /Fix what can be fixed with/);
      assert.ok(existsSync(sarifFile));
      assert.equal((JSON.parse(readFileSync(sarifFile, 'utf8')) as Log).version, '2.1.0');
    } finally {
      p.cleanup();
    }
  });

  test('usage errors exit 2: unknown option, rule or path', async () => {
    for (const args of [
      ['check', '--nope', 'fixtures/demo-app'],
      ['check', '--only', 'nope', 'fixtures/demo-app'],
      ['check', 'no/such/path'],
      ['check', '--format', 'xml', '.'],
    ]) {
      const r = await runCli(args);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '');
    }
  });

  test('scan exits 3 when a file does not parse, after printing the rest', async () => {
    const p = tempProject({
      'bad.ts': `import { Agent } from '@mastra/core/agent';\nexport const x = {;\n`,
      'good.ts': `import { Agent } from '@mastra/core/agent';\nexport const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'm', tools: {} });\n`,
    });
    try {
      const r = await runCli(['scan', p.root]);
      assert.equal(r.code, 3);
      assert.match(r.stdout, /Agent a /);
      assert.match(r.stdout, /Could not process bad\.ts: 2:\d+ /);
    } finally {
      p.cleanup();
    }
  });
});
