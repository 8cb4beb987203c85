/**
 * `ToolSearchProcessor` in an agent's `inputProcessors`: the model is offered `search_tools` and
 * `load_tool`, and the processor's deferred tools load by their keys when the model searches. The
 * scan records them as a run-time source, so neither a prompt nor `activeTools` naming them is
 * reported as unknown, while a stale name still is. What real Mastra sends is captured.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();

const TOOLS = `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const tool = (id: string) =>
  createTool({ id, description: id, inputSchema: z.object({}), execute: () => Promise.resolve({}) });
export const answer = tool('answer');
export const deferredTools = { edit_canvas: tool('edit-canvas'), ...{ read_canvas: tool('read-canvas') } };
`;

const agentFile = (url: string) => `import { Agent } from '@mastra/core/agent';
import { ToolSearchProcessor } from '@mastra/core/processors';
import { answer, deferredTools } from './tools';

export const orchestrator = new Agent({
  id: 'orchestrator',
  name: 'Orchestrator',
  instructions: \`Call \\\`search_tools\\\` to find more tools, then use the \\\`edit_canvas\\\` tool.
When done, call the \\\`post_summary\\\` tool.\`,
  model: { id: 'openai/gpt-4o-mini', url: '${url}', apiKey: 'sk-fake' },
  tools: { answer },
  inputProcessors: [new ToolSearchProcessor({ tools: deferredTools, search: { topK: 2 } })],
  defaultOptions: { activeTools: ['answer', 'search_tools', 'load_tool', 'read_canvas', 'gone_tool'] },
});
`;

describe('ToolSearchProcessor: a run-time source of search_tools, load_tool and its deferred tools', () => {
  test('the scan lists it; only the stale names are reported; real Mastra offers what it says', async () => {
    const p = tempProject({
      'src/mastra/tools.ts': TOOLS,
      'src/mastra/agent.ts': agentFile(provider().urlFor('tool-search')),
    });
    try {
      const scan = await scanRepository(p.root);
      const agent = scan.agents.find((a) => a.id === 'orchestrator')!;
      const source = agent.tools.runtime.find((r) => r.kind === 'tool-search');
      assert.deepEqual(source && [source.names, source.bounded], [
        ['search_tools', 'load_tool', 'edit_canvas', 'read_canvas'],
        true,
      ]);
      const plan = buildPlan(scan);
      const unknown = plan.findings
        .filter((f) => f.kind === 'unknown-tool-mention' || f.kind === 'unknown-name')
        .map((f) => `${f.kind} ${/"([^"]+)"/.exec(f.message)?.[1]}`)
        .sort();
      assert.deepEqual(unknown, ['unknown-name gone_tool', 'unknown-tool-mention post_summary']);

      // Real Mastra: the first request offers the agent's own tool and the two meta-tools.
      const { orchestrator } = (await import(`${p.root}/src/mastra/agent.ts`)) as {
        orchestrator: { generate(prompt: string, options?: object): Promise<unknown> };
      };
      await orchestrator.generate('hi', { activeTools: undefined }).catch(() => undefined);
      const [request] = provider().requests('tool-search');
      const names = ((request?.tools ?? []) as Array<{ function: { name: string } }>).map(
        (t) => t.function.name,
      );
      for (const name of ['answer', 'search_tools', 'load_tool'])
        assert.ok(names.includes(name), `${name} is offered: ${names.join(', ')}`);
    } finally {
      p.cleanup();
    }
  });
});
