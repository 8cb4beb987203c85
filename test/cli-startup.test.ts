/**
 * Start-up: `--help`, `--version` and `names` load no part of the TypeScript compiler, ts-morph,
 * jscodeshift or prettier (they are loaded by the commands that scan or rewrite, when they run);
 * a check served from the cache loads neither them nor what only `names` or a report file needs.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CODE_CACHE } from './helpers/run-cli.ts';

const BIN = fileURLToPath(new URL('../bin/mastra-tool-names.ts', import.meta.url));
const RECORD = fileURLToPath(new URL('./helpers/record-modules.mjs', import.meta.url));
const HEAVY =
  /[\\/]node_modules[\\/](typescript|ts-morph|@ts-morph[\\/]common|jscodeshift|recast|@babel[\\/]parser|prettier)[\\/]/;

/** What a check served from the cache does not need: the names engine and semver. */
const NOT_FOR_A_CACHED_CHECK =
  /[\\/]node_modules[\\/]semver[\\/]|[\\/]src[\\/](names|verify[\\/]compare)/;

/** The modules a CLI run resolved, and its exit code. */
function loaded(
  args: string[],
  env: Record<string, string> = {},
): { code: number | null; modules: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mtn-modules-'));
  const log = path.join(dir, 'modules.log');
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', RECORD, BIN, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        MTN_MODULE_LOG: log,
        NO_COLOR: '1',
        MASTRA_TOOL_NAMES_CODE_CACHE_DIR: CODE_CACHE,
        ...env,
      },
    });
    const modules = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    return { code: r.status, modules };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('start-up loads only what the command needs', () => {
  for (const args of [['--version'], ['--help'], ['names', 'a.b', 'c'], ['migrate', '--help']]) {
    test(`${args.join(' ')}: no compiler, ts-morph, jscodeshift or prettier`, () => {
      const { code, modules } = loaded(args);
      assert.equal(code, 0);
      assert.ok(
        modules.some((m) => m.includes('/node_modules/yargs/')),
        'the recorder sees packages',
      );
      assert.deepEqual(
        modules.filter((m) => HEAVY.test(m)),
        [],
      );
    });
  }

  test('scan loads ts-morph when it runs (the recorder would see it)', () => {
    const { code, modules } = loaded([
      'scan',
      '--json',
      fileURLToPath(new URL('../fixtures/scan/clean/', import.meta.url)),
    ]);
    assert.equal(code, 0);
    assert.ok(modules.some((m) => /[\\/]node_modules[\\/]ts-morph[\\/]/.test(m)));
  });

  test('a check served from the cache loads none of them; the run that filled it did', () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'mtn-startup-cache-'));
    try {
      const args = ['check', fileURLToPath(new URL('../fixtures/demo-app/', import.meta.url))];
      const env = { MASTRA_TOOL_NAMES_CACHE_DIR: cache };
      const cold = loaded(args, env);
      const warm = loaded(args, env);
      assert.equal(cold.code, 1);
      assert.equal(warm.code, 1);
      assert.ok(cold.modules.some((m) => HEAVY.test(m)));
      assert.deepEqual(
        warm.modules.filter((m) => HEAVY.test(m) || NOT_FOR_A_CACHED_CHECK.test(m)),
        [],
      );
      // The recorder sees our own modules too (what the second pattern would catch).
      assert.ok(warm.modules.some((m) => /[\\/]src[\\/]cache[\\/]/.test(m)));
      assert.ok(cold.modules.some((m) => NOT_FOR_A_CACHED_CHECK.test(m)));
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
