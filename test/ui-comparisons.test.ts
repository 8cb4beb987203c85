/**
 * A front end in its own package (no Mastra dependency) that switches on the names the app's
 * agents stream: parsed for its comparisons when a case is a string the Mastra code writes, so the
 * other cases are checked too. A sub-agent's own id there is stale: the stream carries the
 * delegation tool `agent-KEY` (eval: Zemon-tech/Keil-App, 13 cases in three files).
 */
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (firstCase: string, secondCase: string) => ({
  'backend/package.json':
    '{ "name": "b", "type": "module", "dependencies": { "@mastra/core": "1.43.0" } }\n',
  'backend/src/agents.ts': `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
const listTasks = createTool({ id: 'list_tasks', description: 'l', execute: async () => ({}) });
const taskAgent = new Agent({ id: 'acme-task-agent', name: 'Tasks', description: 'Tasks.', instructions: 'x', model: 'openai/gpt-4o', tools: { list_tasks: listTasks } });
export const lead = new Agent({ id: 'lead', name: 'Lead', instructions: 'Delegate task work.', model: 'openai/gpt-4o', agents: { taskAgent } });
export const mastra = new Mastra({ agents: { lead } });
await lead.stream('hi');
`,
  'frontend/package.json':
    '{ "name": "f", "type": "module", "dependencies": { "react": "19.0.0" } }\n',
  'frontend/src/labels.ts': `export function toolLabel(toolName: string): string {
  switch (toolName) {
    case '${firstCase}':
      return 'Listing tasks';
    case '${secondCase}':
      return 'Delegated to the task agent';
    default:
      return toolName;
  }
}
`,
});

async function references(firstCase: string, secondCase: string) {
  // Outside this repository, whose own package.json would put every package in reach of Mastra.
  const p = tempProject(app(firstCase, secondCase), tmpdir());
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  const found = buildPlan(scan)
    .findings.filter((f) => f.kind === 'reference')
    .map(
      (f) =>
        `${f.locations[0]!.file}:${f.locations[0]!.line}:${/"(agent-[^"]+)"/.exec(f.message)?.[1]}`,
    );
  return { found, unparsed: scan.files.outsideMastra ?? 0 };
}

test("a front end's switch with a name the Mastra code writes is read: the sub-agent's id is stale", async () => {
  assert.deepEqual(await references('list_tasks', 'acme-task-agent'), {
    found: ['frontend/src/labels.ts:5:agent-taskAgent'],
    unparsed: 0,
  });
});

test('a front end whose tests name nothing the Mastra code writes is left unread', async () => {
  assert.deepEqual(await references('list_projects', 'open-modal'), { found: [], unparsed: 1 });
});
