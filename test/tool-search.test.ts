/**
 * `ToolSearchProcessor` in an agent's `inputProcessors`: the model is offered `search_tools` and
 * `load_tool`, and the processor's deferred tools load by their ids (`tool.id || key`) when the model searches. The
 * scan records them as a run-time source, so neither a prompt nor `activeTools` naming them is
 * reported as unknown, while a stale name still is. What real Mastra sends is captured.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { startScriptedProvider, type ScriptedProvider } from './harness/scripted-provider.ts';
import { copyFixture } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();

const TOOLS = `import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const tool = (id: string) =>
  createTool({ id, description: id, inputSchema: z.object({}), execute: () => Promise.resolve({}) });
export const answer = tool('answer');
// Loaded by id (tool.id || key), not by key.
export const deferredTools = {
  editCanvas: createTool({ id: 'edit_canvas', description: 'Edit the canvas', inputSchema: z.object({}), execute: () => Promise.resolve({}) }),
  ...{ readCanvas: createTool({ id: 'read_canvas', description: 'Read the canvas', inputSchema: z.object({}), execute: () => Promise.resolve({}) }) },
};
`;

const agentFile = (url: string) => `import { Agent } from '@mastra/core/agent';
import { ToolSearchProcessor } from '@mastra/core/processors';
import { answer, deferredTools } from './tools';

export const orchestrator = new Agent({
  id: 'orchestrator',
  name: 'Orchestrator',
  instructions: \`Call \\\`search_tools\\\` to find more tools, then use the \\\`edit_canvas\\\` tool.
Check your work with \\\`readCanvas\\\`. When done, call the \\\`post_summary\\\` tool.\`,
  model: { id: 'openai/gpt-4o-mini', url: '${url}', apiKey: 'sk-fake' },
  tools: { answer },
  inputProcessors: [new ToolSearchProcessor({ tools: deferredTools, search: { topK: 2 } })],
  defaultOptions: { activeTools: ['answer', 'search_tools', 'load_tool', 'read_canvas', 'gone_tool'] },
});
`;

describe('ToolSearchProcessor: a run-time source of search_tools, load_tool and its deferred tools', () => {
  test('the scan lists it; only the stale names (one its key) are reported; real Mastra offers what it says', async () => {
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
      assert.deepEqual(unknown, [
        'unknown-name gone_tool',
        'unknown-tool-mention post_summary',
        'unknown-tool-mention readCanvas',
      ]);

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

describe('descriptions of the tools a ToolSearchProcessor loads', () => {
  let scripted: ScriptedProvider;
  before(async () => {
    scripted = await startScriptedProvider();
  });
  after(() => scripted.close());

  test("a deferred tool's description is read by the agent's model and checked against what that agent is offered", async () => {
    const copy = copyFixture('findings/tool-search-descriptions');
    try {
      const result = await migrate(copy.root);
      // The stale id in one description is fixed; the right key in the other is left.
      assert.deepEqual(
        result.plan.edits.map(
          (e) => `${e.location.file}:${e.location.line} ${e.before} -> ${e.after}`,
        ),
        ['src/mastra/tools/documents.ts:15 knowledge-query -> knowledgeQuery'],
      );
      assert.match(result.plan.edits[0]!.reason, /a tool description names "knowledge-query"/);
      // A deferred id with a colon is sent as it is once loaded (captured below): no rename to
      // report, and whether the provider takes it depends on the provider.
      assert.deepEqual(result.plan.findings, []);
      const again = await migrate(copy.root, { force: true, dryRun: true });
      assert.deepEqual(again.plan.edits, [], 'a second run changes nothing');

      // Real Mastra: the catalog in the system prompt lists the deferred tool by its id with its
      // description, beside the agent's own tool offered as knowledgeQuery; loaded, it is offered
      // by its id too.
      const scan = await scanRepository(copy.root);
      const clinic = scan.agents.find((a) => a.id === 'clinic')!;
      const source = clinic.tools.runtime.find((r) => r.kind === 'tool-search');
      assert.deepEqual(source?.names, [
        'search_tools',
        'load_tool',
        'ingest-document',
        'summarize-document',
        'docs:archive',
      ]);
      const mod = (await import(
        pathToFileURL(path.join(copy.root, clinic.location.file)).href
      )) as {
        clinicAgent: { __updateModel(m: object): void; generate(p: string): Promise<unknown> };
      };
      mod.clinicAgent.__updateModel({
        model: {
          id: 'openai/gpt-4o-mini',
          url: scripted.urlFor('load', [
            {
              toolCall: {
                name: 'load_tool',
                arguments: { toolNames: ['ingest-document', 'docs:archive'] },
              },
            },
          ]),
          apiKey: 'sk-fake',
        },
      });
      await mod.clinicAgent.generate('File this lab report.');
      const [first, second] = scripted.requests('load');
      const offered = (r: typeof first) =>
        ((r?.tools ?? []) as Array<{ function: { name: string } }>).map((t) => t.function.name);
      assert.deepEqual(offered(first), ['search_tools', 'load_tool', 'knowledgeQuery']);
      assert.deepEqual(offered(second), [
        'search_tools',
        'load_tool',
        'knowledgeQuery',
        'ingest-document',
        'docs:archive',
      ]);
      const system = JSON.stringify(first?.messages ?? []);
      assert.match(
        system,
        /`ingest-document`: Ingest a medical document, stored for retrieval via the knowledgeQuery tool/,
      );
    } finally {
      copy.cleanup();
    }
  });
});
