/**
 * The Markdown report is a pull-request comment, and GitHub refuses one over 65,536 characters (a
 * real repository's report came to 121 KB): a big report is shortened, keeps what matters most,
 * says what it left out and where the full report is, and stays well-formed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report, ReportChange, ReportFinding } from '../src/report/model.ts';
import { reportWith } from './helpers/report-with.ts';
import { COMMENT_LIMIT, MARKER, renderMarkdown } from '../src/report/render/markdown.ts';

/** A seeded, reproducible report of `files` files with `perFile` changes and a diff each. */
function bigReport(files: number, perFile: number, findings: number): Report {
  const changes: ReportChange[] = [];
  const reportFiles: Report['files'] = [];
  for (let f = 0; f < files; f++) {
    const file = `packages/pkg-${f % 17}/src/agents/agent-${f}.ts`;
    const diff: string[] = [`--- a/${file}`, `+++ b/${file}`];
    for (let c = 0; c < perFile; c++) {
      changes.push({
        file,
        line: 10 + c,
        column: 5,
        start: 100 * c,
        end: 100 * c + 12,
        rule: 'rewrite-keys',
        target: 'property-key',
        before: `'tool.${f}.${c}'`,
        after: `tool_${f}_${c}`,
        reason: `Mastra rewrites the key "tool.${f}.${c}" to "tool_${f}_${c}" on the wire; writing the legal name keeps what the model sees`,
        effect: 'preserved',
        confidence: 'n/a',
        applied: false,
        agents: [`agent-${f}`],
      });
      diff.push(
        `@@ -${10 + c},1 +${10 + c},1 @@`,
        `-    'tool.${f}.${c}': someTool${c},`,
        `+    tool_${f}_${c}: someTool${c},`,
      );
    }
    reportFiles.push({ file, status: 'changed', changes: perFile, diff: diff.join('\n') });
  }
  const found: ReportFinding[] = [];
  for (let i = 0; i < findings; i++) {
    found.push({
      kind: i % 5 === 0 ? 'runtime-names' : 'reference',
      severity: i % 5 === 0 ? 'note' : 'warning',
      message: `code compares a tool name with "name.${i}", but the model calls the tool "name_${i}"`,
      locations: [{ file: `src/ui/view-${i}.tsx`, line: i + 1, column: 3, start: 0, end: 0 }],
      agents: [],
    });
  }
  return reportWith({
    target: '.',
    totals: {
      changes: changes.length,
      files,
      preserved: changes.length,
      fixed: 0,
      renamed: 0,
      findings: found.filter((f) => f.severity !== 'note').length,
      notes: found.filter((f) => f.severity === 'note').length,
      failedFiles: 0,
      unchecked: 0,
    },
    unchecked: [],
    changes,
    findings: found,
    agents: Array.from({ length: files }, (_, f) => ({
      agent: `agent-${f}`,
      file: `src/agents/agent-${f}.ts`,
      before: [`tool_${f}_0`, `tool_${f}_1`],
      after: [`tool_${f}_0`, `tool_${f}_1`],
    })),
    files: reportFiles,
  });
}

const count = (text: string, what: RegExp) => (text.match(what) ?? []).length;

function assertWellFormed(text: string): void {
  assert.equal(count(text, /<details>/g), count(text, /<\/details>/g), 'every <details> is closed');
  assert.equal(count(text, /^```/gm) % 2, 0, 'every code fence is closed');
}

describe('the Markdown report fits a GitHub comment', () => {
  test('a report of about 1 MB is cut to at most 65,536 characters, summary and findings first', () => {
    const report = bigReport(400, 8, 300);
    const full = renderMarkdown(report, { maxLength: Infinity });
    assert.ok(full.length > 10 * COMMENT_LIMIT, `the synthetic report is big: ${full.length}`);
    const cut = renderMarkdown(report, { fullReport: '`tool-names.json`' });
    assert.ok(cut.length <= COMMENT_LIMIT, `${cut.length} characters`);
    assert.ok(cut.length > COMMENT_LIMIT - 2_000, 'the room is used');
    assert.ok(
      cut.startsWith(
        `${MARKER}\n## mastra-tool-names: 3200 changes proposed, 240 findings need a human\n`,
      ),
      cut.slice(0, 200),
    );
    assert.match(cut, /\| files changed \| 400 \|/, 'the summary table stays');
    assert.match(
      cut,
      /^> \*\*Shortened to fit GitHub's limit of 65,536 characters\.\*\* Not shown: .*\. The full report: `tool-names\.json`\.$/m,
    );
    // Findings that need a human come before per-file details and diffs.
    assert.match(cut, /### Needs a human/);
    assertWellFormed(cut);
    const notShown = /Not shown: (.*)\. The full report/.exec(cut)![1]!;
    assert.match(notShown, /\d+ diffs/, notShown);
  });

  test('what is left out is counted exactly', () => {
    const report = bigReport(60, 3, 0);
    const cut = renderMarkdown(report, { maxLength: 20_000 });
    assert.ok(cut.length <= 20_000);
    const diffsShown = count(cut, /^```diff$/gm);
    const filesShown = count(cut, /^<details><summary>packages\//gm);
    const notShown = /Not shown: (.*)\. The full report/.exec(cut)![1]!;
    const said = Object.fromEntries(
      [...notShown.matchAll(/(\d[\d,]*) (\w+(?: \w+)?)/g)].map((m) => [
        m[2]!.replace(/s$/, ''),
        Number(m[1]!.replace(/,/g, '')),
      ]),
    );
    assert.equal((said.file ?? 0) + filesShown, 60, notShown);
    assert.equal((said.diff ?? 0) + diffsShown, 60 - (said.file ?? 0), notShown);
    assertWellFormed(cut);
  });

  test('without a pointer, the report names the command that prints it whole', () => {
    const cut = renderMarkdown(bigReport(200, 5, 0));
    assert.match(cut, /The full report: `npx mastra-tool-names check \.`\./);
  });

  test('one huge finding is left out rather than breaking the limit', () => {
    const report = bigReport(1, 1, 2);
    report.findings[1]!.message = 'x'.repeat(200_000);
    const cut = renderMarkdown(report);
    assert.ok(cut.length <= COMMENT_LIMIT);
    assert.match(cut, /Not shown: 1 finding\./);
    assertWellFormed(cut);
  });

  test('a report that fits is not touched', () => {
    const report = bigReport(3, 2, 4);
    const text = renderMarkdown(report);
    assert.equal(text, renderMarkdown(report, { maxLength: Infinity }));
    assert.doesNotMatch(text, /Shortened/);
  });
});
