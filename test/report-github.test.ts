/**
 * `--format github`: workflow commands escaped as GitHub documents them, read back the way the
 * runner reads them; the CLI's annotations and step summary for `check` and `migrate --dry-run`.
 * (The demo's annotations are a golden file in report.test.ts.)
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { reportWith } from './helpers/report-with.ts';
import { renderReport } from '../src/report/render/index.ts';
import { MARKER } from '../src/report/render/markdown.ts';
import { runCli } from './helpers/run-cli.ts';
import { snapshot } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';

/** Reads a workflow command back as the runner does: split on the separators, then unescape. */
function parseCommand(line: string): {
  command: string;
  properties: Record<string, string>;
  message: string;
} {
  const match = /^::(\w+)(?: ([^:]*))?::(.*)$/s.exec(line);
  assert.ok(match, `not a workflow command: ${line}`);
  const unescape = (s: string) =>
    s
      .replace(/%0D/g, '\r')
      .replace(/%0A/g, '\n')
      .replace(/%3A/g, ':')
      .replace(/%2C/g, ',')
      .replace(/%25/g, '%');
  const properties: Record<string, string> = {};
  for (const pair of (match[2] ?? '').split(',').filter(Boolean)) {
    const at = pair.indexOf('=');
    properties[pair.slice(0, at)] = unescape(pair.slice(at + 1));
  }
  return { command: match[1]!, properties, message: unescape(match[3]!) };
}

describe('--format github', () => {
  const message = '100% sure: a, b\r\nand c';
  const file = 'src/odd,name:1%.ts';
  const report = reportWith({
    changes: [
      {
        file,
        line: 3,
        column: 5,
        start: 40,
        end: 52,
        rule: 'rewrite-keys',
        target: 'property-key',
        before: "'search.web'",
        after: 'search_web',
        reason: message,
        effect: 'preserved',
        confidence: 'n/a',
        applied: false,
        agents: ['a'],
      },
    ],
    findings: [
      {
        kind: 'collision',
        severity: 'error',
        message,
        locations: [
          { file, line: 7, column: 2, start: 0, end: 0 },
          { file: 'src/b.ts', line: 9, column: 4, start: 0, end: 0 },
        ],
        agents: ['a'],
      },
      { kind: 'runtime-names', severity: 'note', message: 'no place', locations: [], agents: [] },
    ],
  });

  test('escapes %, CR and LF in messages, and also : and , in properties', () => {
    const lines = renderReport(report, 'github').split('\n');
    assert.equal(
      lines.length,
      3,
      'one command per change and per finding; no raw newline inside one',
    );
    // The most deserving first: the error, then the notices in report order.
    assert.equal(
      lines[0],
      '::error file=app/src/odd%2Cname%3A1%25.ts,line=7,col=2,title=mastra-tool-names collision::100%25 sure: a, b%0D%0Aand c (also at app/src/b.ts:9:4)',
    );
    assert.equal(
      lines[1],
      "::notice file=app/src/odd%2Cname%3A1%25.ts,line=3,endLine=3,col=5,endColumn=17,title=mastra-tool-names rewrite-keys::'search.web' -> search_web (preserved): 100%25 sure: a, b%0D%0Aand c",
    );
    assert.equal(lines[2], '::notice title=mastra-tool-names runtime-names::no place');
  });

  test('read back as the runner reads them, every property and message is what the report holds', () => {
    const [collision, change] = renderReport(report, 'github').split('\n').map(parseCommand);
    assert.deepEqual(change!.properties, {
      file: `app/${file}`,
      line: '3',
      endLine: '3',
      col: '5',
      endColumn: '17',
      title: 'mastra-tool-names rewrite-keys',
    });
    assert.equal(change!.message, `'search.web' -> search_web (preserved): ${message}`);
    assert.equal(collision!.command, 'error');
    assert.equal(collision!.properties.file, `app/${file}`);
    assert.ok(collision!.message.startsWith(message));
  });

  test('severity as in the SARIF report: error, warning, note -> error, warning, notice', () => {
    const sarif = JSON.parse(renderReport(report, 'sarif')) as {
      runs: Array<{ results: Array<{ level: string }> }>;
    };
    const levels = sarif.runs[0]!.results.map((r) => r.level);
    const commands = renderReport(report, 'github')
      .split('\n')
      .map((l) => parseCommand(l).command);
    // Same levels, in the annotations' order (errors first).
    assert.deepEqual(
      commands,
      [levels[1], levels[0], levels[2]].map((l) => (l === 'note' ? 'notice' : l)),
    );
  });

  test('paths are given from the repository root: --base, else the target', () => {
    assert.match(
      renderReport(report, 'github', undefined, { base: 'packages/app' }),
      /^::error file=packages\/app\/src\/odd/,
    );
    assert.match(
      renderReport(report, 'github', undefined, { base: '.' }),
      /^::error file=src\/odd/,
    );
  });
});

describe('check and migrate --dry-run with --format github', () => {
  test('check: only workflow commands on stdout, the Markdown report appended to $GITHUB_STEP_SUMMARY, exit 1', async () => {
    const p = tempProject({ 'summary.md': '# earlier step\n' });
    try {
      const summary = path.join(p.root, 'summary.md');
      const r = await runCli(
        ['check', 'fixtures/demo-app', '--format', 'github'],
        undefined,
        undefined,
        { GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: process.cwd() },
      );
      assert.equal(r.code, 1, r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      // 18 changes and 4 findings: 6 warnings, 16 notices. GitHub shows 10 of each kind.
      assert.equal(lines.length, 16, '6 warnings, 9 notices, and the notice of what is left out');
      assert.match(
        lines.at(-1)!,
        /^::notice title=mastra-tool-names \(more results than annotations\)::22 results \(18 changes, 4 findings\); 15 shown as annotations, 7 left out/,
      );
      for (const line of lines.slice(0, -1))
        assert.match(
          line,
          /^::(error|warning|notice) file=fixtures\/demo-app\/src\/[^,]+,line=\d+,/,
        );
      assert.match(
        r.stderr,
        /Fix what can be fixed with: npx mastra-tool-names migrate fixtures\/demo-app/,
      );
      const written = readFileSync(summary, 'utf8');
      assert.ok(
        written.startsWith(
          `# earlier step\n${MARKER}\n## mastra-tool-names: 18 changes proposed, 3 findings need a human`,
        ),
        written.slice(0, 200),
      );
      assert.match(written, /<summary>src\/run\.ts \(4 changes\)<\/summary>/);
    } finally {
      p.cleanup();
    }
  });

  test('paths follow $GITHUB_WORKSPACE, the repository root on a runner', async () => {
    const r = await runCli(
      ['migrate', '--dry-run', 'fixtures/demo-app', '--format', 'github', '--only', 'rewrite-keys'],
      undefined,
      undefined,
      { GITHUB_WORKSPACE: path.resolve('fixtures') },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /^::notice file=demo-app\/src\/mastra\/tools\/registry\.ts,line=6,endLine=6,col=3,endColumn=15,title=mastra-tool-names rewrite-keys::/m,
    );
  });

  test('migrate --dry-run: annotations, no summary without $GITHUB_STEP_SUMMARY, nothing written', async () => {
    const before = snapshot('fixtures/demo-app');
    const env = { GITHUB_STEP_SUMMARY: '', GITHUB_WORKSPACE: process.cwd() };
    const r = await runCli(
      ['migrate', '--dry-run', 'fixtures/demo-app', '--format', 'github', '--only', 'tool-choice'],
      undefined,
      undefined,
      env,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(r.stdout.split('\n'), [
      `::notice file=fixtures/demo-app/src/run.ts,line=17,endLine=17,col=43,endColumn=55,title=mastra-tool-names tool-choice::'search.web' -> 'search_web' (fixed): toolChoice names the tool by its key "search.web", which Mastra does not rewrite; the model is offered "search_web"`,
      `::notice file=fixtures/demo-app/src/run.ts,line=23,endLine=23,col=38,endColumn=52,title=mastra-tool-names tool-choice::'lookup-order' -> 'lookupOrderTool' (fixed): activeTools names the tool by its id "lookup-order", which Mastra does not rewrite; the model is offered "lookupOrderTool"`,
      '::notice file=fixtures/demo-app/src/mastra/agents/research-agent.ts,line=20,col=15,title=mastra-tool-names runtime-names::MCP tools are named `${server}_${tool}` at run time; the tool part is unknown; linear.app_* becomes linear_app_*; run with --wrap-runtime-tools to name them where they enter: (await normaliseTools(mcp.listTools())).tools',
      '',
    ]);
    assert.deepEqual(snapshot('fixtures/demo-app'), before);
  });

  test('a summary file that cannot be written does not hide the annotations', async () => {
    const p = tempProject({ 'dir/x': '' });
    try {
      const r = await runCli(
        ['check', 'fixtures/demo-app', '--format', 'github', '--only', 'tool-choice'],
        undefined,
        undefined,
        { GITHUB_STEP_SUMMARY: path.join(p.root, 'dir'), GITHUB_WORKSPACE: process.cwd() },
      );
      assert.match(r.stdout, /^::notice file=fixtures\/demo-app\/src\/run\.ts/);
      assert.match(r.stderr, /could not append the report to the step summary/);
      assert.equal(r.code, 1, 'the exit code still says what check found');
    } finally {
      p.cleanup();
    }
  });
});
