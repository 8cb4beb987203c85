/**
 * A workspace's tools are offered as `mastra_workspace_*`. A prompt that names one by the words of
 * its own name in camelCase (`readFile` for `read_file`) names a tool the agent is not offered by
 * that name, and is reported with the name to write. A list whose terms name two such tools names
 * a tool with each other term too (`- stat: ...`); the same word in a sentence is prose.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

test('readFile and listFiles name workspace tools offered as mastra_workspace_*', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "w", "type": "module", "dependencies": { "@mastra/core": "1.13.2" } }\n',
    'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { Workspace, LocalFilesystem } from '@mastra/core/workspace';
const workspace = new Workspace({ filesystem: new LocalFilesystem({ basePath: './ws' }) });
export const reader = new Agent({ id: 'reader', name: 'reader', model: 'openai/gpt-4o', workspace,
  instructions: \`Workspace tools:
- listFiles: list the files
- readFile: read one
- stat: metadata
Use readFile for text, and check the stat of a file.\` });
export async function run() { return reader.generate('hi'); }
`,
  });
  made.push(p.cleanup);
  const found = buildPlan(await scanRepository(p.root)).findings.filter(
    (f) => f.kind === 'unknown-tool-mention',
  );
  const byName = new Map(found.map((f) => [/"([^"]+)"/.exec(f.message)?.[1], f.message]));
  assert.deepEqual([...byName.keys()].sort(), ['listFiles', 'readFile', 'stat']);
  assert.match(byName.get('readFile')!, /offers that tool as "mastra_workspace_read_file"/);
  const stat = found.find((f) => f.message.includes('"stat"'))!;
  assert.match(stat.message, /did you mean "mastra_workspace_file_stat"/);
  assert.deepEqual(
    stat.locations.map((l) => l.line),
    [8],
  );
});

test('a workspace given as a function that builds one per request offers the same tools', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "w", "type": "module", "dependencies": { "@mastra/core": "1.13.2" } }\n',
    'src/mastra/workspace.ts': `import { Workspace, LocalFilesystem, LocalSandbox } from '@mastra/core/workspace';
export function workspaceFor({ requestContext }: { requestContext: unknown }) {
  void requestContext;
  return new Workspace({ filesystem: new LocalFilesystem({ basePath: './ws' }), sandbox: new LocalSandbox({ workingDirectory: './ws' }) });
}
export function twoWays(flag: boolean) {
  if (flag) return new Workspace({ filesystem: new LocalFilesystem({ basePath: './a' }) });
  return undefined;
}
`,
    'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { workspaceFor, twoWays } from './workspace';
const instructions = 'For text files, use read_file instead. Run tests with execute_command.';
export const coworker = new Agent({ id: 'coworker', name: 'coworker', model: 'openai/gpt-4o', workspace: workspaceFor, instructions });
export const other = new Agent({ id: 'other', name: 'other', model: 'openai/gpt-4o', workspace: () => twoWays(true), instructions });
export async function run() { await other.generate('hi'); return coworker.generate('hi'); }
`,
  });
  made.push(p.cleanup);
  const found = buildPlan(await scanRepository(p.root)).findings.filter(
    (f) => f.kind === 'unknown-tool-mention',
  );
  // The function's one return is the Workspace: its tools, and the bare names, are known.
  const coworker = found.filter((f) => f.agents?.includes('coworker')).map((f) => f.message);
  assert.equal(coworker.length, 2, coworker.join('\n'));
  assert.match(
    coworker.join('\n'),
    /"read_file".*offers that tool as "mastra_workspace_read_file"/,
  );
  assert.match(coworker.join('\n'), /"execute_command".*as "mastra_workspace_execute_command"/);
  // A function with two returns (or one that returns a call) is not read: which tools it adds is
  // not claimed. Nothing in the app renames a workspace tool, so a bare name is still not what the
  // model is offered: it is reported with the default name, "if it adds it" (nearform/mac).
  assert.deepEqual(
    found.filter((f) => f.agents?.includes('other')).map((f) => f.message),
    ['read_file', 'execute_command'].map(
      (n) =>
        `the instructions of other name "${n}", which other is not offered by that name: its workspace (a config the scan cannot read, and nothing in the app renames workspace tools) offers that tool, if it adds it, as "mastra_workspace_${n}"`,
    ),
  );
});
