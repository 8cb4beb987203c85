/**
 * A prompt that lists most of a tool registry (a map of the app's tools read by a name known only
 * at run time, from which agents built from data get their tools) describes what those agents can
 * be given: its names are notes that say so, not warnings (eval: GuySilverMT/EVAIX, whose role
 * architect writes role files). The same names are warnings when the map is never read by such a
 * name, or when the prompt names too few of them to be its catalogue.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/index.ts';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } });

const TOOLS = `import { createTool } from '@mastra/core/tools';
const make = (id: string) => createTool({ id, description: id, execute: async () => ({}) });
export const webSearch = createTool({ id: 'web-search', description: 'Search.', execute: async () => ({}) });
export const readFile = createTool({ id: 'read-file', description: 'Read.', execute: async () => ({}) });
export const writeFile = createTool({ id: 'write-file', description: 'Write.', execute: async () => ({}) });
export const writeRole = createTool({ id: 'write-role', description: 'Write a role file.', execute: async () => ({}) });
`;

const registry = (read: string) => `import { Agent } from '@mastra/core/agent';
import { webSearch, readFile, writeFile } from './tools';
const AVAILABLE_TOOLS: Record<string, any> = { web_search: webSearch, read_file: readFile, write_file: writeFile };
export function buildRole(id: string, toolIds: string[]) {
  const tools: Record<string, any> = {};
  ${read}
  return new Agent({ id, name: id, instructions: 'Do the role.', model: 'openai/gpt-4o-mini', tools });
}
`;

const architect = (list: string) => `import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { writeRole } from './tools';
const architect = new Agent({
  id: 'architect',
  name: 'architect',
  instructions: \`Design a role and save it with writeRole.

## Available Tools
Pick the ones the role needs:
${list}
\`,
  model: 'openai/gpt-4o-mini',
  tools: { writeRole },
});
export const mastra = new Mastra({ agents: { architect } });
`;

/** The list's items, quoted as the template literal that holds them writes a backtick. */
const ALL = '- \\`web_search\\`: search\n- \\`read_file\\`: read\n- \\`write_file\\`: write';

async function severities(files: Record<string, string>): Promise<Record<string, string>> {
  const app = tempProject({ 'package.json': PACKAGE, ...files });
  try {
    const plan = buildPlan(await scanRepository(app.root));
    return Object.fromEntries(
      plan.findings
        .filter((f) => f.kind === 'unknown-tool-mention')
        .map((f) => [/name[s]? "([^"]+)"/.exec(f.message)![1]!, f.quiet ? 'note' : 'warning']),
    );
  } finally {
    app.cleanup();
  }
}

describe("a prompt's list of a tool registry", () => {
  const read = 'for (const t of toolIds) tools[t] = AVAILABLE_TOOLS[t];';

  test('that names most of a map read by a run-time name is a catalogue: notes', async () => {
    assert.deepEqual(
      await severities({
        'src/tools.ts': TOOLS,
        'src/roles.ts': registry(read),
        'src/architect.ts': architect(ALL),
      }),
      { web_search: 'note', read_file: 'note', write_file: 'note' },
    );
  });

  test('of a map nothing reads by a run-time name: warnings', async () => {
    assert.deepEqual(
      await severities({
        'src/tools.ts': TOOLS,
        'src/roles.ts': registry('Object.assign(tools, AVAILABLE_TOOLS);'),
        'src/architect.ts': architect(ALL),
      }),
      { web_search: 'warning', read_file: 'warning', write_file: 'warning' },
    );
  });

  test('that names too few of its tools to be its catalogue: warnings', async () => {
    assert.deepEqual(
      await severities({
        'src/tools.ts': TOOLS,
        'src/roles.ts': registry(read),
        'src/architect.ts': architect('- \\`web_search\\`: search\n- \\`read_file\\`: read'),
      }),
      { web_search: 'warning', read_file: 'warning' },
    );
  });
});
