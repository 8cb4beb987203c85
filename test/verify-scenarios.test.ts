/**
 * `verify --scenarios`: the user's own calls are measured like the agents, with their toolsets,
 * clientTools, toolChoice and activeTools, and compared with the prediction for each call. The
 * local replies are valid in every protocol, streamed or not. A difference exits 1.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { verify } from '../src/verify/verify.ts';
import { verifyApp } from './helpers/verify-app.ts';
import { exitCodeFor } from '../bin/commands/verify.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

// A model whose provider speaks a protocol verify does not answer (here, Bedrock's Converse API).
const BEDROCK_APP = `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const converse = async (): Promise<never> => {
  await fetch('https://bedrock-runtime.us-east-1.amazonaws.com/model/claude/converse', { method: 'POST', body: '{}' });
  throw new Error('unreachable');
};
const model = { specificationVersion: 'v2', provider: 'bedrock', modelId: 'claude', supportedUrls: {}, doGenerate: converse, doStream: converse };
const tool = createTool({ id: 'lookup', description: 'Look up.', inputSchema: z.object({ q: z.string() }), execute: async () => ({}) });
export const mastra = new Mastra({ agents: { bedrockAgent: new Agent({ id: 'bedrock-agent', name: 'Bedrock', instructions: 'Help.', model: model as never, tools: { lookup: tool } }) } });
`;

const scenarios = (name: string) =>
  fileURLToPath(new URL(`../fixtures/verify/${name}`, import.meta.url));

describe('verify --scenarios on the demo', () => {
  test('each call is measured and compared: forced tools, activeTools, toolsets and clientTools, stream()', async () => {
    const { report } = await verifyApp(fixturePath('demo-app'), {
      scenarios: scenarios('demo.scenarios.ts'),
    });
    const calls = report.calls.map((c) => ({
      at: `${c.location?.file}:${c.location?.line}`,
      call: `${c.agent}.${c.method}`,
      status: c.status,
      tools: c.measurement.request?.tools,
      choice: c.measurement.request?.toolChoice,
      stream: c.measurement.request?.stream,
    }));
    assert.deepEqual(calls, [
      // The raw key forced: sent verbatim, for a tool the request does not carry (MCP makes the list run-time only).
      {
        at: '../verify/demo.scenarios.ts:11',
        call: 'researchAgent.generate',
        status: 'unpredictable',
        tools: ['search_web', 'fetch_page', 'notes_save', 'agent-fact_checker'],
        choice: { mode: 'tool', toolName: 'search.web' },
        stream: false,
      },
      // activeTools compares with wire names: 'lookup-order' matches nothing.
      {
        at: '../verify/demo.scenarios.ts:12',
        call: 'supportAgent.generate',
        status: 'match',
        tools: ['issueRefundTool'],
        choice: { mode: 'auto' },
        stream: false,
      },
      {
        at: '../verify/demo.scenarios.ts:13',
        call: 'supportAgent.generate',
        status: 'match',
        tools: [
          'weatherTool',
          'issueRefundTool',
          'lookupOrderTool',
          'askUserTool',
          'kb_lookup',
          'ui_confirm',
        ],
        choice: { mode: 'required' },
        stream: false,
      },
      {
        at: '../verify/demo.scenarios.ts:14',
        call: 'plannerAgent.stream',
        status: 'match',
        tools: ['submitPlanTool', 'workflow-daily_digest'],
        choice: { mode: 'tool', toolName: 'submitPlanTool' },
        stream: true,
      },
    ]);
    assert.deepEqual(report.calls[2]?.options, {
      toolsets: [{ name: 'extra', keys: ['kb.lookup'] }],
      clientTools: ['ui.confirm'],
      toolChoice: 'required',
    });
    assert.deepEqual(report.calls[0]?.reasons, [
      'tools: MCP tools are named `${server}_${tool}` at run time; the tool part is unknown (src/mastra/agents/research-agent.ts:20)',
    ]);
  });
});

describe('the local replies', () => {
  for (const app of ['verify/string-models', 'verify/ai-sdk-model']) {
    test(`${app}: generate() and stream() read "ok" back in every protocol`, async () => {
      const { report } = await verifyApp(fixturePath(app), {
        scenarios: scenarios('replies.scenarios.ts'),
      });
      assert.equal(report.scenarioError, undefined, report.scenarioError?.reason);
      assert.equal(report.calls.length, 2 * report.agents.length);
      const protocols = new Set(
        report.calls.map(
          (c) =>
            `${c.measurement.request?.protocol} ${c.measurement.request?.stream ? 'stream' : 'json'}`,
        ),
      );
      const expected =
        app === 'verify/string-models'
          ? ['anthropic-messages', 'google-generate-content', 'openai-chat']
          : ['openai-chat', 'openai-responses'];
      assert.deepEqual(
        [...protocols].sort(),
        expected.flatMap((p) => [`${p} json`, `${p} stream`]),
      );
      assert.ok(
        report.calls.every((c) => c.status === 'match'),
        JSON.stringify(report.calls.map((c) => [c.agent, c.status, c.difference?.summary])),
      );
    });
  }
});

describe('differences and failing scenarios', () => {
  test('a tool map changed after it was written: differs, with what is missing and what is extra; exit 1', async () => {
    const r = await runCli(['verify', 'fixtures/verify/mutated']);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /mutatedAgent \(mutated-agent\) {2}differs/);
    assert.match(r.stdout, /measured: {2}searchTool, fetch_page\n/);
    assert.match(r.stdout, /predicted: searchTool, notes_save\n/);
    assert.match(
      r.stdout,
      /! predicted but not sent: notes_save\n {2}! sent but not predicted: fetch_page/,
    );
  });

  test('a provider protocol verify does not answer: refused and listed, the agent not measured', async (t) => {
    const app = tempProject({
      'package.json': '{ "type": "module" }',
      'src/mastra/index.ts': BEDROCK_APP,
    });
    t.after(() => app.cleanup());
    const { report: run } = await verify(app.root);
    const report = run.apps[0]!;
    const [agent] = report.agents;
    assert.equal(agent?.status, 'unmeasured');
    assert.deepEqual(agent?.reasons, ['the call failed before any provider request: fetch failed']);
    assert.deepEqual(
      report.blocked.map((b) => [b.phase, b.method, b.target]),
      [['agents', 'POST', 'https://bedrock-runtime.us-east-1.amazonaws.com/model/claude/converse']],
    );
    assert.equal(exitCodeFor(run), 1);
  });

  test('a scenario that throws is reported with one line; the calls it made are still measured', async (t) => {
    const dir = tempProject({});
    t.after(() => dir.cleanup());
    const file = path.join(dir.root, 'broken.scenarios.ts');
    writeFileSync(
      file,
      "export default async (mastra: any) => {\n  await mastra.getAgent('fixedAgent').generate('hi');\n  throw new Error('the scenario expected a tool call');\n};\n",
    );
    const { report } = await verifyApp(fixturePath('verify/runtime-keys'), { scenarios: file });
    assert.match(report.scenarioError?.reason ?? '', /^the scenario expected a tool call/);
    assert.deepEqual(
      report.calls.map((c) => [c.agent, c.status]),
      [['fixedAgent', 'match']],
    );
  });
});
