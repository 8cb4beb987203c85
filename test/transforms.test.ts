/**
 * Every transform, run alone the way `npx jscodeshift -t transforms/<rule>.ts` runs it, on its
 * input/output fixtures (negative cases included). Each fixture also runs a second time on its own
 * output, which must change nothing, and every file involved must parse as TypeScript.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import jscodeshift, { type Transform } from 'jscodeshift';
import ts from 'typescript';
import { RULE_IDS } from '../src/plan/model.ts';

const DIR = fileURLToPath(new URL('../transforms/', import.meta.url));
const RULES = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));

function parsesAsTypeScript(text: string, file: string): void {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const diagnostics = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  assert.deepEqual(
    diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    [],
    `${file} must parse`,
  );
}

async function run(transform: Transform, file: string, source: string): Promise<string> {
  const api = { jscodeshift, j: jscodeshift, stats: () => {}, report: () => {} };
  const out = await transform({ path: file, source }, api, {});
  return typeof out === 'string' ? out : source;
}

describe('transforms run alone on their fixtures', () => {
  test('every rule has a transform and fixtures, and nothing else is in transforms/', () => {
    assert.deepEqual(RULES.sort(), [...RULE_IDS].sort());
  });

  for (const rule of RULES) {
    const fixtures = path.join(DIR, '__testfixtures__', rule);
    const cases = readdirSync(fixtures)
      .filter((f) => f.includes('.input.'))
      .map((f) => f.replace(/\.input\.(tsx?)$/, ''));
    test(`${rule} has fixtures`, () => assert.ok(cases.length > 0));
    for (const name of cases) {
      test(`${rule}: ${name}`, async () => {
        const mod = (await import(path.join(DIR, `${rule}.ts`))) as {
          default: Transform;
          name: string;
          description: string;
        };
        assert.equal(mod.name, rule);
        assert.ok(mod.description.length > 20);
        const inputFile = path.join(fixtures, `${name}.input.ts`);
        const input = readFileSync(inputFile, 'utf8');
        const expected = readFileSync(path.join(fixtures, `${name}.output.ts`), 'utf8');
        parsesAsTypeScript(input, inputFile);
        parsesAsTypeScript(expected, 'expected.ts');
        const actual = await run(mod.default, inputFile, input);
        parsesAsTypeScript(actual, 'actual.ts');
        assert.equal(actual, expected);
        assert.equal(
          await run(mod.default, inputFile, actual),
          actual,
          'a second run changes nothing',
        );
      });
    }
  }
});
