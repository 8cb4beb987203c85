/**
 * With no node_modules anywhere (a fresh clone, a CI job before `npm ci`), questions whose answer
 * rests on a package's declarations are answered without the typed program. The answers must be
 * the checker's: the same app is scanned again with an empty node_modules folder, which makes the
 * scan ask the checker, and every result but `typeChecked` must be the same.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { scanWithInputs } from '../src/scan/scan.ts';

const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.0.0' } }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: { module: 'ES2022', moduleResolution: 'Bundler', strict: true },
    include: ['src'],
  }),
  'src/tools.ts': [
    "import { createTool } from '@mastra/core/tools';",
    "import { createVectorQueryTool } from '@mastra/rag';",
    "import { Composio } from '@composio/core';",
    '/** A local factory: the checker reads its literal id even with nothing installed. */',
    'function named<I extends string>(id: I) {',
    '  return JSON.parse(JSON.stringify({ id })) as { id: I; description: string; execute: () => Promise<object> };',
    '}',
    "export const local = named('local-tool');",
    "export const vector = createVectorQueryTool({ id: 'vector-query', vectorStoreName: 'v', indexName: 'i' });",
    "const ID = 'dynamic-id';",
    'export const dynamic = createTool({ id: ID, description: ID, execute: async () => ({}) });',
    'const session = await new Composio({}).create();',
    'export const fromSession = await session.tools();',
    '',
  ].join('\n'),
  'src/agent.ts': [
    "import { Agent } from '@mastra/core/agent';",
    "import { dynamic, fromSession, local, vector } from './tools';",
    "export const agent = new Agent({ id: 'a', name: 'a', instructions: 'Use local-tool.', model: 'openai/gpt-4o-mini', tools: { local, vector, dynamic } });",
    "export const other = new Agent({ id: 'b', name: 'b', instructions: 'x', model: 'openai/gpt-4o-mini', tools: fromSession });",
    '',
  ].join('\n'),
  // A package's value given a local type: the checker reads the id from that type.
  'src/typed.ts': [
    "import { Agent } from '@mastra/core/agent';",
    "import { makeTool } from '@acme/tools';",
    "const annotated: { id: 'typed-id'; description: string } = makeTool();",
    "export const c = new Agent({ id: 'c', name: 'c', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { annotated } });",
    '',
  ].join('\n'),
  // A comparison the tracer leaves to the checker: a parameter inside a loop over a stream.
  'src/ui.ts': [
    "import { agent } from './agent';",
    'interface Part { toolName: string }',
    'export async function run(parts: Part[]) {',
    "  const stream = await agent.stream('x');",
    "  for await (const chunk of stream.fullStream) parts.forEach((p) => console.log(p.toolName === 'vector', chunk));",
    '}',
    '',
  ].join('\n'),
};

function app(withModules: boolean): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'nothing-installed-')));
  made.push(root);
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  if (withModules) mkdirSync(path.join(root, 'node_modules'));
  return root;
}

test('nothing installed: the same answers as the checker gives, without asking it about packages', async () => {
  const bare = app(false);
  const empty = app(true);
  const [without, withEmpty] = [await scanWithInputs(bare), await scanWithInputs(empty)];
  // Only the local factory's id and the locally typed value need the checker, each asked where
  // it is declared.
  assert.deepEqual(without.typeChecked, [
    path.join(bare, 'src/tools.ts'),
    path.join(bare, 'src/typed.ts'),
  ]);
  assert.ok(
    withEmpty.typeChecked.length >= 2,
    'with a node_modules folder, the checker is asked more',
  );
  const json = (s: typeof without.scan, root: string) =>
    JSON.stringify(s).split(root).join('<root>');
  assert.equal(json(without.scan, bare), json(withEmpty.scan, empty));
  const agent = without.scan.agents.find((a) => a.id === 'a')!;
  assert.deepEqual(
    agent.tools.entries.map((e) => `${e.key} ${'id' in e.value ? e.value.id : '-'}`),
    // @mastra/rag's factories use the id they are given (read from the argument, no checker).
    ['local local-tool', 'vector vector-query', 'dynamic dynamic-id'],
  );
  assert.deepEqual(
    without.scan.agents
      .find((a) => a.id === 'c')!
      .tools.entries.map((e) => 'id' in e.value && e.value.id),
    ['typed-id'],
  );
  assert.deepEqual(
    without.scan.comparisons.map((c) => `${c.value} ${c.provable}`),
    [],
    "'vector' is a known name: a mention, not an unmatched comparison",
  );
});

test('a package the install does not have is typed `any` without asking the checker; one it has is asked', async () => {
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.0.0' } }),
    'src/agent.ts': [
      "import { Agent } from '@mastra/core/agent';",
      "import { Composio } from '@composio/core';",
      'const session = await new Composio({}).create();',
      'const tools = await session.tools();',
      "export const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', tools });",
      '',
    ].join('\n'),
  };
  const make = (installed: string[]) => {
    const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'partly-installed-')));
    made.push(root);
    for (const [rel, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), text);
    }
    for (const pkg of installed)
      mkdirSync(path.join(root, 'node_modules', pkg), { recursive: true });
    return root;
  };
  const without = make(['@mastra/core']);
  const withIt = make(['@mastra/core', '@composio/core']);
  const [a, b] = [await scanWithInputs(without), await scanWithInputs(withIt)];
  assert.deepEqual(a.typeChecked, [], '@composio/core is not installed: nothing to ask');
  assert.deepEqual(b.typeChecked, [path.join(withIt, 'src/agent.ts')], 'installed: asked');
  const json = (s: typeof a.scan, root: string) => JSON.stringify(s).split(root).join('<root>');
  assert.equal(json(a.scan, without), json(b.scan, withIt), 'the same answer either way');
  assert.match(a.scan.agents[0]!.tools.unresolved[0]!.reason, /session.tools\(\) returns any/);
});
