/** How `check --base` pairs the head's changes and findings with the base's (src/report/baseline.ts). */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareWithBase, placeless } from '../src/report/baseline.ts';
import { renderMarkdown } from '../src/report/render/markdown.ts';
import type { ReportChange, ReportFinding } from '../src/report/model.ts';
import { reportWith } from './helpers/report-with.ts';

const at = { ref: 'main', commit: 'a'.repeat(40) };

const finding = (message: string, line = 3, file = 'src/a.ts'): ReportFinding => ({
  kind: 'unknown-tool-mention',
  severity: 'warning',
  message,
  locations: [{ file, line, column: 1, start: 0, end: 0 }],
  agents: ['helper'],
});

const change = (
  line: number,
  reason: string,
  effect: ReportChange['effect'] = 'fixed',
): ReportChange => ({
  file: 'src/a.ts',
  line,
  column: 5,
  start: line * 10,
  end: line * 10 + 4,
  rule: 'prompts',
  target: 'text',
  before: 'a.b',
  after: 'a_b',
  reason,
  effect,
  confidence: 'high',
  applied: false,
  agents: ['helper'],
});

const states = (items: Array<{ baseline?: string }>) => items.map((i) => i.baseline);

describe('compareWithBase', () => {
  test('a finding that moved to another line is unchanged; places in its message do not count', () => {
    const base = reportWith({ findings: [finding('names "x" (also at src/b.ts:4:2)', 3)] });
    const head = reportWith({ findings: [finding('names "x" (also at src/b.ts:9:2)', 12)] });
    const out = compareWithBase(head, base, at);
    assert.deepEqual(states(out.findings), ['unchanged']);
    assert.deepEqual(out.baseline!.totals, { introduced: 0, updated: 0, fixed: 0, unchanged: 1 });
  });

  test('the same name with another suggestion is updated, not new and fixed', () => {
    const base = reportWith({
      findings: [finding('names "crm.search"; did you mean "searchTool"?')],
    });
    const head = reportWith({
      findings: [finding('names "crm.search"; did you mean "findLeads"?')],
    });
    const out = compareWithBase(head, base, at);
    assert.deepEqual(states(out.findings), ['updated']);
    assert.equal(out.baseline!.totals.introduced, 1);
    assert.equal(out.baseline!.totals.fixed, 0);
  });

  test('another name, or the same name in another file, is new; what the base had is fixed', () => {
    const base = reportWith({ findings: [finding('names "x"'), finding('names "y"')] });
    const head = reportWith({
      findings: [finding('names "x"', 3, 'src/b.ts'), finding('names "y"')],
    });
    const out = compareWithBase(head, base, at);
    assert.deepEqual(states(out.findings), ['new', 'unchanged']);
    assert.equal(out.baseline!.fixed.findings[0]!.locations[0]!.file, 'src/a.ts');
  });

  test('an edit is the same edit whatever its reason cites; a new effect is an update', () => {
    const base = reportWith({ changes: [change(3, 'still used by agent-1, agent-2')] });
    const sameEdit = reportWith({ changes: [change(8, 'still used by agent-2')] });
    assert.deepEqual(states(compareWithBase(sameEdit, base, at).changes), ['unchanged']);
    const renames = reportWith({
      changes: [change(3, 'still used by agent-1, agent-2', 'renamed')],
    });
    assert.deepEqual(states(compareWithBase(renames, base, at).changes), ['updated']);
  });

  test('repeats are counted: a second copy of a backlog item is new', () => {
    const base = reportWith({ findings: [finding('names "x"')] });
    const head = reportWith({ findings: [finding('names "x"'), finding('names "x"', 20)] });
    assert.deepEqual(states(compareWithBase(head, base, at).findings), ['unchanged', 'new']);
  });

  test('notes are marked but are not counted: they need no one', () => {
    const note: ReportFinding = {
      ...finding('names "x"'),
      kind: 'runtime-names',
      severity: 'note',
    };
    const out = compareWithBase(reportWith({ findings: [note] }), reportWith({}), at);
    assert.deepEqual(states(out.findings), ['new']);
    assert.equal(out.baseline!.totals.introduced, 0);
  });

  test('placeless drops file positions and line numbers, nothing else', () => {
    assert.equal(
      placeless('at src/a.ts:12:3 and line 40, not v1.2:3'),
      'at src/a.ts and line N, not v1.2:3',
    );
  });

  test('the comment names one cause once, with every place it is at', () => {
    const head = reportWith({
      findings: [finding('names "x"', 3, 'src/a.ts'), finding('names "x"', 7, 'src/b.ts')],
    });
    const md = renderMarkdown(compareWithBase(head, reportWith({}), at));
    const lines = md.split('\n').filter((l) => l.startsWith('- **unknown-tool-mention**'));
    assert.deepEqual(lines, ['- **unknown-tool-mention** names "x" (`src/a.ts:3`, `src/b.ts:7`)']);
  });
});
