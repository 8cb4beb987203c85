/**
 * The documentation holds: every relative link and #anchor in the Markdown files resolves; every
 * command in a `sh` block of the README and docs/ is run by a test (the read-only ones on the
 * fixtures right here, with each output excerpt found line by line, in order, in what the command
 * prints); every option in a command's options table is in its --help and is passed on the command
 * line by some test; the action's inputs table matches action.yml.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import GithubSlugger from 'github-slugger';
import type { Code, Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { parse as parseYaml } from 'yaml';
import { runCli, type CliResult } from './helpers/run-cli.ts';

function markdownFiles(): string[] {
  const readmes = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter(
        (f) => path.basename(f) === 'README.md' && !f.split(path.sep).includes('node_modules'),
      )
      .map((f) => path.join(dir, f));
  return [
    'README.md',
    'CHANGELOG.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join('docs', f)),
    ...readmes('fixtures'),
    'bench/README.md',
  ].map((f) => f.split(path.sep).join('/'));
}

const parsed = new Map<string, Root>();
function tree(file: string): Root {
  let root = parsed.get(file);
  if (!root) {
    root = fromMarkdown(readFileSync(file, 'utf8'), {
      extensions: [gfm()],
      mdastExtensions: [gfmFromMarkdown()],
    });
    parsed.set(file, root);
  }
  return root;
}

function walk(node: Nodes, visit: (n: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child, visit);
}

/** GitHub's anchors of a Markdown file's headings. */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  walk(tree(file), (n) => {
    if (n.type === 'heading') found.add(slugger.slug(toString(n)));
  });
  return found;
}

const DOC_FILES = ['README.md', ...markdownFiles().filter((f) => f.startsWith('docs/'))];

describe('links in the Markdown files', () => {
  test('every relative link and #anchor resolves', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles()) {
      walk(tree(file), (n) => {
        if (n.type !== 'link' && n.type !== 'definition' && n.type !== 'image') return;
        const url = n.url;
        if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return; // https:, mailto: (no network in tests)
        checked++;
        const [target = '', anchor] = url.split('#');
        const resolved = target
          ? path.normalize(path.join(path.dirname(file), decodeURIComponent(target)))
          : file;
        const where = `${file}:${n.position?.start.line}: ${url}`;
        if (resolved.startsWith('..') || path.isAbsolute(resolved))
          broken.push(`${where} (outside the repository)`);
        else if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined) {
          if (statSync(resolved).isDirectory() || !resolved.endsWith('.md'))
            broken.push(`${where} (an anchor into a file that is not Markdown)`);
          else if (!anchors(resolved.split(path.sep).join('/')).has(anchor))
            broken.push(`${where} (no heading with this anchor)`);
        }
      });
    }
    assert.deepEqual(broken, []);
    assert.ok(checked > 50, `only ${checked} links checked`);
  });

  test('the README fits a screen: at most 12 KB', () => {
    const size = statSync('README.md').size;
    assert.ok(size <= 12 * 1024, `README.md is ${size} bytes`);
  });

  test("the README's runtime helper is docs/boundary.md's five lines, and imports the shipped entry", () => {
    const snippets = (file: string) => {
      const out: string[] = [];
      walk(tree(file), (n) => {
        if (n.type === 'code' && n.lang === 'ts' && n.value.includes('normaliseTools'))
          out.push(n.value);
      });
      return out;
    };
    const [readme] = snippets('README.md');
    assert.ok(readme, 'the README shows the helper');
    assert.ok(snippets('docs/boundary.md').includes(readme), 'the same lines as docs/boundary.md');
    assert.ok(readme.split('\n').filter((l) => l.trim()).length <= 5, readme);
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      exports: Record<string, unknown>;
    };
    assert.ok(readme.includes("from 'mastra-tool-names/runtime'") && pkg.exports['./runtime']);
  });
});

/** Command lines of the `sh` blocks, without comments. */
function commandsIn(file: string): string[] {
  const out: string[] = [];
  walk(tree(file), (n) => {
    if (n.type !== 'code' || n.lang !== 'sh') return;
    for (const line of n.value.split('\n')) {
      const command = line.replace(/(^|\s+)#.*$/, '').trim();
      if (command) out.push(command);
    }
  });
  return out;
}

/** Commands this test runs on the fixtures (read-only), with the exit code each must give. */
const RUN_HERE: Record<string, number> = {
  'npx mastra-tool-names migrate --dry-run fixtures/demo-app': 0,
  'npx mastra-tool-names scan fixtures/demo-app': 0,
  'npx mastra-tool-names verify fixtures/demo-app': 0,
  'npx mastra-tool-names verify fixtures/verify/request-context --request-context request-context.json': 0,
  'npx mastra-tool-names verify fixtures/verify/mcp-stdio --allow-mcp': 0,
  'npx mastra-tool-names names search.web fetch:page weatherTool': 0,
  'npx mastra-tool-names check fixtures/versions/workflow-0-10 --to-mastra latest': 1,
  'npx mastra-tool-names check fixtures/versions/subagents-0-21 --to-mastra latest': 1,
  'npx mastra-tool-names migrate --dry-run fixtures/versions/workflow-0-10 --to-mastra 1.71.0': 0,
  'echo \'["a.b", "a b"]\' | npx mastra-tool-names names --stdin --json': 1,
};

/**
 * Commands the docs show that another test or CI runs: the file that runs each, and what that file
 * must contain for it (so an entry cannot outlive the test it points to).
 */
const RUN_ELSEWHERE: Record<string, { by: string; holds: string[] }> = {
  'npm ci': { by: '.ci/run', holds: ['npm ci'] },
  'npm run lint': { by: '.ci/run', holds: ['npm run lint'] },
  'npm run typecheck': { by: '.ci/run', holds: ['npm run typecheck'] },
  'npm run build': { by: '.ci/run', holds: ['npm run build'] },
  'npm test': { by: '.ci/run', holds: ['npm test'] },
  'npx jscodeshift -t transforms/rewrite-keys.ts --extensions=ts,tsx --dry --print fixtures/demo-app/src/':
    {
      by: 'test/jscodeshift-cli.test.ts',
      holds: [
        "'transforms/rewrite-keys.ts'",
        "'--extensions=ts,tsx'",
        "'--dry'",
        "'--print'",
        "'fixtures/demo-app/src/'",
      ],
    },
  // The same command, writing: every rule on its fixtures, in a copy.
  'npx jscodeshift -t transforms/rewrite-keys.ts --extensions=ts,tsx ../my-app/src/': {
    by: 'test/helpers/jscodeshift-cli.ts',
    holds: ["['--extensions=ts,tsx', dir]"],
  },
  'npx jscodeshift -t node_modules/mastra-tool-names/dist/transforms/rewrite-keys.cjs --extensions=ts,tsx src/':
    {
      by: 'test/package.test.ts',
      holds: [
        "'node_modules/mastra-tool-names/dist/transforms/rewrite-keys.cjs'",
        "'--extensions=ts,tsx'",
        "'src/'",
      ],
    },
  // docs/upgrading.md: the install is imitated (the installed 0.24.9 line linked where npm puts it).
  'npm install @mastra/core@1.71.0 --prefix /tmp/core-1': {
    by: 'test/verify-mastra-core.test.ts',
    holds: ['`npm install @mastra/core@0.24.9 --prefix DIR` leaves it'],
  },
  'npx mastra-tool-names verify . --mastra-core /tmp/core-1': {
    by: 'test/verify-mastra-core.test.ts',
    holds: ["'verify', root, '--agent', 'lead', '--mastra-core', core"],
  },
  'npx mastra-tool-names migrate . --to-mastra 1.71.0': {
    by: 'test/verify-mastra-core.test.ts',
    holds: ["'migrate', root, '--to-mastra', '0.24.9'"],
  },
  'npx mastra-tool-names check . --format json > plan.json': {
    by: 'test/package.test.ts',
    holds: ["'check'", "'--format', 'json'", "'plan.json'"],
  },
  'npx jscodeshift -t node_modules/mastra-tool-names/dist/transforms/rewrite-keys.cjs --extensions=ts,tsx,md --fail-on-error --plan=plan.json src/':
    {
      by: 'test/helpers/jscodeshift-cli.ts',
      holds: ["'--extensions=ts,tsx,md'", "'--fail-on-error'", '`--plan=${plan}`'],
    },
  'INPUT_PATH=fixtures/demo-app GITHUB_STEP_SUMMARY=/tmp/summary.md GITHUB_OUTPUT=/tmp/outputs.txt node action/run.mjs':
    {
      by: 'test/package.test.ts',
      holds: ['INPUT_PATH', 'GITHUB_STEP_SUMMARY', 'GITHUB_OUTPUT', "'action/run.mjs'"],
    },
  // At the root of a pnpm monorepo that test builds (three apps, one not installed), run from there.
  'npx mastra-tool-names verify .': {
    by: 'test/verify-installs.test.ts',
    holds: ["runCli(['verify', root, ...SLOW_OK], undefined, root)", "'apps/docs'"],
  },
  // The differential test with more cases than `npm test` gives it.
  'npm run test:diff:20k': { by: 'package.json', holds: ['"test:diff:20k"'] },
  'MTN_FC_SEED=7 MTN_FC_RUNS=5000 node --import tsx --test test/differential.test.ts': {
    by: 'test/differential.test.ts',
    holds: ['MTN_FC_SEED', 'MTN_FC_RUNS'],
  },
};

/** `npx mastra-tool-names ARGS`, with an optional `echo 'STDIN' |` before it, run from source. */
function runDocCommand(command: string): Promise<CliResult> {
  const m = /^(?:echo '([^']*)' \| )?npx mastra-tool-names (.*)$/.exec(command);
  assert.ok(m, command);
  return runCli(m[2]!.split(' '), m[1] === undefined ? undefined : `${m[1]}\n`);
}

/** The excerpts marked `<!-- output of: COMMAND -->`: the code blocks right after the marker. */
function excerpts(file: string): Array<{ command: string; lines: string[] }> {
  const out: Array<{ command: string; lines: string[] }> = [];
  const nodes = tree(file).children;
  nodes.forEach((n, i) => {
    const m = n.type === 'html' ? /^<!-- output of: (.+) -->$/.exec(n.value) : null;
    if (!m) return;
    const lines: string[] = [];
    for (let j = i + 1; j < nodes.length && nodes[j]!.type === 'code'; j++)
      lines.push(...(nodes[j] as Code).value.split('\n'));
    assert.ok(lines.length, `${file}: no code block after the marker for ${m[1]}`);
    out.push({ command: m[1]!, lines });
  });
  return out;
}

/** Excerpt lines that are not in `output` in the same order (a `...` line stands for a gap). */
function missingLines(excerpt: string[], output: string): string[] {
  const lines = output.split('\n').map((l) => l.trimEnd());
  const missing: string[] = [];
  let at = 0;
  for (const line of excerpt.map((l) => l.trimEnd())) {
    if (line === '...' || line === '') continue;
    const found = lines.indexOf(line, at);
    if (found === -1) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

describe('commands in the docs', () => {
  const shown = new Map<string, string>();
  for (const file of DOC_FILES) for (const c of commandsIn(file)) shown.set(c, file);

  test('every command a doc shows is run by a test', () => {
    assert.ok(shown.size > 10, `only ${shown.size} commands found`);
    const unrun = [...shown].filter(([c]) => !(c in RUN_HERE) && !(c in RUN_ELSEWHERE));
    assert.deepEqual(
      unrun.map(([c, file]) => `${file}: ${c}`),
      [],
      'a doc shows a command that no test runs: add the test, and the command to RUN_HERE or RUN_ELSEWHERE',
    );
    for (const [command, { by, holds }] of Object.entries(RUN_ELSEWHERE)) {
      const text = readFileSync(by, 'utf8');
      for (const part of holds) assert.ok(text.includes(part), `${by} runs "${command}": ${part}`);
    }
    assert.deepEqual(
      Object.keys({ ...RUN_HERE, ...RUN_ELSEWHERE }).filter((c) => !shown.has(c)),
      [],
      'listed but no longer shown in a doc',
    );
  });

  const results = new Map<string, CliResult>();
  before(async () => {
    for (const command of Object.keys(RUN_HERE)) results.set(command, await runDocCommand(command));
  });

  for (const [command, code] of Object.entries(RUN_HERE)) {
    test(`${command}: exit ${code}`, () => {
      const r = results.get(command)!;
      assert.equal(r.code, code, r.stderr);
    });
  }

  test('every output excerpt is what its command prints, line by line and in order', () => {
    let count = 0;
    for (const file of DOC_FILES)
      for (const { command, lines } of excerpts(file)) {
        count++;
        const r = results.get(command);
        assert.ok(r, `${file}: the excerpt's command is not run here: ${command}`);
        assert.deepEqual(missingLines(lines, r.stdout), [], `${file}: ${command}`);
      }
    assert.ok(count >= 4, `only ${count} excerpts`);
  });
});

/** The options of a page's "Options" table, as `--name`s. */
function tableOptions(file: string): string[] {
  const options: string[] = [];
  let inOptions = false;
  for (const n of tree(file).children) {
    if (n.type === 'heading') inOptions = toString(n) === 'Options';
    if (!inOptions || n.type !== 'table') continue;
    for (const row of n.children.slice(1))
      options.push(...(toString(row.children[0]!).match(/--[a-z][a-z-]*/g) ?? []));
  }
  return [...new Set(options)];
}

describe('options in the docs', () => {
  const pages: Record<string, string> = {
    migrate: 'docs/migrate.md',
    scan: 'docs/scan.md',
    verify: 'docs/verify.md',
    names: 'docs/names.md',
  };
  const testSources = readdirSync('test', { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && path.basename(f) !== 'docs.test.ts')
    .map((f) => readFileSync(path.join('test', f), 'utf8'))
    .join('\n');

  for (const [command, page] of Object.entries(pages)) {
    test(`${page}: every option is in \`${command} --help\` and passed on the command line by a test`, async () => {
      const options = tableOptions(page);
      assert.ok(options.length >= 3, `${page}: ${options.join(' ')}`);
      const help = await runCli([command, '--help']);
      assert.equal(help.code, 0, help.stderr);
      assert.deepEqual(
        options.filter((o) => !new RegExp(`${o}\\b`).test(help.stdout)),
        [],
        `not in ${command} --help`,
      );
      assert.deepEqual(
        options.filter((o) => !new RegExp(`['"\`]${o}(?=['"\`= ])`).test(testSources)),
        [],
        'no test passes these on the command line',
      );
    });
  }

  test("the action's inputs table in docs/ci.md is action.yml's inputs, with their defaults", () => {
    const action = parseYaml(readFileSync('action.yml', 'utf8')) as {
      inputs: Record<string, { default?: string }>;
    };
    const rows: Array<[string, string]> = [];
    walk(tree('docs/ci.md'), (n) => {
      if (n.type !== 'table') return;
      const [head, ...body] = n.children;
      if (toString(head!.children[0]!) !== 'input') return;
      for (const row of body) rows.push([toString(row.children[0]!), toString(row.children[1]!)]);
    });
    assert.deepEqual(rows.map(([name]) => name).sort(), Object.keys(action.inputs).sort());
    const documented = (d: string | undefined) =>
      d === undefined || d === '' ? '' : d.replace(/^\$\{\{ (.+) \}\}$/, '$1');
    for (const [name, shownDefault] of rows) {
      const declared = documented(action.inputs[name]!.default);
      // `rules` says in words what the empty default means.
      if (name === 'rules') assert.equal(declared, '');
      else assert.equal(shownDefault, declared, name);
    }
  });
});
