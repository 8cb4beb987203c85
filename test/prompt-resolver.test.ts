/**
 * A prompt resolver as nearform/mac writes one (fresh-2026-12-06d): an agent factory calls
 * `(deps.promptResolver ?? defaultPromptResolver).resolve('architect')`, whose default reads
 * `../../prompts/architect.md` beside the loader, unless an operator sets an override folder at
 * run time. The default's file is read and checked (a bare workspace name in it is reported, with
 * the name the workspace offers); the override, which the repository does not hold, is no unread
 * prompt. A file under a run-time root that the code also concatenates is still reported unread.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyse } from '../src/api/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const LOADER = (extra: string) => `import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
export interface PromptResolver { resolve(key: string): string }
export function resolvePrompt(key: string): string {
  const dir = process.env.PROMPTS_DIR;
  if (dir) {
    try {
      return readFileSync(resolve(dir, \`\${key}.md\`), 'utf-8');
    } catch {
      /* the package default */
    }
  }
  return ${extra}readFileSync(fileURLToPath(new URL(\`../../prompts/\${key}.md\`, import.meta.url)), 'utf-8');
}
export const defaultPromptResolver: PromptResolver = { resolve: resolvePrompt };
`;

const AGENT = `import { Agent } from '@mastra/core/agent';
import { Workspace, LocalFilesystem } from '@mastra/core/workspace';
import { defaultPromptResolver, type PromptResolver } from '../loaders/prompts';
export function createArchitect(deps: { promptResolver?: PromptResolver; root: () => string }) {
  const resolver = deps.promptResolver ?? defaultPromptResolver;
  return new Agent({
    id: 'architect', name: 'architect', model: 'openai/gpt-4o',
    instructions: resolver.resolve('architect'),
    workspace: () => new Workspace({ filesystem: new LocalFilesystem({ basePath: deps.root() }) }),
  });
}
`;

async function run(extra: string) {
  const p = tempProject({
    'package.json': '{ "name": "t", "dependencies": { "@mastra/core": "1.71.0" } }\n',
    'prompts/architect.md': 'Explore the checkout with `list_files` and `read_file`, then plan.\n',
    'src/loaders/prompts.ts': LOADER(extra),
    'src/agents/architect.ts': AGENT,
    'src/index.ts': `import { createArchitect } from './agents/architect';\nexport const run = () => createArchitect({ root: () => '/tmp' }).generate('Plan');\n`,
  });
  try {
    const { report } = await analyse(p.root, { cache: false });
    return report.findings.map((f) => `${f.kind} ${f.locations[0]!.file}:${f.locations[0]!.line}`);
  } finally {
    p.cleanup();
  }
}

test('the default prompt behind `(deps.x ?? default).resolve(key)` is read; the run-time override is no unread prompt', async () => {
  const found = await run('');
  assert.deepEqual(
    found.filter((f) => !f.startsWith('runtime-names')),
    ['unknown-tool-mention prompts/architect.md:1', 'unknown-tool-mention prompts/architect.md:1'],
  );
});

test('a file under a run-time root that the same return also reads is still unread', async () => {
  const found = await run("readFileSync(resolve(process.env.EXTRA ?? '', 'extra.md'), 'utf-8') + ");
  assert.ok(
    found.some((f) => f.startsWith('unread-prompt')),
    found.join('\n'),
  );
});
