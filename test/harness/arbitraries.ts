/**
 * fast-check generators for tool key sets that stress Mastra's rewrite: punctuation, spaces,
 * leading digits/dots/dashes, non-ASCII, lengths around 63/64, JavaScript-special names, empty and
 * integer-like keys. Small alphabets on purpose, so collisions and identical raw keys are common.
 */
import fc from 'fast-check';
import type { CallSpec } from './mastra-capture.ts';

const SPECIAL = [
  '__proto__',
  '._proto__',
  '__proto..',
  'é_proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__defineGetter__',
  '._defineGetter__',
  'prototype',
  'length',
  'name',
  'then',
  '',
  '0',
  '1',
  '2',
  '10',
  '01',
  '-1',
  '1.5',
  '1e3',
  '4294967294',
  '4294967295',
  '9007199254740993',
  'agent-a',
  'workflow-a',
  'agent-a.b',
  'search.web',
  'search web',
  'search_web',
  'weather-EU',
  'mcp:github.create_issue',
  'a\nb',
  ' ',
  '-',
  '.',
  '_',
  '-lead',
  '.lead',
  '9lead',
];

const asciiPunct = fc.string({ unit: fc.constantFrom(...'ab_-. :/1'.split('')), maxLength: 5 });
const unicode = fc.string({
  unit: fc.constantFrom('a', 'é', 'e\u0301', '中', '文', '😀', 'ß', 'İ', '\u200b', '_', '.'),
  maxLength: 4,
});
const anyText = fc.string({ unit: 'grapheme', maxLength: 6 });
const integerLike = fc.oneof(
  fc.nat({ max: 20 }).map(String),
  fc.constantFrom('4294967294', '4294967295'),
);
const long = fc
  .tuple(
    fc.integer({ min: 58, max: 68 }),
    fc.constantFrom('a', '1', '.', 'x'),
    fc.string({ unit: fc.constantFrom('a', 'b', '.', '😀'), maxLength: 4 }),
  )
  .map(([n, first, tail]) => first + 'k'.repeat(n - 1 - tail.length) + tail);

export const toolKey: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SPECIAL), weight: 3 },
  { arbitrary: asciiPunct, weight: 4 },
  { arbitrary: unicode, weight: 2 },
  { arbitrary: anyText, weight: 1 },
  { arbitrary: integerLike, weight: 1 },
  { arbitrary: long, weight: 2 },
);

const keys = (max: number) => fc.uniqueArray(toolKey, { maxLength: max });

/** One call: agent tools, optional toolsets/clientTools/agents/workflows, toolChoice, activeTools. */
export const callSpec: fc.Arbitrary<CallSpec> = fc
  .record(
    {
      tools: keys(6),
      toolsets: fc.uniqueArray(fc.record({ name: toolKey, keys: keys(3) }), {
        maxLength: 2,
        selector: (s) => s.name,
      }),
      clientTools: keys(3),
      agents: keys(2),
      workflows: keys(2),
      choice: fc.option(fc.oneof(fc.constantFrom('auto', 'required', 'none'), fc.nat(), toolKey), {
        nil: undefined,
      }),
      active: fc.option(fc.array(fc.oneof(fc.nat(), toolKey), { maxLength: 3 }), {
        nil: undefined,
      }),
    },
    { requiredKeys: ['tools'] },
  )
  .map(({ tools, toolsets, clientTools, agents, workflows, choice, active }) => {
    const spec: CallSpec = { tools };
    if (toolsets?.length) spec.toolsets = toolsets;
    if (clientTools?.length) spec.clientTools = clientTools;
    if (agents?.length) spec.agents = agents;
    if (workflows?.length) spec.workflows = workflows;
    // Numbers pick one of the registered keys, so choices often name a real (raw) key.
    const pick = (v: number | string) =>
      typeof v === 'number' ? (tools[v % Math.max(tools.length, 1)] ?? 'none') : v;
    if (choice !== undefined) {
      spec.toolChoice =
        choice === 'auto' || choice === 'required' || choice === 'none'
          ? choice
          : { type: 'tool', toolName: pick(choice) };
    }
    if (active !== undefined) spec.activeTools = active.map(pick);
    return spec;
  });
