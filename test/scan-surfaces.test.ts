/**
 * Every surface the scanner understands, on the focused fixtures in fixtures/scan/ (their README is
 * the spec), with the negative cases next to the positive ones.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { agent, at, keys, scanFixture, wire } from './helpers/fixture-scan.ts';

describe('1. agents: which `new Agent` is Mastra', () => {
  test('aliased import, package root, user re-export, namespace import; look-alikes ignored', async () => {
    const scan = await scanFixture('scan/agent-imports');
    assert.deepEqual(scan.agents.map((a) => a.id).sort(), [
      'aliased-agent',
      'namespace-agent',
      'reexported-agent',
      'root-agent',
      'triage-agent',
    ]);
    assert.ok(
      !scan.agents.some((a) => a.location.file === 'src/local-agent.ts'),
      'a local class Agent is not an agent',
    );
  });

  test('records file, position, id, name and the binding', async () => {
    const scan = await scanFixture('scan/agent-imports');
    const aliased = agent(scan, 'aliased-agent');
    assert.equal(aliased.variable, 'aliasedAgent');
    assert.equal(aliased.location.file, 'src/agents/aliased.ts');
    assert.ok(aliased.location.line > 1 && aliased.location.column > 1);
    assert.equal(agent(scan, 'reexported-agent').variable, 'default');
    assert.equal(agent(scan, 'triage-agent').variable, 'support');
    assert.deepEqual(agent(scan, 'aliased-agent').registeredAs, ['aliasedAgent']);
  });
});

describe('2. tool maps', () => {
  test('identifier, string, numeric, template and computed keys, shorthand; enumeration order', async () => {
    const a = agent(await scanFixture('scan/tool-maps'), 'literal-keys');
    assert.deepEqual(keys(a), [
      'weatherTool',
      'plainIdent',
      'string.key',
      '1',
      'tpl.x',
      'plain',
      'get-weather',
      'const.key',
    ]);
    assert.deepEqual(
      a.tools.entries.map((e) => e.keyKind),
      [
        'shorthand',
        'identifier',
        'string',
        'numeric',
        'template',
        'template',
        'computed',
        'computed',
      ],
    );
    assert.deepEqual(wire(a), [
      'weatherTool',
      'plainIdent',
      'plain',
      'get-weather',
      '_1',
      'string_key',
      'tpl_x',
      'const_key',
    ]);
  });

  test('spreads of locals, imports, calls with two return paths, conditionals', async () => {
    const a = agent(await scanFixture('scan/tool-maps'), 'spreads');
    const byKey = new Map(a.tools.entries.map((e) => [e.key, e]));
    assert.equal(at(byKey.get('shared.search')!.keyLocation), 'src/shared-map.ts:4');
    assert.equal(
      byKey.get('shared.search')!.via[0]?.file,
      'src/agents/spreads.ts',
      'reached through the spread',
    );
    assert.equal(at(byKey.get('admin.reset')!.keyLocation), 'src/make-tools.ts:7');
    for (const k of ['admin.reset', 'user.notes', 'a.b'])
      assert.equal(byKey.get(k)?.conditional, true, k);
    for (const k of ['local.search', 'own']) assert.equal(byKey.get(k)?.conditional, false, k);
  });

  test('an imported map, arrow and function `tools`, `as const` and `satisfies`', async () => {
    const scan = await scanFixture('scan/tool-maps');
    assert.deepEqual(keys(agent(scan, 'imported-map')), ['shared.search', 'sharedFetch']);
    assert.deepEqual(keys(agent(scan, 'arrow-tools')), ['arrow.weather', 'arrowSearch']);
    assert.deepEqual(keys(agent(scan, 'function-tools')), ['fn.fetch', 'fnNotes']);
    assert.deepEqual(keys(agent(scan, 'as-const')), ['const.wrapped', 'constPlain']);
    assert.deepEqual(keys(agent(scan, 'satisfies')), ['satisfies.wrapped']);
  });

  test('what cannot be resolved is an explicit entry with a reason', async () => {
    const scan = await scanFixture('scan/tool-maps');
    // `Object.fromEntries(list.map((tool) => [tool.id, tool]))` keys each tool of a written list by
    // its id (verify measures the same keys with real @mastra/core: verify-fixtures.test.ts).
    const byId = agent(scan, 'from-entries');
    assert.deepEqual(byId.tools.unresolved, []);
    assert.equal(keys(byId).length, 2);
    const key = agent(scan, 'random-key');
    assert.deepEqual(keys(key), ['stable']);
    assert.match(key.tools.unresolved[0]!.reason, /computed at run time/);
    for (const a of scan.agents.filter((x) => !['from-entries', 'random-key'].includes(x.id!)))
      assert.deepEqual(a.tools.unresolved, [], a.id);
  });
});

describe('3. tool values', () => {
  test('createTool ids (also from a constant), built-ins from installed declarations, AI SDK, provider tools, marker', async () => {
    const scan = await scanFixture('scan/tool-values');
    const a = agent(scan, 'tool-values');
    const value = (key: string) => a.tools.entries.find((e) => e.key === key)?.value;
    assert.deepEqual(value('lookupOrder'), { kind: 'createTool', id: 'lookup-order' });
    assert.deepEqual(value('formatDate'), { kind: 'createTool', id: 'format-date' });
    assert.deepEqual(value('askUserTool'), {
      kind: 'builtin',
      module: '@mastra/core/tools',
      exportName: 'askUserTool',
      id: 'ask_user',
      idSource: 'installed-declarations',
    });
    assert.equal((value('submitPlanTool') as { module: string }).module, '@mastra/core/harness');
    assert.equal((value('web_fetch') as { id: string }).id, 'web_fetch');
    assert.equal(value('webSearch')?.kind, 'web-search-marker');
    assert.equal(value('calc.add')?.kind, 'ai-sdk-tool');
    assert.equal(value('web_search_preview')?.kind, 'provider-defined');
    assert.equal(scan.mastra.builtinIds, 'installed-declarations');
  });

  test('provider-defined tools are not functions on the wire', async () => {
    const a = agent(await scanFixture('scan/tool-values'), 'tool-values');
    const provider = a.prediction.offered.filter((t) => t.providerDefined).map((t) => t.wireName);
    assert.deepEqual(provider.sort(), ['webSearch', 'web_search_preview']);
  });
});

describe('4. sub-agents and workflows', () => {
  test('offered as agent-KEY and workflow-KEY, computed keys resolved', async () => {
    const scan = await scanFixture('scan/subagents-workflows');
    const a = agent(scan, 'editor');
    assert.deepEqual(wire(a), [
      'agent-writer',
      'draft_save',
      'agent-fact_checker',
      'workflow-nightly_report',
      'workflow-weekly_rollup',
    ]);
    assert.equal(a.agents.entries.find((e) => e.key === 'fact.checker')?.value.kind, 'agent');
    assert.deepEqual(
      a.workflows.entries.map((e) => e.value),
      [
        { kind: 'workflow', id: 'nightly-report' },
        { kind: 'workflow', id: 'weekly-rollup' },
      ],
    );
  });
});

describe('5. call sites', () => {
  test('receivers through variables, getAgent and getAgentById', async () => {
    const scan = await scanFixture('scan/call-sites');
    const search = agent(scan, 'search-agent').index;
    const via = scan.calls.map((c) => [at(c.location), c.via, c.agentIndex]);
    assert.deepEqual(via.slice(0, 3), [
      ['src/calls.ts:9', 'variable', search],
      ['src/calls.ts:14', 'getAgent', search],
      ['src/calls.ts:19', 'getAgentById', search],
    ]);
  });

  test('toolChoice (through a constant), activeTools, toolsets, clientTools, prepareStep, defaultOptions', async () => {
    const scan = await scanFixture('scan/call-sites');
    const unknown = scan.calls.flatMap((c) =>
      c.unknownNames.map((u) => `${u.option} ${u.name} ${at(u.location)}`),
    );
    assert.deepEqual(unknown, [
      'toolChoice search.web src/calls.ts:10',
      'activeTools search.web src/calls.ts:15',
      'toolChoice kb.lookup src/calls.ts:21',
      'toolChoice search.web src/calls.ts:36',
      'activeTools search.web src/calls.ts:35',
    ]);
    assert.deepEqual(
      agent(scan, 'defaults-agent').unknownNames.map(
        (u) => `${u.option} ${u.name} ${at(u.location)}`,
      ),
      ['toolChoice x.y src/agents.ts:20'],
    );
    const withToolset = scan.calls.find((c) => at(c.location) === 'src/calls.ts:19')!;
    assert.deepEqual(
      withToolset.prediction?.offered.map((t) => t.wireName),
      ['fetchPage', 'search_web', 'kb_lookup'],
    );
    assert.equal(withToolset.options.toolsets.entries[0]?.toolset, 'helpCenter');
    const client = scan.calls.find((c) => c.options.clientTools.entries.length > 0)!;
    assert.deepEqual(
      client.prediction?.offered.map((t) => t.wireName),
      ['x_y', 'ui_confirm'],
    );
    const required = scan.calls.find((c) => c.options.toolChoiceMode === 'required');
    assert.ok(required, "toolChoice: 'required' is read as a mode, not a name");
  });
});

describe('6. runtime-only names', () => {
  test('MCP listTools records server prefixes; listToolsets and registries are runtime entries', async () => {
    const scan = await scanFixture('scan/runtime-tools');
    const ops = agent(scan, 'ops-agent');
    assert.deepEqual(
      ops.tools.runtime.map((r) => [r.kind, r.prefixes]),
      [['mcp', ['github_', 'jira.cloud_']]],
    );
    const mixed = agent(scan, 'mixed-agent');
    assert.deepEqual(keys(mixed), ['local.tool']);
    assert.deepEqual(
      mixed.tools.runtime.map((r) => r.kind),
      ['registry'],
    );
    const call = scan.calls.find((c) => c.agentIndex === ops.index)!;
    assert.equal(call.options.toolsets.runtime[0]?.kind, 'mcp');
  });
});

describe('7. file-based agents', () => {
  test('tools keyed by file name, config tools after them, sub-agent folders; ignored files', async () => {
    const scan = await scanFixture('scan/file-based');
    const triage = agent(scan, 'triage');
    assert.equal(triage.kind, 'file-based');
    assert.deepEqual(keys(triage), ['lookup-order', 'search.web', 'kb.lookup']);
    assert.deepEqual(wire(triage), ['lookup-order', 'agent-escalation', 'search_web', 'kb_lookup']);
    assert.equal(triage.tools.entries[1]?.keyKind, 'file-name');
    assert.deepEqual(
      wire(agent(scan, 'billing')),
      ['billing_charge'],
      'a config.ts exporting new Agent() wins; tools/ is ignored',
    );
    assert.ok(
      !scan.agents.some((a) =>
        a.tools.entries.some((e) => e.key === 'refund.issue' || e.key.includes('test')),
      ),
    );
    // agents/research/ holds tools but no config.ts, the entry every file-based agent needs.
    assert.ok(
      !scan.agents.some(
        (a) =>
          a.id === 'research' ||
          (a.kind === 'file-based' && a.tools.entries.some((e) => e.key === 'pubmed.search')),
      ),
    );
  });
});

describe('8. mentions', () => {
  test('instructions in every form, prompt files, call prompts and system messages', async () => {
    const scan = await scanFixture('scan/mentions');
    const notOffered = scan.mentions.filter(
      (m) => m.context !== 'comparison' && !m.matches.some((x) => x.as.includes('wire-name')),
    );
    assert.deepEqual(
      notOffered.map((m) => `${m.context} ${at(m.location)} ${m.name}`),
      [
        'instructions prompts/agent.txt:3 search.web',
        'instructions src/agents.ts:13 get-weather',
        'instructions src/agents.ts:22 search.web',
        'instructions src/agents.ts:33 lookup-order',
        'instructions src/agents.ts:45 web-search',
        'instructions src/agents.ts:45 a.b',
        'instructions src/agents.ts:53 get-weather',
        'instructions src/prompts/shared.ts:1 lookup-order',
        'prompt src/run.ts:5 get-weather',
        'system src/run.ts:9 web-search',
      ],
    );
  });

  test('comparisons with tool names in code, also outside the agents package', async () => {
    const scan = await scanFixture('scan/mentions');
    const compared = scan.mentions
      .filter((m) => m.context === 'comparison')
      .map((m) => `${at(m.location)} ${m.name} ${m.matches[0]!.as.join('/')}`);
    assert.deepEqual(compared, [
      'web/tool-log.ts:14 search.web key',
      'web/tool-log.ts:21 get-weather id',
      'web/tool-log.ts:23 lookupOrder wire-name/key',
      'web/tool-log.ts:31 a.b key',
    ]);
  });

  test('demo app: the prompt file read with new URL(..., import.meta.url) is followed', async () => {
    const scan = await scanFixture('demo-app');
    const md = scan.mentions
      .filter((m) => m.location.file === 'src/mastra/prompts/planner.md')
      .map((m) => `${m.location.line} ${m.name}`);
    assert.deepEqual(md, ['5 daily.digest', '7 submit_plan', '9 submit_plan']);
  });
});

describe('an already-correct project', () => {
  test('has nothing rewritten, unresolved, unknown or mentioned by a name not offered', async () => {
    const scan = await scanFixture('scan/clean');
    for (const a of scan.agents) {
      assert.ok(
        a.prediction.offered.every((t) => !t.rewritten),
        a.id,
      );
      assert.deepEqual([...a.tools.unresolved, ...a.tools.runtime], []);
      assert.deepEqual(a.unknownNames, []);
    }
    assert.deepEqual(
      scan.calls.flatMap((c) => c.unknownNames),
      [],
    );
    assert.ok(scan.mentions.length > 0);
    assert.ok(scan.mentions.every((m) => m.matches.every((x) => x.as.includes('wire-name'))));
    assert.deepEqual(scan.comparisons, []);
  });
});
