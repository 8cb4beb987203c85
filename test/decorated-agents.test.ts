/**
 * An agent decorated by one of the app's functions that returns it (`withModes(new Agent(...))`,
 * `return Object.assign(agent, ...)`) is that agent where it is registered, given as a sub-agent or
 * inherits the Mastra instance's workspace. A function that may return something else proves nothing.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

/** The agents' registered keys and run-time sources, for a decorator whose body is `body`. */
async function scanWith(body: string) {
  const p = tempProject({
    'package.json':
      '{ "name": "d", "type": "module", "dependencies": { "@mastra/core": "1.71.0" } }\n',
    'src/agents/shared.ts': `export function withModes<T extends object>(agent: T, modes: string[] = []) {\n${body}\n}\n`,
    'src/agents/agent.ts': `import { Agent } from '@mastra/core/agent';
import { withModes } from './shared.js';
export const advisorAgent = withModes(new Agent({ id: 'advisor', name: 'Advisor', instructions: 'Look around with list_files.', model: 'openai/gpt-4o-mini' }), ['plan']);
export const mastraAgents = { advisorAgent };
`,
    'src/workspace.ts': `import { LocalFilesystem, Workspace, WORKSPACE_TOOLS } from '@mastra/core/workspace';
export const workspace = new Workspace({ filesystem: new LocalFilesystem({ basePath: '.' }), tools: { enabled: false, [WORKSPACE_TOOLS.FILESYSTEM.LIST_FILES]: { enabled: true, name: 'list_files' } } });
`,
    'src/mastra/index.ts': `import { Mastra } from '@mastra/core/mastra';
import { mastraAgents } from '../agents/agent.js';
import { workspace } from '../workspace.js';
export const mastra = new Mastra({ agents: mastraAgents, workspace });
`,
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  const [agent] = scan.agents;
  return {
    registeredAs: agent!.registeredAs,
    workspace: agent!.tools.runtime.find((r) => r.kind === 'workspace')?.names,
  };
}

describe('agents decorated by a function that returns them', () => {
  test('Object.assign(agent, ...) and return agent: registered, with the instance workspace', async () => {
    for (const body of [
      '  return Object.assign(agent, { mode: modes[0] ?? "default", modes });',
      '  const mode = modes[0];\n  if (!mode) return agent;\n  return Object.assign(agent, { mode });',
    ]) {
      const r = await scanWith(body);
      assert.deepEqual(r.registeredAs, ['advisorAgent'], body);
      assert.deepEqual(r.workspace, ['list_files'], body);
    }
  });

  test('a function that may return something else, or reassigns the agent, proves nothing', async () => {
    for (const body of [
      '  return { ...agent, modes };',
      '  if (modes.length) return agent;\n  return { agent };',
      '  agent = Object.create(agent);\n  return agent;',
    ]) {
      const r = await scanWith(body);
      assert.deepEqual(r.registeredAs, [], body);
      assert.equal(r.workspace, undefined, body);
    }
  });
});
