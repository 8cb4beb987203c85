/**
 * The words a file uses as data (src/scan/mentions/data-words.ts): schema fields, JSON schema
 * `properties`, enum and literal values, and interface or type-literal properties, only when shaped
 * like a tool name (snake_case, kebab-case or camelCase).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createInMemoryProject } from '../src/scan/files/project.ts';
import { dataWords } from '../src/scan/mentions/data-words.ts';
import { scanSource } from '../src/scan/scan.ts';

const words = (code: string) =>
  dataWords(createInMemoryProject().createSourceFile('/app.ts', code)).sort();

test('schema fields, properties and enum values shaped like names', () => {
  const code = `
    import { z } from 'zod';
    const input = z.object({ patch_json: z.string(), plain: z.number(), 'user-id': z.string(), userName });
    const more = input.extend({ extra_field: z.boolean() });
    const phase = z.enum(['review_phase', 'done']);
    const kind = z.literal('tool-kind');
    const json = { type: 'object', properties: { page_size: { type: 'number' }, query: {} } };
    const quoted = { 'properties': { not_read: 1 } };
    const other = { list: { not_listed: 1 } };
  `;
  assert.deepEqual(words(code), [
    'extra_field',
    'page_size',
    'patch_json',
    'review_phase',
    'tool-kind',
    'user-id',
    'userName',
  ]);
});

test('an enum of a constant list: its values (eval: Boredude/abby-ai); a list it does not name is not read', () => {
  const code = `
    import { z } from 'zod';
    const SUB_AGENT_NAMES = ['onboardingAgent', 'stylistAgent'] as const;
    const OTHER = ['notAnEnumValue'];
    const agentEnum = z.enum(SUB_AGENT_NAMES);
  `;
  assert.deepEqual(words(code), ['onboardingAgent', 'stylistAgent']);
});

test('interface and type-literal properties: identifiers, strings and static computed keys', () => {
  const code = `
    const KEY = 'computed_key';
    interface Args { file_path: string; plain: string; 'quoted-key': number; 42: string; [KEY]: boolean; \\u0061b_c: string }
    type Row = { rowId: string; 'has space': string };
    function f(): { nested_out: string } { return { nested_out: '' }; }
  `;
  // An escaped identifier is read as the name it spells (\\u0061b_c is ab_c).
  assert.deepEqual(words(code), [
    'ab_c',
    'computed_key',
    'file_path',
    'nested_out',
    'quoted-key',
    'rowId',
  ]);
});

test("the AI SDK's UI typing of a tool names the tool, not a field (eval: huanshenyi/mastra-aisdk5)", () => {
  const code = `
    import type { ToolUIPart } from 'ai';
    type WeatherPart = ToolUIPart<{ weatherTool: { input: { city: string }; output: { temp_c: number } } }>;
    type Reply = { weather_report: { input: string } };
  `;
  // The tool's own key goes; its fields, and a field that only has an input, stay data.
  assert.deepEqual(words(code), ['temp_c', 'weather_report']);
});

test("the values code gives a data field are data; a tool's id given to one is a name (eval: HugoDeiss/Balthazar, turboMe)", () => {
  const code = `
    import { z } from 'zod';
    import { Agent } from '@mastra/core/agent';
    import { createTool } from '@mastra/core/tools';
    const row = z.object({ correction_type: z.string(), toolId: z.string() });
    export const save = () => ({ correction_type: 'manual_override' });
    export const is = (r: { correction_type: string }) => r.correction_type === 'rag_chunk';
    export const other = () => ({ label: 'not_a_field_value' });
    const runTest = createTool({ id: 'coding_run_test', description: 'r', execute: async () => ({}) });
    export const meta = { toolId: 'coding_run_test' };
    export const coder = new Agent({ id: 'coder', name: 'c', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { runTest } });
  `;
  const scan = scanSource('/virtual/app.ts', code);
  assert.ok(scan.dataWords.includes('manual_override'), scan.dataWords.join(', '));
  assert.ok(scan.dataWords.includes('rag_chunk'));
  assert.ok(!scan.dataWords.includes('not_a_field_value'));
  assert.ok(!scan.dataWords.includes('coding_run_test'));
});
