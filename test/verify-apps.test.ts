/**
 * Which apps a run takes, and how each app's agents are found in one scan of a monorepo root:
 * folders with a default entry among the files the scan reads (never node_modules, never what git
 * ignores); the target itself when it is an app; `--app`. An agent is matched in its app's own
 * folder first, then in shared packages; agents in no app that no app registers are listed.
 * Pure: no app runs here (the runs are written out).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { selectApps } from '../src/verify/apps.ts';
import { VerifyUsageError } from '../src/verify/errors.ts';
import type { MeasuredCall } from '../src/verify/model.ts';
import type { AppRun } from '../src/verify/run-app.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { buildAppReport, buildVerifyReport, type AppTarget } from '../src/verify/verify.ts';
import { git } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

const agentFile = (id: string, key: string) => `import { Agent } from '@mastra/core/agent';
export const ${key} = new Agent({ id: '${id}', name: '${id}', instructions: 'x', model: 'openai/gpt-4o-mini', tools: {} });
`;
const entry = (imports: string, keys: string) => `import { Mastra } from '@mastra/core/mastra';
${imports}
export const mastra = new Mastra({ agents: { ${keys} } });
`;

/** Two apps that both register `researchAgent` (each its own), a shared package, and noise. */
const TREE = {
  'package.json': '{ "private": true, "workspaces": ["apps/*", "packages/*"] }',
  '.gitignore': 'ignored/\n',
  'apps/web/package.json': '{ "type": "module" }',
  'apps/web/src/mastra/index.ts': entry(
    "import { researchAgent } from './research';\nimport { triageAgent } from '../../../../packages/shared/src/triage';",
    'researchAgent, triageAgent',
  ),
  'apps/web/src/mastra/research.ts': agentFile('web-research', 'researchAgent'),
  'apps/api/package.json': '{ "type": "module" }',
  'apps/api/src/mastra/index.mts': entry(
    "import { researchAgent } from './research';",
    'researchAgent',
  ),
  'apps/api/src/mastra/research.ts': agentFile('api-research', 'researchAgent'),
  'packages/shared/src/triage.ts': agentFile('triage', 'triageAgent'),
  'packages/shared/src/unused.ts': agentFile('unused', 'unusedAgent'),
  // Never apps: installed packages, and a folder git ignores.
  'node_modules/some-template/src/mastra/index.ts': entry('', ''),
  'ignored/src/mastra/index.ts': entry('', ''),
};

function run(keys: Array<[string, string]>): AppRun {
  return {
    loaded: true,
    mastraVersion: '1.71.0',
    instanceAgents: keys.map(([key, id]) => ({ key, id, name: id })),
    calls: keys.map(([key, id]): MeasuredCall => ({
      source: 'agent',
      agentKey: key,
      agentId: id,
      method: 'generate',
      options: {},
      measurement: {
        request: {
          protocol: 'openai-responses',
          method: 'POST',
          url: 'https://api.openai.com/v1/responses',
          tools: [],
          providerTools: [],
          stream: false,
        },
        requests: 1,
      },
    })),
    blocked: [],
    otherProviderRequests: [],
    output: '',
    timings: { loadMs: 1000, callsMs: 100, totalMs: 1100 },
  };
}

describe('the apps of a run', () => {
  test('every folder with src/mastra/index.* among the files git keeps, in path order', async (t) => {
    const project = tempProject(TREE);
    t.after(() => project.cleanup());
    git(project.root, 'init', '-q');
    const { apps, single } = await selectApps(project.root, {});
    assert.equal(single, false);
    assert.deepEqual(
      apps.map((a) => [a.path, path.relative(a.root, a.entry)]),
      [
        ['apps/api', 'src/mastra/index.mts'],
        ['apps/web', 'src/mastra/index.ts'],
      ],
    );
  });

  test('the target itself when it is an app; --app folders; none is a usage error', async (t) => {
    const project = tempProject(TREE);
    t.after(() => project.cleanup());
    const web = path.join(project.root, 'apps/web');
    assert.deepEqual(await selectApps(web, {}).then((s) => [s.single, s.apps[0]!.path]), [
      true,
      '.',
    ]);
    const chosen = await selectApps(project.root, { apps: ['apps/web', './apps/web'] });
    assert.deepEqual(
      chosen.apps.map((a) => a.path),
      ['apps/web'],
    );
    await assert.rejects(selectApps(project.root, { apps: ['apps/nope'] }), VerifyUsageError);
    await assert.rejects(
      selectApps(path.join(project.root, 'packages'), {}),
      /no src\/mastra\/index\.ts in .* or in any folder under it; name the app's folder with --app PATH/,
    );
  });

  test('each app matches its own agents first, then shared packages; an agent in no app and on no instance is listed', async (t) => {
    const project = tempProject(TREE);
    t.after(() => project.cleanup());
    git(project.root, 'init', '-q');
    const scan = await scanRepository(project.root);
    const { apps } = await selectApps(project.root, {});
    const targets: AppTarget[] = apps.map((a) => ({ ...a, exportName: 'mastra' }));
    const runs: Record<string, AppRun> = {
      'apps/api': run([['researchAgent', 'api-research']]),
      'apps/web': run([
        ['researchAgent', 'web-research'],
        ['triageAgent', 'triage'],
      ]),
    };
    const paths = targets.map((a) => a.path);
    const reports = targets.map((a) => buildAppReport(scan, runs[a.path], a, {}, paths));
    assert.deepEqual(
      reports.map((r) => [r.path, r.agents.map((a) => `${a.key} ${a.scanAgent?.file}`)]),
      [
        ['apps/api', ['researchAgent apps/api/src/mastra/research.ts']],
        [
          'apps/web',
          [
            'researchAgent apps/web/src/mastra/research.ts',
            'triageAgent packages/shared/src/triage.ts',
          ],
        ],
      ],
    );
    const report = buildVerifyReport(scan, reports, '.', 2200);
    assert.deepEqual(
      report.notInAnyApp.map((a) => a.file),
      ['packages/shared/src/unused.ts'],
    );
    assert.equal(report.totals.apps, 2);
    assert.equal(report.totals.agents, 3);
  });
});
