/**
 * The typed program shares the scan's parsed files: a question about a file the scan parsed is
 * answered on the very nodes the scan holds (no second parse of the app), with the same answer as a
 * program that parses everything itself, and the lib files and installed declarations are parsed
 * once for every tsconfig that asks.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SyntaxKind, ts } from 'ts-morph';
import { discover, prefilter } from '../src/scan/files/discover.ts';
import { createProject } from '../src/scan/files/project.ts';
import { TsConfigs } from '../src/scan/files/tsconfigs.ts';
import { scanWithInputs } from '../src/scan/scan.ts';
import { typedProjects } from '../src/scan/values/type-oracle.ts';
import { ParsedFiles, typedProgram } from '../src/scan/values/typed-program.ts';
import { tempProject } from './helpers/temp-project.ts';

const MASTRA = {
  'node_modules/@mastra/core/package.json': JSON.stringify({
    name: '@mastra/core',
    version: '9.9.9',
    exports: { './tools': { types: './tools.d.ts' } },
  }),
  'node_modules/@mastra/core/tools.d.ts':
    "export declare const oddTool: { id: 'odd_tool' } & { description: string };\n",
};
const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'ES2022', moduleResolution: 'Bundler', strict: true },
  include: ['src'],
});
const TOOLS = "import { oddTool } from '@mastra/core/tools';\nexport const tools = { oddTool };\n";
const AGENT = "import { tools } from './tools';\nexport const used = tools.oddTool;\n";

async function scanned(root: string) {
  const found = await discover(root);
  const { candidates } = prefilter(found.root, found.sources);
  const configs = new TsConfigs(found.root, found.tsconfigs);
  return { configs, ...createProject(configs, candidates) };
}

/** The literal `id` the checker gives `value`, and whether it answered on the scan's own nodes. */
function idType(value: { compilerNode: ts.Node }) {
  return (typed: { compilerNode: ts.Node }, checker: ts.TypeChecker) => {
    const type = checker.getTypeAtLocation(typed.compilerNode);
    const id = checker.getTypeOfSymbol(type.getProperty('id')!);
    return {
      id: id.isStringLiteral() ? id.value : undefined,
      sameNode: typed.compilerNode === value.compilerNode,
    };
  };
}

describe('the typed program', () => {
  test("answers on the scan's parsed files, as a program that parses everything itself does", async () => {
    const p = tempProject({
      ...MASTRA,
      'tsconfig.json': TSCONFIG,
      'src/tools.ts': TOOLS,
      'src/agent.ts': AGENT,
    });
    try {
      const { configs, project } = await scanned(p.root);
      const agent = project.getSourceFileOrThrow(path.join(p.root, 'src/agent.ts'));
      const used = agent.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)[0]!;

      const sharing = typedProjects(configs, project);
      assert.deepEqual(sharing.withTypes(used, idType(used)), { id: 'odd_tool', sameNode: true });
      // The imported module is the scan's parsed file too, not a copy.
      const tools = project.getSourceFileOrThrow(path.join(p.root, 'src/tools.ts'));
      const toolsMap = tools.getVariableDeclarationOrThrow('tools').getInitializerOrThrow();
      assert.deepEqual(
        sharing.withTypes(toolsMap, (typed) => typed.compilerNode === toolsMap.compilerNode),
        true,
      );
      assert.deepEqual(sharing.typeChecked?.(), [agent.getFilePath(), tools.getFilePath()]);

      const parsingItself = typedProjects(configs);
      assert.deepEqual(parsingItself.withTypes(used, idType(used)), {
        id: 'odd_tool',
        sameNode: false,
      });
    } finally {
      p.cleanup();
    }
  });

  test('lib files and installed declarations are parsed once for every tsconfig', () => {
    const p = tempProject({
      ...MASTRA,
      'a/index.ts': "import { oddTool } from '@mastra/core/tools';\nexport const a = oddTool;\n",
      'b/index.ts': "import { oddTool } from '@mastra/core/tools';\nexport const b = oddTool;\n",
    });
    try {
      const parsed = new ParsedFiles();
      const options = (lib: string[]): ts.CompilerOptions => ({
        module: ts.ModuleKind.ES2022,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib,
      });
      const a = typedProgram(options(['lib.es2022.d.ts']), () => undefined, parsed).programWith(
        path.join(p.root, 'a/index.ts'),
      );
      const b = typedProgram(
        options(['lib.es2022.d.ts', 'lib.dom.d.ts']),
        () => undefined,
        parsed,
      ).programWith(path.join(p.root, 'b/index.ts'));
      const named = (program: ts.Program, end: string) =>
        program.getSourceFiles().find((sf) => sf.fileName.endsWith(end));
      for (const end of ['/lib.es5.d.ts', '/lib.es2022.d.ts', '@mastra/core/tools.d.ts']) {
        assert.ok(named(a, end), end);
        assert.equal(named(a, end), named(b, end), end);
      }
      assert.ok(named(b, '/lib.dom.d.ts') && !named(a, '/lib.dom.d.ts'));
      // Types resolve: the lib's Array and the declaration's literal id.
      const checker = a.getTypeChecker();
      const sf = named(a, 'a/index.ts')!;
      const decl = sf.statements.find(ts.isVariableStatement)!.declarationList.declarations[0]!;
      const type = checker.getTypeAtLocation(decl.name);
      assert.equal(
        checker.typeToString(checker.getTypeOfSymbol(type.getProperty('id')!)),
        '"odd_tool"',
      );
      assert.deepEqual(
        ts.getPreEmitDiagnostics(a).map((d) => d.messageText),
        [],
      );
    } finally {
      p.cleanup();
    }
  });

  test('a run that keeps asking about new files gets the rest of the tsconfig at once', () => {
    const files = Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [`src/f${i}.ts`, `export const v${i} = ${i};\n`]),
    );
    const p = tempProject(files);
    try {
      const all = Object.keys(files).map((f) => path.join(p.root, f));
      const typed = typedProgram(
        { noLib: true },
        () => undefined,
        new ParsedFiles(),
        () => all,
      );
      const builds = new Set<ts.Program>();
      const inProgram = () =>
        all.filter((f) => typed.current()?.getSourceFile(f)).map((f) => path.basename(f));
      for (const f of all.slice(0, 4)) builds.add(typed.programWith(f));
      assert.equal(builds.size, 4);
      assert.deepEqual(inProgram(), ['f0.ts', 'f1.ts', 'f2.ts', 'f3.ts']);
      builds.add(typed.programWith(all[4]!));
      assert.equal(inProgram().length, 7);
      // Every later question is answered by the same program.
      for (const f of all) builds.add(typed.programWith(f));
      assert.equal(builds.size, 5);
    } finally {
      p.cleanup();
    }
  });
});

describe('files announced before they are asked about', () => {
  test('come into one program: three UI files with comparisons cost one build, not three', async () => {
    const ui = (n: number) =>
      [
        "import type { UIMessage } from 'ai';",
        `export const is${n} = (m: UIMessage) => m.parts.some((p) => (p as { toolName?: string }).toolName === 'lookup');`,
        '',
      ].join('\n');
    const p = tempProject({
      'tsconfig.json': TSCONFIG,
      'src/agent.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        "const lookup = createTool({ id: 'lookup', description: 'x', execute: async () => ({}) });",
        "export const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { lookup } });",
        '',
      ].join('\n'),
      'src/a.tsx': ui(1),
      'src/b.tsx': ui(2),
      'src/c.tsx': ui(3),
    });
    try {
      const all = ['a', 'b', 'c'].map((f) => path.join(p.root, `src/${f}.tsx`));
      const typed = typedProgram({ noLib: true }, () => undefined, new ParsedFiles());
      typed.expect(all.slice(1));
      const first = typed.programWith(all[0]!);
      assert.ok(
        all.every((f) => first.getSourceFile(f)),
        'every announced file is in the first build',
      );
      assert.equal(typed.programWith(all[1]!), first);
      assert.equal(typed.programWith(all[2]!), first);
      // Without the announcement, each new file is a new build.
      const plain = typedProgram({ noLib: true }, () => undefined, new ParsedFiles());
      assert.equal(new Set(all.map((f) => plain.programWith(f))).size, 3);

      // The scan announces them: the same files are type-checked, with the same answers.
      const { scan, typeChecked, typedBuilds } = await scanWithInputs(p.root);
      assert.deepEqual(typeChecked.sort(), [...all].sort());
      assert.equal(typedBuilds, 1);
      assert.deepEqual(
        scan.mentions
          .filter((m) => m.context === 'comparison')
          .map((m) => [path.basename(m.location.file), m.provable]),
        [
          ['a.tsx', true],
          ['b.tsx', true],
          ['c.tsx', true],
        ],
      );
    } finally {
      p.cleanup();
    }
  });
});

describe('a tool id the checker must read', () => {
  test('is asked where the tool is defined, once: three agents using it cost one file, with the same id', async () => {
    const agent = (name: string) =>
      [
        "import { Agent } from '@mastra/core/agent';",
        "import { lookup } from './tools';",
        `export const ${name} = new Agent({ id: '${name}', name: '${name}', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { lookup } });`,
        '',
      ].join('\n');
    const p = tempProject({
      'tsconfig.json': TSCONFIG,
      // A factory: only the type checker can tell the id of what it returns.
      'src/tools.ts': [
        "import { createTool } from '@mastra/core/tools';",
        'const make = <const T extends string>(id: T) =>',
        "  createTool({ id, description: 'x', execute: async () => ({}) });",
        "export const lookup = make('lookup-order');",
        '',
      ].join('\n'),
      'src/a.ts': agent('a'),
      'src/b.ts': agent('b'),
      'src/c.ts': agent('c'),
    });
    try {
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(typeChecked, [path.join(p.root, 'src/tools.ts')]);
      assert.deepEqual(
        scan.agents.map((a) => a.tools.entries.map((e) => 'id' in e.value && e.value.id)),
        [['lookup-order'], ['lookup-order'], ['lookup-order']],
      );
    } finally {
      p.cleanup();
    }
  });
});
