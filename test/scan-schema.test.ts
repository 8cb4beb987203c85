/** `scan --json` output validates against the committed schema, and the schema matches the types. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import { runCli } from './helpers/run-cli.ts';

const SCHEMA_PATH = fileURLToPath(new URL('../schema/scan.schema.json', import.meta.url));
const committed = JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object;

describe('scan JSON schema', () => {
  test('the committed schema is generated from src/scan/model.ts (run `npm run schema`)', () => {
    const generated = createGenerator({
      path: fileURLToPath(new URL('../src/scan/model.ts', import.meta.url)),
      tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
      type: 'ScanResult',
      topRef: false,
    }).createSchema('ScanResult');
    assert.deepEqual(JSON.parse(JSON.stringify(generated)), committed);
  });

  test('scan --json of the demo app validates', async () => {
    const r = await runCli(['scan', '--json', 'fixtures/demo-app']);
    assert.equal(r.code, 0, r.stderr);
    const output = JSON.parse(r.stdout) as { schemaVersion: number; agents: unknown[] };
    const validate = new Ajv({ allErrors: true, strict: false }).compile(committed);
    assert.ok(validate(output), JSON.stringify(validate.errors, null, 1));
    assert.equal(output.schemaVersion, 1);
    assert.ok(output.agents.length >= 4);
  });
});
