/**
 * A plain word the prompt calls a tool ("use the artifacts tool") is prose elsewhere, so it is never
 * rewritten. For an agent that has the tool, it is a note: the model reads the tool it is offered
 * beside it. For an agent offered nothing at all, it can only mean another agent's tool, which this
 * agent lacks: a warning.
 * eval: musoukun/policyScope (0.11.1), two tool-less agents told to use "the artifacts tool".
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanSource } from '../src/scan/scan.ts';

const app = (
  html: string,
  research: string,
  researchTools = '{}',
) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const artifactsTool = createTool({ id: 'artifacts', description: 'Shows HTML.', execute: async () => ({}) });
const reportTool = createTool({ id: 'report', description: 'Files a report.', execute: async () => ({}) });
export const html = new Agent({ id: 'html', name: 'html', model: 'openai/gpt-4o-mini', instructions: ${JSON.stringify(html)}, tools: { artifactsTool } });
export const research = new Agent({ id: 'research', name: 'research', model: 'openai/gpt-4o-mini', instructions: ${JSON.stringify(research)}, tools: ${researchTools} });
`;

const findings = (html: string, research: string, researchTools?: string) =>
  buildPlan(scanSource('/virtual/agents.ts', app(html, research, researchTools)))
    .findings.filter((f) => /mention/.test(f.kind))
    .map((f) => `${f.kind} ${f.locations[0]!.line}`);

test("its own tool's id as a plain word: a note, never an edit or a warning", () => {
  assert.deepEqual(findings('Use the artifacts tool to show it.', 'Research.'), [
    'ambiguous-mention 5',
  ]);
});

test("an agent offered nothing, told to use another agent's tool by a plain word", () => {
  assert.deepEqual(findings('Show it with artifactsTool.', 'Write it using the artifacts tool.'), [
    'unknown-tool-mention 6',
  ]);
  // An agent with a tool of its own may mean that tool in prose.
  assert.deepEqual(
    findings('Show it with artifactsTool.', 'Write it using the artifacts tool.', '{ reportTool }'),
    [],
  );
  // Prose that does not call it a tool.
  assert.deepEqual(findings('Show it with artifactsTool.', 'List the artifacts you made.'), []);
});

test('"tool" written in Japanese, Chinese or Korean right after the word calls it a tool too', () => {
  // eval: hotaka0908/pine-mastra-voice, `calculatorツールで数式の計算を実行` beside three ids it re-keys.
  for (const line of [
    'artifactsツールで表示する。',
    'artifacts工具显示。',
    'artifacts 도구로 표시합니다.',
  ])
    assert.deepEqual(findings(line, 'Research.'), ['ambiguous-mention 5'], line);
  assert.deepEqual(findings('artifactsを表示する。', 'Research.'), []);
});
