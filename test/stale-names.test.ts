/**
 * After a rename of what the model sees, the report lists where the old name still appears as data:
 * quoted strings in code (tests, approval lists), JSON eval sets, docs. Identifiers, longer names
 * and the edited key itself do not count; a real run reports what is on disk after the write.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { git } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

const FILES = {
  'src/agent.ts': [
    "import { Agent } from '@mastra/core/agent';",
    "import { askUserTool } from '@mastra/core/tools';",
    '',
    'export const helpdesk = new Agent({',
    "  id: 'helpdesk',",
    "  name: 'Helpdesk',",
    "  instructions: 'Help the user.',",
    "  model: 'openai/gpt-4o-mini',",
    '  tools: { askUserTool },',
    '});',
    '',
  ].join('\n'),
  'test/agent.test.ts': [
    "// askUserTool in a comment is not data",
    "const approved = ['askUserTool', \"askUserTool2\", `askUserTool`];",
    "export const isAsk = (name: string) => name === 'askUserTool';",
    '',
  ].join('\n'),
  'evals/cases.json': '[{ "expectTool": "askUserTool" }]\n',
  'docs/tools.md': 'The agent calls askUserTool when it needs the user.\n',
};

describe('stale names after a rename', () => {
  test('lists quoted code strings, JSON and docs; not identifiers, comments or longer names', async () => {
    const project = tempProject(FILES);
    try {
      const result = await migrate(project.root, { dryRun: true });
      assert.deepEqual(result.renames.map((r) => `${r.from}->${r.to}`), ['askUserTool->ask_user']);
      assert.deepEqual(result.renames[0]!.stillUsedAt.map((l) => `${l.file}:${l.line}:${l.column}`), [
        'docs/tools.md:1:17',
        'evals/cases.json:1:19',
        'test/agent.test.ts:2:20',
        'test/agent.test.ts:2:51',
        'test/agent.test.ts:3:50',
      ]);
    } finally {
      project.cleanup();
    }
  });

  test('a real run reports the same places, read from what it wrote', async () => {
    const project = tempProject(FILES);
    try {
      git(project.root, 'init', '-q');
      git(project.root, 'add', '-A');
      git(project.root, 'commit', '-qm', 'fixture');
      const dry = await migrate(project.root, { dryRun: true });
      const real = await migrate(project.root);
      assert.deepEqual(real.written, ['src/agent.ts']);
      assert.deepEqual(real.renames, dry.renames);
    } finally {
      project.cleanup();
    }
  });
});
