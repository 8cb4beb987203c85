/**
 * `wrap-runtime-tools` on fixtures/scan/runtime-wrap: the plan proposes wrapping an MCP client's
 * awaited listTools() only when the rule is selected, with the evidence in each reason, and leaves
 * alone a record also read by key, a tools function and a registry that is not an MCP client
 * (saying why); unselected, the runtime-names note shows the fix. `migrate --wrap-runtime-tools`
 * writes code that type-checks against the helper's own declarations, and a second run changes
 * nothing. On the command line: the flag, `--only wrap-runtime-tools`, and `check`'s fix command.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { migrate } from '../src/migrate/migrate.ts';
import { selectRules } from '../src/migrate/rules.ts';
import { DEFAULT_RULES, type Plan } from '../src/plan/model.ts';
import { buildPlan } from '../src/plan/plan.ts';
import type { Report } from '../src/report/model.ts';
import type { ScanResult } from '../src/scan/model.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { fixturePath, scanFixture } from './helpers/fixture-scan.ts';
import { copyFixture, git, snapshot } from './helpers/git-copy.ts';
import { jscodeshift } from './helpers/jscodeshift-cli.ts';
import { runCli } from './helpers/run-cli.ts';
import { diagnostics } from './helpers/type-check.ts';

const FIXTURE = 'scan/runtime-wrap';
const AGENTS = 'src/mastra/agents.ts';
const HELPER = fileURLToPath(new URL('../src/runtime/index.ts', import.meta.url));

const wraps = (plan: Plan) =>
  plan.edits
    .filter((e) => e.rule === 'wrap-runtime-tools')
    .map((e) => `${e.location.line} ${e.target}: ${e.before} -> ${e.after.trim()}`);

const notes = (plan: Plan) =>
  plan.findings
    .filter((f) => f.kind === 'runtime-names')
    .map((f) => `${f.locations[0]!.file}:${f.locations[0]!.line} ${f.message}`);

/** Type errors of a fixture copy, with `mastra-tool-names/runtime` resolved to the helper's source. */
const typeErrors = (root: string) =>
  diagnostics(root, {
    paths: { 'mastra-tool-names/runtime': [HELPER] },
    allowImportingTsExtensions: true,
  });

describe('wrap-runtime-tools in the plan', () => {
  let scan: ScanResult;
  before(async () => {
    scan = await scanFixture(FIXTURE);
  });

  test('is opt-in: --wrap-runtime-tools or --only selects it', () => {
    assert.ok(!DEFAULT_RULES.includes('wrap-runtime-tools'));
    assert.ok(!selectRules().includes('wrap-runtime-tools'));
    assert.ok(selectRules({ wrapRuntimeTools: true }).includes('wrap-runtime-tools'));
    assert.deepEqual(selectRules({ only: ['wrap-runtime-tools'] }), ['wrap-runtime-tools']);
    assert.ok(
      !selectRules({ wrapRuntimeTools: true, skip: ['wrap-runtime-tools'] }).includes(
        'wrap-runtime-tools',
      ),
    );
  });

  test('not selected: no edit, and the note on each wrappable source shows the wrapped form', () => {
    const plan = buildPlan(scan);
    assert.deepEqual(wraps(plan), []);
    const hinted = notes(plan).filter((n) => n.includes('run with --wrap-runtime-tools'));
    assert.deepEqual(
      [...new Set(hinted.map((n) => n.split(' ')[0]))],
      [`${AGENTS}:22`, `${AGENTS}:30`, `${AGENTS}:33`],
    );
    assert.ok(
      hinted.every((n) =>
        n.endsWith('to name them where they enter: (await normaliseTools(mcp.listTools())).tools'),
      ),
    );
    assert.ok(!notes(plan).some((n) => n.includes('not wrapped')));
  });

  test('selected: the awaited record, the spread and the shared variable are wrapped; one import', () => {
    const plan = buildPlan(scan, { rules: [...DEFAULT_RULES, 'wrap-runtime-tools'] });
    assert.deepEqual(wraps(plan), [
      "5 import:  -> import { normaliseTools } from 'mastra-tool-names/runtime';",
      '22 expression: await mcp.listTools() -> (await normaliseTools(mcp.listTools())).tools',
      '30 expression: (await mcp.listTools()) -> (await normaliseTools(mcp.listTools())).tools',
      '33 expression: await mcp.listTools() -> (await normaliseTools(mcp.listTools())).tools',
    ]);
    const wrapEdits = plan.edits.filter((e) => e.target === 'expression');
    for (const e of wrapEdits) {
      assert.equal(e.effect, 'preserved');
      assert.match(e.reason, /servers linear\.app, github/);
      assert.match(e.reason, /used only as the tools of agents/);
      assert.match(e.reason, /a legal name stays as it is/);
      assert.match(e.reason, /the name Mastra would have sent/);
      assert.match(e.reason, /make the await throw, naming both/);
    }
    // The variable is the tools of two agents: one edit for both.
    assert.deepEqual(wrapEdits.find((e) => e.location.line === 33)!.agents.sort(), [
      'planner',
      'reviewer',
    ]);
    assert.match(
      plan.edits.find((e) => e.target === 'import')!.reason,
      /imports the runtime helper/,
    );
  });

  test('selected: what is left alone says why, naming the evidence', () => {
    const plan = buildPlan(scan, { rules: [...DEFAULT_RULES, 'wrap-runtime-tools'] });
    const left = notes(plan)
      .filter((n) => n.includes('not wrapped'))
      .map((n) => `${n.split(' ')[0]} ${n.slice(n.indexOf('(--wrap-runtime-tools): ') + 24)}`);
    assert.deepEqual(left, [
      `${AGENTS}:52 approvalTools is also used at ${AGENTS}:53 (\`approvalTools['linear.app_issue:create']\`), which may rely on the original keys`,
      `${AGENTS}:70 it is inside a tools function Mastra calls for each request, which may build a different record each time; wrap it there by hand if you want`,
      `${AGENTS}:79 registry.getTools() is not an MCP client the scan knows, so nothing shows it returns a tool record`,
    ]);
    // Toolsets passed per call are not an agent's tools record: reported as before, never wrapped.
    assert.ok(
      notes(plan).some(
        (n) =>
          n.startsWith('src/run.ts:6 ') &&
          !n.includes('normaliseTools') &&
          n.includes('named by the remote servers'),
      ),
    );
  });
});

describe('migrate --wrap-runtime-tools on a copy of the fixture', () => {
  let copy: { root: string; cleanup: () => void };
  let beforeDiagnostics: string[];
  before(() => {
    copy = copyFixture(FIXTURE);
    beforeDiagnostics = typeErrors(copy.root);
  });
  after(() => copy.cleanup());

  test('writes the wraps and the import, and nothing else', async () => {
    const original = snapshot(copy.root);
    const result = await migrate(copy.root, { wrapRuntimeTools: true });
    assert.deepEqual(result.written, [AGENTS]);
    const now = snapshot(copy.root);
    for (const [file, text] of original) if (file !== AGENTS) assert.equal(now.get(file), text);
    const was = original.get(AGENTS)!.split('\n');
    const is = now.get(AGENTS)!.split('\n');
    const added = is.filter((l) => !was.includes(l));
    const removed = was.filter((l) => !is.includes(l));
    assert.deepEqual(added, [
      "import { normaliseTools } from 'mastra-tool-names/runtime';",
      '  tools: (await normaliseTools(mcp.listTools())).tools,',
      '  tools: { ...(await normaliseTools(mcp.listTools())).tools, notes_save: saveNoteTool },',
      'const sharedTools = (await normaliseTools(mcp.listTools())).tools;',
    ]);
    assert.deepEqual(removed, [
      '  tools: await mcp.listTools(),',
      '  tools: { ...(await mcp.listTools()), notes_save: saveNoteTool },',
      'const sharedTools = await mcp.listTools();',
    ]);
    assert.equal(is.indexOf(added[0]!), was.indexOf("import { registry } from './registry';") + 1);
  });

  test('the result type-checks as the original did, against the helper', () => {
    assert.deepEqual(beforeDiagnostics, []);
    assert.deepEqual(typeErrors(copy.root), []);
  });

  test('a second run changes nothing; the scan sees the wrapped sources as normalised', async () => {
    git(copy.root, 'add', '-A');
    git(copy.root, 'commit', '-qm', 'wrapped');
    const bytes = snapshot(copy.root);
    const again = await migrate(copy.root, { wrapRuntimeTools: true });
    assert.deepEqual(again.written, []);
    assert.deepEqual(wraps(again.plan), []);
    assert.deepEqual(snapshot(copy.root), bytes);
    const scan = await scanRepository(copy.root);
    const normalised = scan.agents.filter((a) => a.tools.runtime.some((r) => r.normalised));
    assert.deepEqual(normalised.map((a) => a.id).sort(), [
      'planner',
      'research',
      'reviewer',
      'triage',
    ]);
    assert.ok(
      notes(again.plan).some((n) =>
        n.includes('normaliseTools() gives them legal, unique names where they enter'),
      ),
    );
  });
});

describe('wrap-runtime-tools through jscodeshift with a plan', () => {
  test('the plan of `check --wrap-runtime-tools --format json` (its import has an empty before) writes what migrate writes; again, nothing', async () => {
    const viaPlan = copyFixture(FIXTURE);
    const viaMigrate = copyFixture(FIXTURE);
    const plan = `${viaPlan.root}.plan.json`;
    try {
      const checked = await runCli([
        'check',
        viaPlan.root,
        '--wrap-runtime-tools',
        '--format',
        'json',
      ]);
      assert.equal(checked.code, 1, checked.stderr);
      writeFileSync(plan, checked.stdout);
      const args = [
        '--extensions=ts',
        '--fail-on-error',
        `--plan=${plan}`,
        path.join(viaPlan.root, 'src'),
      ];
      const first = await jscodeshift(process.cwd(), 'transforms/wrap-runtime-tools.ts', args);
      assert.equal(first.code, 0, first.stdout + first.stderr);
      assert.match(first.stdout, /^1 ok$/m);
      await migrate(viaMigrate.root, { wrapRuntimeTools: true, only: ['wrap-runtime-tools'] });
      assert.deepEqual(snapshot(viaPlan.root), snapshot(viaMigrate.root));
      const second = await jscodeshift(process.cwd(), 'transforms/wrap-runtime-tools.ts', args);
      assert.equal(second.code, 0, second.stdout + second.stderr);
      assert.match(second.stdout, /^0 ok$/m);
      assert.deepEqual(snapshot(viaPlan.root), snapshot(viaMigrate.root));
    } finally {
      rmSync(plan, { force: true });
      viaPlan.cleanup();
      viaMigrate.cleanup();
    }
  });
});

describe('wrap-runtime-tools on the command line', () => {
  test('a package that cannot import mastra-tool-names gets a warning with the install command; one that lists it, none', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mtn-wrap-dep-'));
    try {
      const write = (rel: string, text: string) => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      };
      const manifest = (deps: Record<string, string>) =>
        JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0', ...deps } });
      write('apps/bot/package.json', manifest({}));
      write(
        'apps/bot/src/agent.ts',
        [
          `import { Agent } from '@mastra/core/agent';`,
          `import { MCPClient } from '@mastra/mcp';`,
          `const mcp = new MCPClient({ servers: { 'linear.app': { command: 'node', args: ['s.mjs'] } } });`,
          `export const bot = new Agent({ id: 'bot', name: 'bot', instructions: 'x', model: 'openai/gpt-4o', tools: await mcp.listTools() });`,
          ``,
        ].join('\n'),
      );
      const findings = async () =>
        buildPlan(await scanRepository(root), { rules: [...DEFAULT_RULES, 'wrap-runtime-tools'] })
          .findings.filter((f) => f.kind === 'missing-dependency')
          .map((f) => `${f.locations.map((l) => `${l.file}:${l.line}`).join(' ')} ${f.message}`);
      assert.deepEqual(await findings(), [
        "apps/bot/src/agent.ts:4 the wrap imports mastra-tool-names/runtime, and apps/bot/package.json does not list mastra-tool-names (nor is it installed there): until it is a dependency the app fails to load; add it with `npm install mastra-tool-names` in apps/bot (or your package manager's add)",
      ]);
      // Not selected: nothing to install, nothing said.
      assert.equal(
        buildPlan(await scanRepository(root)).findings.filter(
          (f) => f.kind === 'missing-dependency',
        ).length,
        0,
      );
      write('apps/bot/package.json', manifest({ 'mastra-tool-names': '^0.1.0' }));
      assert.deepEqual(await findings(), []);
      // A workspace root's dependency is hoisted: reachable too.
      write('apps/bot/package.json', manifest({}));
      write(
        'package.json',
        JSON.stringify({ private: true, devDependencies: { 'mastra-tool-names': '0.1.0' } }),
      );
      assert.deepEqual(await findings(), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('migrate --help lists --wrap-runtime-tools', async () => {
    const help = await runCli(['migrate', '--help']);
    assert.match(help.stdout, /--wrap-runtime-tools\b.*normaliseTools/s);
  });

  test('check --wrap-runtime-tools proposes the wraps and its fix command keeps the flag; --only wrap-runtime-tools proposes nothing else', async () => {
    const dir = fixturePath(FIXTURE);
    const checked = await runCli(['check', dir, '--wrap-runtime-tools']);
    assert.equal(checked.code, 1, checked.stderr);
    assert.match(checked.stdout, /migrate \S+ --wrap-runtime-tools$/m);
    const only = await runCli([
      'migrate',
      '--dry-run',
      '--format',
      'json',
      dir,
      '--only',
      'wrap-runtime-tools',
    ]);
    assert.equal(only.code, 0, only.stderr);
    const report = JSON.parse(only.stdout) as Report;
    assert.deepEqual(report.rules, ['wrap-runtime-tools']);
    assert.deepEqual(
      report.changes.map((c) => `${c.line} ${c.rule} ${c.target}`),
      [
        '5 wrap-runtime-tools import',
        '22 wrap-runtime-tools expression',
        '30 wrap-runtime-tools expression',
        '33 wrap-runtime-tools expression',
      ],
    );
    assert.equal(readFileSync(path.join(dir, AGENTS), 'utf8').includes('normaliseTools'), false);
  });
});
