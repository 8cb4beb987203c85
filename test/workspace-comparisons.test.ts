/**
 * Code that tests a tool name against a workspace tool's own name (`execute_command`, a key of a
 * status table looked up by the called tool's name) never matches: the agents whose workspace has
 * the tool are offered it as `mastra_workspace_execute_command`. Reported with that name, never
 * edited; not when some run-time source could add the plain name itself, nor when the same test
 * also accepts the offered name.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (extra: string) => ({
  'package.json':
    '{ "name": "w", "type": "module", "dependencies": { "@mastra/core": "1.48.0" } }\n',
  'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Workspace, LocalFilesystem, LocalSandbox } from '@mastra/core/workspace';
${extra}
const search = createTool({ id: 'search', description: 'Search.', execute: async () => ({}) });
const workspace = new Workspace({
  filesystem: new LocalFilesystem({ basePath: './ws' }),
  sandbox: new LocalSandbox({ workingDirectory: './ws' }),
});
const LABELS: Record<string, string> = {
  search: 'is searching',
  execute_command: 'is running a command',
  list_files: 'is listing files',
};
export function isShell(toolName: string) {
  return toolName === 'grep' || toolName === 'mastra_workspace_grep' || toolName === 'search';
}
export function status(chunk: { payload: { toolName: string } }) {
  return LABELS[chunk.payload.toolName] ?? 'is working';
}
export const helper = new Agent({ id: 'helper', name: 'helper', model: 'openai/gpt-4o', workspace,
  instructions: 'Help.', tools: { search${extra ? ', ...mcpTools' : ''} } });
export async function run() { return helper.generate('hi'); }
`,
});

async function references(files: Record<string, string>) {
  const p = tempProject(files);
  made.push(p.cleanup);
  return buildPlan(await scanRepository(p.root)).findings.filter((f) => f.kind === 'reference');
}

test('a status table keyed by workspace tools’ own names is reported with the offered names', async () => {
  const found = await references(app(''));
  assert.deepEqual(
    found.map((f) => [/"([^"]+)"/.exec(f.message)?.[1], f.locations.map((l) => l.line)]),
    [
      ['execute_command', [12]],
      ['list_files', [13]],
    ],
  );
  assert.match(
    found[0]!.message,
    /the workspace's own name for the tool helper is offered as "mastra_workspace_execute_command", so this test never matches/,
  );
});

test('not when a run-time source could add any name', async () => {
  const found = await references(
    app(
      "import { MCPClient } from '@mastra/mcp';\nconst mcpTools = await new MCPClient({ servers: {} }).listTools();",
    ),
  );
  assert.deepEqual(found, []);
});

test('a name only a workspace could add, that the workspace does not offer, never matches (eval: digitalmedika/mastra-tui)', async () => {
  const ui = `
export async function label() {
  for await (const chunk of (await helper.stream('hi')).fullStream)
    if (chunk.type === 'tool-call') {
      const toolName = chunk.payload.toolName;
      if (toolName === 'search') return 'search';
      if (toolName === 'mastra_workspace_shell' || toolName === 'mastra_workspace_execute_command')
        return 'shell';
    }
  return 'other';
}
export function isRun(toolName: string) {
  return toolName === 'mastra_workspace_run' || toolName === 'mastra_workspace_execute_command';
}
`;
  const withUi = (files: Record<string, string>) => ({
    ...files,
    'src/mastra/agent.ts': files['src/mastra/agent.ts'] + ui,
  });
  const found = await references(withUi(app('')));
  const shell = found.filter((f) => f.message.includes('"mastra_workspace_shell"'));
  assert.equal(shell.length, 1, found.map((f) => f.message).join('\n'));
  assert.match(
    shell[0]!.message,
    /a name only a workspace adds, but the workspace of helper offers no tool of that name/,
  );
  // Compared with a name the workspace offers, a helper's parameter holds tool names too.
  assert.equal(found.filter((f) => f.message.includes('"mastra_workspace_run"')).length, 1);
  // A tool the workspace does offer is no drift.
  assert.ok(!found.some((f) => f.message.includes('with "mastra_workspace_execute_command"')));
  // Any run-time source that could add the name stops it.
  const open = await references(
    withUi(
      app(
        "import { MCPClient } from '@mastra/mcp';\nconst mcpTools = await new MCPClient({ servers: {} }).listTools();",
      ),
    ),
  );
  assert.ok(!open.some((f) => f.message.includes('"mastra_workspace_shell"')));
});
