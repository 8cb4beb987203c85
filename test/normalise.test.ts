/**
 * Named cases with their expected wire lists written out, each also replayed against real
 * @mastra/core (every installed line), so the expectations here are measured facts, not beliefs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { predictRequest } from '../src/names/request.ts';
import { predictTools } from '../src/names/normalise.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { compareWithMastra } from './harness/compare.ts';
import type { CallSpec } from './harness/mastra-capture.ts';
import { CURRENT_LINE, MASTRA_LINES } from './harness/mastra-versions.ts';

const provider = useFakeProvider();

async function agreesEverywhere(spec: CallSpec): Promise<void> {
  for (const line of MASTRA_LINES) {
    const d = await compareWithMastra(line, provider(), spec);
    assert.equal(d, undefined, `@mastra/core ${line.version} disagrees: ${JSON.stringify(d)}`);
  }
}

const names = (spec: CallSpec) => predictRequest(spec, spec, CURRENT_LINE.behaviour).toolNames;

describe('named cases, checked against real Mastra', () => {
  test('rewritten keys move to the end of the list', async () => {
    const spec = { tools: ['search.web', 'plain', 'weather-EU'] };
    assert.deepEqual(names(spec), ['plain', 'weather-EU', 'search_web']);
    await agreesEverywhere(spec);
  });

  test('integer-like keys enumerate first, so their rewrites lead the moved group', async () => {
    const spec = { tools: ['b.x', '10', '2', 'plain'] };
    assert.deepEqual(names(spec), ['plain', '_2', '_10', 'b_x']);
    await agreesEverywhere(spec);
  });

  test('two keys ending on one name fail the call with the name', async () => {
    const spec = { tools: ['search.web', 'search web'] };
    const p = predictTools(spec);
    assert.equal(p.failure?.kind, 'collision');
    assert.equal(p.failure?.name, 'search_web');
    assert.deepEqual(p.collisions, [
      {
        name: 'search_web',
        keys: [
          { origin: 'tools', key: 'search.web' },
          { origin: 'tools', key: 'search web' },
        ],
        inherited: false,
      },
    ]);
    await agreesEverywhere(spec);
  });

  test('a key rewritten to an inherited member (__proto__) fails on its own', async () => {
    const spec = { tools: ['._proto__', 'fine'] };
    const p = predictTools(spec);
    assert.equal(p.failure?.name, '__proto__');
    assert.equal(p.collisions[0]?.inherited, true);
    await agreesEverywhere(spec);
  });

  test('an own __proto__ key is silently not offered', async () => {
    const spec = { tools: ['a', '__proto__'], clientTools: ['__proto__'] };
    assert.deepEqual(names(spec), ['a']);
    assert.equal(predictTools(spec).dropped.length, 2);
    await agreesEverywhere(spec);
  });

  test('the empty key crashes Mastra', async () => {
    const spec = { tools: ['ok', ''] };
    assert.equal(predictTools(spec).failure?.kind, 'crash');
    await agreesEverywhere(spec);
  });

  test('identical raw keys: the later source wins silently and keeps the first place', async () => {
    const spec = {
      tools: ['a', 'b'],
      toolsets: [{ name: 'set', keys: ['a'] }],
      agents: ['x'],
      clientTools: ['agent-x'],
    };
    const p = predictTools(spec);
    assert.deepEqual(names(spec), ['a', 'b', 'agent-x']);
    assert.deepEqual(
      p.shadowed.map((s) => [s.rawKey, s.replaced.origin, s.by.origin]),
      [
        ['a', 'tools', 'toolsets'],
        ['agent-x', 'clientTools', 'agents'],
      ],
    );
    assert.equal(p.offered.find((t) => t.wireName === 'agent-x')?.origin, 'agents');
    await agreesEverywhere(spec);
  });

  test('sub-agents and workflows are prefixed before the rewrite; the prefix counts toward 63', async () => {
    const long = 'w'.repeat(60);
    const spec = { tools: ['t'], agents: ['research.bot'], workflows: [long] };
    assert.deepEqual(names(spec), ['t', 'agent-research_bot', `workflow-${long}`.slice(0, 63)]);
    await agreesEverywhere(spec);
  });

  test('a named toolChoice is sent verbatim, even when it names no offered tool', async () => {
    const spec: CallSpec = {
      tools: ['search.web'],
      toolChoice: { type: 'tool', toolName: 'search.web' },
    };
    const r = predictRequest(spec, spec);
    assert.deepEqual(r.toolChoice, { type: 'function', function: { name: 'search.web' } });
    assert.deepEqual(r.unknownNames, [{ option: 'toolChoice', name: 'search.web' }]);
    await agreesEverywhere(spec);
  });

  test('activeTools naming the raw key sends no tools (1.0.4 ignores activeTools)', async () => {
    const spec: CallSpec = { tools: ['a', 'search.web'], activeTools: ['search.web'] };
    assert.equal(names(spec), null);
    await agreesEverywhere(spec);
  });

  test('an empty activeTools adds no tool: a call spreading it only takes tools away (call-options.ts)', async () => {
    const spec: CallSpec = { tools: ['a', 'b'], activeTools: [] };
    const sent = names(spec);
    assert.ok(sent === null || sent.every((n) => ['a', 'b'].includes(n)), String(sent));
    await agreesEverywhere(spec);
  });

  test('a provider-defined tool (webSearchTool) is renamed and collision-checked but is not a function', async () => {
    const spec: CallSpec = {
      tools: ['a', 'web.search'],
      providerDefined: [{ origin: 'tools', key: 'web.search' }],
    };
    assert.deepEqual(names(spec), ['a']);
    assert.equal(
      predictTools(spec).offered.find((t) => t.key === 'web.search')?.wireName,
      'web_search',
    );
    assert.equal(await compareWithMastra(CURRENT_LINE, provider(), spec), undefined);
    const clash: CallSpec = {
      tools: ['web_search', 'web.search'],
      providerDefined: [{ origin: 'tools', key: 'web.search' }],
    };
    assert.equal(predictTools(clash).failure?.name, 'web_search');
    assert.equal(await compareWithMastra(CURRENT_LINE, provider(), clash), undefined);
  });

  test("toolChoice 'none' drops the tools in 1.71 only", async () => {
    const spec: CallSpec = { tools: ['a'], toolChoice: 'none' };
    assert.equal(names(spec), null);
    await agreesEverywhere(spec);
  });
});
