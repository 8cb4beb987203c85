/**
 * The package as a user gets it: `npm pack` (which builds), installed into an empty project outside
 * the repository (so nothing resolves from our own node_modules), with npm's local cache first.
 * Checks the packed file list and a lean install; `npx mastra-tool-names` runs `--version`, `scan`,
 * `migrate --dry-run` and `check` on a copy of the demo; jscodeshift runs every rule from
 * node_modules/mastra-tool-names/dist/transforms/, on its own and with `--plan`; and the GitHub
 * Action's script runs against the installed package with its GitHub files pointing to temporary
 * files, and action.yml runs as GitHub runs a composite action, both as `uses: OWNER/...@v0` and as
 * `uses: ./`.
 */
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Log } from 'sarif';
import { parse as parseYaml } from 'yaml';
import { RULE_IDS, type RuleId } from '../src/plan/model.ts';
import type { Report } from '../src/report/model.ts';
import { MARKER } from '../src/report/render/markdown.ts';
import type { ESLint } from 'eslint';
import { eslintProblems, expectedProblems, fixtureApps } from './helpers/eslint-compare.ts';
import { snapshot } from './helpers/git-copy.ts';
import {
  applyPlanRuleByRule,
  run,
  runEveryRuleOnItsFixtures,
  type Run,
} from './helpers/jscodeshift-cli.ts';

const CLONE = process.cwd();
const PKG = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const transformOf = (rule: RuleId) => `node_modules/mastra-tool-names/dist/transforms/${rule}.cjs`;

let tmp: string;
let project: string;
let packed: Array<{ path: string; mode: number }>;

const npx = (args: string[], env: Record<string, string> = {}) => run('npx', args, project, env);
const copyDemo = (name: string) => {
  cpSync('fixtures/demo-app', path.join(project, name), { recursive: true });
  return path.join(project, name);
};

describe('the packed package, installed into an empty project', { timeout: 900_000 }, () => {
  before(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'mtn-package-'));
    const pack = await run('npm', ['pack', '--json', '--pack-destination', tmp], CLONE);
    assert.equal(pack.code, 0, pack.stderr);
    const [info] = JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[/m))) as Array<{
      filename: string;
      files: Array<{ path: string; mode: number }>;
    }>;
    packed = info!.files;
    project = path.join(tmp, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), '{ "name": "empty", "private": true }\n');
    const install = await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(tmp, info!.filename)],
      project,
    );
    assert.equal(install.code, 0, install.stdout + install.stderr);
    // A Mastra project depends on @mastra/core: an exact version tells the rules which naming
    // applies (not installed here; the scan reads the range, as it would a lockfile's entry).
    const manifest = path.join(project, 'package.json');
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
    const deps = pkg.dependencies as Record<string, string>;
    deps['@mastra/core'] = PKG.devDependencies['@mastra/core']!;
    writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
  });
  after(() => rmSync(tmp, { recursive: true, force: true }));

  test('the packed files: the build, the schemas, the README and the licence, nothing else', () => {
    const files = packed.map((f) => f.path).sort();
    const allowed = [
      /^README\.md$/,
      /^LICENSE$/,
      /^package\.json$/,
      /^schema\/(scan|report|verify|names)\.schema\.json$/,
      /^dist\/(src|bin|transforms)\/.+\.(js|d\.ts)$/,
      /^dist\/transforms\/[\w-]+\.cjs$/,
      /^dist\/src\/(runtime|eslint)\/index\.(cjs|d\.cts)$/,
    ];
    assert.deepEqual(
      files.filter((f) => !allowed.some((re) => re.test(f))),
      [],
    );
    const required = [
      'README.md',
      'LICENSE',
      'package.json',
      'schema/report.schema.json',
      'schema/scan.schema.json',
      'schema/verify.schema.json',
      'schema/names.schema.json',
      'dist/bin/mastra-tool-names.js',
      'dist/src/index.js',
      'dist/transforms/lib/standalone.js',
      'dist/src/runtime/index.js',
      'dist/src/runtime/index.cjs',
      'dist/src/runtime/index.d.ts',
      'dist/src/runtime/index.d.cts',
      'dist/src/names/wire-name.js',
      'dist/src/eslint/index.js',
      'dist/src/eslint/index.cjs',
      'dist/src/eslint/index.d.ts',
      'dist/src/eslint/index.d.cts',
      'dist/src/eslint/worker.js',
    ];
    for (const rule of RULE_IDS)
      required.push(`dist/transforms/${rule}.cjs`, `dist/transforms/${rule}.js`);
    assert.deepEqual(
      required.filter((f) => !files.includes(f)),
      [],
    );
    assert.ok(
      packed.find((f) => f.path === 'dist/bin/mastra-tool-names.js')!.mode & 0o111,
      'the bin is executable',
    );
  });

  test('a lean install: no development package, every dependency used, every import a dependency', () => {
    const installed = new Set(
      readdirSync(path.join(project, 'node_modules')).flatMap((d) =>
        d.startsWith('@')
          ? readdirSync(path.join(project, 'node_modules', d)).map((s) => `${d}/${s}`)
          : [d],
      ),
    );
    assert.deepEqual(
      Object.keys(PKG.devDependencies).filter((d) => installed.has(d)),
      [],
    );
    const dist = path.join(project, 'node_modules/mastra-tool-names/dist');
    const code: string[] = [];
    const walk = (dir: string) =>
      readdirSync(dir).forEach((f) =>
        statSync(path.join(dir, f)).isDirectory()
          ? walk(path.join(dir, f))
          : /\.c?js$/.test(f) && code.push(readFileSync(path.join(dir, f), 'utf8')),
      );
    walk(dist);
    const text = code.join('\n');
    const specifiers = new Set(
      [
        ...text.matchAll(
          /(?:from\s+|import\s*\(\s*|require\s*\(\s*|^import\s+)['"]([^'".][^'"]*)['"]/gm,
        ),
      ]
        .map((m) => m[1]!)
        .filter((s) => /^[@\w][\w@/.:-]*$/.test(s)),
    );
    const packageOf = (s: string) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/');
    const builtins = new Set(builtinModules);
    // Imports that never run from the package, each with the reason.
    const notFromPackage: Record<string, string> = {
      tsx: "a clone's .ts transforms load through tsx (transforms/lib/entry.ts); the package's are compiled",
    };
    const own = (s: string) => packageOf(s) === 'mastra-tool-names';
    const missing = [...specifiers].filter(
      (s) =>
        !s.startsWith('node:') &&
        !builtins.has(s) &&
        !own(s) &&
        !(packageOf(s) in PKG.dependencies) &&
        !(packageOf(s) in notFromPackage),
    );
    assert.deepEqual(missing, []);
    // A dependency may also be named as a string (a loader passed to a child process, say).
    assert.deepEqual(
      Object.keys(PKG.dependencies).filter(
        (d) =>
          ![...specifiers].some((s) => packageOf(s) === d) &&
          !text.includes(`'${d}'`) &&
          !text.includes(`"${d}"`),
      ),
      [],
    );
  });

  test("the package's entry point imports", async () => {
    const r = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('mastra-tool-names'); console.log([m.scanRepository, m.buildPlan, m.migrate, m.buildReport, m.renderReport].map((f) => typeof f).join(' '))",
      ],
      project,
    );
    assert.deepEqual(r, {
      code: 0,
      stdout: 'function function function function function\n',
      stderr: '',
    });
  });

  test('`mastra-tool-names/runtime` by import and by require: the same names, and no dependency loaded', async () => {
    // Each format names one clashing set; the list must match between them, and the runtime entry
    // must load no package at all (it is what apps ship).
    const probe = (load: string) =>
      `${load}; const r = normaliseTools({ 'github.search_code': 1, 'github:search_code': 2, ['a'.repeat(70)]: 3 }, { onCollision: 'hash' }); console.log(JSON.stringify(r.names.list)); console.log(JSON.stringify(Object.keys(r.tools)));`;
    const esm = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        probe("const { normaliseTools } = await import('mastra-tool-names/runtime')"),
      ],
      project,
    );
    const cjs = await run(
      process.execPath,
      [
        '--input-type=commonjs',
        '-e',
        probe(
          "const { normaliseTools } = require('mastra-tool-names/runtime'); if (!require.resolve('mastra-tool-names/runtime').endsWith('index.cjs')) throw new Error('not the CommonJS build')",
        ),
      ],
      project,
    );
    assert.equal(esm.code, 0, esm.stderr);
    assert.equal(cjs.code, 0, cjs.stderr);
    assert.equal(cjs.stdout, esm.stdout);
    const [listLine, keysLine] = esm.stdout.trim().split('\n');
    const list = JSON.parse(listLine!) as Array<{ original: string; offered: string }>;
    const keys = JSON.parse(keysLine!) as string[];
    assert.equal(list.length, 3);
    assert.deepEqual(
      keys,
      list.map((e) => e.offered),
    );
    for (const key of keys) assert.match(key, /^[a-zA-Z_][\w-]{0,62}$/);
    const dir = path.join(project, 'node_modules/mastra-tool-names/dist/src');
    assert.doesNotMatch(readFileSync(path.join(dir, 'runtime/index.cjs'), 'utf8'), /require\(/);
    assert.deepEqual(
      [
        ...readFileSync(path.join(dir, 'runtime/index.js'), 'utf8').matchAll(
          /^import .* from ['"]([^'"]+)['"]/gm,
        ),
      ].map((m) => m[1]),
      ['../names/wire-name.js'],
    );
    assert.doesNotMatch(readFileSync(path.join(dir, 'names/wire-name.js'), 'utf8'), /^import /m);
  });

  test('npx mastra-tool-names --version', async () => {
    const r = await npx(['mastra-tool-names', '--version']);
    assert.deepEqual(r, { code: 0, stdout: `${PKG.version}\n`, stderr: '' });
  });

  test('scan, migrate --dry-run and check on a copy of the demo', async () => {
    const demo = copyDemo('demo');
    const before = snapshot(demo);
    const dry = await npx(['mastra-tool-names', 'migrate', '--dry-run', 'demo']);
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /^\+ {2}search_web: searchTool,$/m);
    assert.match(dry.stdout, /^\d+ edits in 6 files .* Dry run: nothing was written\.$/m);
    const scan = await npx(['mastra-tool-names', 'scan', 'demo']);
    assert.equal(scan.code, 0, scan.stderr);
    assert.match(scan.stdout, /^4 agents, 5 keys rewritten on the wire/m);
    const check = await npx(['mastra-tool-names', 'check', 'demo']);
    assert.equal(check.code, 1, check.stderr);
    assert.match(check.stdout, /^Fix what can be fixed with: npx mastra-tool-names migrate demo$/m);
    assert.deepEqual(snapshot(demo), before, 'nothing written');
  });

  test('`eslint` with `mastra-tool-names/eslint` reports what `check` reports on the demo and every fixture app; `eslint --fix` writes what `migrate` writes', async () => {
    const tools = await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--no-save',
        `eslint@${PKG.devDependencies.eslint}`,
        `typescript-eslint@${PKG.devDependencies['typescript-eslint']}`,
      ],
      project,
    );
    assert.equal(tools.code, 0, tools.stdout + tools.stderr);
    const apps = fixtureApps().map((app) => {
      const name = path.relative('fixtures', app).replaceAll(path.sep, '__');
      cpSync(app, path.join(project, 'apps', name), { recursive: true });
      return name;
    });
    const fixing = ['fix-eslint', 'fix-migrate'].map(copyDemo);
    writeFileSync(
      path.join(project, 'eslint.config.mjs'),
      `import tseslint from 'typescript-eslint';
import mastraToolNames from 'mastra-tool-names/eslint';
const roots = ${JSON.stringify([...apps.map((a) => `apps/${a}`), 'fix-eslint'])};
export default [
  // The parser, and typescript-eslint's rules known (fixtures hold its disable comments).
  { ...tseslint.configs.base, files: ['**/*.{ts,tsx,mts,cts}'] },
  { files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } } },
  ...mastraToolNames.configs.prompts,
  ...roots.map((root) => ({ files: [root + '/**'], settings: { 'mastra-tool-names': { root, prompts: 'lint' } } })),
];
`,
    );
    // What check reports, from the package's engine API, one report per app.
    const reports = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { analyse } from 'mastra-tool-names'; const out = []; for (const a of ${JSON.stringify(apps)}) out.push((await analyse('apps/' + a, { cache: false })).report); console.log(JSON.stringify(out));`,
      ],
      project,
    );
    assert.equal(reports.code, 0, reports.stderr);
    const expected = JSON.parse(reports.stdout) as Report[];
    const lint = await npx(['eslint', 'apps', '--format', 'json']);
    const results = JSON.parse(lint.stdout) as ESLint.LintResult[];
    // The rules warn; the only errors are the files some fixtures hold that do not parse.
    const errors = results.flatMap((r) => r.messages.filter((m) => m.severity === 2));
    assert.equal(lint.code, errors.length ? 1 : 0, lint.stderr);
    assert.deepEqual(
      errors.filter((m) => !m.fatal),
      [],
    );
    let items = 0;
    apps.forEach((name, i) => {
      const root = path.join(project, 'apps', name);
      const want = expectedProblems(expected[i]!);
      items += want.length;
      assert.deepEqual(
        eslintProblems(
          results.filter((r) => r.filePath.startsWith(root + path.sep)),
          root,
        ),
        want,
        name,
      );
    });
    assert.ok(apps.length >= 60 && items >= 200, `${apps.length} apps, ${items} items`);

    const fixed = await npx(['eslint', 'fix-eslint', '--fix']);
    assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
    const migrated = await npx(['mastra-tool-names', 'migrate', 'fix-migrate', '--force']);
    assert.equal(migrated.code, 0, migrated.stdout + migrated.stderr);
    const [byEslint, byMigrate] = fixing.map(snapshot);
    assert.notDeepEqual(byEslint, snapshot('fixtures/demo-app'), 'eslint --fix changed the demo');
    assert.deepEqual(byEslint, byMigrate);

    // The CommonJS build is the same plugin.
    const cjs = await run(
      process.execPath,
      [
        '-e',
        "const p = require('mastra-tool-names/eslint'); if (!require.resolve('mastra-tool-names/eslint').endsWith('index.cjs')) throw new Error('not the CommonJS build'); console.log(Object.keys(p.rules).join(' '), Object.keys(p.configs).join(' '))",
      ],
      project,
    );
    assert.deepEqual(cjs, {
      code: 0,
      stdout: 'offered-name legal-key builtin-key collision tool-source recommended prompts\n',
      stderr: '',
    });
  });

  test('jscodeshift runs every rule from node_modules/mastra-tool-names/dist/transforms/', async () => {
    await runEveryRuleOnItsFixtures(project, transformOf, path.join(project, 'rule-fixtures'));
  });

  test("docs/transforms.md's command for an installed package, as written", async () => {
    cpSync('fixtures/demo-app/src', path.join(project, 'src'), { recursive: true });
    const r = await npx([
      'jscodeshift',
      '-t',
      'node_modules/mastra-tool-names/dist/transforms/rewrite-keys.cjs',
      '--extensions=ts,tsx',
      'src/',
    ]);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /^3 ok$/m);
    assert.match(
      readFileSync(path.join(project, 'src/mastra/agents/research-agent.ts'), 'utf8'),
      /^ {4}notes_save: saveNoteTool,$/m,
    );
  });

  test('--plan from the installed CLI, rule by rule, writes what migrate writes', async () => {
    const app = copyDemo('planned-app');
    const expected = copyDemo('expected-app');
    const check = await npx(['mastra-tool-names', 'check', 'planned-app', '--format', 'json']);
    assert.equal(check.code, 1, check.stderr);
    writeFileSync(path.join(project, 'plan.json'), check.stdout);
    const report = JSON.parse(check.stdout) as Report;
    const m = await npx(['mastra-tool-names', 'migrate', 'expected-app', '--force']);
    assert.equal(m.code, 0, m.stderr);
    await applyPlanRuleByRule(project, transformOf, 'plan.json', report.rules, 'planned-app/src');
    assert.deepEqual(snapshot(app), snapshot(expected));
    assert.notDeepEqual(snapshot(app), snapshot('fixtures/demo-app'));
  });

  describe('the GitHub Action script (action/run.mjs)', () => {
    let gh: string;
    const outputs = (file: string) =>
      Object.fromEntries(
        readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );

    before(() => {
      if (!existsSync(path.join(project, 'demo'))) copyDemo('demo');
      // A stand-in for the GitHub CLI: records each call, and answers the comment listing.
      gh = path.join(tmp, 'bin');
      mkdirSync(gh, { recursive: true });
      writeFileSync(
        path.join(gh, 'gh'),
        `#!/usr/bin/env node\nconst fs = require('node:fs');\nconst args = process.argv.slice(2);\nconst body = args.find((a) => a.startsWith('body=@'));\nfs.appendFileSync(process.env.FAKE_GH_LOG, JSON.stringify({ args, body: body && fs.readFileSync(body.slice(6), 'utf8'), token: process.env.GH_TOKEN }) + '\\n');\nif (args.includes('--jq')) process.stdout.write(process.env.FAKE_GH_COMMENTS || '');\n`,
      );
      chmodSync(path.join(gh, 'gh'), 0o755);
    });

    function action(
      name: string,
      inputs: Record<string, string>,
      comments = '',
    ): Promise<
      Run & {
        summary: string;
        output: Record<string, string>;
        gh: Array<{ args: string[]; body?: string }>;
      }
    > {
      const dir = path.join(tmp, name);
      mkdirSync(path.join(dir, 'runner'), { recursive: true });
      const files = {
        summary: path.join(dir, 'summary.md'),
        output: path.join(dir, 'output.txt'),
        log: path.join(dir, 'gh.log'),
        event: path.join(dir, 'event.json'),
      };
      writeFileSync(files.summary, '# an earlier step\n');
      writeFileSync(files.event, JSON.stringify({ pull_request: { number: 7 } }));
      const env = {
        ...inputs,
        GITHUB_STEP_SUMMARY: files.summary,
        GITHUB_OUTPUT: files.output,
        GITHUB_EVENT_PATH: files.event,
        GITHUB_REPOSITORY: 'octo/app',
        GITHUB_WORKSPACE: project,
        RUNNER_TEMP: path.join(dir, 'runner'),
        PATH: `${gh}${path.delimiter}${process.env.PATH}`,
        FAKE_GH_LOG: files.log,
        FAKE_GH_COMMENTS: comments,
      };
      return run(process.execPath, [path.join(CLONE, 'action/run.mjs')], project, env).then(
        (r) => ({
          ...r,
          summary: readFileSync(files.summary, 'utf8'),
          output: existsSync(files.output) ? outputs(files.output) : {},
          gh: existsSync(files.log)
            ? readFileSync(files.log, 'utf8')
                .trim()
                .split('\n')
                .map((l) => JSON.parse(l) as { args: string[]; body?: string })
            : [],
        }),
      );
    }

    test('fail: annotations, summary, outputs and reports; the job fails on pending changes', async () => {
      const r = await action('fail', { INPUT_PATH: 'demo' });
      assert.equal(r.code, 1, r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      assert.ok(lines.length > 10);
      // GitHub shows 10 annotations of each kind: the rest are counted in one closing notice.
      const notice = lines.pop()!;
      for (const line of lines) assert.match(line, /^::(error|warning|notice) file=demo\/src\//);
      assert.ok(
        r.summary.startsWith(`# an earlier step\n${MARKER}\n## mastra-tool-names: `),
        r.summary.slice(0, 100),
      );
      assert.equal(r.output['exit-code'], '1');
      assert.equal(r.output.pending, 'true');
      const json = JSON.parse(
        readFileSync(path.join(path.dirname(r.output.sarif!), 'report.json'), 'utf8'),
      ) as Report;
      assert.equal(r.output.changes, String(json.totals.changes));
      assert.equal(r.output.findings, String(json.totals.findings));
      const all = json.changes.length + json.findings.length;
      assert.match(
        notice,
        new RegExp(
          `::${all} results .*; ${lines.length} shown as annotations, ${all - lines.length} left out`,
        ),
      );
      assert.equal((JSON.parse(readFileSync(r.output.sarif!, 'utf8')) as Log).version, '2.1.0');
      assert.ok(readFileSync(r.output.report!, 'utf8').startsWith(MARKER));
      assert.ok(
        r.output.sarif!.startsWith(path.join(tmp, 'fail', 'runner')),
        'reports go to RUNNER_TEMP',
      );
      assert.deepEqual(r.gh, [], 'no comment');
    });

    test('comment: one comment with the summary, created and then updated; the job does not fail; rules select', async () => {
      const first = await action('comment', {
        INPUT_PATH: 'demo',
        INPUT_FAIL_OR_COMMENT: 'comment',
        INPUT_RULES: 'rewrite-keys, tool-choice',
      });
      assert.equal(first.code, 0, first.stderr);
      assert.match(first.stdout, /title=mastra-tool-names rewrite-keys::/);
      assert.doesNotMatch(
        first.stdout,
        /title=mastra-tool-names (prompts|rekey-builtins|references)::/,
      );
      assert.equal(first.output.pending, 'true');
      assert.deepEqual(
        first.gh.map((c) => c.args.slice(0, 4)),
        [
          ['api', '--paginate', 'repos/octo/app/issues/7/comments', '--jq'],
          ['api', '--method', 'POST', 'repos/octo/app/issues/7/comments'],
        ],
      );
      assert.equal(first.gh[1]!.body, first.summary.replace('# an earlier step\n', ''));
      assert.ok(first.gh[1]!.body.startsWith(MARKER));

      const second = await action(
        'comment-again',
        { INPUT_PATH: 'demo', INPUT_FAIL_OR_COMMENT: 'both' },
        '4242\n',
      );
      assert.equal(second.code, 1, 'both: comments and fails');
      assert.deepEqual(second.gh[1]!.args.slice(0, 4), [
        'api',
        '--method',
        'PATCH',
        'repos/octo/app/issues/comments/4242',
      ]);
    });

    test('a wrong input is an error (exit 2), and a usage error from check comes through', async () => {
      const mode = await action('bad-mode', { INPUT_FAIL_OR_COMMENT: 'maybe' });
      assert.equal(mode.code, 2);
      assert.match(
        mode.stdout,
        /^::error title=mastra-tool-names::fail-or-comment is "maybe"; use fail, comment, both$/m,
      );
      const rule = await action('bad-rule', { INPUT_PATH: 'demo', INPUT_RULES: 'no-such-rule' });
      assert.equal(rule.code, 2, rule.stdout + rule.stderr);
      assert.equal(rule.output['exit-code'], '2');
      assert.equal(rule.output.changes, '');
    });

    interface ActionYml {
      inputs: Record<string, { default?: string }>;
      outputs: Record<string, { value: string }>;
      runs: {
        using: string;
        steps: Array<{ id: string; shell: string; run: string; env?: Record<string, string> }>;
      };
    }

    /**
     * action.yml as GitHub runs a composite action: each step's `run` in bash in the workspace,
     * `${{ inputs.X }}` from `inputs` or the input's default, GITHUB_ACTION_PATH the folder that
     * holds action.yml, and the action's outputs read from its steps' outputs.
     */
    async function composite(
      name: string,
      actionPath: string,
      workspace: string,
      inputs: Record<string, string>,
      extraEnv: Record<string, string> = {},
      eventPayload: object = { pull_request: { number: 7 } },
    ): Promise<
      Run & {
        outputs: Record<string, string>;
        summary: string;
        gh: Array<{ args: string[]; token: string }>;
      }
    > {
      const spec = parseYaml(
        readFileSync(path.join(actionPath, 'action.yml'), 'utf8'),
      ) as ActionYml;
      assert.equal(spec.runs.using, 'composite');
      const dir = path.join(tmp, name);
      mkdirSync(path.join(dir, 'runner'), { recursive: true });
      const summary = path.join(dir, 'summary.md');
      const log = path.join(dir, 'gh.log');
      const event = path.join(dir, 'event.json');
      writeFileSync(summary, '');
      writeFileSync(event, JSON.stringify(eventPayload));
      const expression = (text: string): string =>
        text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, e: string) => {
          const input = /^inputs\.([\w-]+)$/.exec(e)?.[1];
          if (input !== undefined) {
            assert.ok(input in spec.inputs, `action.yml uses an undeclared input: ${input}`);
            return inputs[input] ?? expression(spec.inputs[input]!.default ?? '');
          }
          if (e === 'github.token') return 'a-token';
          if (e.startsWith('github.event.')) {
            const value = e
              .slice('github.event.'.length)
              .split('.')
              .reduce<unknown>(
                (o, k) => (o as Record<string, unknown> | undefined)?.[k],
                eventPayload,
              );
            return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
          }
          throw new Error(`an expression the test does not evaluate: ${e}`);
        });
      const stepOutputs: Record<string, Record<string, string>> = {};
      let last: Run = { code: 0, stdout: '', stderr: '' };
      for (const step of spec.runs.steps) {
        assert.equal(step.shell, 'bash');
        const output = path.join(dir, `${step.id}.output`);
        writeFileSync(output, '');
        const env = Object.fromEntries(
          Object.entries(step.env ?? {}).map(([k, v]) => [k, expression(v)]),
        );
        last = await run(
          'bash',
          ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expression(step.run)],
          workspace,
          {
            ...env,
            GITHUB_ACTION_PATH: actionPath,
            GITHUB_OUTPUT: output,
            GITHUB_STEP_SUMMARY: summary,
            GITHUB_EVENT_PATH: event,
            GITHUB_REPOSITORY: 'octo/app',
            GITHUB_WORKSPACE: workspace,
            RUNNER_TEMP: path.join(dir, 'runner'),
            PATH: `${gh}${path.delimiter}${process.env.PATH}`,
            FAKE_GH_LOG: log,
            ...extraEnv,
          },
        );
        stepOutputs[step.id] = outputs(output);
        if (last.code !== 0) break;
      }
      return {
        ...last,
        outputs: Object.fromEntries(
          Object.entries(spec.outputs).map(([k, o]) => [
            k,
            o.value.replace(
              /^\$\{\{\s*steps\.([\w-]+)\.outputs\.([\w-]+)\s*\}\}$/,
              (_, id: string, out: string) => stepOutputs[id]?.[out] ?? '',
            ),
          ]),
        ),
        summary: readFileSync(summary, 'utf8'),
        gh: existsSync(log)
          ? readFileSync(log, 'utf8')
              .trim()
              .split('\n')
              .map((l) => {
                const call = JSON.parse(l) as { args: string[]; token: string };
                return { args: call.args.slice(0, 4), token: call.token };
              })
          : [],
      };
    }

    test('action.yml as `uses: OWNER/mastra-tool-names@v0`: a checkout of this repository runs check with the version the workspace installed (named by the `version` input, offline), on the demo; pending changes fail the job', async () => {
      const r = await composite(
        'uses-owner',
        CLONE,
        project,
        { path: 'demo', version: PKG.version },
        // npx must find the named version installed, never fetch it.
        { npm_config_offline: 'true' },
      );
      assert.equal(r.code, 1, r.stderr);
      for (const line of r.stdout.trimEnd().split('\n').slice(0, -1))
        assert.match(line, /^::(error|warning|notice) file=demo\/src\//);
      assert.match(r.stdout.trimEnd().split('\n').at(-1)!, /more results than annotations/);
      assert.equal(r.outputs['exit-code'], '1');
      assert.equal(r.outputs.pending, 'true');
      assert.match(r.outputs.changes!, /^[1-9]\d*$/);
      assert.match(r.outputs.findings!, /^\d+$/);
      assert.equal((JSON.parse(readFileSync(r.outputs.sarif!, 'utf8')) as Log).version, '2.1.0');
      assert.ok(readFileSync(r.outputs.report!, 'utf8').startsWith(MARKER));
      assert.ok(r.summary.startsWith(`${MARKER}\n## mastra-tool-names: `), r.summary.slice(0, 100));
      assert.deepEqual(r.gh, [], 'fail: no comment');
    });

    test('action.yml as `uses: ./` in a checkout of this repository, as the docs show it (`path: fixtures/demo-app`); comment mode comments and passes', async () => {
      const r = await composite('uses-local', CLONE, CLONE, {
        path: 'fixtures/demo-app',
        'fail-or-comment': 'comment',
      });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^::\w+ file=fixtures\/demo-app\/src\//m);
      assert.equal(r.outputs['exit-code'], '1');
      assert.equal(r.outputs.pending, 'true');
      assert.deepEqual(r.gh, [
        {
          args: ['api', '--paginate', 'repos/octo/app/issues/7/comments', '--jq'],
          token: 'a-token',
        },
        { args: ['api', '--method', 'POST', 'repos/octo/app/issues/7/comments'], token: 'a-token' },
      ]);
    });

    test("action.yml as `uses: ./` on a two-commit pull request: `base` defaults to the pull request's base commit; only what the change introduces fails the job", async () => {
      // A repository holding the action and an app with a backlog; the pull request renames one key.
      const repo = path.join(tmp, 'two-commits');
      cpSync('fixtures/check-base/app', repo, { recursive: true });
      cpSync('action.yml', path.join(repo, 'action.yml'));
      cpSync('action', path.join(repo, 'action'), { recursive: true });
      // Installed as the project's own (ignored by git): npx runs it, offline.
      symlinkSync(path.join(project, 'node_modules'), path.join(repo, 'node_modules'), 'junction');
      const git = (...args: string[]) =>
        run('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', ...args], repo);
      await git('init', '-q');
      await git('add', '-A');
      await git('commit', '-qm', 'base');
      const baseSha = (await git('rev-parse', 'HEAD')).stdout.trim();
      const tools = path.join(repo, 'src/mastra/tools/index.ts');
      writeFileSync(
        tools,
        readFileSync(tools, 'utf8').replace('searchDocs: searchTool', 'docsSearch: searchTool'),
      );
      await git('commit', '-qam', 'rename a key');
      const event = { pull_request: { number: 7, base: { sha: baseSha } } };

      const offline = { npm_config_offline: 'true' };
      const r = await composite('uses-local-base', repo, repo, {}, offline, event);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      assert.match(
        lines[0]!,
        /^::warning file=src\/mastra\/prompts\/helpdesk\.md,line=5,.*introduced by this change\)::.*"searchDocs"/,
      );
      assert.equal(lines.filter((l) => l.includes('introduced by this change')).length, 1);
      assert.equal(r.outputs.introduced, '1');
      assert.equal(r.outputs.fixed, '0');
      assert.match(r.summary, /this change introduces 1, fixes 0, leaves 2 as they were/);

      // The same pull request without the rename: the backlog alone does not fail the job.
      await git('revert', '--no-edit', 'HEAD');
      const clean = await composite('uses-local-base-clean', repo, repo, {}, offline, event);
      assert.equal(clean.code, 0, clean.stdout + clean.stderr);
      assert.equal(clean.outputs.introduced, '0');
      assert.equal(clean.outputs.pending, 'false');
    });
  });
});
