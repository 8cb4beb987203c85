/**
 * The measured prompt check: the text each request gives the model (read per protocol), the names
 * in it that the same request does not offer, the fix, and the place in the source. Run with real
 * @mastra/core 1.71.0 on a fixture app whose prompts come from a spec-table factory, a loader under
 * a computed root, a `.replace()` template, imported knowledge text and a workspace; on the stdio
 * MCP fixture with --allow-mcp; and on an app with no drift, which reports none. Static against
 * measured sets the scan's own prompt findings against the measured ones.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { renderVerifyReport } from '../src/report/verify-render.ts';
import { promptOf } from '../src/verify/child/prompt-text.ts';
import type { AppReport, MeasuredPromptName } from '../src/verify/model.ts';
import { measuredPromptNames, type Spellings } from '../src/verify/prompt-names.ts';
import { PromptSources } from '../src/verify/prompt-source.ts';
import { verify } from '../src/verify/verify.ts';
import { fixturePath } from './helpers/fixture-scan.ts';

describe('the text a request gives the model, per protocol', () => {
  test('OpenAI chat: system and developer messages, and the user text parts', () => {
    const p = promptOf('openai-chat', {
      messages: [
        { role: 'system', content: 'Use `a_b`.' },
        { role: 'developer', content: [{ type: 'text', text: 'Then c-d.' }] },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image_url', image_url: {} },
          ],
        },
        { role: 'assistant', content: 'call e_f' },
        { role: 'tool', content: 'g_h' },
      ],
    });
    assert.deepEqual(p, { system: ['Use `a_b`.', 'Then c-d.'], user: ['hi'] });
  });
  test('the description each function tool is sent with', () => {
    const p = promptOf('openai-chat', {
      messages: [],
      tools: [
        { type: 'function', function: { name: 'a', description: 'does a' } },
        { type: 'web_search' },
      ],
    });
    assert.deepEqual(p.descriptions, [{ tool: 'a', text: 'does a' }]);
  });
  test('OpenAI responses: instructions and input', () => {
    assert.deepEqual(
      promptOf('openai-responses', {
        instructions: 'sys',
        input: [
          { role: 'system', content: 'more' },
          { role: 'user', content: [{ type: 'input_text', text: 'u' }] },
        ],
      }),
      { system: ['sys', 'more'], user: ['u'] },
    );
  });
  test('Anthropic: the system blocks and the user turns', () => {
    assert.deepEqual(
      promptOf('anthropic-messages', {
        system: [{ type: 'text', text: 's1' }],
        messages: [{ role: 'user', content: 'u1' }],
      }),
      { system: ['s1'], user: ['u1'] },
    );
  });
  test('Google: systemInstruction parts and the user contents', () => {
    assert.deepEqual(
      promptOf('google-generate-content', {
        systemInstruction: { parts: [{ text: 's' }] },
        contents: [
          { role: 'user', parts: [{ text: 'u' }] },
          { role: 'model', parts: [{ text: 'm' }] },
        ],
      }),
      { system: ['s'], user: ['u'] },
    );
  });
});

const spell = (pairs: Array<[string, string]>): Spellings => {
  const m: Spellings = new Map();
  for (const [k, v] of pairs) m.set(k, new Set([...(m.get(k) ?? []), v]));
  return m;
};
const names = (list: MeasuredPromptName[]) => list.map((n) => [n.name, n.offeredAs]);

describe('names the text uses that the request does not offer', () => {
  const app = spell([
    ['search', 'searchTool'],
    ['searchTool', 'searchTool'],
    ['lookup-order', 'lookupOrder'],
    ['otherTool', 'otherTool'],
  ]);
  test('a plain word counts only when marked as a name; the paired marked case is reported', () => {
    const plain = measuredPromptNames(
      { system: ['First search the docs.'], user: [] },
      ['searchTool'],
      app,
    );
    assert.deepEqual(names(plain), []);
    const marked = measuredPromptNames(
      { system: ['First call `search`.'], user: [] },
      ['searchTool'],
      app,
    );
    assert.deepEqual(names(marked), [['search', ['searchTool']]]);
  });
  test('an offered name is right; an id is stale with the key as the fix; a tool of no request has no fix', () => {
    const found = measuredPromptNames(
      {
        system: ['Use lookup-order, then lookupOrder, and otherTool.'],
        user: [],
      },
      ['lookupOrder'],
      app,
    );
    assert.deepEqual(names(found), [
      ['lookup-order', ['lookupOrder']],
      ['otherTool', []],
    ]);
  });
  test('short names of what the request offers: workspace, sub-agent and MCP tools', () => {
    const found = measuredPromptNames(
      {
        system: ['Run read_file, ask `writer`, then search.issues.'],
        user: ['and grep'],
      },
      [
        'mastra_workspace_read_file',
        'mastra_workspace_grep',
        'agent-writer',
        'linear_app_search_issues',
      ],
      new Map(),
      [
        {
          transport: 'stdio',
          phase: 'agents',
          count: 1,
          tools: ['search.issues'],
        },
      ],
    );
    assert.deepEqual(
      found.map((n) => [n.in, n.name, n.offeredAs]),
      [
        ['system', 'read_file', ['mastra_workspace_read_file']],
        ['system', 'writer', ['agent-writer']],
        ['system', 'search.issues', ['linear_app_search_issues']],
      ],
      'a plain `grep` in prose is a word, not a name',
    );
  });
  test("a tool's description naming another tool by a stale name counts; naming itself does not", () => {
    const found = measuredPromptNames(
      {
        system: [],
        user: [],
        descriptions: [
          { tool: 'issueRefund', text: 'Refund an order; call lookup-order first.' },
          { tool: 'lookupOrder', text: 'The lookup-order tool finds an order.' },
        ],
      },
      ['lookupOrder', 'issueRefund'],
      spell([['lookup-order', 'lookupOrder']]),
    );
    assert.deepEqual(
      found.map((n) => [n.in, n.tool, n.name, n.offeredAs]),
      [['description', 'issueRefund', 'lookup-order', ['lookupOrder']]],
    );
  });
  test('the longer name wins where two overlap, and repeats are counted', () => {
    const found = measuredPromptNames(
      { system: ['Use `notes.save`; notes.save again.'], user: [] },
      ['notes_save'],
      spell([
        ['notes.save', 'notes_save'],
        ['notes', 'notesAgent'],
      ]),
    );
    assert.deepEqual(
      found.map((n) => [n.name, n.count]),
      [['notes.save', 2]],
    );
  });
});

describe('where a measured line is in the source', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mtn-prompt-source-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(
    path.join(dir, 'src/a.ts'),
    'const p = `Call \\`lookup-order\\` first, then stop.`;\n',
  );
  writeFileSync(path.join(dir, 'src/b.md'), '# B\n\nOnly here: create-ticket.\n');
  writeFileSync(path.join(dir, 'src/c.ts'), "const t = 'For {{x}} bugs call create-ticket now';\n");
  const sources = new PromptSources(
    dir,
    ['src/a.ts', 'src/b.md', 'src/c.ts'].map((f) => path.join(dir, f)),
  );
  test('the whole line, as a template literal escapes it', () => {
    assert.deepEqual(sources.locate('lookup-order', 'Call `lookup-order` first, then stop.'), {
      file: 'src/a.ts',
      line: 1,
      column: 19,
      found: 'line',
    });
  });
  test('the words around the name when a template changed the line', () => {
    assert.deepEqual(sources.locate('create-ticket', 'For Acme bugs call create-ticket now'), {
      file: 'src/c.ts',
      line: 1,
      column: 32,
      found: 'around',
    });
  });
  test('the name alone only when one file has it', () => {
    assert.equal(sources.locate('create-ticket', 'create-ticket'), undefined, 'two files have it');
    assert.deepEqual(sources.locate('lookup-order', 'lookup-order'), {
      file: 'src/a.ts',
      line: 1,
      column: 19,
      found: 'name',
    });
  });
});

const byKey = (app: AppReport) =>
  Object.fromEntries(
    app.agents.map((a) => [
      a.key,
      (a.prompt?.names ?? []).map((n) => ({
        name: n.name,
        offeredAs: n.offeredAs,
        at: n.source ? `${n.source.file}:${n.source.line}` : undefined,
      })),
    ]),
  );

describe('verify on apps whose prompts the scan cannot read whole', { timeout: 300_000 }, () => {
  test('each way of building a prompt: the stale name, its fix, and its place', async () => {
    const { report } = await verify(fixturePath('verify/prompt-drift'));
    const app = report.apps[0]!;
    assert.equal(app.outcome, 'verified');
    assert.deepEqual(byKey(app), {
      billing: [
        {
          name: 'issue-refund',
          offeredAs: ['issueRefund'],
          at: 'src/mastra/agents/specs.ts:14',
        },
      ],
      shipping: [],
      planner: [
        {
          name: 'search-kb',
          offeredAs: ['searchKb'],
          at: 'prompts/agents/planner.md:5',
        },
      ],
      triage: [
        {
          name: 'create-ticket',
          offeredAs: ['createTicket'],
          at: 'src/mastra/agents/triage.ts:5',
        },
      ],
      support: [
        {
          name: 'lookup-order',
          offeredAs: ['lookupOrder'],
          at: 'src/mastra/knowledge.ts:4',
        },
      ],
      coder: [
        {
          name: 'list_files',
          offeredAs: ['mastra_workspace_list_files'],
          at: 'src/mastra/agents/coder.ts:8',
        },
        {
          name: 'read_file',
          offeredAs: ['mastra_workspace_read_file'],
          at: 'src/mastra/agents/coder.ts:8',
        },
      ],
      clean: [],
    });
    // Static against measured: the factory's agents are unknown to the scan, so what they measure is
    // a static miss; every other stale name the scan found too.
    const billing = app.agents.find((a) => a.key === 'billing')!.prompt!.static!;
    assert.deepEqual(billing, {
      agreed: [],
      staticOnly: [],
      measuredOnly: ['issue-refund'],
    });
    const support = app.agents.find((a) => a.key === 'support')!.prompt!.static!;
    assert.deepEqual(support.agreed, ['lookup-order']);
    assert.deepEqual(app.prompt, {
      checked: 7,
      names: 6,
      fixable: 6,
      agreed: 5,
      staticOnly: 0,
      measuredOnly: 1,
    });
    assert.deepEqual(report.prompt, app.prompt);
    const text = renderVerifyReport(report, 'text', undefined, false);
    assert.match(
      text,
      /! the system prompt names "search-kb"; the request offers it as "searchKb" \(prompts\/agents\/planner\.md:5\)/,
    );
    assert.match(
      text,
      /Measured prompts: 7 read, 6 names .*5 agreed, 0 static only, 1 measured only/,
    );
    const md = renderVerifyReport(report, 'markdown', undefined, false);
    assert.match(md, /- `support`: the system prompt names "lookup-order"/);
    const json = JSON.parse(renderVerifyReport(report, 'json', undefined, false)) as {
      prompt: { names: number };
    };
    assert.equal(json.prompt.names, 6);
  });

  test('an MCP server started with --allow-mcp: the bare tool name gets the server-prefixed fix', async () => {
    const { report } = await verify(fixturePath('verify/mcp-stdio'), {
      allowMcp: true,
    });
    const linear = report.apps[0]!.agents.find((a) => a.key === 'linearAgent')!;
    assert.deepEqual(
      linear.prompt?.names.map((n) => [n.name, n.offeredAs, n.source?.file]),
      [['search.issues', ['linear_app_search_issues'], 'src/mastra/agents.ts']],
    );
  });

  test('an app with no drift reports none', async () => {
    const { report } = await verify(fixturePath('verify/ai-sdk-model'));
    const app = report.apps[0]!;
    assert.equal(app.outcome, 'verified');
    assert.ok(app.agents.length > 0 && app.agents.every((a) => a.prompt?.names.length === 0));
    assert.equal(report.prompt?.names, 0);
    assert.equal(report.prompt?.checked, app.agents.length);
  });
});
