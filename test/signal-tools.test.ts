/**
 * An agent's `signals` add tools: `TaskSignalProvider` merges its four task tools into the agent's
 * toolset (the installed @mastra/core's declarations say which), and a class of the app that
 * extends it adds the same unless its `getTools()` returns something else. A prompt that names a
 * task tool names a tool the agent has; an agent without the provider is not offered it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { TASK_SIGNAL_TOOLS } from '../src/scan/values/signal-tools.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

test('the task tools are those TaskSignalProvider.getTools() declares in the installed @mastra/core', () => {
  const core = path.dirname(createRequire(import.meta.url).resolve('@mastra/core/package.json'));
  const text = readFileSync(path.join(core, 'dist/signals/task-signal-provider.d.ts'), 'utf8');
  const body = text.slice(text.indexOf('getTools(): {'));
  const declared = [...body.matchAll(/^ {8}(\w+): import\("\.\.\/tools"\)\.Tool</gm)].map(
    (m) => m[1],
  );
  assert.deepEqual(declared, TASK_SIGNAL_TOOLS);
});

const app = (provider: string) => ({
  'package.json':
    '{ "name": "s", "type": "module", "dependencies": { "@mastra/core": "1.43.0" } }\n',
  'src/mastra/signals.ts': `import { TaskSignalProvider } from '@mastra/core/signals';
export class Wrapped extends TaskSignalProvider {
  override getTools() {
    const tools = super.getTools();
    for (const tool of Object.values(tools)) {
      const run = (tool as { execute: Function }).execute;
      (tool as { execute: Function }).execute = async (input: unknown) => { return run(input); };
    }
    return tools;
  }
}
export class Extended extends TaskSignalProvider {
  override getTools() {
    return { ...super.getTools(), ping: {} };
  }
}
`,
  'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { TaskSignalProvider } from '@mastra/core/signals';
import { Wrapped, Extended } from './signals';
const shell = createTool({ id: 'shell', description: 'Run.', execute: async () => ({}) });
const lookup = createTool({ id: 'lookup', description: 'Look up.', execute: async () => ({}) });
const PLAN = \`## Tools
- **shell**: run a command
- **lookup**: look something up
- **task_write**: write the task list
- **task_complete**: mark a task done\`;
export const coder = new Agent({ id: 'coder', name: 'coder', model: 'openai/gpt-5-mini',
  instructions: PLAN, tools: { shell, lookup }, signals: [${provider}] });
export const helper = new Agent({ id: 'helper', name: 'helper', model: 'openai/gpt-5-mini',
  instructions: PLAN, tools: { shell, lookup } });
export async function run() { return [await coder.generate('hi'), await helper.generate('hi')]; }
`,
});

async function check(provider: string) {
  const p = tempProject(app(provider));
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  const findings = buildPlan(scan).findings.filter((f) => f.kind === 'unknown-tool-mention');
  return {
    runtime: scan.agents.find((a) => a.id === 'coder')!.tools.runtime,
    flagged: [...new Set(findings.flatMap((f) => f.agents))].sort(),
  };
}

for (const provider of ['new TaskSignalProvider()', 'new Wrapped()'])
  test(`${provider}: the task tools are offered to the agent that has it, not to another`, async () => {
    const { runtime, flagged } = await check(provider);
    assert.deepEqual(
      runtime.map((r) => [r.kind, r.names, r.bounded]),
      [['signals', TASK_SIGNAL_TOOLS, true]],
    );
    assert.deepEqual(flagged, ['helper']);
  });

test('a provider whose getTools() adds its own tools may add any name', async () => {
  const { runtime, flagged } = await check('new Extended()');
  assert.deepEqual(
    runtime.map((r) => [r.kind, r.bounded]),
    [['signals', false]],
  );
  assert.deepEqual(flagged, ['helper']);
});
