/**
 * Tool maps that pass through code (fixtures/scan/tool-wrappers, its README section is the spec):
 * identity-generic helpers, a mapped type, Readonly<T>, a builder whose return type names its
 * keys, records filled in by code, a helper keyed by any string, and an Omit<T> read from its
 * signature. Every prediction is checked against what real @mastra/core sends, before and after
 * `migrate`. Keys only the type checker can list are asked of it in a project of their own.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { buildPlan } from '../src/plan/plan.ts';
import type { AgentInfo, ScanResult } from '../src/scan/model.ts';
import { scanRepository, scanWithInputs } from '../src/scan/scan.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { agent, at, fixturePath, keys, scanFixture, wire } from './helpers/fixture-scan.ts';
import { copyFixture } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();
const FIXTURE = 'scan/tool-wrappers';

/** Agents whose every key the scan lists (the plugin agents hold keys known only at run time). */
const LISTED = [
  'orders-agent',
  'help-center-agent',
  'status-agent',
  'triage-agent',
  'release-agent',
  'catalog-agent',
];

/** A throwaway app under the repository (it resolves the installed @mastra/core), with a tsconfig. */
function app(files: Record<string, string>) {
  return tempProject({
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'ES2022', moduleResolution: 'Bundler', strict: true },
      include: ['src'],
    }),
    ...files,
  });
}

/** The first lines of an app with an agent, an MCP client and one tool `t`. */
const MCP_APP_HEAD = [
  "import { Agent } from '@mastra/core/agent';",
  "import { MCPClient } from '@mastra/mcp';",
  "import { createTool } from '@mastra/core/tools';",
  "const t = createTool({ id: 't', description: 't', execute: async () => ({}) });",
];

describe('tool maps through helpers and builders', () => {
  test('an identity-generic helper, a mapped type and Readonly<T> keep the keys of the literal they are given, where it is written', async () => {
    const scan = await scanFixture(FIXTURE);
    const where = (a: AgentInfo) => a.tools.entries.map((e) => `${e.key} ${at(e.keyLocation)}`);
    assert.deepEqual(where(agent(scan, 'orders-agent')), [
      'lookupOrder src/mastra/agents/orders-agent.ts:12',
      'refund.issue src/mastra/agents/orders-agent.ts:12',
    ]);
    assert.deepEqual(where(agent(scan, 'help-center-agent')), [
      'searchDocs src/mastra/agents/help-center-agent.ts:5',
      'kb.cite src/mastra/agents/help-center-agent.ts:5',
    ]);
    assert.deepEqual(keys(agent(scan, 'status-agent')), ['statusPage', 'escalate']);
    for (const id of ['orders-agent', 'help-center-agent', 'status-agent']) {
      const a = agent(scan, id);
      assert.deepEqual(a.tools.unresolved, [], id);
      assert.ok(
        a.tools.entries.every((e) => !e.fromType && e.value.kind === 'createTool'),
        id,
      );
    }
    assert.deepEqual(
      agent(scan, 'orders-agent').tools.entries.map((e) => 'id' in e.value && e.value.id),
      ['lookup-order', 'issue-refund'],
    );
  });

  test('a builder whose declared return type names its keys: offered, marked as known only from the type', async () => {
    const triage = agent(await scanFixture(FIXTURE), 'triage-agent');
    assert.deepEqual(keys(triage), ['tickets.open', 'statusPage', 'escalate']);
    const [open, status, escalate] = triage.tools.entries;
    assert.equal(at(open!.keyLocation), 'src/mastra/lib/support-kit.ts:6');
    assert.equal(at(status!.keyLocation), 'src/mastra/lib/support-kit.ts:7');
    assert.deepEqual(open!.fromType, {
      expression: 'buildSupportKit()',
      location: open!.fromType!.location,
    });
    assert.equal(at(open!.fromType.location), 'src/mastra/agents/triage-agent.ts:12');
    assert.deepEqual(open!.value, { kind: 'createTool', id: 'open-ticket' }, 'from `typeof`');
    assert.equal(escalate!.fromType, undefined);
    assert.deepEqual(wire(triage), ['statusPage', 'escalate', 'tickets_open']);
  });

  test('a record filled in by code, or typed as keyed by any string, is unresolved at the call, naming the helper and its file', async () => {
    const scan = await scanFixture(FIXTURE);
    const plugins = agent(scan, 'plugins-agent');
    assert.deepEqual(keys(plugins), ['lookupOrder']);
    assert.equal(plugins.tools.unresolved.length, 1);
    const [u] = plugins.tools.unresolved;
    assert.equal(at(u!.location), 'src/mastra/agents/plugins-agent.ts:14');
    assert.match(u!.reason, /out is filled in by code, at src\/mastra\/lib\/support-kit\.ts:25/);
    assert.match(
      u!.reason,
      /loadPluginTools\(\) \(src\/mastra\/lib\/support-kit\.ts:23\) returns ToolsInput, keyed by any string/,
    );
    assert.equal(u!.helper?.name, 'loadPluginTools');
    assert.equal(u!.helper?.declaredAt?.file, 'src/mastra/lib/support-kit.ts');

    const audited = agent(scan, 'audited-agent');
    assert.deepEqual(keys(audited), []);
    assert.equal(audited.tools.unresolved.length, 1);
    assert.equal(
      at(audited.tools.unresolved[0]!.location),
      'src/mastra/agents/plugins-agent.ts:22',
    );
    assert.match(
      audited.tools.unresolved[0]!.reason,
      /withAudit\(\) \(src\/mastra\/lib\/status-events\.ts:38\) returns ToolsInput/,
    );
  });

  test('a record filled in a loop over Object.entries of a namespace import: the exports are the keys, offered and never edited', async () => {
    const catalog = agent(await scanFixture(FIXTURE), 'catalog-agent');
    assert.deepEqual(keys(catalog), ['lookupOrder', 'refund']);
    assert.deepEqual(catalog.tools.unresolved, []);
    const [lookup] = catalog.tools.entries;
    assert.equal(at(lookup!.keyLocation), 'src/mastra/tools/orders/index.ts:4');
    assert.equal(lookup!.fromType?.expression, 'Object.entries(orderTools)');
    assert.equal(at(lookup!.fromType.location), 'src/mastra/agents/catalog-agent.ts:7');
    assert.ok(catalog.tools.entries.every((e) => !e.conditional));
  });

  test('a filtered copy of a record keeps some of its keys, also through a const (eval: jacobfvanzyl/weave)', async () => {
    const tools =
      "import { createTool } from '@mastra/core/tools';\nimport { z } from 'zod';\nconst t = (id: string) => createTool({ id, description: id, inputSchema: z.object({}), execute: async () => ({}) });\nexport const all = { writePlanTool: t('write_plan'), webSearch: t('web-search') };\n";
    const agentWith = (body: string) =>
      [
        "import { Agent } from '@mastra/core/agent';",
        "import { all } from './tools';",
        'const resolve = ({ requestContext }: { requestContext: any }) => {',
        body,
        '};',
        "export const a = new Agent({ id: 'a', name: 'a', instructions: 'Use write_plan first.', model: 'openai/gpt-4o-mini', tools: resolve });",
      ].join('\n');
    const cases: Array<[string, string, string[] | 'unresolved']> = [
      [
        'through a const',
        '  const entries = Object.entries(all).filter(([k]) => requestContext.get(k));\n  return Object.fromEntries(entries);',
        ['writePlanTool', 'webSearch'],
      ],
      [
        'filtered again',
        '  const entries = Object.entries(all);\n  return Object.fromEntries(entries.filter(([k]) => requestContext.get(k)));',
        ['writePlanTool', 'webSearch'],
      ],
      // Mapped, the keys may be renamed: nothing says which it holds.
      [
        'mapped',
        '  const entries = Object.entries(all).map(([k, v]) => [`x_${k}`, v]);\n  return Object.fromEntries(entries);',
        'unresolved',
      ],
    ];
    for (const [name, body, expected] of cases) {
      const p = app({ 'src/tools.ts': tools, 'src/agent.ts': agentWith(body) });
      try {
        const scan = await scanRepository(p.root);
        const a = agent(scan, 'a');
        if (expected === 'unresolved') {
          assert.equal(a.tools.entries.length, 0, name);
          assert.equal(a.tools.unresolved.length, 1, name);
          continue;
        }
        assert.deepEqual(keys(a), expected, name);
        assert.ok(
          a.tools.entries.every((e) => e.conditional),
          name,
        );
        // The prompt's id is a name the agent is never offered: its key is.
        const found = buildPlan(scan).findings.map((f) => f.message);
        assert.ok(
          found.some((m) => /"write_plan"/.test(m) && /writePlanTool/.test(m)),
          `${name}: ${found.join('; ')}`,
        );
      } finally {
        p.cleanup();
      }
    }
  });

  test('a loop-filled record is read only when every write is the loop copying its own entries', async () => {
    const tools =
      "import { createTool } from '@mastra/core/tools';\nimport { z } from 'zod';\nconst t = (id: string) => createTool({ id, description: id, inputSchema: z.object({}), execute: async () => ({}) });\nexport const lookupOrder = t('lookup-order');\nexport const refund = t('issue-refund');\n";
    const agentWith = (body: string) =>
      [
        "import { Agent, type ToolsInput } from '@mastra/core/agent';",
        "import * as orderTools from './tools';",
        'function build(admin: boolean): ToolsInput {',
        '  const tools: ToolsInput = {};',
        body,
        '  return tools;',
        '}',
        "export const a = new Agent({ id: 'a', name: 'a', instructions: 'Call lookup-order.', model: 'openai/gpt-4o-mini', tools: build(true) });",
      ].join('\n');
    const cases: Array<[string, string, string[] | 'unresolved', boolean?]> = [
      // True cases: the loop, also behind an `if` (only on some paths).
      [
        'plain',
        '  for (const [k, v] of Object.entries(orderTools)) tools[k] = v;',
        ['lookupOrder', 'refund'],
      ],
      [
        'conditional',
        '  if (admin) for (const [k, v] of Object.entries(orderTools)) tools[k] = v;',
        ['lookupOrder', 'refund'],
        true,
      ],
      // False cases of the same shape: another write, a key the loop does not give, Object.keys.
      [
        'another write',
        '  for (const [k, v] of Object.entries(orderTools)) tools[k] = v;\n  tools[`x_${admin}`] = orderTools.refund;',
        'unresolved',
      ],
      [
        'renamed key',
        '  for (const [k, v] of Object.entries(orderTools)) tools[`ops_${k}`] = v;',
        'unresolved',
      ],
      [
        'keys only',
        '  for (const k of Object.keys(orderTools)) tools[k] = orderTools.refund;',
        'unresolved',
      ],
    ];
    for (const [name, body, expected, conditional] of cases) {
      const p = app({ 'src/tools.ts': tools, 'src/agent.ts': agentWith(body) });
      try {
        const scan = await scanRepository(p.root);
        const a = agent(scan, 'a');
        if (expected === 'unresolved') {
          assert.equal(a.tools.unresolved.length, 1, name);
          assert.match(a.tools.unresolved[0]!.reason, /tools is filled in by code/, name);
          continue;
        }
        assert.deepEqual(keys(a), expected, name);
        assert.ok(
          a.tools.entries.every((e) => e.conditional === Boolean(conditional)),
          name,
        );
        if (conditional) continue;
        // Real Mastra offers the export names, and the prompt's id is reported with the offered name.
        const { toolNames } = await captureFixtureAgent(p.root, a, provider());
        assert.deepEqual(toolNames, expected, name);
        const plan = buildPlan(scan);
        assert.deepEqual(plan.edits, [], name);
        assert.ok(
          plan.findings.some(
            (f) =>
              f.kind === 'unknown-tool-mention' && /"lookup-order".*"lookupOrder"/.test(f.message),
          ) ||
            plan.findings.some(
              (f) => /lookup-order/.test(f.message) && /lookupOrder/.test(f.message),
            ),
          `${name}: ${plan.findings.map((f) => f.message).join('; ')}`,
        );
      } finally {
        p.cleanup();
      }
    }
  });

  test('an array given as tools lists no array methods: real Mastra offers its index, or fails on a string', async () => {
    const tool =
      "const lookup = createTool({ id: 'lookup-order', description: 'x', inputSchema: z.object({}), execute: async () => ({}) });";
    const head = [
      "import { Agent } from '@mastra/core/agent';",
      "import { createTool } from '@mastra/core/tools';",
      "import { z } from 'zod';",
      tool,
      'const listed = (): Array<typeof lookup> => [lookup];',
    ].join('\n');
    const cases: Array<[string, string, string[] | undefined]> = [
      ['a literal of tools', '[lookup] as any', ['_0']],
      ['a literal of strings', "['lookup-order'] as any", undefined],
      // The type route: the checker sees Array<Tool>, whose members are methods, not tools.
      ['a helper typed as an array', 'listed() as any', ['_0']],
    ];
    for (const [name, tools, measured] of cases) {
      const p = app({
        'src/a.ts': `${head}\nexport const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', tools: ${tools} });\n`,
      });
      try {
        const scan = await scanRepository(p.root);
        const a = agent(scan, 'a');
        assert.deepEqual(keys(a), [], name);
        assert.equal(a.tools.unresolved.length, 1, name);
        assert.match(a.tools.unresolved[0]!.reason, /array.*"_0", "_1"/, name);
        // Not unreadable: known, and wrong whatever the prompt says, so a reviewer acts on it.
        assert.deepEqual(
          buildPlan(scan).findings.map((f) => f.kind),
          ['array-tools'],
          name,
        );
        const { toolNames, error } = await captureFixtureAgent(p.root, a, provider());
        if (measured) assert.deepEqual(toolNames, measured, name);
        else assert.match(String(error), /Cannot use 'in' operator/, name);
      } finally {
        p.cleanup();
      }
    }
  });

  test("Omit<T, 'debug'> is read from the signature: the dropped key is not offered, the others keep their literal", async () => {
    const release = agent(await scanFixture(FIXTURE), 'release-agent');
    assert.deepEqual(keys(release), ['deploy.run', 'statusPage']);
    assert.ok(release.tools.entries.every((e) => !e.fromType));
    assert.equal(
      at(release.tools.entries[0]!.keyLocation),
      'src/mastra/agents/release-agent.ts:11',
    );
    assert.deepEqual(release.tools.unresolved, []);
  });

  test('the type checker is asked only where the declared signature says nothing: not here', async () => {
    // Every shape of the fixture is read from syntax, so @mastra/core's declarations are never loaded.
    for (const app of [FIXTURE, 'scan/tool-maps', 'harm/layouts'])
      assert.deepEqual((await scanWithInputs(fixturePath(app))).typeChecked, [], app);
  });

  test('Omit and Pick of a named key type go to the type checker; of string literals, they do not', async () => {
    const p = app({
      'src/helpers.ts': [
        "import type { ToolsInput } from '@mastra/core/agent';",
        "type DevOnly = 'debug' | 'trace';",
        // Bodies the reader cannot follow: the declared return types say which keys are left.
        'export function release<T extends ToolsInput>(tools: T): Omit<T, DevOnly> {',
        '  const { debug: _d, trace: _t, ...rest } = tools;',
        '  return rest;',
        '}',
        "export function onlyDeploy<T extends ToolsInput>(tools: T): Pick<T, 'deploy' | 'absent'> {",
        "  return Object.fromEntries(Object.entries(tools).filter(([k]) => k === 'deploy')) as Pick<T, 'deploy' | 'absent'>;",
        '}',
        '',
      ].join('\n'),
      'src/agents.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        "import { release } from './helpers';",
        "const t = createTool({ id: 't', description: 't', execute: async () => ({}) });",
        "const base = { id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini' } as const;",
        'export const typed = new Agent({ ...base, tools: release({ deploy: t, debug: t, trace: t }) });',
        '',
      ].join('\n'),
      'src/picked.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        "import { onlyDeploy } from './helpers';",
        "const t = createTool({ id: 't', description: 't', execute: async () => ({}) });",
        "export const picked = new Agent({ id: 'p', name: 'p', instructions: 'x', model: 'openai/gpt-4o-mini', tools: onlyDeploy({ deploy: t, debug: t }) });",
        '',
      ].join('\n'),
    });
    try {
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(
        scan.agents.map((a) => `${a.variable}: ${keys(a).join(', ')}`),
        ['typed: deploy', 'picked: deploy'],
      );
      // Only the Omit of a type alias needed the checker: for the file that calls it, not src/picked.ts.
      assert.deepEqual(typeChecked, [path.join(p.root, 'src/agents.ts')]);
    } finally {
      p.cleanup();
    }
  });
});

describe('records taken from arrays', () => {
  test('const [a, b] = await Promise.all([...]) and const [x] = [...] give each binding its element', async () => {
    const p = app({
      'src/agents.ts': [
        ...MCP_APP_HEAD,
        "const mcp = new MCPClient({ servers: { docs: { url: new URL('http://127.0.0.1:1/mcp') } } });",
        "async function repoTools() { return { 'repo-ls': t, 'repo-exec': t }; }",
        'async function allTools() {',
        '  const [repo, fromMcp] = await Promise.all([repoTools(), mcp.listTools()]);',
        '  return { ...repo, ...fromMcp };',
        '}',
        "const [plain, , third] = [{ 'a.b': t }, {}, { c: t }];",
        "const loaded: Record<string, typeof t>[] = JSON.parse('[]');",
        'const [, second] = [...loaded, { g: t }];',
        "const base = { name: 'n', instructions: 'x', model: 'openai/gpt-4o-mini' } as const;",
        "export const codegen = new Agent({ ...base, id: 'codegen', tools: allTools });",
        "export const literal = new Agent({ ...base, id: 'literal', tools: { ...plain, ...third } });",
        "export const spread = new Agent({ ...base, id: 'spread', tools: second });",
        '',
      ].join('\n'),
    });
    try {
      const scan = await scanRepository(p.root);
      const of = (id: string) => agent(scan, id).tools;
      assert.deepEqual(keys(agent(scan, 'codegen')), ['repo-ls', 'repo-exec']);
      assert.deepEqual(
        of('codegen').runtime.map((r) => r.kind),
        ['mcp'],
      );
      assert.deepEqual(of('codegen').unresolved, []);
      assert.deepEqual(keys(agent(scan, 'literal')), ['a.b', 'c']);
      const { toolNames } = await captureFixtureAgent(p.root, agent(scan, 'literal'), provider());
      assert.deepEqual(toolNames, wire(agent(scan, 'literal')));
      // After a spread the element is not known: `second` may be any loaded record. The checker
      // says it may hold `g`, or any key.
      assert.deepEqual(
        of('spread').entries.map((e) => `${e.key} ${e.conditional}`),
        ['g true'],
      );
      assert.equal(of('spread').unresolved.length, 1);
    } finally {
      p.cleanup();
    }
  });
});

describe('records filtered from another', () => {
  test('Object.fromEntries(Object.entries(x).filter(...)) holds only keys of x: each may be dropped, an MCP source keeps its prefixes (eval: sella-roum/playwright-test-agent)', async () => {
    const p = app({
      'src/agents.ts': [
        ...MCP_APP_HEAD,
        'const mcp = new MCPClient({ servers: {',
        "  browser: { url: new URL('http://127.0.0.1:1/mcp') },",
        "  files: { url: new URL('http://127.0.0.1:2/mcp') },",
        '} });',
        "const EXCLUDED = ['files_write_file'];",
        'async function readOnlyTools() {',
        '  const all = await mcp.getTools();',
        '  return Object.fromEntries(Object.entries(all).filter(([n]) => !EXCLUDED.includes(n)));',
        '}',
        "const local = { lookup: t, 'audit.log': t };",
        "const base = { name: 'n', model: 'openai/gpt-4o-mini' } as const;",
        'export const reader = new Agent({',
        '  ...base,',
        "  id: 'reader',",
        "  instructions: '必ず `read_file` を実行してから答える。`files_read_file` は正しい名前です。',",
        '  tools: await readOnlyTools(),',
        '});',
        'export const kept = new Agent({',
        '  ...base,',
        "  id: 'kept',",
        "  instructions: 'Use lookup.',",
        "  tools: Object.fromEntries(Object.entries(local).filter(([k]) => k !== 'lookup')),",
        '});',
        'export const renamed = new Agent({',
        '  ...base,',
        "  id: 'renamed',",
        "  instructions: 'x',",
        '  tools: Object.fromEntries(Object.entries(local).map(([k, v]) => [`x_${k}`, v])),',
        '});',
        '',
      ].join('\n'),
    });
    try {
      const scan = await scanRepository(p.root);
      const reader = agent(scan, 'reader').tools;
      assert.deepEqual(reader.unresolved, []);
      assert.deepEqual(
        reader.runtime.map((r) => `${r.kind} ${r.bounded} ${r.prefixes.join(',')}`),
        ['mcp true browser_,files_'],
      );
      // No one place to wrap: the filter stands between the client and the agent.
      assert.equal(reader.runtime[0]!.wrap, undefined);
      const kept = agent(scan, 'kept').tools;
      assert.deepEqual(
        kept.entries.map((e) => `${e.key} ${e.conditional}`),
        ['lookup true', 'audit.log true'],
      );
      assert.deepEqual(kept.unresolved, []);
      // A map() may rename every key: still unknown.
      assert.equal(agent(scan, 'renamed').tools.unresolved.length, 1);
      const mentions = buildPlan(scan)
        .findings.filter((f) => f.kind === 'unknown-tool-mention')
        .map((f) => f.message);
      assert.equal(mentions.length, 1, mentions.join('\n'));
      assert.match(mentions[0]!, /"read_file".*"files_read_file"/);
    } finally {
      p.cleanup();
    }
  });
});

describe('values taken from returned objects', () => {
  test('const { a } = makeTools() and const { a } = await setup() give the value written for a', async () => {
    const p = app({
      'src/agents.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        'function makeTools() {',
        "  const search = createTool({ id: 'web-search', description: 's', execute: async () => ({}) });",
        '  return { search, fetchPage: search, count: 1 };',
        '}',
        "const setup = async () => ({ reader: createTool({ id: 'read-file', description: 'r', execute: async () => ({}) }) });",
        'const { search, fetchPage: page } = makeTools();',
        'const { reader } = await setup();',
        "export const agent = new Agent({ name: 'n', instructions: 'x', model: 'openai/gpt-4o-mini', id: 'a', tools: { search, page, reader } });",
        '',
      ].join('\n'),
      'src/two-ways.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        'function twoWays(flag: boolean) {',
        "  if (flag) return { pick: createTool({ id: 'one', description: 'o', execute: async () => ({}) }) };",
        "  return { pick: createTool({ id: 'two', description: 't', execute: async () => ({}) }) };",
        '}',
        'const { pick } = twoWays(true);',
        "export const agent = new Agent({ name: 'n', instructions: 'x', model: 'openai/gpt-4o-mini', id: 'b', tools: { pick } });",
        '',
      ].join('\n'),
    });
    try {
      const { scan, typeChecked } = await scanWithInputs(p.root);
      assert.deepEqual(
        agent(scan, 'a').tools.entries.map((e) => `${e.key} ${'id' in e.value ? e.value.id : '-'}`),
        ['search web-search', 'page web-search', 'reader read-file'],
      );
      const { toolNames } = await captureFixtureAgent(p.root, agent(scan, 'a'), provider());
      assert.deepEqual(toolNames, wire(agent(scan, 'a')));
      // Read from the syntax; only the function with two return paths is left to the checker.
      assert.deepEqual(typeChecked, [path.join(p.root, 'src/two-ways.ts')]);
    } finally {
      p.cleanup();
    }
  });
});

describe('spreads and helpers with several return paths', () => {
  test('...fn without a call adds no tool; a helper whose two return paths cannot be read gives one note', async () => {
    const p = app({
      'src/agents.ts': [
        "import { Agent } from '@mastra/core/agent';",
        "import { createTool } from '@mastra/core/tools';",
        "const t = createTool({ id: 't', description: 't', execute: async () => ({}) });",
        'const makeTools = () => ({ made: t });',
        'function fromCache(name: string, cache: Map<string, Record<string, typeof t>>) {',
        '  if (cache.has(name)) return cache.get(name)!;',
        '  const out: Record<string, typeof t> = {};',
        '  for (const k of name.split(",")) out[k] = t;',
        '  return out;',
        '}',
        "const base = { name: 'n', instructions: 'x', model: 'openai/gpt-4o-mini' } as const;",
        "export const spread = new Agent({ ...base, id: 'spread', tools: { ...makeTools, own: t } });",
        "export const called = new Agent({ ...base, id: 'called', tools: { ...makeTools(), own: t } });",
        "export const cached = new Agent({ ...base, id: 'cached', tools: { ...fromCache('a', new Map()) } });",
        '',
      ].join('\n'),
    });
    try {
      const scan = await scanRepository(p.root);
      assert.deepEqual(keys(agent(scan, 'spread')), ['own']);
      assert.deepEqual(agent(scan, 'spread').tools.unresolved, []);
      assert.deepEqual(keys(agent(scan, 'called')), ['made', 'own']);
      // What real @mastra/core sends: the spread function adds nothing.
      for (const id of ['spread', 'called']) {
        const { toolNames } = await captureFixtureAgent(p.root, agent(scan, id), provider());
        assert.deepEqual(toolNames, wire(agent(scan, id)), id);
      }
      assert.equal(agent(scan, 'cached').tools.unresolved.length, 2, 'one per return path');
      const notes = buildPlan(scan).findings.filter((f) => f.kind === 'unresolved');
      assert.equal(notes.length, 1);
      assert.match(
        notes[0]!.message,
        /^tools of cached: fromCache\(\) builds the map at run time \(.*, at src\/agents\.ts:6; .*, at src\/agents\.ts:\d+\)/,
      );
    } finally {
      p.cleanup();
    }
  });
});

describe('what the plan makes of them', () => {
  test('literal keys are fixed where written, a key only a type names is reported with the fix, and no agent is said to offer no tools', async () => {
    const scan = await scanFixture(FIXTURE);
    const plan = buildPlan(scan);
    assert.deepEqual(
      plan.edits
        .map((e) => `${e.rule} ${e.location.file}:${e.location.line} ${e.before} -> ${e.after}`)
        .sort(),
      [
        'prompts src/mastra/agents/help-center-agent.ts:12 kb.cite -> kb_cite',
        'prompts src/mastra/agents/orders-agent.ts:10 refund.issue -> refund_issue',
        'prompts src/mastra/agents/release-agent.ts:9 deploy.run -> deploy_run',
        'prompts src/mastra/agents/triage-agent.ts:9 tickets.open -> tickets_open',
        "rewrite-keys src/mastra/agents/help-center-agent.ts:5 'kb.cite' -> kb_cite",
        "rewrite-keys src/mastra/agents/orders-agent.ts:12 'refund.issue' -> refund_issue",
        "rewrite-keys src/mastra/agents/release-agent.ts:11 'deploy.run' -> deploy_run",
      ],
    );
    const kept = plan.findings.filter((f) => f.kind === 'rename-kept');
    assert.equal(kept.length, 1);
    assert.match(
      kept[0]!.message,
      /"tickets\.open" is known only from the type of buildSupportKit\(\) \(declared at src\/mastra\/lib\/support-kit\.ts:6\); Mastra sends "tickets_open"/,
    );
    assert.deepEqual(
      plan.findings
        .filter((f) => f.kind === 'unresolved')
        .map((f) => f.agents[0])
        .sort(),
      ['audited-agent', 'plugins-agent'],
    );
    // plugin_pdf and plugin_csv come from the plugins at run time: never called unknown.
    assert.deepEqual(
      plan.findings.filter((f) => f.kind === 'unknown-tool-mention'),
      [],
    );
    assert.ok(!plan.findings.some((f) => /offers no tools/.test(f.message)));
  });
});

/** What real @mastra/core sends for every agent of a copy of the fixture. */
async function sent(root: string, scan: ScanResult): Promise<Map<string, string[] | null>> {
  const out = new Map<string, string[] | null>();
  for (const a of scan.agents)
    out.set(a.id!, (await captureFixtureAgent(root, a, provider())).toolNames);
  return out;
}

describe('against real @mastra/core', () => {
  test('every agent whose keys are listed sends exactly the predicted names; the plugin agents send the names their prompts use', async () => {
    const root = fixturePath(FIXTURE);
    const scan = await scanFixture(FIXTURE);
    const measured = await sent(root, scan);
    for (const id of LISTED) assert.deepEqual(measured.get(id), wire(agent(scan, id)), id);
    assert.deepEqual(measured.get('plugins-agent'), ['plugin_pdf', 'plugin_csv', 'lookupOrder']);
    assert.deepEqual(measured.get('audited-agent'), ['plugin_pdf', 'plugin_csv']);
  });

  test('after migrate: the same names are sent, the prompts name them, and a second run changes nothing', async () => {
    const copy = copyFixture(FIXTURE);
    try {
      // Measured on the fixture itself: a module imported once is cached, so the copy is imported
      // only after it is migrated.
      const before = await sent(fixturePath(FIXTURE), await scanFixture(FIXTURE));
      const result = await migrate(copy.root);
      assert.deepEqual(
        result.files.filter((f) => f.status === 'failed'),
        [],
      );
      assert.deepEqual((await migrate(copy.root, { force: true, dryRun: true })).plan.edits, []);
      const after = await scanRepository(copy.root);
      const measured = await sent(copy.root, after);
      for (const id of LISTED) {
        const names = measured.get(id)!;
        assert.deepEqual([...names].sort(), [...before.get(id)!].sort(), id);
        assert.deepEqual(names, wire(agent(after, id)), id);
        // Every backticked name in the instructions is one the model is offered.
        for (const f of agent(after, id).instructions)
          for (const [, name] of f.text.replace(/\\`/g, '`').matchAll(/`([^`]+)`/g))
            assert.ok(names.includes(name!), `${id}: ${name} in ${names.join(', ')}`);
      }
      const support = readFileSync(path.join(copy.root, 'src/mastra/lib/support-kit.ts'), 'utf8');
      assert.match(support, /'tickets\.open': typeof openTicketTool/, 'a type is never edited');
    } finally {
      copy.cleanup();
    }
  });
});
