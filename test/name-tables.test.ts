/**
 * An app that translates each tool's offered name into its id itself (a table `{ codeRunTool:
 * 'code-run', ... }` read by a `resolveToolName(raw)` before the UI looks tool parts up by id,
 * after kulharir7/karya, fresh-2026-12-06d): an untyped value compared with the id the table gives
 * is that translation, so the comparison is not reported. A lone pair is no table, and a name the
 * table does not give is still reported.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyse } from '../src/api/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const AGENT = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
export const codeRunTool = createTool({ id: 'code-run', description: 'Run code.', execute: async () => ({}) });
export const webSearchTool = createTool({ id: 'web-search', description: 'Search.', execute: async () => ({}) });
export const fileReadTool = createTool({ id: 'file-read', description: 'Read a file.', execute: async () => ({}) });
export const agent = new Agent({
  id: 'a', name: 'a', instructions: 'Help.', model: 'openai/gpt-4o',
  tools: { codeRunTool, webSearchTool, fileReadTool },
});
`;

const UI = `export function label(part: { type: 'tool-call'; toolName: string }): string {
  if (part.toolName === 'code-run') return 'Running code';
  if (part.toolName === 'file-read') return 'Reading a file';
  return part.toolName;
}
`;

const project = (table: string) =>
  tempProject({
    'package.json': '{ "name": "t", "dependencies": { "@mastra/core": "1.71.0" } }\n',
    'src/agent.ts': AGENT,
    'src/ui.tsx': UI,
    // The server runs the agent and translates each tool call's name before the UI sees it.
    'src/run.ts': `import { agent } from './agent';\n${table}\nconst resolveToolName = (raw: string) => MAP[raw] ?? raw;\nexport async function run() {\n  const r = await agent.generate('Hello');\n  return r.toolCalls.map((c) => resolveToolName(c.payload.toolName));\n}\n`,
  });

const compared = async (table: string) => {
  const p = project(table);
  try {
    const { report } = await analyse(p.root, { cache: false });
    return report.findings.filter((f) => f.kind === 'reference').map((f) => f.message);
  } finally {
    p.cleanup();
  }
};

test('a comparison with the id the app translates the offered name into is not reported', async () => {
  const messages = await compared(
    `const MAP: Record<string, string> = { codeRunTool: 'code-run', webSearchTool: 'web-search' };`,
  );
  // code-run is the table's translation; file-read is given by no table: still stale.
  assert.deepEqual(messages, [
    'code compares a tool name with "file-read", but the model calls the tool "fileReadTool"; the compared value is not typed by Mastra, so it is left for you to change',
  ]);
});

test('one pair is no table: both comparisons are reported', async () => {
  const messages = await compared(
    `const MAP: Record<string, string> = { codeRunTool: 'code-run', other: 'x' };`,
  );
  assert.equal(messages.length, 2);
  assert.match(messages[0]!, /"code-run", but the model calls the tool "codeRunTool"/);
});
