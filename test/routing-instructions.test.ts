/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- the installed line is loaded at run time */
/**
 * `defaultNetworkOptions.routing.additionalInstructions` is prompt text too: Mastra appends it to the
 * system prompt of network()'s routing agent, which lists sub-agents, workflows and tools by raw key.
 * Its names are checked against what network() lists, whatever else the agent runs with; the real
 * routing request (@mastra/core, fake provider) shows the text and the names the edits write.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';
import { loadLine } from './harness/mastra-capture.ts';
import { CURRENT_LINE } from './harness/mastra-versions.ts';
import { listedUnder } from './harness/network-listing.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';

const provider = useFakeProvider();

const ROUTING = `Route research to agent-researcher. Look things up with \`search-web\` first.
Never skip \`fooBarTool\` when it is there.`;

const SOURCE = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';

const searchWeb = createTool({ id: 'search-web', description: 'search', inputSchema: z.object({ q: z.string() }), execute: async () => ({}) });
const researcher = new Agent({ id: 'researcher', name: 'researcher', description: 'researches', instructions: 'r', model: 'openai/gpt-4o-mini' });

const defaultNetworkOptions = {
  routing: {
    additionalInstructions: ${JSON.stringify(ROUTING)},
  },
};

export const lead = new Agent({
  id: 'lead',
  name: 'lead',
  instructions: 'Ask agent-researcher when you need sources.',
  model: 'openai/gpt-4o-mini',
  tools: { searchWeb },
  agents: { researcher },
  defaultNetworkOptions,
});

export async function run() {
  return lead.generate('hi');
}
`;

describe('network() routing instructions', () => {
  const scan = scanSource('/virtual/lead.ts', SOURCE);
  const plan = buildPlan(scan);
  const lead = scan.agents.find((a) => a.id === 'lead')!;

  test('are read as the agent’s prompt text for network() only', () => {
    assert.deepEqual(
      lead.instructions.map((f) => f.context),
      ['instructions', 'routing-instructions'],
    );
    assert.equal(lead.runs.mode, 'function');
  });

  test('names in them are rewritten to what network() lists; the instructions keep generate()’s', () => {
    const prompts = plan.edits
      .filter((e) => e.rule === 'prompts')
      .map((e) => `${e.location.line}: ${e.before} -> ${e.after}`);
    // Line 10 holds the routing text; line 16 the instructions, which generate() reads.
    assert.deepEqual(prompts.sort(), [
      '10: agent-researcher -> researcher',
      '10: search-web -> searchWeb',
    ]);
    const reason = plan.edits.find((e) => e.before === 'search-web')!.reason;
    assert.match(reason, /routing instructions/);
  });

  test('a name network() does not list is reported for this agent', () => {
    const unknown = plan.findings
      .filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => f.message);
    assert.equal(unknown.length, 1, unknown.join('\n'));
    assert.match(unknown[0]!, /"fooBarTool"/);
  });

  test('routing instructions passed to one network() call are read the same way', () => {
    const perCall = scanSource(
      '/virtual/call.ts',
      SOURCE.replace('  defaultNetworkOptions,\n', '').replace(
        "return lead.generate('hi');",
        "return lead.network('hi', { routing: { additionalInstructions: 'Start with search-web.' } });",
      ),
    );
    const edits = buildPlan(perCall)
      .edits.filter((e) => e.rule === 'prompts')
      .map((e) => `${e.before} -> ${e.after}`);
    // network() is now how lead runs: its instructions are rewritten to the listed key too.
    assert.deepEqual(edits.sort(), ['agent-researcher -> researcher', 'search-web -> searchWeb']);
    assert.ok(
      buildPlan(perCall).edits.some(
        (e) => e.before === 'search-web' && /network\(\)'s routing/.test(e.reason),
      ),
    );
  });

  test('real @mastra/core sends the text to the routing agent and lists the names the edits write', async () => {
    const m = await loadLine(CURRENT_LINE);
    const caseId = 'routing-instructions';
    const url = provider().urlFor(caseId);
    const researcher = new m.Agent({
      id: 'researcher',
      name: 'researcher',
      description: 'researches',
      instructions: 'r',
      model: m.model(url),
    });
    const agent = new m.Agent({
      id: 'lead',
      name: 'lead',
      instructions: 'lead',
      model: m.model(url),
      tools: {
        searchWeb: m.createTool({
          id: 'search-web',
          description: 'search',
          inputSchema: m.z.object({ q: m.z.string() }),
        }),
      },
      agents: { researcher },
      defaultNetworkOptions: { routing: { additionalInstructions: ROUTING } },
    });
    for (const a of [agent, researcher]) a.__setLogger?.(m.noopLogger);
    const { MockMemory } = (await import(`${CURRENT_LINE.pkg}/memory`)) as { MockMemory: any };
    agent.__setMemory(new MockMemory());
    try {
      const stream = await agent.network!('hi');
      for await (const _chunk of stream) void _chunk;
    } catch {
      // The fake provider answers 400: the network stops after its first request.
    }
    const [request] = provider().requests(caseId);
    provider().forget(caseId);
    const system = ((request?.messages ?? []) as Array<{ role: string; content: unknown }>)
      .filter((x) => x.role === 'system')
      .map((x) => (typeof x.content === 'string' ? x.content : JSON.stringify(x.content)))
      .join('\n');
    assert.ok(system.includes(ROUTING), 'the routing agent reads additionalInstructions');
    assert.deepEqual(listedUnder(system, '## Available Agents in Network'), ['researcher']);
    assert.deepEqual(listedUnder(system, '## Available Tools in Network'), ['searchWeb']);
  });
});
