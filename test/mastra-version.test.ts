/**
 * Each agent is judged by the @mastra/core its own package runs with: the installed copy, else the
 * lockfile, else the package.json range; unknown otherwise. An app pinned to 0.10.x, whose prompt
 * names a workflow by its plain key, gets no `workflow-` rewrite (0.10 offers the plain key, as
 * test/version-table.test.ts captures); the same app on 1.x does.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { MastraVersions } from '../src/scan/files/mastra-install.ts';
import type { ScanResult } from '../src/scan/model.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { fixturePath, wire } from './helpers/fixture-scan.ts';

/** Folders outside the repository, so nothing above them (its node_modules, its lockfile) answers. */
const made: string[] = [];
function outside(fixture?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mtn-versions-'));
  made.push(dir);
  if (fixture) cpSync(fixturePath(fixture), dir, { recursive: true });
  return dir;
}
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
}

const manifest = (range: string) =>
  JSON.stringify({ name: 'app', private: true, dependencies: { '@mastra/core': range } });

function promptEdits(scan: ScanResult) {
  return buildPlan(scan)
    .edits.filter((e) => e.rule === 'prompts')
    .map((e) => `${e.before} -> ${e.after}`);
}

function findingsOf(scan: ScanResult, kind: string) {
  return buildPlan(scan).findings.filter((f) => f.kind === kind);
}

describe('an app pinned to 0.10.x against the same app on 1.x', () => {
  test('0.10.15 (from its package-lock.json): the workflow is offered by its plain key; the prompt is left as it is', async () => {
    const scan = await scanRepository(fixturePath('versions/workflow-0-10'));
    const writer = scan.agents[0]!;
    assert.deepEqual(writer.mastra, {
      source: 'lockfile',
      version: '0.10.15',
      file: 'package-lock.json',
    });
    assert.deepEqual(wire(writer), ['wordCount', 'summarise']);
    assert.deepEqual(promptEdits(scan), []);
    assert.deepEqual(findingsOf(scan, 'version-unknown'), []);
  });

  test('1.71.0: the same prompt is rewritten to workflow-summarise', async () => {
    const scan = await scanRepository(fixturePath('versions/workflow-1-x'));
    const writer = scan.agents[0]!;
    assert.equal(writer.mastra.version, '1.71.0');
    assert.deepEqual(wire(writer), ['wordCount', 'workflow-summarise']);
    assert.deepEqual(promptEdits(scan), ['summarise -> workflow-summarise']);
  });

  test('with only the range of package.json, ^0.10.15 still decides the prefix', async () => {
    const root = outside('versions/workflow-0-10');
    rmSync(path.join(root, 'package-lock.json'));
    const scan = await scanRepository(root);
    assert.deepEqual(scan.agents[0]!.mastra, {
      source: 'range',
      range: '^0.10.15',
      file: 'package.json',
    });
    assert.deepEqual(wire(scan.agents[0]!), ['wordCount', 'summarise']);
    assert.deepEqual(promptEdits(scan), []);
  });

  test('a range across 0.22.0 leaves the prefix undecided: reported, not edited', async () => {
    const root = outside('versions/workflow-1-x');
    rmSync(path.join(root, 'package-lock.json'));
    write(root, { 'package.json': manifest('>=0.20.0 <2') });
    const scan = await scanRepository(root);
    assert.equal(scan.agents[0]!.mastra.source, 'range');
    assert.deepEqual(promptEdits(scan), []);
    const [finding] = findingsOf(scan, 'version-unknown');
    assert.match(finding?.message ?? '', /"workflow-summarise" or "summarise"/);
  });

  test('an unknown version: no prefix edit, and the finding says how to make the version known', async () => {
    const root = outside('versions/workflow-1-x');
    rmSync(path.join(root, 'package-lock.json'));
    rmSync(path.join(root, 'package.json'));
    const scan = await scanRepository(root);
    assert.deepEqual(scan.agents[0]!.mastra, { source: 'unknown' });
    assert.deepEqual(promptEdits(scan), []);
    const findings = findingsOf(scan, 'version-unknown');
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.message, /"summarise" names the workflow "summarise"/);
    assert.match(findings[0]!.message, /unknown @mastra\/core version/);
    assert.match(
      findings[0]!.message,
      /install the dependencies, commit the lockfile or pin @mastra\/core/,
    );
  });
});

describe('what an old version does not have', () => {
  test('0.12: an illegal key is reported, not rewritten; sub-agents are reported as never offered', async () => {
    const root = outside();
    write(root, {
      'package.json': manifest('~0.12.1'),
      'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { helper } from './helper';
import { search } from './tools';
export const lead = new Agent({
  name: 'lead',
  instructions: 'Use the search.web tool.',
  model: 'openai/gpt-4o-mini',
  tools: { 'search.web': search },
  agents: { helper },
});
await lead.generate('hi');
`,
      'src/helper.ts': `import { Agent } from '@mastra/core/agent';
export const helper = new Agent({ name: 'helper', instructions: 'help', model: 'openai/gpt-4o-mini' });
`,
      'src/tools.ts': `import { createTool } from '@mastra/core/tools';
export const search = createTool({ id: 'search', description: 'search' });
`,
    });
    const scan = await scanRepository(root);
    const lead = scan.agents.find((a) => a.name === 'lead')!;
    assert.equal(lead.mastra.source, 'range');
    assert.deepEqual(wire(lead), ['search.web']);
    const plan = buildPlan(scan);
    assert.deepEqual(plan.edits, []);
    assert.deepEqual(
      plan.findings.filter((f) => f.kind === 'illegal-key').map((f) => f.locations[0]?.line),
      [8],
    );
    const missing = plan.findings.filter((f) => f.kind === 'missing-in-version');
    assert.equal(missing.length, 1);
    assert.match(
      missing[0]!.message,
      /offer no tool for a sub-agent \(that came in 0\.21\.1\): "helper"/,
    );
  });
});

describe('a monorepo whose apps pin different versions', () => {
  const check = (scan: ScanResult, current: ScanResult['agents'][number]['mastra']['source']) => {
    const legacy = scan.agents.find((a) => a.name === 'legacy-writer')!;
    const modern = scan.agents.find((a) => a.name === 'current-writer')!;
    assert.deepEqual(legacy.mastra, {
      source: 'lockfile',
      version: '0.10.15',
      file: 'pnpm-lock.yaml',
    });
    assert.equal(modern.mastra.source, current);
    assert.equal(modern.mastra.version, '1.71.0');
    assert.deepEqual(wire(legacy), ['wordCount', 'summarise']);
    assert.deepEqual(wire(modern), ['wordCount', 'workflow-summarise']);
    const edits = buildPlan(scan).edits.filter((e) => e.rule === 'prompts');
    assert.deepEqual(
      edits.map((e) => `${e.location.file}: ${e.before} -> ${e.after}`),
      ['apps/current/src/mastra/agents/writer.ts: summarise -> workflow-summarise'],
    );
  };

  test('each agent uses its own package: the lockfile for both when nothing is installed', async () => {
    check(await scanRepository(outside('versions/monorepo')), 'lockfile');
  });

  test('in place, the 1.71.0 app resolves the installed copy; the 0.10 app skips it (outside its range)', async () => {
    check(await scanRepository(fixturePath('versions/monorepo')), 'installed');
  });
});

describe('where the version is read', () => {
  const resolve = (root: string, file = 'src/agent.ts') =>
    new MastraVersions(root).forFile(path.join(root, file));

  test('the installed copy Node would load, walking up from the file', () => {
    const root = outside();
    write(root, {
      'package.json': manifest('^1.2.0'),
      'node_modules/@mastra/core/package.json': '{"name":"@mastra/core","version":"1.2.3"}',
      'package-lock.json':
        '{"lockfileVersion":3,"packages":{"node_modules/@mastra/core":{"version":"1.2.0"}}}',
    });
    assert.deepEqual(resolve(root), {
      source: 'installed',
      version: '1.2.3',
      file: 'node_modules/@mastra/core/package.json',
    });
  });

  test('package-lock.json: a copy nested in the workspace package wins over the hoisted one', () => {
    const root = outside();
    write(root, {
      'package.json': '{"name":"root","workspaces":["apps/*"]}',
      'apps/a/package.json': manifest('^0.21.0'),
      'apps/b/package.json': manifest('^1.0.0'),
      'package-lock.json': JSON.stringify({
        lockfileVersion: 3,
        packages: {
          'node_modules/@mastra/core': { version: '1.0.4' },
          'apps/a/node_modules/@mastra/core': { version: '0.21.1' },
        },
      }),
    });
    assert.equal(resolve(root, 'apps/a/src/agent.ts').version, '0.21.1');
    assert.equal(resolve(root, 'apps/b/src/agent.ts').version, '1.0.4');
  });

  test('package-lock.json version 1 (dependencies, no packages)', () => {
    const root = outside();
    write(root, {
      'package.json': manifest('^0.16.0'),
      'package-lock.json': JSON.stringify({
        lockfileVersion: 1,
        dependencies: { '@mastra/core': { version: '0.16.3' } },
      }),
    });
    assert.deepEqual(resolve(root), {
      source: 'lockfile',
      version: '0.16.3',
      file: 'package-lock.json',
    });
  });

  test('yarn.lock, classic and berry', () => {
    const classic = outside();
    write(classic, {
      'package.json': manifest('^0.24.0'),
      'yarn.lock': `# yarn lockfile v1\n\n"@mastra/core@^0.24.0", "@mastra/core@^0.24.1":\n  version "0.24.9"\n  resolved "https://registry.yarnpkg.com/@mastra/core/-/core-0.24.9.tgz"\n\nzod@^3.25.0:\n  version "3.25.76"\n`,
    });
    assert.equal(resolve(classic).version, '0.24.9');
    const berry = outside();
    write(berry, {
      'package.json': manifest('^1.0.0'),
      'yarn.lock': `__metadata:\n  version: 8\n\n"@mastra/core@npm:^1.0.0":\n  version: 1.0.4\n  resolution: "@mastra/core@npm:1.0.4"\n`,
    });
    assert.deepEqual(resolve(berry), { source: 'lockfile', version: '1.0.4', file: 'yarn.lock' });
  });

  test('pnpm-lock.yaml of a single project (lockfile v6 without importers)', () => {
    const root = outside();
    write(root, {
      'package.json': manifest('^0.22.0'),
      'pnpm-lock.yaml': `lockfileVersion: '6.0'\n\ndependencies:\n  '@mastra/core':\n    specifier: ^0.22.0\n    version: 0.22.2(zod@3.25.76)\n`,
    });
    assert.equal(resolve(root).version, '0.22.2');
  });

  test('pnpm-lock.yaml: the importers are read without parsing the packages and snapshots', () => {
    const root = outside();
    // The sections no question reads are left unparsed: here they would not even parse.
    write(root, {
      'package.json': '{"name":"root"}',
      'apps/api/package.json': manifest('^1.4.0'),
      'pnpm-lock.yaml': `lockfileVersion: '9.0'\n\nimporters:\n\n  .: {}\n\n  apps/api:\n    dependencies:\n      '@mastra/core':\n        specifier: ^1.4.0\n        version: 1.4.2(zod@3.25.76)\n\npackages:\n\n  '@mastra/core@1.4.2':\n    resolution: {integrity: [unclosed\n\nsnapshots:\n  : bad: : yaml\n`,
    });
    assert.equal(resolve(root, 'apps/api/src/agent.ts').version, '1.4.2');
  });

  test('a lockfile that does not name @mastra/core leaves the range; a non-semver range is unknown', () => {
    const root = outside();
    write(root, {
      'package.json': manifest('^1.30.0'),
      'package-lock.json': '{"lockfileVersion":3,"packages":{}}',
    });
    assert.deepEqual(resolve(root), { source: 'range', range: '^1.30.0', file: 'package.json' });
    const workspace = outside();
    write(workspace, { 'package.json': manifest('workspace:*') });
    assert.deepEqual(resolve(workspace), {
      source: 'unknown',
      range: 'workspace:*',
      file: 'package.json',
    });
  });
});
