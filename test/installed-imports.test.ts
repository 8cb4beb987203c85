/**
 * A bare import that can only resolve into an installed package is not resolved (`project.ts`):
 * it never names a user module. One that resolves into user code still is: a workspace package
 * linked into node_modules, followed from the package and from a subfolder scanned alone.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';

const made: string[] = [];
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

function monorepo(): string {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'installed-imports-')));
  made.push(root);
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'root', workspaces: ['apps/*', 'packages/*'] }),
    'packages/tools/package.json': JSON.stringify({
      name: '@acme/tools',
      main: 'src/index.ts',
      dependencies: { '@mastra/core': '1.0.0' },
    }),
    'packages/tools/src/index.ts': [
      "import { createTool } from '@mastra/core/tools';",
      "const searchWeb = createTool({ id: 'search-web', description: 's', execute: async () => ({}) });",
      'export const tools = { searchWeb };',
      '',
    ].join('\n'),
    'apps/bot/package.json': JSON.stringify({
      name: 'bot',
      dependencies: { '@mastra/core': '1.0.0', '@acme/tools': '*', 'left-pad': '1.0.0' },
    }),
    'apps/bot/src/agent.ts': [
      "import { Agent } from '@mastra/core/agent';",
      "import { tools } from '@acme/tools';",
      "import pad from 'left-pad';",
      "export const bot = new Agent({ id: 'bot', name: 'bot', instructions: pad('x'), model: 'openai/gpt-4o-mini', tools });",
      '',
    ].join('\n'),
    // An installed package: a real folder, never user code.
    'node_modules/left-pad/package.json': JSON.stringify({ name: 'left-pad', main: 'index.js' }),
    'node_modules/left-pad/index.js': 'module.exports = (s) => s;\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  // The workspace link a package manager makes.
  mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
  symlinkSync(
    path.join(root, 'packages/tools'),
    path.join(root, 'node_modules/@acme/tools'),
    'dir',
  );
  return root;
}

test('a workspace package linked into node_modules is followed; an installed one is not read', async () => {
  const root = monorepo();
  for (const target of [root, path.join(root, 'apps/bot')]) {
    const scan = await scanRepository(target);
    const bot = scan.agents.find((a) => a.id === 'bot')!;
    assert.deepEqual(
      bot.tools.entries.map((e) => `${e.key} ${'id' in e.value ? e.value.id : '-'}`),
      ['searchWeb search-web'],
      target,
    );
    assert.deepEqual(bot.tools.unresolved, [], target);
  }
});
