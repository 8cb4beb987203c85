/** The scan skips what it must, survives broken files, and never writes to the scanned repo. */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const agentFile = (id: string, key: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const t = createTool({ id: '${id}-tool', description: 'd', execute: async () => ({}) });
export const ${id.replace(/-/g, '_')} = new Agent({ id: '${id}', name: '${id}', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { '${key}': t } });
`;

function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      const info = statSync(file);
      if (info.isDirectory()) walk(file);
      else
        out.set(
          file,
          `${createHash('sha256').update(readFileSync(file)).digest('hex')} ${info.mtimeMs}`,
        );
    }
  };
  walk(root);
  return out;
}

describe('scan robustness', () => {
  test('skips node_modules, build output and .gitignored folders (nested .gitignore too)', async () => {
    const p = tempProject({
      'src/a.ts': agentFile('kept', 'a.b'),
      'node_modules/pkg/index.ts': agentFile('in-node-modules', 'x'),
      'dist/a.ts': agentFile('in-dist', 'x'),
      '.gitignore': 'generated/\n',
      'generated/a.ts': agentFile('ignored-root', 'x'),
      'packages/web/.gitignore': 'cache/\n',
      'packages/web/cache/a.ts': agentFile('ignored-nested', 'x'),
      'packages/web/src/b.ts': agentFile('kept-nested', 'c'),
    });
    try {
      const scan = await scanRepository(p.root);
      assert.deepEqual(scan.agents.map((a) => a.id).sort(), ['kept', 'kept-nested']);
      assert.deepEqual(
        scan.agents.find((a) => a.id === 'kept')?.prediction.offered.map((t) => t.wireName),
        ['a_b'],
      );
    } finally {
      p.cleanup();
    }
  });

  test('a file that does not parse is listed and skipped; the rest is scanned', async () => {
    const p = tempProject({
      'src/good.ts': agentFile('good', 'g.h'),
      'src/broken.ts': `import { Agent } from '@mastra/core/agent';\nexport const x = new Agent({ tools: { 'a.b': ;\n`,
    });
    try {
      const scan = await scanRepository(p.root);
      assert.deepEqual(
        scan.agents.map((a) => a.id),
        ['good'],
      );
      assert.equal(scan.files.unparsable.length, 1);
      assert.equal(scan.files.unparsable[0]?.file, 'src/broken.ts');
      assert.match(scan.files.unparsable[0].message, /^2:\d+ /);
    } finally {
      p.cleanup();
    }
  });

  test('--include / --exclude select files', async () => {
    const p = tempProject({ 'src/a.ts': agentFile('a', 'x'), 'src/b.ts': agentFile('b', 'y') });
    try {
      assert.deepEqual(
        (await scanRepository(p.root, { exclude: ['src/b.ts'] })).agents.map((a) => a.id),
        ['a'],
      );
      assert.deepEqual(
        (await scanRepository(p.root, { include: ['src/b.ts'] })).agents.map((a) => a.id),
        ['b'],
      );
    } finally {
      p.cleanup();
    }
  });

  test('without @mastra/core installed, built-in ids come from the bundled table and say so', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mtn-no-mastra-'));
    try {
      writeFileSync(
        path.join(root, 'agent.ts'),
        `import { Agent } from '@mastra/core/agent';\nimport { askUserTool } from '@mastra/core/tools';\nexport const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'm', tools: { askUserTool } });\n`,
      );
      const scan = await scanRepository(root);
      assert.equal(scan.mastra.version, undefined);
      assert.equal(scan.mastra.builtinIds, 'bundled-table');
      assert.deepEqual(scan.agents[0]?.tools.entries[0]?.value, {
        kind: 'builtin',
        module: '@mastra/core/tools',
        exportName: 'askUserTool',
        id: 'ask_user',
        idSource: 'bundled-table',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('scanning the demo app changes no byte and no mtime', async () => {
    const root = fileURLToPath(new URL('../fixtures/demo-app/', import.meta.url));
    const before = snapshot(root);
    await scanRepository(root);
    assert.deepEqual(snapshot(root), before);
  });
});
