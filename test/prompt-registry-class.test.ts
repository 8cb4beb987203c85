/**
 * A prompt registry class made once in its module (`export const registry = new Registry()`):
 * `registry.get({ promptId }).content` reads the file its methods locate, with the field the
 * constructor sets (`this.dir = dir ?? here`, `new` gives no `dir`), the candidate paths it tries
 * in turn (the one that exists) and a dotted id's folder (`id.substring(0, id.indexOf('.'))`).
 * eval: Blakeinstein/HuntOS, whose seven agents' prompts were not read and not reported unread.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const registry = (made: string) => `import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
const here = dirname(fileURLToPath(import.meta.url));
class Registry {
  private dir: string;
  constructor(dir?: string) {
    this.dir = dir ?? here;
  }
  get({ promptId }: { promptId: string }) {
    const base = this.load(promptId);
    return { content: base, promptId };
  }
  private load(id: string): string {
    return readFileSync(this.pathOf(id), 'utf-8').trim();
  }
  private pathOf(id: string): string {
    const flat = resolve(this.dir, \`\${id}.md\`);
    try {
      statSync(flat);
      return flat;
    } catch {}
    const dot = id.indexOf('.');
    if (dot !== -1) return resolve(this.dir, id.substring(0, dot), \`\${id}.md\`);
    return resolve(this.dir, id, \`\${id}.md\`);
  }
}
export const registry = ${made};
`;

const app = (made: string) => ({
  'package.json': '{ "name": "r", "dependencies": { "@mastra/core": "1.4.0" } }\n',
  'src/prompts/load.ts': registry(made),
  'src/prompts/alpha/alpha.md': 'Use the `lookup-order` tool first.\n',
  'src/prompts/beta.md': 'Then call `lookup-order` again.\n',
  'src/prompts/board/board.linkedin.md': 'On LinkedIn, `lookup-order` is slow.\n',
  'src/agents.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { registry } from './prompts/load';
const lookupOrder = createTool({ id: 'lookup-order', description: 'x', execute: async () => ({}) });
const make = (id: string) => {
  const { content } = registry.get({ promptId: id });
  return new Agent({ id, name: id, model: 'openai/gpt-4o', instructions: content, tools: { lookupOrder } });
};
export const alpha = new Agent({ id: 'alpha', name: 'alpha', model: 'openai/gpt-4o', instructions: registry.get({ promptId: 'alpha' }).content, tools: { lookupOrder } });
export const beta = make('beta');
export const linkedin = make('board.linkedin');
`,
});

async function promptFiles(made: string) {
  const p = tempProject(app(made));
  try {
    const scan = await scanRepository(p.root);
    const agents = [...scan.agents].sort((a, b) => (a.id ?? '').localeCompare(b.id ?? ''));
    return agents.map((a) => ({
      id: a.id,
      files: a.instructions.filter((f) => f.quote === 'file').map((f) => f.location.file),
      unread: (a.unreadPrompts ?? []).length,
    }));
  } finally {
    p.cleanup();
  }
}

test("a registry class's method reads the prompt file it locates for each agent's id", async () => {
  assert.deepEqual(await promptFiles('new Registry()'), [
    { id: 'alpha', files: ['src/prompts/alpha/alpha.md'], unread: 0 },
    { id: 'beta', files: ['src/prompts/beta.md'], unread: 0 },
    { id: 'board.linkedin', files: ['src/prompts/board/board.linkedin.md'], unread: 0 },
  ]);
});

test('a folder the code gives at run time is not guessed: each prompt is reported unread', async () => {
  // `new Registry(process.env.PROMPTS_DIR)`: the constructor's argument decides the folder.
  const found = await promptFiles('new Registry(process.env.PROMPTS_DIR)');
  assert.deepEqual(
    found.map((a) => [a.id, a.files.length, a.unread > 0]),
    [
      ['alpha', 0, true],
      ['beta', 0, true],
      ['board.linkedin', 0, true],
    ],
  );
});
