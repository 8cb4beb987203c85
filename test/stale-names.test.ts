/**
 * A rename of what the model sees is decided from every use of the current name: quoted strings in
 * code (tests, approval lists), JSON eval sets; object keys and property reads; not identifiers, comments, longer names or docs.
 * When it is made, the report lists where the old name still appears as text (docs), and a real
 * run reports what is on disk after the write.
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
    '// askUserTool in a comment is not data',
    'const approved = [\'askUserTool\', "askUserTool2", `askUserTool`];',
    "export const isAsk = (name: string) => name === 'askUserTool';",
    '',
  ].join('\n'),
  'evals/cases.json': '[{ "expectTool": "askUserTool" }]\n',
  'src/labels.ts':
    "export const LABELS = { askUserTool: 'Asking you' };\nexport const asking = LABELS.askUserTool;\n",
  'docs/tools.md': 'The agent calls askUserTool when it needs the user.\n',
};

const ONLY_DOCS = {
  'src/agent.ts': FILES['src/agent.ts'],
  'docs/tools.md': FILES['docs/tools.md'],
};

describe('renames and the old name', () => {
  test('no re-key while code or data uses the name; the finding lists every use, not comments, longer names or docs', async () => {
    const project = tempProject(FILES);
    try {
      const result = await migrate(project.root, { dryRun: true });
      assert.deepEqual(result.renames, []);
      assert.ok(!result.plan.edits.some((e) => e.effect === 'renamed'));
      const kept = result.plan.findings.find((f) => f.kind === 'rename-kept');
      assert.ok(kept, 'the kept name is reported');
      const cited = [...kept.message.matchAll(/at ([\w/.-]+:\d+:\d+)/g)].map((m) => m[1]);
      assert.deepEqual(cited, [
        'evals/cases.json:1:19',
        'src/labels.ts:1:25',
        'src/labels.ts:2:30',
        'test/agent.test.ts:2:20',
        'test/agent.test.ts:2:51',
        'test/agent.test.ts:3:50',
      ]);
    } finally {
      project.cleanup();
    }
  });

  test('a rename that only docs still mention is made, and the docs are listed', async () => {
    const project = tempProject(ONLY_DOCS);
    try {
      const result = await migrate(project.root, { dryRun: true });
      assert.deepEqual(
        result.renames.map((r) => `${r.from}->${r.to}`),
        ['askUserTool->ask_user'],
      );
      assert.deepEqual(
        result.renames[0]!.stillUsedAt.map((l) => `${l.file}:${l.line}:${l.column}`),
        ['docs/tools.md:1:17'],
      );
    } finally {
      project.cleanup();
    }
  });

  test('a real run reports the same places, read from what it wrote', async () => {
    const project = tempProject(ONLY_DOCS);
    try {
      git(project.root, 'init', '-q');
      git(project.root, 'add', '-A');
      git(project.root, 'commit', '-qm', 'fixture');
      const dry = await migrate(project.root, { dryRun: true });
      const real = await migrate(project.root);
      assert.deepEqual(real.written, ['src/agent.ts']);
      assert.deepEqual(real.renames, dry.renames);
      assert.equal(real.renames[0]!.stillUsedAt.length, 1);
    } finally {
      project.cleanup();
    }
  });
});
