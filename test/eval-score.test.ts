// The eval scorer (eval/score-lib.mjs): how a report is matched with hand labels.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreRepo, sumScores } from '../eval/score-lib.mjs';

const loc = (file: string, line: number, column = 1) => ({ file, line, column, start: 0, end: 0 });
const edit = (file: string, line: number, column: number, before: string) => ({
  file,
  line,
  column,
  before,
  after: 'x',
  rule: 'prompts',
});
const finding = (kind: string, severity: string, l: ReturnType<typeof loc>, message: string) => ({
  kind,
  severity,
  locations: [l],
  message,
});

const labels = {
  repo: 'o/r',
  commit: 'c',
  items: [
    {
      kind: 'edit',
      file: 'a.ts',
      line: 3,
      column: 5,
      before: 'webSearch',
      label: 'correct',
      why: '',
    },
    {
      kind: 'edit',
      file: 'a.ts',
      line: 9,
      column: 5,
      before: 'askUser',
      label: 'harmful',
      why: '',
    },
    {
      kind: 'finding',
      type: 'unknown-tool-mention',
      file: 'p.ts',
      line: 4,
      column: 2,
      label: 'noise',
      why: '',
    },
    {
      kind: 'finding',
      type: 'prompt-mention',
      file: 'p.ts',
      line: 7,
      column: 2,
      label: 'true',
      why: '',
    },
    {
      kind: 'finding',
      type: 'runtime-names',
      file: 'p.ts',
      line: 1,
      column: 1,
      label: 'true-no-action',
      why: '',
    },
    { kind: 'miss', file: 'p.ts', line: 12, name: 'read_file', why: 'workspace' },
    { kind: 'miss', file: 'q.md', line: 2, name: 'lsp_inspect', why: 'workspace' },
  ],
};

test('edits and findings are matched by place; misses are caught only by an edit or a warning there', () => {
  const report = {
    changes: [
      edit('a.ts', 3, 5, 'webSearch'),
      edit('a.ts', 9, 5, 'askUser'),
      edit('b.ts', 1, 1, 'other'),
    ],
    findings: [
      finding('unknown-tool-mention', 'warning', loc('p.ts', 4, 2), '"x" is not offered'),
      finding('prompt-mention', 'warning', loc('p.ts', 7, 2), '"agent-x"'),
      finding('runtime-names', 'note', loc('p.ts', 1, 1), 'workspace'),
      finding(
        'unknown-tool-mention',
        'warning',
        loc('p.ts', 12, 9),
        '"read_file" is offered as "mastra_workspace_read_file"',
      ),
      finding('unread-prompt', 'note', loc('q.md', 2, 1), 'lsp_inspect'),
    ],
  };
  const s = scoreRepo(report, labels);
  assert.deepEqual(s.edits, {
    total: 3,
    correct: 1,
    needless: 0,
    disputed: 0,
    harmful: 1,
    unlabelled: 1,
  });
  // The warning at p.ts:12 is the labelled miss there, found.
  assert.deepEqual(s.warnings, { total: 3, true: 2, noAction: 0, noise: 1, unlabelled: 0 });
  assert.deepEqual(s.notes, { total: 2, true: 0, noAction: 1, noise: 0, unlabelled: 1 });
  // Problems: the correct edit, the true warning, two misses; the note at q.md:2 does not catch one.
  assert.equal(s.problems, 4);
  assert.equal(s.missed, 1);
  assert.match(s.missedItems[0] ?? '', /q\.md:2 lsp_inspect/);
  assert.equal(s.unlabelled.length, 2);
});

test('a drift the report no longer shows counts as missed; a moved column still matches', () => {
  const report = {
    changes: [edit('a.ts', 3, 7, 'webSearch')],
    findings: [finding('prompt-mention', 'note', loc('p.ts', 7, 2), 'now only a note')],
  };
  const s = scoreRepo(report, labels);
  assert.equal(s.edits.correct, 1);
  assert.equal(s.missed, 3); // the true warning (now a note) and both misses
  const total = sumScores([s, s]);
  assert.equal(total.missed, 6);
  assert.equal(total.problems, 8);
  assert.equal(total.edits.correct, 2);
});

test('a true finding and a miss at one line are one problem', () => {
  const one = {
    ...labels,
    items: [
      {
        kind: 'finding',
        type: 'mode-dependent-mention',
        file: 'p.ts',
        line: 5,
        column: 1,
        label: 'true',
        why: '',
      },
      { kind: 'miss', file: 'p.ts', line: 5, name: 'deepSearch', why: '' },
    ],
  };
  const s = scoreRepo({ changes: [], findings: [] }, one);
  assert.equal(s.problems, 1);
});

test('a re-key to the name a prompt uses catches that agent’s misses of the name; another agent’s stay missed', () => {
  const two = {
    ...labels,
    items: [
      { kind: 'miss', file: 'p.ts', line: 3, name: 'web_search', agent: 'research', why: '' },
      { kind: 'miss', file: 'p.ts', line: 9, name: 'web_search', agent: 'master', why: '' },
      { kind: 'miss', file: 'p.ts', line: 11, name: 'web_crawl', agent: 'research', why: '' },
    ],
  };
  const rekey = {
    ...edit('a.ts', 20, 5, 'webSearchTool'),
    after: "'web_search'",
    effect: 'renamed',
    agents: ['research'],
  };
  const s = scoreRepo({ changes: [rekey], findings: [] }, two);
  assert.equal(s.problems, 3);
  assert.equal(s.missed, 2, 'the master agent is offered another name; web_crawl is untouched');
  // A prompt rewrite (effect fixed) changes text, not the name offered: it catches nothing elsewhere.
  const rewrite = { ...rekey, effect: 'fixed' };
  assert.equal(scoreRepo({ changes: [rewrite], findings: [] }, two).missed, 3);
});
