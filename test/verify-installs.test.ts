/**
 * `verify` where real apps live: apps installed with pnpm (isolated `.pnpm` layout) and with yarn's
 * node-modules linker, outside this repository (so nothing can fall back to its node_modules), run
 * from another folder as `npx` would run the CLI; and a pnpm monorepo with three apps (two
 * installed, with different @mastra/core versions, one not) measured from its root, by `verify`
 * and by `migrate --verify`. The layouts are built offline from the packages this repository
 * installed (test/helpers/installs.ts); the CLI's own @mastra/core is 1.71.0, the apps' are not
 * all that, so a wrong one would show.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Report } from '../src/report/model.ts';
import type { AppReport, VerifyReport } from '../src/verify/model.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { git, snapshot } from './helpers/git-copy.ts';
import { installLikePnpm, installLikeYarn } from './helpers/installs.ts';
import { installCommand } from '../src/verify/install.ts';
import { runCli } from './helpers/run-cli.ts';

/** These tests are not about the time limit: a busy machine must not make them time out. */
const SLOW_OK = ['--timeout', '600'];
const CORE_1_0 = { '@mastra/core': 'mastra-core-1-0', zod: 'zod' };
const CORE_CURRENT = { '@mastra/core': '@mastra/core', zod: 'zod' };

const temps: string[] = [];
function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `mtn-${name}-`));
  temps.push(dir);
  return dir;
}
after(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A fixture app's sources (no node_modules) copied to `dir`. */
function copyApp(fixture: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  cpSync(fixturePath(fixture), dir, { recursive: true });
  return dir;
}

/** The CLI run from a folder that is neither the app nor this repository, as `npx` runs it. */
async function verifyJson(args: string[]): Promise<{ code: number | null; report: VerifyReport }> {
  const r = await runCli(
    ['verify', ...args, ...SLOW_OK, '--format', 'json'],
    undefined,
    tempDir('cwd'),
  );
  assert.doesNotMatch(r.stderr, /internal error/);
  return { code: r.code, report: JSON.parse(r.stdout) as VerifyReport };
}

function runtimeKeysMeasured(app: AppReport): void {
  assert.equal(app.outcome, 'verified', app.loadError?.reason);
  const byKey = Object.fromEntries(app.agents.map((a) => [a.key, a]));
  assert.equal(byKey.fixedAgent?.status, 'match');
  assert.deepEqual(byKey.fixedAgent?.measurement.request?.tools, ['searchTool', 'fetch_page']);
  assert.equal(byKey.catalogueAgent?.status, 'unpredictable');
  assert.deepEqual(byKey.catalogueAgent?.measurement.request?.tools, [
    'fetch-page',
    'web_search',
    'notes_save',
  ]);
  // One provider request per call: the local reply is final, nothing is retried.
  assert.deepEqual(
    app.agents.map((a) => a.measurement.requests),
    [1, 1],
  );
}

describe('package managers: the app’s own @mastra/core is the one loaded', () => {
  test('pnpm (isolated layout): loaded through node_modules/.pnpm, measured with it', async () => {
    const app = copyApp('verify/runtime-keys', path.join(tempDir('pnpm'), 'app'));
    installLikePnpm(app, CORE_1_0);
    writeFileSync(path.join(app, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
    const before = snapshot(path.join(app, 'src'));
    const { code, report } = await verifyJson([app]);
    assert.equal(code, 0);
    const [only] = report.apps;
    assert.deepEqual(only!.mastra, {
      version: '1.0.4',
      path: 'node_modules/.pnpm/@mastra+core@1.0.4/node_modules/@mastra/core',
    });
    runtimeKeysMeasured(only!);
    assert.deepEqual(snapshot(path.join(app, 'src')), before);
  });

  test('yarn (node-modules linker, hoisted): loaded from node_modules/@mastra/core', async () => {
    const app = copyApp('verify/runtime-keys', path.join(tempDir('yarn'), 'app'));
    installLikeYarn(app, CORE_1_0);
    const { code, report } = await verifyJson([app]);
    assert.equal(code, 0);
    const [only] = report.apps;
    assert.deepEqual(only!.mastra, { version: '1.0.4', path: 'node_modules/@mastra/core' });
    runtimeKeysMeasured(only!);
  });

  test('not installed: not measured, with the command that installs it (exit 1)', async () => {
    const app = copyApp('verify/runtime-keys', path.join(tempDir('bare'), 'app'));
    writeFileSync(path.join(app, 'yarn.lock'), '# yarn lockfile v1\n');
    const r = await runCli(['verify', app, ...SLOW_OK], undefined, tempDir('cwd'));
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /not measured: its dependencies are not installed \(@mastra\/core, zod not found from the app\); install them with `yarn install`$/m,
    );
  });
});

describe('a pnpm monorepo with three apps, measured from its root', () => {
  let root: string;
  before(() => {
    root = tempDir('monorepo');
    writeFileSync(
      path.join(root, 'package.json'),
      '{ "name": "acme", "private": true, "packageManager": "pnpm@10.34.9" }\n',
    );
    writeFileSync(path.join(root, 'pnpm-workspace.yaml'), "packages:\n  - 'apps/*'\n");
    writeFileSync(path.join(root, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
    writeFileSync(path.join(root, '.gitignore'), 'node_modules\n');
    const store = path.join(root, 'node_modules', '.pnpm');
    installLikePnpm(
      copyApp('verify/runtime-keys', path.join(root, 'apps/catalog')),
      CORE_1_0,
      store,
    );
    installLikePnpm(
      copyApp('verify/request-context', path.join(root, 'apps/sql')),
      CORE_CURRENT,
      store,
    );
    // Declared, never installed.
    copyApp('verify/collision', path.join(root, 'apps/docs'));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'monorepo');
  });

  test('every app in its own process with its own @mastra/core; the one not installed says how to install it', async () => {
    const { code, report } = await verifyJson([root]);
    assert.equal(code, 1, 'not everything was measured');
    assert.deepEqual(
      report.apps.map((a) => [a.path, a.outcome, a.mastra.version]),
      [
        ['apps/catalog', 'verified', '1.0.4'],
        ['apps/docs', 'not-installed', undefined],
        ['apps/sql', 'verified', '1.71.0'],
      ],
    );
    runtimeKeysMeasured(report.apps[0]!);
    assert.deepEqual(report.apps[1]!.notInstalled, {
      reason: 'its dependencies are not installed (@mastra/core, zod not found from the app)',
      missing: ['@mastra/core', 'zod'],
      command: 'pnpm install',
      cwd: '.',
    });
    const sql = report.apps[2]!;
    assert.deepEqual(
      sql.agents.map((a) => [a.key, a.status, a.scanAgent?.file]),
      [
        ['sqlAgent', 'unmeasured', 'apps/sql/src/mastra/agents.ts'],
        ['helpAgent', 'match', 'apps/sql/src/mastra/agents.ts'],
      ],
    );
    assert.match(sql.agents[0]!.reasons[1]!, /^it reads request-context keys .*databaseSchema/);
    assert.deepEqual(report.totals, {
      apps: 3,
      verified: 2,
      notInstalled: 1,
      loadFailed: 0,
      agents: 4,
      calls: 0,
      match: 2,
      differs: 0,
      unpredictable: 1,
      unmeasured: 1,
      failing: 1,
      blocked: 0,
    });
    for (const app of report.apps.filter((a) => a.outcome === 'verified'))
      assert.ok(app.timings.loadMs! > 0 && app.timings.callsMs! > 0 && app.timings.totalMs > 0);
  });

  test('text: a section per app, each with its time, and one summary', async () => {
    const r = await runCli(['verify', root, ...SLOW_OK], undefined, root);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^3 apps under .*, each measured in its own process/);
    assert.match(
      r.stdout,
      /Measured apps\/catalog with its own @mastra\/core 1\.0\.4 \(entry src\/mastra\/index\.ts, export mastra\) in \d+\.\d s \(load \d+\.\d s, calls \d+\.\d s\)/,
    );
    assert.match(
      r.stdout,
      /apps\/docs {2}not measured: its dependencies are not installed \(@mastra\/core, zod not found from the app\); install them with `pnpm install` in \./,
    );
    assert.match(
      r.stdout,
      /\n3 apps: 2 measured, 1 not installed, 0 could not be loaded; 4 agents: 2 match, 0 differ, 1 not predictable statically, 1 not measured; 1 fail at generate\(\); 0 actions refused; \d+\.\d s in all\n$/,
    );
  });

  test('--app restricts the run; --request-context applies to the apps that have the file', async () => {
    const { code, report } = await verifyJson([
      root,
      '--app',
      'apps/sql',
      'apps/catalog',
      '--request-context',
      'request-context.json',
    ]);
    assert.equal(code, 0);
    assert.deepEqual(
      report.apps.map((a) => [a.path, a.requestContext?.keys]),
      [
        ['apps/sql', ['databaseSchema']],
        ['apps/catalog', undefined],
      ],
    );
    assert.equal(report.apps[0]!.agents[0]!.status, 'match');
  });

  test('migrate --verify: each app measured before and after; the one not installed is named, and the exit code says so', async () => {
    const r = await runCli(
      [
        'migrate',
        '--verify',
        root,
        '--request-context',
        'request-context.json',
        '--format',
        'json',
      ],
      undefined,
      root,
    );
    assert.equal(r.code, 1, r.stderr);
    const v = (JSON.parse(r.stdout) as Report).verify!;
    assert.deepEqual(
      v.apps.map((a) => [a.path, a.mastra.version, a.measuredAgain, a.notInstalled?.command]),
      [
        ['apps/catalog', '1.0.4', true, undefined],
        ['apps/docs', undefined, false, 'pnpm install'],
        ['apps/sql', '1.71.0', true, undefined],
      ],
    );
    assert.equal(v.errors, 0, JSON.stringify(v.apps.map((a) => a.agents.map((g) => g.errors))));
    assert.equal(v.notMeasured, 1);
    const sql = v.apps[2]!.agents.find((a) => a.key === 'sqlAgent')!;
    assert.deepEqual(sql.measured, {
      before: { tools: ['sql_run'], toolChoice: { mode: 'auto' } },
      after: { tools: ['sql_run'], toolChoice: { mode: 'auto' } },
    });
    const fixed = v.apps[0]!.agents.find((a) => a.key === 'fixedAgent')!;
    assert.equal(fixed.status, 'as-planned');
    assert.deepEqual(fixed.measured.after.tools, ['searchTool', 'fetch_page']);
  });
});

describe('the install command for an app that is not installed', () => {
  test('its own lockfile; else the workspace that lists it, at its root; else its own folder, with the manager the repository uses', () => {
    const root = tempDir('managers');
    const files: Record<string, string> = {
      'pnpm-lock.yaml': '',
      'pnpm-workspace.yaml': "packages:\n  - 'apps/*' # the apps\n  - '!apps/legacy'\n",
      'apps/a/package.json': '{}',
      'apps/legacy/package.json': '{}',
      'examples/own/package.json': '{}',
      'examples/own/yarn.lock': '',
      'examples/pinned/package.json': '{}',
      'examples/pinned/pnpm-lock.yaml': '',
      'examples/workspace/package.json': '{}',
      'examples/workspace/pnpm-lock.yaml': '',
      'examples/workspace/pnpm-workspace.yaml': 'packages: []',
      'examples/loose/package.json': '{}',
      'examples/declared/package.json': '{ "packageManager": "bun@1.2.0" }',
      'npm-ws/package.json': '{ "workspaces": ["pkgs/*"] }',
      'npm-ws/package-lock.json': '{}',
      'npm-ws/pkgs/x/package.json': '{}',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const at = (app: string) => {
      const found = installCommand(path.join(root, app), root);
      return `${found.manager} install${found.flags ?? ''} in ${path.relative(root, found.dir) || '.'}`;
    };
    assert.equal(at('apps/a'), 'pnpm install in .');
    // pnpm would install the workspace root instead of a folder the workspace does not list.
    assert.equal(at('apps/legacy'), 'pnpm install --ignore-workspace in apps/legacy');
    assert.equal(at('examples/own'), 'yarn install in examples/own');
    assert.equal(at('examples/pinned'), 'pnpm install --ignore-workspace in examples/pinned');
    assert.equal(at('examples/workspace'), 'pnpm install in examples/workspace');
    assert.equal(at('examples/loose'), 'pnpm install --ignore-workspace in examples/loose');
    assert.equal(at('examples/declared'), 'bun install in examples/declared');
    assert.equal(at('npm-ws/pkgs/x'), 'npm install in npm-ws');
  });
});
