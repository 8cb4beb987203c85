/**
 * A tool map read from a binding declared `Record<string, V>` is keyed by any string: the scan
 * says so from the annotation without building a typed program (written-record.ts). Checked
 * against TypeScript's own checker, with the lib files and the installed packages loaded, and
 * against the cases where the checker's answer differs from the annotation (the name narrowed by
 * a type guard, a `Record` of the repository's own), which must still go to the checker.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { scanWithInputs } from '../src/scan/scan.ts';
import { agent, keys } from './helpers/fixture-scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const TSCONFIG = {
  compilerOptions: { module: 'ES2022', moduleResolution: 'Bundler', strict: true, lib: ['es2022'] },
  include: ['src'],
};

const HEAD = [
  "import { Agent } from '@mastra/core/agent';",
  "import { createTool } from '@mastra/core/tools';",
  "import type { Tool } from 'ai';",
  "const t = createTool({ id: 't', description: 't', execute: async () => ({}) });",
  "const base = { name: 'n', instructions: 'x', model: 'openai/gpt-4o-mini' } as const;",
];

/** Files whose every agent's map is read from the annotation. */
const WRITTEN = {
  'src/param.ts': [
    ...HEAD,
    '/** @param toolMap - the tools to offer */',
    'export function make(toolMap: Record<string, Tool<any, any>>) {',
    "  toolMap['extra'] = t as never;",
    "  return new Agent({ ...base, id: 'param', tools: toolMap });",
    '}',
    'export const plain = (tools: Record<string,',
    '  any>) =>',
    "  new Agent({ ...base, id: 'plain', tools });",
    'declare const declared: Record<string, Tool<any, any>>;',
    "export const fromDeclared = new Agent({ ...base, id: 'declared', tools: declared });",
    '',
  ].join('\n'),
};

/** Files whose maps the annotation does not settle: the checker is asked. */
const CHECKED = {
  'src/guarded.ts': [
    ...HEAD,
    'function hasLookup(x: unknown): x is { lookup: Tool<any, any> } { return true; }',
    'export function make(toolMap: Record<string, Tool<any, any>>) {',
    "  if (hasLookup(toolMap)) return new Agent({ ...base, id: 'guarded', tools: toolMap });",
    '}',
    '',
  ].join('\n'),
  'src/own-record.ts': [
    ...HEAD,
    'type Record<K extends string, V> = { [P in K]: V } & { lookup: V };',
    "export const make = (toolMap: Record<string, Tool<any, any>>) => new Agent({ ...base, id: 'own', tools: toolMap });",
    '',
  ].join('\n'),
  // `var` is the function's: the guard outside its block narrows it there too.
  'src/hoisted.ts': [
    ...HEAD,
    'declare function hasLookup(x: unknown): x is { lookup: Tool<any, any> };',
    'export function make() {',
    '  if (hasLookup(m)) {',
    '    var m: Record<string, Tool<any, any>>;',
    "    return new Agent({ ...base, id: 'hoisted', tools: m });",
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/optional.ts': [
    ...HEAD,
    "export const make = (toolMap?: Record<string, Tool<any, any>>) => new Agent({ ...base, id: 'optional', tools: toolMap });",
    '',
  ].join('\n'),
};

/** What TypeScript prints for the type of each `tools` value, with libs and packages loaded. */
function checkerTypes(root: string, files: string[]): Map<string, string> {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    lib: ['lib.es2022.d.ts'],
    noEmit: true,
  };
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    options,
  );
  const checker = program.getTypeChecker();
  const out = new Map<string, string>();
  for (const f of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) {
        if (node.name.getText() === 'tools') {
          const value = ts.isPropertyAssignment(node) ? node.initializer : node.name;
          const type = ts.isPropertyAssignment(node)
            ? checker.getTypeAtLocation(value)
            : checker.getTypeOfSymbolAtLocation(
                checker.getShorthandAssignmentValueSymbol(node)!,
                node,
              );
          const agentId = node.parent.getText().match(/id: '(\w+)'/)?.[1] ?? '?';
          out.set(agentId, checker.typeToString(type));
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(program.getSourceFile(path.join(root, f))!);
  }
  return out;
}

describe('tool maps of bindings declared Record<string, V>', () => {
  test('read from the annotation, as the checker types them, without asking it', async () => {
    const p = tempProject({ 'tsconfig.json': JSON.stringify(TSCONFIG), ...WRITTEN });
    try {
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(typeChecked, [], 'no typed program for these files');
      const printed = checkerTypes(p.root, Object.keys(WRITTEN));
      for (const id of ['param', 'declared']) {
        const a = agent(scan, id);
        assert.deepEqual(keys(a), [], id);
        assert.equal(a.tools.unresolved.length, 1, id);
        assert.equal(printed.get(id), 'Record<string, Tool<any, any>>', id);
        assert.match(
          a.tools.unresolved[0]!.reason,
          new RegExp(`; its type is ${escape(printed.get(id)!)}, keyed by any string$`),
          id,
        );
      }
      // Written over two lines: said on one, as the checker prints it.
      assert.equal(printed.get('plain'), 'Record<string, any>');
      assert.match(
        agent(scan, 'plain').tools.unresolved[0]!.reason,
        /^tools has no value we can read statically \(a parameter or an untyped binding\); its type is Record<string, any>, keyed by any string$/,
      );
    } finally {
      p.cleanup();
    }
  });

  test('a type guard (on a parameter, or outside the block of a `var`), a Record of the repository or an optional parameter: the checker is asked', async () => {
    const p = tempProject({ 'tsconfig.json': JSON.stringify(TSCONFIG), ...CHECKED });
    try {
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(
        [...typeChecked].sort(),
        Object.keys(CHECKED)
          .map((f) => path.join(p.root, f))
          .sort(),
      );
      // The guard and the repository's Record name a key the annotation alone does not.
      assert.deepEqual(keys(agent(scan, 'guarded')), ['lookup']);
      assert.deepEqual(keys(agent(scan, 'own')), ['lookup']);
      assert.deepEqual(keys(agent(scan, 'hoisted')), ['lookup']);
      assert.deepEqual(keys(agent(scan, 'optional')), []);
      assert.match(agent(scan, 'optional').tools.unresolved[0]!.reason, /keyed by any string$/);
    } finally {
      p.cleanup();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
