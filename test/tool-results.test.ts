/**
 * What a tool's `execute` returns or throws reaches the model as the tool's result: a tool name in
 * it is one the agent must be offered (eval: bitdoze/bitdoze-mastra, gracebotly/flowetic-app). Text
 * the model never reads (a log line, a helper's strings) is not checked; a result naming a tool by
 * its id is rewritten to the key, not used to re-key the tool, and a second run changes nothing.
 * Real @mastra/core sends both the returned text and a thrown error's message back to the model.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { startScriptedProvider } from './harness/scripted-provider.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const APP = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
export const fetchMetadata = createTool({ id: 'fetch-youtube-metadata', description: 'Metadata of a video.', inputSchema: z.object({ url: z.string() }), execute: async () => ({ title: 't' }) });
function hint() {
  return 'call helperOnlyTool next';
}
export const transcript = createTool({
  id: 'youtube-transcript',
  description: 'Transcript of a video.',
  inputSchema: z.object({ url: z.string() }),
  execute: async ({ url }) => {
    if (!url) throw new Error('No URL: call generateUISpec first.');
    console.log('call debugDumpTool to see more', hint());
    return { error: \`No transcript for \${url}. Use fetch-youtube-metadata to get its title instead.\`, status: 'not_found', hint: \`Or try \${fetchMetadata}.\` };
  },
});
export const video = new Agent({ id: 'video', name: 'video', instructions: 'Summarise videos.', model: 'openai/gpt-4o', tools: { youtubeMetadata: fetchMetadata, transcript } });
export const go = () => video.generate('hi');
`;

test("a tool's result names a tool by its id: the text follows the key; an unknown name is reported", async () => {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/agent.ts': APP,
  });
  made.push(p.cleanup);
  const first = await migrate(p.root, { force: true });
  assert.deepEqual(
    first.plan.edits.map((e) => [e.rule, e.before, e.after]),
    [['prompts', 'fetch-youtube-metadata', 'youtubeMetadata']],
  );
  const unknown = first.plan.findings
    .filter((f) => f.kind === 'unknown-tool-mention')
    .map((f) => f.message);
  assert.deepEqual(unknown, [
    `text a tool returns to video's model interpolates "\${fetchMetadata}", the tool object itself: the model reads "[object Object]" there, not a name; write "youtubeMetadata", the name video is offered it under`,
    `text a tool returns to video's model names "generateUISpec", which video is not offered`,
  ]);
  const text = readFileSync(path.join(p.root, 'src/agent.ts'), 'utf8');
  assert.match(text, /Use youtubeMetadata to get its title instead/);
  assert.match(text, /tools: \{ youtubeMetadata: fetchMetadata, transcript \}/);
  const second = await migrate(p.root, { force: true });
  assert.deepEqual(second.written, []);
  assert.equal(readFileSync(path.join(p.root, 'src/agent.ts'), 'utf8'), text);
});

test('a result reporting on something, or on the agent the tool runs, asks this agent nothing (eval: gracebotly/flowetic-app)', async () => {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/agents.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
const getCurrentSpec = createTool({ id: 'get-current-spec', description: 'Spec.', execute: async () => ({}) });
export const builder = new Agent({ id: 'builder', name: 'builder', instructions: 'Build.', model: 'openai/gpt-4o', tools: { getCurrentSpec } });
const delegateToBuilder = createTool({
  id: 'delegate-to-builder',
  description: 'Hands a task to the builder.',
  inputSchema: z.object({ task: z.string() }),
  execute: async ({ task }) => {
    const result = await builder.generate(task);
    if (!result.text) return { error: 'Edit failed. The agent should call getCurrentSpec first.' };
    return { response: result.text };
  },
});
const runDesign = createTool({
  id: 'run-design',
  description: 'Runs the design workflow.',
  execute: async () => ({ success: false, error: 'designSystemWorkflow not registered; call fetchPaletteTool instead.' }),
});
export const router = new Agent({ id: 'router', name: 'router', instructions: 'Route.', model: 'openai/gpt-4o', tools: { delegateToBuilder, runDesign } });
export const go = () => router.generate('hi');
`,
  });
  made.push(p.cleanup);
  const result = await migrate(p.root, { force: true, dryRun: true });
  assert.deepEqual(
    result.plan.findings
      .filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => /"([^"]+)"/.exec(f.message)?.[1]),
    ['fetchPaletteTool'],
  );
});

test('real Mastra sends what execute returns (messages in a list it returns too), and the message of what it throws, to the model', async () => {
  const scripted = await startScriptedProvider();
  try {
    const { Agent } = await import('@mastra/core/agent');
    const { createTool } = await import('@mastra/core/tools');
    const { z } = await import('zod');
    const inputSchema = z.object({ url: z.string() });
    const returns = createTool({
      id: 'returns',
      description: 'r',
      inputSchema,
      execute: () =>
        Promise.resolve({ error: 'No transcript. Use fetch-youtube-metadata instead.' }),
    });
    const collects = createTool({
      id: 'collects',
      description: 'c',
      inputSchema,
      execute: () => {
        const errors: string[] = [];
        errors.push('Flow missing. Use create-flow-tool to create it first.');
        return Promise.resolve({ success: false, errors });
      },
    });
    const throws = createTool({
      id: 'throws',
      description: 't',
      inputSchema,
      execute: () => Promise.reject(new Error('No URL: call generateUISpec first.')),
    });
    for (const [key, text] of [
      ['returns', 'Use fetch-youtube-metadata instead.'],
      ['throws', 'call generateUISpec first.'],
      ['collects', 'Use create-flow-tool to create it first.'],
    ] as const) {
      const caseId = `result-${key}`;
      const agent = new Agent({
        id: 'video',
        name: 'video',
        instructions: 'Summarise videos.',
        model: {
          id: 'openai/gpt-4o-mini',
          url: scripted.urlFor(caseId, [
            { toolCall: { name: key, arguments: { url: 'x' } } },
            { text: 'done' },
          ]),
          apiKey: 'sk-fake',
        },
        tools: { returns, throws, collects },
      });
      await agent.generate('hi');
      const [, second] = scripted.requests(caseId);
      assert.ok(second, `${key}: the model was asked again after the tool ran`);
      assert.ok(JSON.stringify(second.messages).includes(text), `${key}: the result text is sent`);
    }
  } finally {
    await scripted.close();
  }
});

test('messages a result collects in a list it returns are read; single words in a list are values (eval: vishesh-baghel/kestra-agent)', async () => {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
export const createFlow = createTool({ id: 'create-flow-tool', description: 'Creates a flow.', execute: async () => ({ ok: true }) });
export const editFlow = createTool({
  id: 'edit-flow-tool',
  description: 'Edits a flow.',
  inputSchema: z.object({ flowId: z.string() }),
  execute: async ({ flowId }) => {
    const errors: string[] = [];
    const kinds = ['renderChart', 'pdfExport'];
    if (!flowId) {
      errors.push(\`Flow \${flowId} does not exist. Use create-flow-tool to create it first.\`);
      return { success: false, status: 'FLOW_NOT_FOUND', errors, kinds, detail: { hint: 'Or call listFlowsTool to get the ids.' } };
    }
    return { success: true, errors, kinds };
  },
});
export const flows = new Agent({ id: 'flows', name: 'flows', instructions: 'Manage flows.', model: 'openai/gpt-4o', tools: { createFlowTool: createFlow, editFlowTool: editFlow } });
export const go = () => flows.generate('hi');
`,
  });
  made.push(p.cleanup);
  const first = await migrate(p.root, { force: true });
  assert.deepEqual(
    first.plan.edits.filter((e) => e.rule === 'prompts').map((e) => [e.before, e.after]),
    [['create-flow-tool', 'createFlowTool']],
  );
  assert.deepEqual(
    first.plan.findings
      .filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => /"([^"]+)"/.exec(f.message)?.[1]),
    ['listFlowsTool'],
  );
  const second = await migrate(p.root, { force: true });
  assert.deepEqual(second.written, []);
});

test('a message the module keeps in a constant and the result returns by name is read; a one-word constant is a value (eval: tinyfish-io/bigset)', async () => {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const NOT_FOUND = 'Row not found. Call list_rows to see valid row ids.';
const STATUS = 'missing_rows';
const update_row = createTool({
  id: 'update_row',
  description: 'Updates a row.',
  execute: async () => (Math.random() > 0.5 ? { error: NOT_FOUND, status: STATUS } : { ok: true }),
});
export const refresh = new Agent({ id: 'refresh', name: 'refresh', instructions: 'Refresh rows with update_row.', model: 'openai/gpt-4o', tools: { update_row } });
export const go = () => refresh.generate('hi');
`,
  });
  made.push(p.cleanup);
  const result = await migrate(p.root, { force: true, dryRun: true });
  assert.deepEqual(
    result.plan.findings.filter((f) => f.kind === 'unknown-tool-mention').map((f) => f.message),
    [`text a tool returns to refresh's model names "list_rows", which refresh is not offered`],
  );
});
