/**
 * `const cfg = config[kind]; mastra.getAgent(cfg.agentName).generate(cfg.promptFn(file))`: each
 * entry of the literal table is a call of its own agent with its own prompt, so each prompt is
 * checked against the agent that reads it (eval: Spirizeon/lemonx, 9 misses).
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const APP = {
  'package.json':
    '{ "name": "t", "type": "module", "dependencies": { "@mastra/core": "1.21.0" } }\n',
  'src/agents.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const readFileTool = createTool({ id: 'read-file', description: 'r', execute: async () => ({}) });
export const unitAgent = new Agent({ id: 'unit', name: 'unit', instructions: 'Write tests.', model: 'openai/gpt-4o', tools: { readFileTool } });
export const e2eAgent = new Agent({ id: 'e2e', name: 'e2e', instructions: 'Write tests.', model: 'openai/gpt-4o', tools: { sourceReader: readFileTool } });
`,
  'src/index.ts': `import { Mastra } from '@mastra/core/mastra';
import { e2eAgent, unitAgent } from './agents.js';
export const mastra = new Mastra({ agents: { unitAgent, e2eAgent } });
export async function run(kind: 'unit' | 'e2e', file: string) {
  const config = {
    unit: { agentName: 'unitAgent' as const, promptFn: (f: string) => \`1. Call read-file with path="\${f}".\` },
    e2e: { agentName: 'e2eAgent' as const, promptFn: (f: string) => \`1. Call read-file with path="\${f}" first.\` },
  };
  const cfg = config[kind];
  const agent = mastra.getAgent(cfg.agentName);
  await agent.generate(cfg.promptFn(file));
}
`,
};

test("each entry's prompt is read for its own agent: each tool is keyed by the id it names", async () => {
  const p = tempProject(APP);
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  assert.deepEqual(
    plan.edits.map((e) => [
      `${e.location.file}:${e.location.line}:${e.before}->${e.after}`,
      /\((src\/index\.ts:\d+)\)/.exec(e.reason)?.[1],
    ]),
    [
      ["src/agents.ts:4:readFileTool->'read-file'", 'src/index.ts:6'],
      ["src/agents.ts:5:sourceReader->'read-file'", 'src/index.ts:7'],
    ],
  );
});
