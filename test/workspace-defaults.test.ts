/**
 * A workspace whose config the scan cannot read (built per run by a function, as nearform/mac's
 * agents get theirs) offers its tools under Mastra's default names unless a config renames them,
 * and a rename names the tool (`mastra_workspace_read_file`, `WORKSPACE_TOOLS...`). Where no source
 * does, a prompt's bare `read_file` is reported with the default name as the fix; not where the repo
 * renames workspace tools, and not where another source the scan cannot read (a `tools` function
 * with unknown keys, as mastra-ai/mastra-code-ui has) may offer the bare name itself.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyse } from '../src/api/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const agent = (extra: string) => `import { Agent } from '@mastra/core/agent';
import type { Workspace } from '@mastra/core/workspace';
declare const workspaces: { create(taskId: string): Workspace };
${extra}
export const coder = new Agent({
  id: 'coder', name: 'coder', model: 'openai/gpt-4o',
  instructions: 'Read the code with \`read_file\` before you change anything.',
  workspace: () => workspaces.create('task'),
  ${extra.includes('moreTools') ? 'tools: () => moreTools(),' : ''}
});
export const run = () => coder.generate('Fix the bug');
`;

async function mentions(files: Record<string, string>) {
  const p = tempProject({
    'package.json': '{ "name": "t", "dependencies": { "@mastra/core": "1.71.0" } }\n',
    ...files,
  });
  try {
    const { report } = await analyse(p.root, { cache: false });
    return report.findings.filter((f) => f.kind === 'unknown-tool-mention').map((f) => f.message);
  } finally {
    p.cleanup();
  }
}

test('a bare workspace name, nothing renaming workspace tools: the default name is the fix', async () => {
  assert.deepEqual(await mentions({ 'src/coder.ts': agent('') }), [
    'the instructions of coder name "read_file", which coder is not offered by that name: its workspace (a config the scan cannot read, and nothing in the app renames workspace tools) offers that tool, if it adds it, as "mastra_workspace_read_file"',
  ]);
});

test('a repository that renames workspace tools somewhere: the name may be a rename', async () => {
  const renames = `export const tools = { mastra_workspace_read_file: { name: 'read_file' } };\n`;
  assert.deepEqual(
    await mentions({
      'src/coder.ts': agent(''),
      'src/config.ts': `import '@mastra/core/workspace';\n${renames}`,
    }),
    [],
  );
});

test('tools the scan cannot read may offer the bare name: not reported', async () => {
  const more = `declare function moreTools(): Record<string, any>;`;
  assert.deepEqual(await mentions({ 'src/coder.ts': agent(more) }), []);
});

test('a list in parentheses of workspace names: a plain word in it (grep) is one too; prose in parentheses is not', async () => {
  const listed = (words: string) =>
    agent('').replace(
      "'Read the code with `read_file` before you change anything.'",
      `'Use your read-only tools (${words}) to explore.'`,
    );
  const names = async (words: string) =>
    (await mentions({ 'src/coder.ts': listed(words) })).map((m) => /"([^"]+)"/.exec(m)![1]);
  assert.deepEqual(await names('list_files, read_file, grep'), ['list_files', 'read_file', 'grep']);
  assert.deepEqual(await names('list_files, read_file and more'), ['list_files', 'read_file']);
});
