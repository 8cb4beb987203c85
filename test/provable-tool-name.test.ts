/**
 * "The compared value is typed by Mastra or the AI SDK", decided by tracing the value through the
 * syntax: every answer the tracer gives equals the type checker's on the fixtures, it decides every
 * comparison in them (so their scans never load the installed declarations), and what it cannot
 * decide still gets the checker's answer.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SyntaxKind } from 'ts-morph';
import { discover, prefilter } from '../src/scan/files/discover.ts';
import { createProject } from '../src/scan/files/project.ts';
import { tracedAnswer, typedInProject } from '../src/scan/mentions/provable-tool-name.ts';
import { scanWithInputs } from '../src/scan/scan.ts';
import { TsConfigs } from '../src/scan/files/tsconfigs.ts';
import { typedProjects } from '../src/scan/values/type-oracle.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { tempProject } from './helpers/temp-project.ts';

interface Access {
  at: string;
  text: string;
  traced: boolean | undefined;
  checker: boolean | undefined;
}

/** Every `x.toolName` read in a project: the tracer's answer and the type checker's. */
async function accesses(root: string): Promise<Access[]> {
  const found = await discover(root);
  const { candidates } = prefilter(found.root, found.sources);
  const configs = new TsConfigs(found.root, found.tsconfigs);
  const { project } = createProject(configs, candidates);
  const types = typedProjects(configs, project);
  return project.getSourceFiles().flatMap((sf) =>
    sf
      .getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)
      .filter((a) => a.getName() === 'toolName')
      .map((a) => ({
        at: `${path.relative(root, sf.getFilePath())}:${a.getStartLineNumber()}`,
        text: a.getText(),
        traced: tracedAnswer(a),
        checker: types.withTypes(a, typedInProject),
      })),
  );
}

const APPS = ['scan/comparisons', 'demo-app', 'scan/mentions', 'prompts/template-ids-ui/input'];

describe('provable tool names', () => {
  for (const app of APPS) {
    test(`${app}: the tracer decides every toolName read, as the type checker does`, async () => {
      const all = await accesses(fixturePath(app));
      assert.ok(all.length > 0);
      for (const a of all) assert.equal(a.traced, a.checker, `${a.at} ${a.text}`);
    });
  }

  test("scan/comparisons: Mastra and AI SDK values are provable, the app's own types are not", async () => {
    const all = await accesses(fixturePath('scan/comparisons'));
    const provable = (file: string) =>
      all.filter((a) => a.at.startsWith(file)).map((a) => a.traced);
    // Stream chunks, results, onChunk/onStepFinish/requireToolApproval, defaultOptions, useChat.
    assert.deepEqual(provable('src/stream.ts'), Array(11).fill(true));
    assert.deepEqual(provable('src/agent.ts'), [true]);
    assert.deepEqual(provable('src/ui/chat.ts'), [true]);
    const app = all.filter((a) => a.at.startsWith('src/ui/app-types.ts'));
    assert.deepEqual(
      app.filter((a) => a.traced).map((a) => a.text),
      ['call.toolName'],
      'only the parameter typed by the AI SDK',
    );
    assert.equal(app.length, 13);
  });

  test('a bare toolName is provable only when destructured from a Mastra value (an approval callback)', async () => {
    const { scan } = await scanWithInputs(fixturePath('scan/comparisons'));
    const bare = scan.mentions.filter(
      (m) =>
        m.context === 'comparison' &&
        ['src/stream.ts:13', 'src/ui/app-types.ts:48'].includes(
          `${m.location.file}:${m.location.line}`,
        ),
    );
    assert.deepEqual(
      bare.map((m) => [m.location.line, m.provable]),
      [
        [13, true],
        [48, false],
      ],
    );
  });

  test('scanning these apps asks the type checker nothing', async () => {
    for (const app of APPS)
      assert.deepEqual((await scanWithInputs(fixturePath(app))).typeChecked, [], app);
  });

  /**
   * An app comparing `p.toolName` (a parameter typed by the app, declared inside a loop over an
   * agent's stream) with 'a.b', which the agent offers under that key when `offersAB`.
   */
  const streamLoopApp = (offersAB: boolean) =>
    tempProject({
      'tsconfig.json': JSON.stringify({
        compilerOptions: {
          module: 'ES2022',
          moduleResolution: 'Bundler',
          strict: true,
          skipLibCheck: true,
        },
        include: ['src'],
      }),
      'src/agent.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        "const ab = createTool({ id: 'a-b', description: 'x', execute: async () => ({}) });",
        `export const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini'${offersAB ? ", tools: { 'a.b': ab }" : ''} });`,
        'interface Local { toolName: string }',
        'export async function run(parts: Local[]) {',
        "  for await (const chunk of (await agent.stream('x')).fullStream) parts.forEach((p: Local) => console.log(p.toolName === 'a.b', chunk.type, ab.id));",
        '}',
        '',
      ].join('\n'),
    });

  test('a comparison with a string that names no tool and stands for none is not asked of the checker', async () => {
    const p = streamLoopApp(false);
    try {
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(typeChecked, []);
      assert.deepEqual(
        scan.comparisons.map((c) => [c.value, c.provable]),
        [['a.b', undefined]],
      );
    } finally {
      p.cleanup();
    }
  });

  test("what the tracer cannot decide gets the type checker's answer", async () => {
    // The checker calls the parameter provable (it looks at the loop); the tracer leaves it to it.
    const p = streamLoopApp(true);
    try {
      const [access] = await accesses(p.root);
      assert.equal(access?.traced, undefined);
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(typeChecked, [path.join(p.root, 'src/agent.ts')]);
      assert.deepEqual(
        scan.mentions.filter((m) => m.context === 'comparison').map((m) => [m.name, m.provable]),
        [['a.b', access?.checker]],
      );
    } finally {
      p.cleanup();
    }
  });
});
