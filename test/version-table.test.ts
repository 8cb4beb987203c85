/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- each installed line has its own types; this test builds agents of all of them */
/**
 * The version table (src/names/versions.ts) against real @mastra/core: for every row, each
 * installed line (test/harness/mastra-versions.ts) sends what the table says its version does, and
 * the installed lines include one on each side of the row's boundary. The exact boundaries were
 * bisected outside the repository over every minor from 0.10 to 1.71; these tests keep the table
 * honest on the lines CI installs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { legacyNetworkListing, networkListing } from '../src/names/network.ts';
import { predictRequest } from '../src/names/request.ts';
import {
  behaviourFor,
  ruleHolds,
  VERSION_TABLE,
  type VersionedRule,
} from '../src/names/versions.ts';
import { captureCall, loadLine, oneStepWorkflow, type CallSpec } from './harness/mastra-capture.ts';
import { MASTRA_LINES, type MastraLine } from './harness/mastra-versions.ts';
import { memoryFor } from './harness/memory-0x.ts';
import { listedUnder } from './harness/network-listing.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { startScriptedProvider } from './harness/scripted-provider.ts';

const provider = useFakeProvider();

const withRule = (rule: VersionedRule) => MASTRA_LINES.filter((l) => ruleHolds(rule, l.version));
const withoutRule = (rule: VersionedRule) =>
  MASTRA_LINES.filter((l) => !ruleHolds(rule, l.version));

/** What the table predicts for a call on this line, next to what the line sent. */
async function sentAndPredicted(line: MastraLine, spec: CallSpec) {
  const captured = await captureCall(line, provider(), spec);
  const predicted = predictRequest(spec, spec, behaviourFor(line.version));
  return { captured, predicted };
}

let counter = 0;

function subAgent(m: Awaited<ReturnType<typeof loadLine>>, name: string, url: string): any {
  const agent = new m.Agent({
    id: name,
    name,
    description: `sub-agent ${name}`,
    instructions: 'sub',
    model: m.model(url),
  });
  agent.__setLogger?.(m.noopLogger);
  return agent;
}

const workflow = oneStepWorkflow;

function systemPrompt(caseId: string, which = 0): string {
  const request = provider().requests(caseId)[which];
  const messages = (request?.messages ?? []) as Array<{ role: string; content: unknown }>;
  return messages
    .filter((m) => m.role === 'system')
    .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
    .join('\n');
}

/** The system prompt of the routing agent's request (0.24 names the thread first). */
function routingPrompt(caseId: string): string {
  const count = provider().requests(caseId).length;
  for (let i = 0; i < count; i++) {
    const system = systemPrompt(caseId, i);
    if (system.includes('## Available')) return system;
  }
  return '';
}

describe('the version table agrees with each installed @mastra/core line', () => {
  test('every row has an installed line on each side of its boundary', () => {
    for (const row of VERSION_TABLE) {
      assert.ok(withRule(row.rule).length > 0, `${row.rule}: no installed line has it`);
      assert.ok(withoutRule(row.rule).length > 0, `${row.rule}: no installed line lacks it`);
      assert.ok(row.source.includes('captured'), `${row.rule}: say how the boundary is known`);
    }
  });

  test('key-rewrite: illegal keys are rewritten, or sent as written before 0.13.2', async () => {
    const long = 'k'.repeat(64);
    for (const line of MASTRA_LINES) {
      const spec = { tools: ['search.web', 'ok_key', '9lead', long] };
      const { captured, predicted } = await sentAndPredicted(line, spec);
      const expected = ruleHolds('key-rewrite', line.version)
        ? ['ok_key', 'search_web', '_9lead', long.slice(0, 63)]
        : ['search.web', 'ok_key', '9lead', long];
      assert.deepEqual(captured.toolNames, expected, line.version);
      assert.deepEqual(predicted.toolNames, expected, `prediction for ${line.version}`);
    }
  });

  test('collision: two keys that rewrite to one name fail the call from 0.13.2', async () => {
    for (const line of MASTRA_LINES) {
      const spec = { tools: ['a.b', 'a_b'] };
      const { captured, predicted } = await sentAndPredicted(line, spec);
      if (ruleHolds('collision', line.version)) {
        assert.equal(captured.toolNames, null, line.version);
        assert.match(captured.error?.message ?? '', /resolve to the same name "a_b"/, line.version);
        assert.equal(predicted.prediction.failure?.name, 'a_b');
      } else {
        assert.deepEqual(captured.toolNames, ['a.b', 'a_b'], line.version);
        assert.equal(predicted.prediction.failure, undefined);
        assert.deepEqual(predicted.toolNames, ['a.b', 'a_b']);
      }
    }
  });

  test('sub-agent-tools, agent-prefix: sub-agents are offered from 0.21.1, as agent-KEY from 0.22.0', async () => {
    for (const line of MASTRA_LINES) {
      const spec = { tools: ['t'], agents: ['helper'] };
      const { captured, predicted } = await sentAndPredicted(line, spec);
      const expected = !ruleHolds('sub-agent-tools', line.version)
        ? ['t']
        : ruleHolds('agent-prefix', line.version)
          ? ['t', 'agent-helper']
          : ['t', 'helper'];
      assert.deepEqual(captured.toolNames, expected, line.version);
      assert.deepEqual(predicted.toolNames, expected, `prediction for ${line.version}`);
    }
  });

  test('workflow-prefix: workflows are offered as workflow-KEY from 0.22.0, by their plain key before', async () => {
    for (const line of MASTRA_LINES) {
      const spec = { tools: ['t'], workflows: ['myFlow'] };
      const { captured, predicted } = await sentAndPredicted(line, spec);
      const expected = ruleHolds('workflow-prefix', line.version)
        ? ['t', 'workflow-myFlow']
        : ['t', 'myFlow'];
      assert.deepEqual(captured.toolNames, expected, line.version);
      assert.deepEqual(predicted.toolNames, expected, `prediction for ${line.version}`);
    }
  });

  test('call-by-id: generate() runs a tool the model calls by its id from 0.20.0', async () => {
    for (const line of MASTRA_LINES) {
      const m = await loadLine(line);
      const ran: string[] = [];
      const caseId = `byid${++counter}`;
      provider().answerWithToolCall(caseId, 'search-web');
      const agent = new m.Agent({
        id: 'probe',
        name: 'probe',
        instructions: 'probe',
        model: m.model(provider().urlFor(caseId)),
        tools: {
          searchWeb: m.createTool({
            id: 'search-web',
            description: 'search',
            inputSchema: m.z.object({ q: m.z.string() }),
            execute: () => {
              ran.push('search-web');
              return Promise.resolve({ ok: true });
            },
          }),
        },
      });
      agent.__setLogger?.(m.noopLogger);
      let error = '';
      try {
        await agent.generate('hi');
      } catch (e) {
        error = String((e as Error)?.message ?? e);
      }
      const sent = provider().requests(caseId);
      provider().forget(caseId);
      assert.deepEqual(
        (sent[0]?.tools as Array<{ function: { name: string } }>).map((t) => t.function.name),
        ['searchWeb'],
        line.version,
      );
      const expected = ruleHolds('call-by-id', line.version);
      assert.equal(behaviourFor(line.version).callsById, expected);
      assert.deepEqual(ran, expected ? ['search-web'] : [], `${line.version}: ${error}`);
      if (!expected) assert.match(error, /unavailable tool 'search-web'/, line.version);
    }
  });

  test('agent-network: agent.network() exists from 0.16.3 and lists raw keys', async () => {
    const measured: string[] = [];
    for (const line of MASTRA_LINES) {
      const m = await loadLine(line);
      const caseId = `net${++counter}`;
      const url = provider().urlFor(caseId);
      const inputSchema = m.z.object({ q: m.z.string() });
      const agent = new m.Agent({
        id: 'coordinator',
        name: 'coordinator',
        instructions: 'coordinate',
        model: m.networkModel(url),
        // A network keeps its thread in memory (harness/memory-0x.ts for the 0.x lines).
        memory: await memoryFor(line),
        tools: {
          'search.web': m.createTool({ id: 's', description: 'search', inputSchema }),
        },
        agents: { 'research.agent': subAgent(m, 'Research Agent', url) },
        workflows: { 'my.flow': workflow(m, 'f') },
      });
      agent.__setLogger?.(m.noopLogger);
      const has = ruleHolds('agent-network', line.version);
      assert.equal(typeof agent.network === 'function', has, line.version);
      assert.equal(behaviourFor(line.version).agentNetwork, has);
      if (!has) continue;
      measured.push(line.version);
      try {
        const stream = await agent.network!('hi');
        for await (const _chunk of stream) void _chunk;
      } catch {
        // The fake provider answers 400: the network stops after its first request.
      }
      const system = routingPrompt(caseId);
      provider().forget(caseId);
      assert.deepEqual(
        {
          agents: listedUnder(system, '## Available Agents in Network'),
          workflows: listedUnder(system, '## Available Workflows in Network'),
          tools: listedUnder(system, '## Available Tools in Network'),
        },
        networkListing({
          tools: ['search.web'],
          agents: ['research.agent'],
          workflows: ['my.flow'],
        }),
        line.version,
      );
    }
    assert.deepEqual(
      measured,
      withRule('agent-network').map((l) => l.version),
    );
    assert.ok(withoutRule('agent-network').length > 0, 'a line without network()');
  });

  test('legacy-agent-network: AgentNetwork lists agent names with illegal characters made _, until 0.16.3', async () => {
    for (const line of MASTRA_LINES) {
      const has = ruleHolds('legacy-agent-network', line.version);
      const imported = import(`${line.pkg}/network`) as Promise<{ AgentNetwork?: any }>;
      if (!has) {
        const mod = await imported.catch(() => undefined);
        assert.equal(mod?.AgentNetwork, undefined, line.version);
        continue;
      }
      const { AgentNetwork } = await imported;
      const m = await loadLine(line);
      const caseId = `legacy${++counter}`;
      const url = provider().urlFor(caseId);
      const names = ['Research Agent', 'web.search-bot'];
      const network = new AgentNetwork({
        name: 'legacy',
        instructions: 'route',
        model: m.model(url),
        agents: names.map((n) => subAgent(m, n, url)),
      });
      try {
        await network.generate('hi');
      } catch {
        // 400 from the fake provider
      }
      const [request] = provider().requests(caseId);
      const system = systemPrompt(caseId);
      provider().forget(caseId);
      const listed = [...system.matchAll(/^\s*- \*\*(.+?)\*\*: (.*)$/gm)].map((x) => x[1]!);
      const tools = (request?.tools as Array<{ function: { name: string } }>).map(
        (t) => t.function.name,
      );
      assert.deepEqual({ agents: listed, tools }, legacyNetworkListing(names), line.version);
      assert.deepEqual(listed, ['Research_Agent', 'web_search-bot']);
    }
  });

  test('vnext-agent-network: NewAgentNetwork lists raw keys like network(), until 0.19.1', async () => {
    for (const line of MASTRA_LINES) {
      const has = ruleHolds('vnext-agent-network', line.version);
      const imported = import(`${line.pkg}/network/vNext`) as Promise<{ NewAgentNetwork?: any }>;
      if (!has) {
        const mod = await imported.catch(() => undefined);
        assert.equal(mod?.NewAgentNetwork, undefined, line.version);
        continue;
      }
      const { NewAgentNetwork } = await imported;
      const m = await loadLine(line);
      const caseId = `vnext${++counter}`;
      const url = provider().urlFor(caseId);
      const network = new NewAgentNetwork({
        id: 'vnext',
        name: 'vnext',
        instructions: 'route',
        model: m.model(url),
        agents: { 'research.agent': subAgent(m, 'Research Agent', url) },
        workflows: { 'my.flow': workflow(m, 'f') },
        tools: {
          'search.web': m.createTool({
            id: 's',
            description: 'search',
            inputSchema: m.z.object({ q: m.z.string() }),
          }),
        },
      });
      try {
        await network.generate('hi', {});
      } catch {
        // 400 from the fake provider
      }
      const system = systemPrompt(caseId);
      provider().forget(caseId);
      assert.deepEqual(
        {
          agents: listedUnder(system, '## Available Agents in Network'),
          workflows: listedUnder(system, '## Available Workflows in Network'),
          tools: listedUnder(system, '## Available Tools in Network'),
        },
        networkListing({
          tools: ['search.web'],
          agents: ['research.agent'],
          workflows: ['my.flow'],
        }),
        line.version,
      );
    }
  });
  test('network-runs-by-id: network() reports a tool it runs by its id, from 0.24.6', async () => {
    const scripted = await startScriptedProvider();
    const measured: string[] = [];
    try {
      for (const line of MASTRA_LINES) {
        const has = ruleHolds('network-runs-by-id', line.version);
        assert.equal(behaviourFor(line.version).networkRunsById, has, line.version);
        if (!ruleHolds('agent-network', line.version)) continue;
        const m = await loadLine(line);
        // The routing agent picks the tool by its raw key; then the script is used up.
        // (0.16 names the pick resourceId/resourceType; later lines primitiveId/primitiveType.)
        const route = JSON.stringify({
          primitiveId: 'web_search',
          primitiveType: 'tool',
          resourceId: 'web_search',
          resourceType: 'tool',
          prompt: JSON.stringify({ q: 'x' }),
          selectionReason: 'it searches',
        });
        const url = scripted.urlFor(`runs-by-id-${line.version}`, [{ text: route }]);
        const agent = new m.Agent({
          id: 'router',
          name: 'router',
          instructions: 'route',
          model: m.networkModel(url),
          memory: await memoryFor(line),
          tools: {
            web_search: m.createTool({
              id: 'web-search',
              description: 'search',
              inputSchema: m.z.object({ q: m.z.string() }),
              execute: () => Promise.resolve({ hits: 1 }),
            }),
          },
        });
        agent.__setLogger?.(m.noopLogger);
        measured.push(line.version);
        let ended: { toolName?: string; primitiveId?: string; resourceId?: string } | undefined;
        try {
          const stream = await agent.network!('find x');
          for await (const chunk of stream as AsyncIterable<{ type: string; payload: any }>)
            if (chunk.type === 'tool-execution-end') ended ??= chunk.payload;
        } catch {
          // With the script used up, the next routing answer is not JSON: the network stops.
        }
        // The pick itself: 0.16 reports it as resourceId; later lines as primitiveId, which is
        // `toolId` on 0.x (so the id from 0.24.6) and the routing agent's key again on 1.x.
        const pick = line.version.startsWith('0.16')
          ? { resourceId: 'web_search' }
          : line.version.startsWith('0.')
            ? { primitiveId: has ? 'web-search' : 'web_search' }
            : { primitiveId: 'web_search' };
        assert.deepEqual(
          {
            toolName: ended?.toolName,
            ...('resourceId' in pick
              ? { resourceId: ended?.resourceId }
              : { primitiveId: ended?.primitiveId }),
          },
          { toolName: has ? 'web-search' : 'web_search', ...pick },
          line.version,
        );
      }
      // Every line with network() ran it, on both sides of the boundary.
      assert.deepEqual(
        measured,
        withRule('agent-network').map((l) => l.version),
      );
      assert.ok(
        measured.some((v) => !ruleHolds('network-runs-by-id', v)),
        'a line before it',
      );
      assert.ok(
        measured.some((v) => ruleHolds('network-runs-by-id', v)),
        'a line from it',
      );
    } finally {
      await scripted.close();
    }
  });
});
