/**
 * A package of the repository imported by name in a checkout nothing was installed in resolves
 * where a package manager's link would take it (workspace-packages.ts): its exports, or its source
 * beside a built entry that is not there. Without that, the agents a Mastra instance in one package
 * registers from another looked unregistered (eval: louisklinogo/Excella).
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { workspacePackages } from '../src/scan/files/workspace-packages.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

function packagesOf(files: Record<string, string>) {
  const p = tempProject(files, os.tmpdir());
  const manifests = Object.keys(files)
    .filter((f) => path.basename(f) === 'package.json')
    .map((f) => path.join(p.root, f));
  const read = (f: string) =>
    JSON.parse(files[path.relative(p.root, f)]!) as Record<string, unknown>;
  const rel = (f: string | undefined) => f && path.relative(p.root, f);
  return { ...p, resolve: (s: string) => rel(workspacePackages(manifests, read).resolve(s)) };
}

test('exports, patterns and conditions; a built entry that is not there is its source', () => {
  const p = packagesOf({
    'packages/agents/package.json': JSON.stringify({
      name: '@x/agents',
      exports: {
        '.': { types: './dist/index.d.ts', import: './dist/index.js' },
        './tools/*': './src/tools/*.ts',
        './config': './src/config.ts',
      },
    }),
    'packages/agents/src/index.ts': 'export {};',
    'packages/agents/src/tools/search.ts': 'export {};',
    'packages/agents/src/config.ts': 'export {};',
    'packages/built/package.json': JSON.stringify({ name: 'built', main: 'dist/index.js' }),
    'packages/built/dist/index.js': 'exports.x = 1;',
    'packages/built/src/index.ts': 'export const x = 1;',
    'packages/kit/package.json': JSON.stringify({ name: 'kit', main: 'lib/main.js' }),
    'packages/kit/lib/main.js': 'module.exports = {};',
    'packages/kit/helpers/x.ts': 'export {};',
    'packages/core/package.json': JSON.stringify({ name: '@mastra/core', main: 'src/index.ts' }),
    'packages/core/src/index.ts': 'export {};',
    'packages/plain/package.json': JSON.stringify({ name: 'plain' }),
    'packages/plain/src/index.ts': 'export {};',
    'a/package.json': JSON.stringify({ name: 'twice' }),
    'a/index.ts': 'export {};',
    'b/package.json': JSON.stringify({ name: 'twice' }),
    'b/index.ts': 'export {};',
  });
  try {
    assert.equal(p.resolve('@x/agents'), 'packages/agents/src/index.ts');
    assert.equal(p.resolve('@x/agents/tools/search'), 'packages/agents/src/tools/search.ts');
    assert.equal(p.resolve('@x/agents/config'), 'packages/agents/src/config.ts');
    // A subpath the exports do not list is closed to importers, as Node has it.
    assert.equal(p.resolve('@x/agents/src/index'), undefined);
    // Build output, even where it is committed, is its source (as the scan never reads dist/).
    assert.equal(p.resolve('built'), 'packages/built/src/index.ts');
    assert.equal(p.resolve('kit'), 'packages/kit/lib/main.js');
    assert.equal(p.resolve('kit/helpers/x'), 'packages/kit/helpers/x.ts');
    assert.equal(p.resolve('plain'), 'packages/plain/src/index.ts');
    // Two packages of one name, a package the repository does not hold, a relative path: nothing.
    assert.equal(p.resolve('twice'), undefined);
    assert.equal(p.resolve('react'), undefined);
    // Mastra's own packages in a fork of its monorepo are the library, not the app.
    assert.equal(p.resolve('@mastra/core'), undefined);
    assert.equal(p.resolve('./x'), undefined);
  } finally {
    p.cleanup();
  }
});

test('agents a Mastra instance in one package registers from another are registered', async () => {
  const agentText = `import { Agent } from '@mastra/core/agent';
export const routingAgent = new Agent({ id: 'router', name: 'Router', instructions: 'Route.', model: 'openai/gpt-4o-mini' });
`;
  const p = tempProject(
    {
      'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }),
      'packages/agents/package.json': JSON.stringify({
        name: '@x/agents',
        exports: { '.': './src/index.ts' },
        dependencies: { '@mastra/core': '1.40.0' },
      }),
      'packages/agents/src/index.ts': "export { routingAgent } from './router';\n",
      'packages/agents/src/router.ts': agentText,
      'packages/mastra/package.json': JSON.stringify({
        name: '@x/mastra',
        dependencies: { '@mastra/core': '1.40.0', '@x/agents': 'workspace:*' },
      }),
      'packages/mastra/src/index.ts': `import { Mastra } from '@mastra/core';
import { routingAgent } from '@x/agents';
export const mastra = new Mastra({ agents: { routingAgent } });
`,
    },
    os.tmpdir(),
  );
  try {
    const scan = await scanRepository(p.root);
    const router = scan.agents.find((a) => a.id === 'router');
    assert.ok(router);
    assert.deepEqual(router.registeredAs, ['routingAgent']);
    assert.notEqual(router.runs.unused, true);
  } finally {
    p.cleanup();
  }
});

test('an entry probed as a folder where it is a file answers nothing and stops nothing (eval: smedrec/smart-medical-records)', () => {
  // `types: "index.d.ts"` (a file) is also tried as `index.d.ts/index.ts`: statSync with
  // `throwIfNoEntry: false` still throws ENOTDIR there, which ended the whole scan.
  const p = packagesOf({
    'vendor/fhirclient/package.json': JSON.stringify({
      name: 'fhirclient',
      main: 'lib/entry/node.js',
      types: 'index.d.ts',
    }),
    'vendor/fhirclient/index.d.ts': 'export declare const x: number;',
  });
  try {
    assert.doesNotThrow(() => p.resolve('fhirclient'));
    assert.notEqual(p.resolve('fhirclient'), 'vendor/fhirclient/index.d.ts/index.ts');
  } finally {
    p.cleanup();
  }
});
