/**
 * mastraExport answers without the checker when the syntax shows a name cannot stand for an import
 * (import-bound.ts): the answer must be the checker's for every identifier and `x.y` of every
 * fixture app and of an app built around the exceptions (shadowing, `require`, global aliases).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exportOf, mastraExport } from '../src/scan/ast.ts';
import { discover, prefilter } from '../src/scan/files/discover.ts';
import { createProject } from '../src/scan/files/project.ts';
import { TsConfigs } from '../src/scan/files/tsconfigs.ts';
import { cannotBeImport, globalsMayAlias } from '../src/scan/import-bound.ts';
import { Node, ts } from '../src/ts-morph.ts';
import { tempProject } from './helpers/temp-project.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Every app under fixtures/: a folder with a package.json, or one of the groups' folders. */
function fixtureApps(): string[] {
  const out = [path.join(FIXTURES, 'demo-app')];
  for (const group of ['scan', 'harm', 'findings', 'versions'])
    for (const e of readdirSync(path.join(FIXTURES, group), { withFileTypes: true }))
      if (e.isDirectory()) out.push(path.join(FIXTURES, group, e.name));
  return out;
}

/** Compares both answers for every identifier and property access; returns how many skipped the checker. */
async function compareAll(
  root: string,
  mastraIn?: string,
): Promise<{ asked: number; shortcut: number }> {
  const found = await discover(root);
  const { candidates } = prefilter(found.root, found.sources);
  const { project } = createProject(new TsConfigs(found.root, found.tsconfigs), candidates);
  const program = () => project.getProgram().compilerObject;
  let asked = 0;
  let shortcut = 0;
  // The file named holds a `new` of Mastra's Agent (so the comparison there is not trivial).
  if (mastraIn) {
    const sf = project.getSourceFileOrThrow(path.join(found.root, mastraIn));
    const made = sf.getFirstDescendantByKindOrThrow(ts.SyntaxKind.NewExpression);
    assert.equal(mastraExport(made.getExpression())?.exportName, 'Agent', mastraIn);
  }
  for (const sf of project.getSourceFiles()) {
    if (sf.isDeclarationFile()) continue;
    sf.forEachDescendant((node) => {
      if (!Node.isIdentifier(node) && !Node.isPropertyAccessExpression(node)) return;
      asked++;
      if (cannotBeImport(node.compilerNode, program)) shortcut++;
      const where = `${path.relative(root, sf.getFilePath())}:${node.getStartLineNumber()} ${node.getText()}`;
      assert.deepEqual(mastraExport(node), exportOf(node), where);
    });
  }
  return { asked, shortcut };
}

describe('mastraExport without the checker', () => {
  test('gives the checker’s answer on every fixture app', async () => {
    let asked = 0;
    let shortcut = 0;
    for (const app of fixtureApps()) {
      const r = await compareAll(app);
      asked += r.asked;
      shortcut += r.shortcut;
    }
    // Declaration and member names go to the checker; locals, globals and members of what is no
    // Mastra namespace import do not.
    assert.ok(asked > 5000, `${asked} asked`);
    assert.ok(shortcut > 1000, `${shortcut} of ${asked}`);
  });

  test('and around the exceptions', async () => {
    const app = tempProject({
      'package.json': JSON.stringify({ name: 'x', dependencies: { '@mastra/core': '1.0.0' } }),
      'src/lib.ts': "export { Agent } from '@mastra/core/agent';\n",
      'src/a.ts': `import { Agent } from './lib';
import * as core from '@mastra/core/agent';
import * as other from './lib';
export const a = new Agent({} as never);
export const b = new core.Agent({} as never);
export const c = new other.Agent({} as never);
export function shadow(Agent: any, core: any) { return [new Agent(), new core.Agent()]; }
export const d = new Date();
export const e = globalThis.Date;
export { Agent as Reexported } from '@mastra/core/agent';
`,
      // In JavaScript a `require` binds an alias: Agent is Mastra's through lib.ts.
      'src/b.js':
        "// @mastra/core through lib\nconst { Agent } = require('./lib');\nexports.a = new Agent({});\n",
    });
    try {
      await compareAll(app.root, 'src/b.js');
      const withGlobal = tempProject({
        'package.json': JSON.stringify({ name: 'y', dependencies: { '@mastra/core': '1.0.0' } }),
        'src/lib.ts': "export { Agent } from '@mastra/core/agent';\n",
        // A global alias of a user module's re-export: `new GAgent()` is Mastra's Agent.
        'src/global.ts':
          "import * as lib from './lib';\ndeclare global {\n  export import GAgent = lib.Agent;\n}\nexport {};\n",
        'src/a.ts': "import './global';\nexport const x = new GAgent({} as never);\n",
      });
      try {
        const found = await discover(withGlobal.root);
        const { project } = createProject(
          new TsConfigs(found.root, found.tsconfigs),
          found.sources,
        );
        project.getTypeChecker();
        assert.equal(globalsMayAlias(project.getProgram().compilerObject), true);
        const made = project.getSourceFileOrThrow(path.join(found.root, 'src/a.ts'));
        const gagent = made.getFirstDescendantByKindOrThrow(ts.SyntaxKind.NewExpression);
        assert.deepEqual(mastraExport(gagent.getExpression()), {
          module: '@mastra/core/agent',
          exportName: 'Agent',
        });
        await compareAll(withGlobal.root);
      } finally {
        withGlobal.cleanup();
      }
    } finally {
      app.cleanup();
    }
  });

  test('takes the shortcut only for a name no import binds', () => {
    const sf = ts.createSourceFile(
      'a.ts',
      "import { Agent } from './lib';\nnew Agent(); new Date(); x.Agent;\n",
      ts.ScriptTarget.Latest,
      true,
    );
    const program = () => ({ getSourceFiles: () => [sf] }) as unknown as ts.Program;
    const callees: ts.Node[] = [];
    let member: ts.Node | undefined;
    const visit = (n: ts.Node): void => {
      if (ts.isNewExpression(n)) callees.push(n.expression);
      else if (ts.isPropertyAccessExpression(n)) member = n;
      ts.forEachChild(n, visit);
    };
    visit(sf);
    const [agent, date] = callees;
    assert.equal(cannotBeImport(agent!, program), false);
    assert.equal(cannotBeImport(date!, program), true);
    // `x.Agent`: x is no namespace import of a Mastra module.
    assert.equal(cannotBeImport(member!, program), true);
  });
});
