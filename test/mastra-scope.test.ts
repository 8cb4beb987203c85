/**
 * Cost follows the Mastra code (issue 20): candidates of packages that cannot import Mastra are not
 * parsed. Each way a package reaches Mastra has its case, next to a package of the same shape that
 * does not. The trees live in the OS temp folder: under this repository, our own package.json (which
 * declares @mastra/core) would put every file in scope.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { mastraScope } from '../src/scan/files/mastra-scope.ts';
import { scanRepository } from '../src/scan/scan.ts';

const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tree(files: Record<string, string | object>): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mastra-scope-')));
  made.push(root);
  for (const [rel, body] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof body === 'string' ? body : JSON.stringify(body));
  }
  return root;
}

const pkg = (name: string, deps: Record<string, string> = {}) => ({ name, dependencies: deps });
const uses = `export const tools = { search: {} };\n`;

const FILES = {
  'package.json': { name: 'monorepo', private: true, workspaces: ['apps/*', 'packages/*'] },
  // Declares @mastra/core.
  'apps/agent/package.json': pkg('agent-app', { '@mastra/core': '1.0.0' }),
  'apps/agent/src/agent.ts': `import { Agent } from '@mastra/core/agent';\n${uses}`,
  'apps/agent/src/tools.ts': uses,
  // Depends on a workspace package that declares it.
  'packages/kit/package.json': pkg('@acme/kit', { '@mastra/core': '1.0.0' }),
  'apps/web/package.json': pkg('web', { '@acme/kit': 'workspace:*' }),
  'apps/web/src/chat.tsx': `export const isSearch = (p: { toolName: string }) => p.toolName === 'search';\n`,
  // Imports it without declaring it (hoisted): one file names @mastra/, the package is in.
  'examples/phantom/package.json': pkg('phantom'),
  'examples/phantom/src/a.ts': `export { Agent } from '@mastra/core/agent';\n`,
  'examples/phantom/src/b.ts': uses,
  // Depends on an installed wrapper whose package.json declares it.
  'examples/wrapped/package.json': pkg('wrapped', { '@acme/mastra-kit': '1.0.0' }),
  'examples/wrapped/node_modules/@acme/mastra-kit/package.json': pkg('@acme/mastra-kit', {
    '@mastra/core': '1.0.0',
  }),
  'examples/wrapped/src/agent.ts': uses,
  // A script at the root that imports an agent by a relative path to call it (run-mode evidence),
  // and one that imports a workspace package by name without declaring it.
  'scripts/package.json': pkg('scripts'),
  'scripts/run-network.ts': `import { agent } from '../apps/agent/src/agent.js';\nawait agent.network('hi');\n`,
  'scripts/run-kit.ts': `const kit = await import('@acme/kit/agents');\nawait kit.agent.generate('hi');\n`,
  'scripts/lint.ts': `import { tools } from '../packages/a/src/index.js';\nexport { tools };\n`,
  // Another framework: out. So are two workspace packages that depend on each other only.
  'examples/openai/package.json': pkg('openai-example', { openai: '4.0.0' }),
  'examples/openai/node_modules/openai/package.json': pkg('openai'),
  'examples/openai/src/agent.ts': uses,
  'packages/a/package.json': pkg('@acme/a', { '@acme/b': 'workspace:*' }),
  'packages/a/src/index.ts': uses,
  'packages/b/package.json': pkg('@acme/b', { '@acme/a': 'workspace:*' }),
  'packages/b/src/index.ts': uses,
};

describe('mastra scope', () => {
  test('a package is in when it declares, imports, or depends on Mastra through another package', () => {
    const root = tree(FILES);
    const candidates = Object.keys(FILES)
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(root, f));
    const manifests = Object.keys(FILES)
      .filter((f) => f.endsWith('package.json') && !f.includes('node_modules'))
      .map((f) => path.join(root, f));
    const texts = new Map(
      Object.entries(FILES).map(([f, body]) => [
        path.join(root, f),
        typeof body === 'string' ? body : JSON.stringify(body),
      ]),
    );
    const scope = mastraScope(root, candidates, manifests, (f) => texts.get(f));
    const rel = (list: string[]) => list.map((f) => path.relative(root, f)).sort();
    assert.deepEqual(rel(scope.inside), [
      'apps/agent/src/agent.ts',
      'apps/agent/src/tools.ts',
      'apps/web/src/chat.tsx',
      'examples/phantom/src/a.ts',
      'examples/phantom/src/b.ts',
      'examples/wrapped/src/agent.ts',
      'scripts/run-kit.ts',
      'scripts/run-network.ts',
    ]);
    assert.deepEqual(rel(scope.outside), [
      'examples/openai/src/agent.ts',
      'packages/a/src/index.ts',
      'packages/b/src/index.ts',
      'scripts/lint.ts',
    ]);
  });

  test('two workspace packages that depend on each other, one of them on Mastra: both are in', () => {
    const root = tree({
      'package.json': { name: 'monorepo', private: true },
      // @acme/c2 is looked at while @acme/c1 is still being looked at.
      'packages/c1/package.json': {
        name: '@acme/c1',
        dependencies: { '@acme/c2': 'workspace:*', '@mastra/core': '1.0.0' },
      },
      'packages/c1/src/index.ts': uses,
      'packages/c2/package.json': pkg('@acme/c2', { '@acme/c1': 'workspace:*' }),
      'packages/c2/src/index.ts': uses,
    });
    const files = ['packages/c1/src/index.ts', 'packages/c2/src/index.ts'].map((f) =>
      path.join(root, f),
    );
    const manifests = ['package.json', 'packages/c1/package.json', 'packages/c2/package.json'].map(
      (f) => path.join(root, f),
    );
    const scope = mastraScope(root, files, manifests, () => uses);
    assert.deepEqual(scope.outside, []);
  });

  test('a workspace root that declares Mastra puts every package in', () => {
    const root = tree({
      ...FILES,
      'package.json': { name: 'monorepo', devDependencies: { '@mastra/core': '1.0.0' } },
    });
    const file = path.join(root, 'examples/openai/src/agent.ts');
    const scope = mastraScope(root, [file], [path.join(root, 'package.json')], () => uses);
    assert.deepEqual(scope.outside, []);
  });

  test('a scan parses only the Mastra packages, and still reads the others for name uses', async () => {
    const root = tree({
      'package.json': { name: 'monorepo', private: true },
      'mastra/package.json': pkg('mastra-app', { '@mastra/core': '1.0.0' }),
      'mastra/src/agent.ts': [
        `import { Agent } from '@mastra/core/agent';`,
        `import { createTool } from '@mastra/core/tools';`,
        `const lookup = createTool({ id: 'lookup-order', description: 'x', execute: async () => ({}) });`,
        `export const agent = new Agent({ id: 'orders', name: 'Orders', instructions: 'Use lookupOrder.', model: 'openai/gpt-4o', tools: { lookupOrder: lookup } });`,
        ``,
      ].join('\n'),
      'openai/package.json': pkg('openai-app', { openai: '4.0.0' }),
      'openai/src/agent.ts': `export const tools = [{ name: 'lookupOrder' }];\nexport const isLookup = (toolName: string) => toolName === 'lookupOrder';\n`,
    });
    const scan = await scanRepository(root);
    assert.deepEqual(
      scan.agents.map((a) => a.id),
      ['orders'],
    );
    assert.equal(scan.files.candidates, 1);
    assert.equal(scan.files.outsideMastra, 1);
    assert.deepEqual(
      [...new Set(scan.nameUses.map((u) => u.location.file))],
      ['openai/src/agent.ts'],
      'the file left out is still searched for uses of the tool names',
    );
  });
});
