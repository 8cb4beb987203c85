/**
 * Built-in ids read from the installed package's export chain, without a type check: they equal
 * the `id` of the real exported objects for every entry point and module setting, a name the
 * installed version does not export has none, and a declaration the reader does not understand
 * goes to the type checker instead of being guessed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ts } from 'ts-morph';
import { BUNDLED_BUILTIN_IDS } from '../src/scan/values/builtins.ts';
import { scanWithInputs } from '../src/scan/scan.ts';
import { PackageToolIds, UNDECIDED } from '../src/scan/values/package-tool-ids.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const FROM = fileURLToPath(new URL('../fixtures/demo-app/src/run.ts', import.meta.url));
const SETTINGS: Record<string, ts.CompilerOptions> = {
  bundler: { module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler },
  nodenext: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
  node10: { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 },
};
const ENTRY_POINTS = [
  '@mastra/core/tools',
  '@mastra/core/harness',
  '@mastra/core/agent-controller',
  '@mastra/core/workspace',
];

/** Every export of an entry point that is a tool (an object with a string id), as the runtime sees it. */
async function runtimeTools(module: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((await import(module)) as Record<string, unknown>)) {
    const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
    if (typeof id === 'string') out[name] = id;
  }
  return out;
}

describe('built-in ids from the export chain of the installed @mastra/core', () => {
  for (const [setting, options] of Object.entries(SETTINGS)) {
    test(`every exported tool's declared id equals its runtime id (${setting})`, async () => {
      const ids = new PackageToolIds();
      for (const module of ENTRY_POINTS) {
        const tools = await runtimeTools(module);
        assert.ok(Object.keys(tools).length > 0, `${module} exports tools`);
        for (const [name, id] of Object.entries(tools))
          assert.equal(ids.idOf(FROM, module, name, options), id, `${module} ${name}`);
      }
    });
  }

  test('the bundled table (used when @mastra/core is not installed) equals the installed package', async () => {
    const installed: Record<string, string> = {};
    for (const module of ENTRY_POINTS) {
      for (const [name, id] of Object.entries(await runtimeTools(module))) {
        assert.ok(
          installed[name] === undefined || installed[name] === id,
          `${name} has one id in every entry point`,
        );
        installed[name] = id;
      }
    }
    assert.deepEqual({ ...BUNDLED_BUILTIN_IDS }, installed);
  });

  test('askUserTool and webFetchTool: ask_user and web_fetch; webSearchTool (a marker) has no literal id', () => {
    const ids = new PackageToolIds();
    assert.equal(
      ids.idOf(FROM, '@mastra/core/tools', 'askUserTool', SETTINGS.bundler!),
      'ask_user',
    );
    assert.equal(
      ids.idOf(FROM, '@mastra/core/tools', 'webFetchTool', SETTINGS.bundler!),
      'web_fetch',
    );
    assert.notEqual(
      typeof ids.idOf(FROM, '@mastra/core/tools', 'webSearchTool', SETTINGS.bundler!),
      'string',
    );
  });

  test('a name the installed version does not export, or a package that is not installed, has no id', () => {
    const ids = new PackageToolIds();
    assert.equal(
      ids.idOf(FROM, 'mastra-core-1-0/tools', 'askUserTool', SETTINGS.bundler!),
      undefined,
    );
    assert.equal(
      ids.idOf(FROM, 'mastra-core-0-24/tools', 'webFetchTool', SETTINGS.bundler!),
      undefined,
    );
    assert.equal(
      ids.idOf(FROM, '@mastra/not-installed', 'askUserTool', SETTINGS.bundler!),
      undefined,
    );
  });

  test('scanning apps that register built-ins asks the type checker nothing', async () => {
    for (const app of ['scan/tool-values', 'demo-app']) {
      const { scan, typeChecked } = await scanWithInputs(fixturePath(app));
      const builtins = scan.agents
        .flatMap((a) => a.tools.entries)
        .filter((e) => e.value.kind === 'builtin');
      assert.ok(builtins.length > 0, app);
      assert.ok(
        builtins.every(
          (e) =>
            e.value.kind === 'builtin' &&
            e.value.idSource === 'installed-declarations' &&
            e.value.id,
        ),
      );
      assert.deepEqual(typeChecked, [], app);
    }
  });

  test('a declaration the reader does not understand goes to the type checker, which reads the id', async () => {
    // An installed @mastra/core whose tool is typed by an intersection: not a shape the reader decides.
    const p = tempProject({
      'node_modules/@mastra/core/package.json': JSON.stringify({
        name: '@mastra/core',
        version: '9.9.9',
        types: 'index.d.ts',
        exports: {
          '.': { types: './index.d.ts' },
          './tools': { types: './tools.d.ts' },
          './agent': { types: './agent.d.ts' },
        },
      }),
      'node_modules/@mastra/core/index.d.ts': 'export {};\n',
      'node_modules/@mastra/core/agent.d.ts':
        'export declare class Agent { constructor(config: unknown); }\n',
      'node_modules/@mastra/core/tools.d.ts':
        "export declare const oddTool: { id: 'odd_tool' } & { description: string };\n",
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'ES2022', moduleResolution: 'Bundler', strict: true },
        include: ['src'],
      }),
      'src/agent.ts':
        "import { Agent } from '@mastra/core/agent';\nimport { oddTool } from '@mastra/core/tools';\nexport const a = new Agent({ id: 'a', tools: { oddTool } });\n",
    });
    try {
      const file = `${p.root}/src/agent.ts`;
      assert.equal(
        new PackageToolIds().idOf(file, '@mastra/core/tools', 'oddTool', SETTINGS.bundler!),
        UNDECIDED,
      );
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(scan.agents[0]?.tools.entries[0]?.value, {
        kind: 'builtin',
        module: '@mastra/core/tools',
        exportName: 'oddTool',
        id: 'odd_tool',
        idSource: 'installed-declarations',
      });
      assert.deepEqual(typeChecked, [file]);
    } finally {
      p.cleanup();
    }
  });
});
