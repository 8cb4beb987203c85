/**
 * A word a prompt writes as data is no tool's name, even where a tool is exported under it: a value
 * one of the agent's tools takes (`action: "click"` for a `z.enum(['click', 'fill'])` parameter),
 * a word the prompt calls an attribute or field ("the `type` attribute"), a value in a JSON example.
 * The same word the prompt calls a tool ("use `click`") is still rewritten.
 * eval: Blakeinstein/HuntOS, where 34 such words would have been rewritten to browser_click...
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';
import { dataWordsOf, toolWords } from '../src/plan/rules/prompt-words.ts';

const app = (prompt: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { z } from 'zod';
export const click = createTool({ id: 'browser-click', description: 'Clicks.', execute: async () => ({}) });
export const type = createTool({ id: 'browser-type', description: 'Types.', execute: async () => ({}) });
export const findText = createTool({
  id: 'browser-find-text',
  description: 'Finds by text and acts.',
  inputSchema: z.object({ text: z.string(), action: z.enum(['click', 'fill']) }),
  execute: async () => ({}),
});
export const browser = new Agent({
  id: 'browser',
  name: 'browser',
  model: 'openai/gpt-4o-mini',
  tools: { browser_click: click, browser_type: type, browser_find_text: findText },
  instructions: ${JSON.stringify(prompt)},
});
`;

const edits = (prompt: string) =>
  buildPlan(scanSource('/virtual/browser.ts', app(prompt))).edits.map(
    (e) => `${e.before} -> ${e.after}`,
  );

test('a value one of its tools takes is an argument, unless the words call it a tool', () => {
  assert.deepEqual(edits('Call `browser_find_text` with `action: "click"`.'), []);
  assert.deepEqual(edits('Then use `click` on the button.'), ['click -> browser_click']);
});

test('a word the prompt calls an attribute is data', () => {
  assert.deepEqual(edits('Check the `type` attribute of the field.'), []);
  assert.deepEqual(edits('Then call `type` to enter the text.'), ['type -> browser_type']);
});

test('a pattern for a family of names, or a toolset, is no tool name', () => {
  const data = { has: () => false, hasPart: () => false };
  // Tied: names the app's tools make likely count on any line (unknown-mentions.ts).
  const names = (text: string) => toolWords(text, data, { tied: () => true }).map((w) => w.name);
  assert.deepEqual(names('The `browser-find-*` tools find and act in one call.'), []);
  assert.deepEqual(names('You have the `agent-browser` toolset for web pages.'), []);
  assert.deepEqual(names('Use the `browser-find` tool.'), ['browser-find']);
});

test("quoted values written for a field of the app's schemas are data; the same name called a tool is not", () => {
  // eval: vibesurfers/websurfing, `Set operatorType: "google_search", ...` for sheetConfigTool.
  const data = dataWordsOf(['operatorType']);
  const names = (text: string) => toolWords(text, data, { tied: () => true }).map((w) => w.name);
  assert.deepEqual(names('- Set operatorType: "google_search", "url_context"'), []);
  assert.deepEqual(names('- Set engine: "google_search"'), ['google_search']);
  assert.deepEqual(names('- Call `google_search` first.'), ['google_search']);
});
