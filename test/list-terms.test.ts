/**
 * Structural rules from the second fresh set (eval/labels, set fresh-2026-12-05b), each beside the
 * case it must not cover: a plain word that is the term of a list whose items define this agent's
 * own keys is a name (`AVAILABLE AGENTS:` then `- retrieve: ...`), and a term it does not have is
 * not offered, while one such item alone, or a word inside a sentence, stays prose; `migrate`
 * rewrites such a list once; a name reported once is reported wherever its prompt writes it, but not
 * in a code sample; and memory with working memory enabled offers `updateWorkingMemory` (through a
 * helper too), while memory without it adds nothing.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

function lead(prompt: string, extra = ''): string {
  return `import { Agent } from '@mastra/core/agent';
import { Memory } from '@mastra/memory';
const opts = { instructions: 'x', model: 'openai/gpt-4o-mini' };
const retrieve = new Agent({ id: 'retrieve', name: 'retrieve', ...opts });
const rerank = new Agent({ id: 'rerank', name: 'rerank', ...opts });
const editor = new Agent({ id: 'editor', name: 'editor', ...opts });
${extra}
export const lead = new Agent({
  id: 'lead',
  name: 'Lead',
  instructions: \`${prompt}\`,
  model: 'openai/gpt-4o-mini',
  agents: { retrieve, rerank, editor },
});
export const mastra = { agents: { lead } };
`;
}

/**
 * The sub-agent keys the plan flags (edits, or findings quoting them) in lead's prompt. The version
 * and run mode are unknown here, so a flagged key is reported as depending on them.
 */
function flagged(prompt: string): string[] {
  const plan = buildPlan(scanSource('/virtual/lead.ts', lead(prompt)));
  const keys = new Set(['retrieve', 'rerank', 'editor']);
  const quoted = plan.findings
    .filter((f) => f.kind === 'prompt-mention' || f.kind === 'mode-dependent-mention')
    .flatMap((f) => [...f.message.matchAll(/"([^"]+)"/g)].map((m) => m[1]!));
  const edited = plan.edits.filter((e) => e.rule === 'prompts').map((e) => e.before);
  return [...new Set([...edited, ...quoted].filter((n) => keys.has(n)))].sort();
}

describe("a list of the agent's own keys", () => {
  test('the terms of a list that defines two or more of its keys are names', () => {
    assert.deepEqual(
      flagged(
        'AVAILABLE AGENTS:\n- retrieve: find documents\n- rerank: order them\n- editor: polish',
      ),
      ['editor', 'rerank', 'retrieve'],
    );
  });
  test('one item alone, or the word in a sentence, is prose', () => {
    assert.deepEqual(flagged('Steps:\n- retrieve: find documents\n- summarise: write it up'), []);
    assert.deepEqual(flagged('First retrieve the documents, then rerank them.'), []);
  });
});

describe('working memory', () => {
  const offered = (memory: string) => {
    const text = `import { Agent } from '@mastra/core/agent';
import { Memory } from '@mastra/memory';
function makeMemory(opts: { workingMemory?: { enabled: boolean } }) {
  return new Memory({ options: { lastMessages: 10, ...opts } });
}
export const a = new Agent({ id: 'a', name: 'a', instructions: 'Call updateWorkingMemory when you learn something.', model: 'openai/gpt-4o-mini', memory: ${memory} });
`;
    const scan = scanSource('/virtual/a.ts', text);
    const names = scan.agents[0]!.tools.runtime.flatMap((r) => r.names ?? []);
    const warned = buildPlan(scan).findings.filter((f) =>
      f.message.includes('updateWorkingMemory'),
    );
    return { names, warned: warned.length };
  };
  test('enabled in new Memory(), or in the object a helper gets: updateWorkingMemory is offered', () => {
    assert.deepEqual(offered('new Memory({ options: { workingMemory: { enabled: true } } })'), {
      names: ['updateWorkingMemory'],
      warned: 0,
    });
    assert.deepEqual(offered('makeMemory({ workingMemory: { enabled: true } })'), {
      names: ['updateWorkingMemory'],
      warned: 0,
    });
  });
  test('without working memory, or in text-stream mode, nothing is added and the prompt is reported', () => {
    assert.deepEqual(offered('new Memory({ options: { lastMessages: 5 } })').names, []);
    assert.ok(offered('new Memory({ options: { lastMessages: 5 } })').warned > 0);
    assert.deepEqual(
      offered("new Memory({ options: { workingMemory: { enabled: true, use: 'text-stream' } } })")
        .names,
      [],
    );
  });
});

/** Names lead's prompt is reported for as not offered. */
function unknownIn(prompt: string): string[] {
  return buildPlan(scanSource('/virtual/lead.ts', lead(prompt)))
    .findings.filter((f) => f.kind === 'unknown-tool-mention' && f.agents.includes('lead'))
    .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
}

describe('a term of that list that is not one of its keys', () => {
  test('names something the agent does not have', () => {
    assert.deepEqual(
      unknownIn(
        'AVAILABLE AGENTS:\n- retrieve: find documents\n- rerank: order them\n- ghost: haunt',
      ),
      ['ghost'],
    );
  });
  test('in a list that defines one of its keys or none, it is a word', () => {
    assert.deepEqual(unknownIn('Steps:\n- retrieve: find documents\n- ghost: haunt'), []);
    assert.deepEqual(unknownIn('Moods:\n- calm: quiet\n- ghost: haunt'), []);
  });
});

describe('a name reported once', () => {
  test('is reported at every place the prompt writes it, but not inside a code sample', () => {
    const prompt =
      'Use the webSearchTool first.\nLater, search again with webSearchTool.\n```\nwebSearchTool()\n```';
    const text = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const t = createTool({ id: 'x-y', description: 'd', execute: async () => ({}) });
export const solo = new Agent({ id: 'solo', name: 'Solo', instructions: \`${prompt.replace(/`/g, '\\`')}\`, model: 'openai/gpt-4o-mini', tools: { t } });
`;
    const f = buildPlan(scanSource('/virtual/solo.ts', text)).findings.find(
      (x) => x.kind === 'unknown-tool-mention' && x.message.includes('"webSearchTool"'),
    );
    assert.deepEqual(
      f?.locations.map((l) => l.line),
      [4, 5],
    );
  });
});

describe('migrate on a list of its own keys', () => {
  test('rewrites each term to the name generate() offers, and a second run changes nothing', async () => {
    const p = tempProject({
      'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
      'src/mastra/lead.ts': lead(
        'AVAILABLE AGENTS:\n- retrieve: find documents\n- rerank: order them\n- editor: polish',
      ),
      'src/run.ts':
        "import { lead } from './mastra/lead';\nexport const go = () => lead.generate('hi');\n",
    });
    try {
      const first = await migrate(p.root, { force: true });
      assert.deepEqual(first.written, ['src/mastra/lead.ts']);
      const text = readFileSync(path.join(p.root, 'src/mastra/lead.ts'), 'utf8');
      assert.match(
        text,
        /- agent-retrieve: find documents\n- agent-rerank: order them\n- agent-editor: polish/,
      );
      const second = await migrate(p.root, { force: true });
      assert.deepEqual(second.written, []);
      assert.equal(readFileSync(path.join(p.root, 'src/mastra/lead.ts'), 'utf8'), text);
    } finally {
      p.cleanup();
    }
  });
});

describe('a list of its tools by their ids, words with spaces (eval: 4undRaiser/the-agentic-trader)', () => {
  const app = (items: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const getQuote = createTool({ id: 'Get Trade Quote', description: 'q', execute: async () => ({}) });
const executeTrade = createTool({ id: 'Execute Trade', description: 'e', execute: async () => ({}) });
export const trader = new Agent({
  id: 'trader',
  name: 'trader',
  instructions: \`Available Tools:
${items}

Get Trade Quote before you trade.\`,
  model: 'openai/gpt-4o-mini',
  tools: { getQuote, executeTrade },
});
export const go = () => trader.generate('hi');
`;
  test('each term becomes the key the model is offered; the same words in a sentence stay', async () => {
    const p = tempProject({
      'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
      'src/mastra/trader.ts': app(
        '- Get Trade Quote: pricing before a trade\n- Execute Trade: place it\n- Current State: not a tool',
      ),
    });
    try {
      const first = await migrate(p.root, { force: true });
      assert.deepEqual(first.written, ['src/mastra/trader.ts']);
      const text = readFileSync(path.join(p.root, 'src/mastra/trader.ts'), 'utf8');
      assert.match(
        text,
        /- getQuote: pricing before a trade\n- executeTrade: place it\n- Current State: not a tool\n\nGet Trade Quote before you trade\./,
      );
      const second = await migrate(p.root, { force: true });
      assert.deepEqual(second.written, []);
    } finally {
      p.cleanup();
    }
  });
  test('an id of words is found in any case; the edit writes the key', () => {
    const plan = buildPlan(
      scanSource(
        '/virtual/trader.ts',
        app('- Note: be careful').replace(
          'Get Trade Quote before you trade.',
          'First, call "get trade QUOTE" before you trade.',
        ),
      ),
    );
    assert.deepEqual(
      plan.edits.filter((e) => e.rule === 'prompts').map((e) => [e.before, e.after]),
      [['get trade QUOTE', 'getQuote']],
    );
  });
  test('unquoted, or of a sub-agent, another case is prose (eval: lambdaloopers, agentuity)', () => {
    const text = app('- Note: be careful')
      .replace('Get Trade Quote before you trade.', 'Ask the research agent, then get trade quote.')
      .replace(
        '  tools: { getQuote, executeTrade },',
        "  tools: { getQuote, executeTrade },\n  agents: { research: new Agent({ id: 'Research Agent', name: 'Research Agent', instructions: 'r', model: 'openai/gpt-4o-mini' }) },",
      );
    const scan = scanSource('/virtual/trader.ts', text);
    assert.deepEqual(
      scan.mentions
        .filter((m) => m.context === 'instructions' && m.name.includes(' '))
        .map((m) => m.name),
      [],
    );
  });
  test('one id alone in a list is not a list of its tools', () => {
    const plan = buildPlan(
      scanSource('/virtual/trader.ts', app('- Get Trade Quote: pricing\n- Note: be careful')),
    );
    assert.deepEqual(
      plan.edits.filter((e) => e.rule === 'prompts').map((e) => e.before),
      [],
    );
  });
});
