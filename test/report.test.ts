/**
 * The report on the demo app in every format: golden files (UPDATE_GOLDEN=1 rewrites them), the
 * JSON against schema/report.schema.json, the SARIF against the official SARIF 2.1.0 schema.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import Draft04 from 'ajv-draft-04';
import { createGenerator } from 'ts-json-schema-generator';
import { migrate } from '../src/migrate/migrate.ts';
import { buildReport } from '../src/report/build.ts';
import type { Report } from '../src/report/model.ts';
import { renderReport, type Format } from '../src/report/render/index.ts';

// ajv-draft-04 is CommonJS; under NodeNext its class may sit on `default`.
const AjvDraft04 =
  (Draft04 as unknown as { default?: typeof Ajv }).default ?? (Draft04 as unknown as typeof Ajv);
const here = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
const TARGET = 'fixtures/demo-app';
let report: Report;

before(async () => {
  report = buildReport(await migrate(here(`../${TARGET}`), { dryRun: true }), 'dry-run', TARGET);
  report.tool.version = '0.0.0-test'; // golden files do not change with each release
});

function golden(name: string, actual: string): void {
  const file = here(`golden/${name}`);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, actual);
  assert.equal(
    actual,
    readFileSync(file, 'utf8'),
    `${name} differs; rerun with UPDATE_GOLDEN=1 after checking the change`,
  );
}

describe('report renderers on the demo app', () => {
  for (const [format, file] of [
    ['text', 'demo.txt'],
    ['markdown', 'demo.md'],
    ['json', 'demo.json'],
    ['sarif', 'demo.sarif'],
    ['github', 'demo.github'],
  ] as Array<[Format, string]>) {
    test(`${format} matches ${file}`, () => golden(file, `${renderReport(report, format)}\n`));
  }

  test('the JSON report validates against schema/report.schema.json, which matches the types', () => {
    const schema = JSON.parse(readFileSync(here('../schema/report.schema.json'), 'utf8')) as object;
    const generated = createGenerator({
      path: here('../src/report/model.ts'),
      tsconfig: here('../tsconfig.json'),
      type: 'Report',
      topRef: false,
    }).createSchema('Report');
    assert.deepEqual(JSON.parse(JSON.stringify(generated)), schema, 'run `npm run schema`');
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    assert.ok(validate(JSON.parse(renderReport(report, 'json'))), JSON.stringify(validate.errors));
  });

  test('the SARIF validates against the official 2.1.0 schema', () => {
    const require = createRequire(import.meta.url);
    const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as object;
    // The official schema has a pattern that is invalid under the `u` flag.
    const validate = new AjvDraft04({
      allErrors: true,
      strict: false,
      unicodeRegExp: false,
    }).compile(schema);
    const sarif = JSON.parse(renderReport(report, 'sarif')) as {
      runs: Array<{
        results: Array<{ ruleId: string }>;
        tool: { driver: { rules: Array<{ id: string }> } };
      }>;
    };
    assert.ok(validate(sarif), JSON.stringify(validate.errors?.slice(0, 3)));
    assert.equal(sarif.runs[0]!.results.length, report.changes.length + report.findings.length);
    const run = sarif.runs[0]!;
    const ruleIds = new Set(run.tool.driver.rules.map((r) => r.id));
    for (const r of run.results) assert.ok(ruleIds.has(r.ruleId), r.ruleId);
  });

  test('the model counts every change and finding once, with locations and wire effects', () => {
    assert.equal(report.schemaVersion, 1);
    assert.deepEqual(report.totals, {
      changes: 18,
      files: 6,
      preserved: 7,
      fixed: 8,
      renamed: 3,
      findings: 3,
      notes: 1,
      failedFiles: 0,
      unchecked: 0,
    });
    assert.equal(report.totals.findings + report.totals.notes, report.findings.length);
    assert.ok(
      report.changes.every((c) => !c.applied && c.line > 0 && c.column > 0 && c.reason.length > 10),
    );
    const support = report.agents.find((a) => a.agent === 'support-agent')!;
    assert.deepEqual(support.after, ['weatherTool', 'issueRefundTool', 'lookup-order', 'ask_user']);
    assert.deepEqual(
      report.renames.map((r) => `${r.from}->${r.to}`),
      ['submitPlanTool->submit_plan', 'lookupOrderTool->lookup-order', 'askUserTool->ask_user'],
    );
  });
});
