/**
 * The engine rewrites only the top-level statements that hold edits. That must give the same text
 * as parsing and reprinting the whole file, on every file the fixtures make it edit, and keep
 * untouched statements byte for byte (even their line endings).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { applyFileEdits } from '../src/migrate/apply-file.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { DEFAULT_RULES, type Edit } from '../src/plan/model.ts';
import { scanSource } from '../src/scan/scan.ts';
import { fixturePath, scanFixture } from './helpers/fixture-scan.ts';

const FIXTURES = [
  'demo-app',
  'scan/tool-maps',
  'scan/call-sites',
  'scan/mentions',
  'scan/subagents-workflows',
  'scan/tool-values',
  'scan/monorepo',
  'scan/agent-imports',
];

describe('statement-scoped rewriting', () => {
  for (const name of FIXTURES) {
    test(`${name}: same output as a whole-file rewrite`, async () => {
      const scan = await scanFixture(name);
      const plan = buildPlan(scan, { rules: [...DEFAULT_RULES] });
      const byFile = new Map<string, Edit[]>();
      for (const e of plan.edits)
        if (/\.[cm]?[jt]sx?$/.test(e.location.file))
          byFile.set(e.location.file, [...(byFile.get(e.location.file) ?? []), e]);
      assert.ok(byFile.size > 0 || name === 'scan/agent-imports', 'the fixture has code edits');
      for (const [rel, edits] of byFile) {
        const abs = path.join(fixturePath(name), rel);
        const source = readFileSync(abs, 'utf8');
        const scoped = applyFileEdits(abs, source, edits);
        const whole = applyFileEdits(abs, source, edits, { scope: 'file' });
        assert.ok(scoped.ok && whole.ok, rel);
        assert.equal(scoped.text, whole.text, rel);
        assert.notEqual(scoped.text, source, `${rel} changed`);
        assert.equal(scoped.applied.length, edits.length);
      }
    });
  }

  test('untouched statements keep their bytes, even a lone LF line in a CRLF file', () => {
    const source =
      [
        "import { Agent } from '@mastra/core/agent';",
        "const tools = { 'search.web': search };",
        'export const a = new Agent({ id: "a", name: "a", instructions: "x", model: "m", tools });',
      ].join('\r\n') + '\r\n// a note with a Unix line ending\nexport const b = 1;\r\n';
    const file = path.resolve('.tmp/mixed.ts');
    const edits = buildPlan(scanSource(file, source), { rules: [...DEFAULT_RULES] }).edits;
    assert.ok(edits.length > 0);
    const scoped = applyFileEdits(file, source, edits);
    assert.ok(scoped.ok);
    assert.equal(scoped.text, source.replace("'search.web'", 'search_web'));
  });
});
