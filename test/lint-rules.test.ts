/**
 * The architecture's lint rules (eslint.config.js) catch what they are for: code below bin/ that
 * prints, exits or imports bin/; the scanner, planner or renderers writing files; I/O in the plan.
 * Each case is linted as text at a path of its folder (the type-aware rules are off: the files do
 * not exist), so a rule that silently stops applying fails here.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const eslint = new ESLint({ overrideConfig: tseslint.configs.disableTypeChecked });

/** The rules (each once) that report `code` at `file`. */
async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  assert.ok(result, file);
  assert.deepEqual(
    result.messages.filter((m) => m.fatal),
    [],
    'the case parses',
  );
  return [...new Set(result.messages.map((m) => m.ruleId ?? ''))].sort();
}

describe('architecture rules', () => {
  test('below bin/, nothing prints, exits or sets the exit code', async () => {
    for (const file of ['src/scan/x.ts', 'src/migrate/x.ts', 'transforms/lib/x.ts']) {
      assert.deepEqual(await rulesHit(file, "console.log('x');\n"), ['no-console'], file);
      for (const code of [
        'process.exit(1);\n',
        'process.exitCode = 1;\n',
        "process.stdout.write('x');\n",
        "process.stderr.write('x');\n",
      ])
        assert.deepEqual(await rulesHit(file, code), ['no-restricted-syntax'], `${file}: ${code}`);
    }
  });

  test('bin/ prints and exits', async () => {
    assert.deepEqual(
      await rulesHit(
        'bin/x.ts',
        "console.log('x');\nprocess.stdout.write('x');\nprocess.exit(1);\n",
      ),
      [],
    );
  });

  test('the verify child exits and writes its own stderr, and still prints nothing else', async () => {
    const file = 'src/verify/child/driver.ts';
    assert.deepEqual(await rulesHit(file, "process.stderr.write('x');\nprocess.exit(0);\n"), []);
    assert.deepEqual(await rulesHit(file, "console.log('x');\n"), ['no-console']);
    assert.deepEqual(await rulesHit('src/verify/child/agents.ts', 'process.exit(0);\n'), [
      'no-restricted-syntax',
    ]);
  });

  test('nothing below bin/ imports from bin/, statically or dynamically', async () => {
    for (const file of ['src/report/x.ts', 'src/verify/child/driver.ts', 'transforms/x.ts']) {
      assert.deepEqual(
        await rulesHit(file, "import { EXIT } from '../../bin/io.ts';\nexport { EXIT };\n"),
        ['no-restricted-imports'],
        file,
      );
      assert.deepEqual(
        await rulesHit(file, "export const io = () => import('../../bin/io.ts');\n"),
        ['no-restricted-syntax'],
        file,
      );
    }
    assert.deepEqual(
      await rulesHit('bin/x.ts', "import { EXIT } from './io.ts';\nexport { EXIT };\n"),
      [],
    );
  });

  test('the scanner and the renderers read files and never write them; src/migrate/ writes', async () => {
    const write = "import { writeFileSync } from 'node:fs';\nexport { writeFileSync };\n";
    const atomic =
      "import writeFileAtomic from 'write-file-atomic';\nexport { writeFileAtomic };\n";
    const read = "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n";
    for (const file of ['src/scan/files/x.ts', 'src/report/render/x.ts']) {
      assert.deepEqual(await rulesHit(file, write), ['no-restricted-imports'], file);
      assert.deepEqual(await rulesHit(file, atomic), ['no-restricted-imports'], file);
      assert.deepEqual(await rulesHit(file, read), [], file);
    }
    assert.deepEqual(await rulesHit('src/migrate/x.ts', write), []);
  });

  test('the plan and the normaliser do no I/O at all', async () => {
    for (const file of ['src/plan/rules/x.ts', 'src/names/x.ts'])
      for (const module of ['node:fs', 'fs/promises', 'node:child_process', 'node:http'])
        assert.deepEqual(
          await rulesHit(file, `import * as m from '${module}';\nexport { m };\n`),
          ['no-restricted-imports'],
          `${file}: ${module}`,
        );
    assert.deepEqual(
      await rulesHit('src/plan/x.ts', "import path from 'node:path';\nexport { path };\n"),
      [],
    );
  });

  test('imports point down the layers: offers/ below plan/, cache/ below migrate/, migrate/ below report/', async () => {
    const imports = (spec: string) => `import { x } from '${spec}';\nexport { x };\n`;
    for (const [file, spec] of <Array<[string, string]>>[
      ['src/offers/offers.ts', '../plan/agents.ts'],
      ['src/cache/x.ts', '../migrate/migrate.ts'],
      ['src/migrate/stale-names.ts', '../report/model.ts'],
      ['src/scan/values/x.ts', '../../offers/entries.ts'],
      ['src/names/x.ts', '../scan/model.ts'],
      ['src/verify/verify.ts', '../report/build.ts'],
      ['transforms/lib/standalone.ts', '../../src/migrate/migrate.ts'],
      ['src/plan/rules/x.ts', '../../../transforms/lib/apply-edits.ts'],
    ])
      assert.deepEqual(
        await rulesHit(file, imports(spec)),
        ['no-restricted-imports'],
        `${file}: ${spec}`,
      );
    for (const [file, spec] of <Array<[string, string]>>[
      ['src/plan/rules/x.ts', '../../offers/entries.ts'],
      ['src/migrate/x.ts', '../cache/store.ts'],
      ['src/migrate/x.ts', '../../transforms/lib/apply-text.ts'],
      ['src/report/x.ts', '../verify/model.ts'],
      ['transforms/lib/x.ts', '../../src/plan/model.ts'],
      ['src/report/render/x.ts', '../verify-text.ts'],
    ])
      assert.deepEqual(await rulesHit(file, imports(spec)), [], `${file}: ${spec}`);
  });

  test('an import cycle in the engine fails the lint', async () => {
    // tool-map.ts imports runtime-tools.ts: runtime-tools.ts importing tool-map.ts again is a cycle.
    const cycle = "import { keyOf } from './tool-map.ts';\nexport { keyOf };\n";
    assert.deepEqual(await rulesHit('src/scan/values/runtime-tools.ts', cycle), [
      'import-x/no-cycle',
    ]);
    const fine = "import { keyOf } from './map-walk.ts';\nexport { keyOf };\n";
    assert.deepEqual(await rulesHit('src/scan/values/runtime-tools.ts', fine), []);
  });
});
