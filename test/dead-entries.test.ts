/**
 * A key of a table looked up by a tool name (or a case of a test of one) that no agent of the app
 * is offered under any spelling, beside two or more names the agents are offered: a dead entry
 * that never matches, reported and never edited (eval: alessioblusailtechnologies/lag8,
 * bitdoze/bitdoze-mastra). Not when an agent has a source the scan cannot list, not with fewer
 * than two offered names beside it, and not for another spelling of a tool (other rules say that).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { tempProject } from './helpers/temp-project.ts';

async function deadEntries(labels: string, extraTools = ''): Promise<string[]> {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    'src/crm.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const find = createTool({ id: 'find-lead', description: 'f', execute: async () => ({}) });
const create = createTool({ id: 'create-lead', description: 'c', execute: async () => ({}) });
${extraTools.includes('more') ? 'declare function more(): Record<string, any>;' : ''}
export const crm = new Agent({ id: 'crm', name: 'crm', instructions: 'CRM.', model: 'openai/gpt-4o', tools: { cercaLead: find, creaLead: create${extraTools} } });
const TOOL_LABELS: Record<string, string> = { ${labels} };
export async function* run() {
  for await (const chunk of (await crm.stream('hi')).fullStream)
    if (chunk.type === 'tool-call') yield TOOL_LABELS[chunk.payload.toolName] ?? 'Working';
}
`,
  });
  try {
    const result = await migrate(p.root, { force: true, dryRun: true });
    return result.plan.findings
      .filter((f) => f.kind === 'reference')
      .map((f) => /"([^"]+)"/.exec(f.message)![1]!);
  } finally {
    p.cleanup();
  }
}

test('a key no agent is offered, beside two that are: a dead entry', async () => {
  assert.deepEqual(
    await deadEntries(`cercaLead: 'Ricerca', creaLead: 'Creazione', getPipeline: 'Pipeline'`),
    ['getPipeline'],
  );
});

test('with one offered name beside it, or a source the scan cannot list, nothing is said', async () => {
  assert.deepEqual(await deadEntries(`cercaLead: 'Ricerca', getPipeline: 'Pipeline'`), []);
  assert.deepEqual(
    await deadEntries(
      `cercaLead: 'Ricerca', creaLead: 'Creazione', getPipeline: 'Pipeline'`,
      ', ...more()',
    ),
    [],
  );
});

test("a table keyed by the tools' ids (the model calls their keys): the ids show it holds tool names, so a key that is no name at all is dead", async () => {
  // eval: Blakeinstein/HuntOS, TOOL_LABELS keyed 'browser-open' beside 'browser-wait-for-selector'.
  assert.deepEqual(
    await deadEntries(
      `'find-lead': 'Ricerca', 'create-lead': 'Creazione', 'get-pipeline': 'Pipeline'`,
    ),
    ['get-pipeline'],
  );
  // One id beside it proves too little.
  assert.deepEqual(await deadEntries(`'find-lead': 'Ricerca', 'get-pipeline': 'Pipeline'`), []);
  // The app translates its tools' names into these ids (eval: kulharir7/karya): the table may be
  // looked up by the translation, which gives names the scan cannot tie to a tool.
  const translation = ` };
export const TOOL_NAME_MAP: Record<string, string> = { cercaLead: 'find-lead', creaLead: 'create-lead'`;
  assert.deepEqual(
    await deadEntries(
      `'find-lead': 'Ricerca', 'create-lead': 'Creazione', 'get-pipeline': 'Pipeline'${translation}`,
    ),
    [],
  );
});

test("a key the app defines as another SDK's function tool is that model's name: not dead", async () => {
  const openAiTool = `, create_artifact: 'Creating' };
export const artifactTools = [{ type: 'function', function: { name: 'create_artifact', parameters: {} } }];
const UNUSED = { x: 'y'`;
  assert.deepEqual(
    await deadEntries(`cercaLead: 'Ricerca', creaLead: 'Creazione'${openAiTool}`),
    [],
  );
});

/**
 * The names of the reference findings (those `only` matches) of an app whose agent has a workspace,
 * with `table` and `tested`.
 */
async function workspaceReferences(
  version: string,
  workspace: string,
  table: string,
  tested: string,
  only = /./,
): Promise<string[]> {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': version } }),
    'src/crm.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Workspace, LocalFilesystem } from '@mastra/core/workspace';
const find = createTool({ id: 'find-lead', description: 'f', execute: async () => ({}) });
const create = createTool({ id: 'create-lead', description: 'c', execute: async () => ({}) });
const workspace = new Workspace({ filesystem: new LocalFilesystem({ basePath: './ws' })${workspace} });
export const crm = new Agent({ id: 'crm', name: 'crm', instructions: 'CRM.', model: 'openai/gpt-4o', workspace, tools: { cercaLead: find, creaLead: create } });
${table}
export async function* run() {
  for await (const chunk of (await crm.stream('hi')).fullStream)
    if (chunk.type === 'tool-call') yield ${tested};
}
`,
  });
  try {
    const result = await migrate(p.root, { force: true, dryRun: true });
    return result.plan.findings
      .filter((f) => f.kind === 'reference' && only.test(f.message))
      .map((f) => /"([^"]+)"/.exec(f.message)![1]!)
      .sort();
  } finally {
    p.cleanup();
  }
}

test("a skill tool's name before @mastra/core 1.10 (skill-activate) is no dead entry; a name nothing offers is", async () => {
  assert.deepEqual(
    await workspaceReferences(
      '1.5.0',
      ", skills: ['./skills']",
      "const GATED = new Set(['cercaLead', 'creaLead', 'skill-activate', 'skill-search', 'getPipeline']);",
      "GATED.has(chunk.payload.toolName) ? 'gated' : 'free'",
    ),
    ['getPipeline'],
  );
});

test('a list mostly of names nothing here offers was written for other tools too: nothing is said (eval: EugeneChan00/mastra-system)', async () => {
  assert.deepEqual(
    await deadEntries(`cercaLead: 'Ricerca', creaLead: 'Creazione', Write: 'W', Edit: 'E'`),
    [],
  );
  assert.deepEqual(
    await deadEntries(`cercaLead: 'Ricerca', creaLead: 'Creazione', other: 'o', Write: 'W'`),
    [],
  );
});

test("beside the workspace's own names of its tools, a few dead entries are still the exception (eval: bitdoze/bitdoze-mastra)", async () => {
  assert.deepEqual(
    await workspaceReferences(
      '1.71.0',
      '',
      "const LABELS: Record<string, string> = { cercaLead: 'a', creaLead: 'b', read_file: 'c', grep: 'd', view: 'e', getPipeline: 'f' };",
      "LABELS[chunk.payload.toolName] ?? 'Working'",
      /under any name/,
    ),
    ['getPipeline', 'view'],
  );
});

test('an older spelling kept beside the same words as offered is no dead entry; another name is (eval: Santinell/code-flow)', async () => {
  // `lead-cerca` is `cercaLead` with its words the other way round, as `file-read` is `readFile`.
  assert.deepEqual(
    await deadEntries(
      `cercaLead: 'Ricerca', creaLead: 'Creazione', trovaLead: 'Trova', 'lead-cerca': 'Ricerca', getPipeline: 'Pipeline'`,
      ', trovaLead: find',
    ),
    ['getPipeline'],
  );
});
