/** What migrate refuses, what it leaves alone, and how it formats. */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import * as prettier from 'prettier';
import { MigrateError } from '../src/migrate/errors.ts';
import { migrate } from '../src/migrate/migrate.ts';
import { copyFixture, git, snapshot } from './helpers/git-copy.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

const AGENT = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const t = createTool({ id: 'noop', description: 'noop', execute: async () => ({}) });

export const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { 'search.web': t, plain: t } });
`;

describe('migrate safety', () => {
  test('refuses uncommitted changes in the target, names them, writes nothing', async () => {
    const copy = copyFixture('demo-app');
    try {
      writeFileSync(
        path.join(copy.root, 'src/run.ts'),
        readFileSync(path.join(copy.root, 'src/run.ts'), 'utf8') + '\n// local edit\n',
      );
      const bytes = snapshot(copy.root);
      await assert.rejects(
        migrate(copy.root),
        (e: unknown) =>
          e instanceof MigrateError &&
          e.kind === 'unsafe-target' &&
          /uncommitted changes .*src\/run\.ts/.test(e.message),
      );
      assert.deepEqual(snapshot(copy.root), bytes);
      const forced = await migrate(copy.root, { force: true });
      assert.equal(forced.written.length, 6, '--force overrides');
    } finally {
      copy.cleanup();
    }
  });

  test('checks only the target: a subfolder is clean even when the repo has changes elsewhere', async () => {
    const copy = copyFixture('demo-app');
    try {
      writeFileSync(path.join(copy.root, 'NOTES.md'), 'work in progress\n');
      const result = await migrate(path.join(copy.root, 'src'));
      assert.ok(result.written.includes('mastra/tools/registry.ts'), result.written.join());
    } finally {
      copy.cleanup();
    }
  });

  test('outside git it refuses with a clear message unless forced', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'mtn-nogit-'));
    try {
      writeFileSync(path.join(root, 'agent.ts'), AGENT);
      await assert.rejects(migrate(root), /not inside a git work tree.*--dry-run, or pass --force/);
      assert.equal(readFileSync(path.join(root, 'agent.ts'), 'utf8'), AGENT);
      await migrate(root, { force: true });
      assert.match(
        readFileSync(path.join(root, 'agent.ts'), 'utf8'),
        /tools: \{ search_web: t, plain: t \}/,
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test('a file that does not parse is reported and left byte-identical; the run continues', async () => {
    const broken = `import { Agent } from '@mastra/core/agent';\nexport const b = new Agent({ tools: { 'x.y': ;\n`;
    const p = tempProject({ 'src/agent.ts': AGENT, 'src/broken.ts': broken });
    try {
      const result = await migrate(p.root, { force: true });
      assert.equal(readFileSync(path.join(p.root, 'src/broken.ts'), 'utf8'), broken);
      assert.deepEqual(result.written, ['src/agent.ts']);
      assert.ok(
        result.plan.findings.some(
          (f) => f.kind === 'unparsable' && f.locations[0]?.file === 'src/broken.ts',
        ),
      );
    } finally {
      p.cleanup();
    }
  });

  test('--only / --skip select rules; an unknown rule is an error', async () => {
    const copy = copyFixture('demo-app');
    try {
      const only = await migrate(copy.root, { dryRun: true, only: ['tool-choice'] });
      assert.deepEqual([...new Set(only.plan.edits.map((e) => e.rule))], ['tool-choice']);
      const skip = await migrate(copy.root, { dryRun: true, skip: ['rekey-builtins'] });
      assert.ok(!skip.plan.edits.some((e) => e.rule === 'rekey-builtins'));
      assert.ok(skip.plan.edits.some((e) => e.rule === 'rewrite-keys'));
      await assert.rejects(
        migrate(copy.root, { dryRun: true, only: ['rename-everything'] }),
        (e: unknown) => e instanceof MigrateError && e.kind === 'usage',
      );
      const byId = await migrate(copy.root, { dryRun: true, rekeyById: true });
      assert.ok(
        byId.plan.edits.some(
          (e) =>
            e.rule === 'rekey-by-id' &&
            e.before === 'lookupOrderTool' &&
            e.after === "'lookup-order'",
        ),
      );
    } finally {
      copy.cleanup();
    }
  });
});

describe('formatting', () => {
  test('no prettier config: only the edited key changes, odd formatting stays', async () => {
    const odd = AGENT.replace(
      "tools: { 'search.web': t, plain: t }",
      "tools: {   'search.web':t ,plain:t   }",
    );
    const p = tempProject({ 'a.ts': odd });
    try {
      const result = await migrate(p.root, { force: true });
      assert.equal(
        readFileSync(path.join(p.root, 'a.ts'), 'utf8'),
        odd.replace("'search.web':t", 'search_web:t'),
      );
      assert.equal(result.files[0]?.formatting, 'no-config');
    } finally {
      p.cleanup();
    }
  });

  test('CRLF line endings and a BOM survive; only the edited names change', async () => {
    const crlf =
      '\uFEFF' +
      AGENT.replace("instructions: 'x'", 'instructions: `Use\n\\`search.web\\` first.`').replace(
        /\n/g,
        '\r\n',
      );
    const p = tempProject({ 'a.ts': crlf });
    try {
      await migrate(p.root, { force: true });
      const after = readFileSync(path.join(p.root, 'a.ts'), 'utf8');
      assert.equal(
        after,
        crlf.replace(/search\.web/g, 'search_web').replace("'search_web'", 'search_web'),
      );
    } finally {
      p.cleanup();
    }
  });

  test('a prettier-formatted file in a repo with a config is formatted with that config', async () => {
    const config = { singleQuote: true, printWidth: 60 };
    const formatted = await prettier.format(AGENT, { ...config, parser: 'typescript' });
    const p = tempProject({
      '.prettierrc': JSON.stringify(config),
      'a.ts': formatted,
      'b.ts': AGENT,
    });
    try {
      const result = await migrate(p.root, { force: true });
      const a = readFileSync(path.join(p.root, 'a.ts'), 'utf8');
      assert.equal(a, await prettier.format(a, { ...config, parser: 'typescript' }));
      assert.match(a, /search_web: t/);
      assert.equal(result.files.find((f) => f.file === 'a.ts')?.formatting, 'prettier');
      // b.ts was not prettier-formatted before: it is not reformatted now.
      assert.equal(
        readFileSync(path.join(p.root, 'b.ts'), 'utf8'),
        AGENT.replace("'search.web'", 'search_web'),
      );
      assert.equal(result.files.find((f) => f.file === 'b.ts')?.formatting, 'not-formatted-before');
    } finally {
      p.cleanup();
    }
  });
});

describe("formatting with the config's plugins", () => {
  // A plugin that changes nothing; ESM-only (its package exports only an `import` entry), as
  // prettier-plugin-tailwindcss and others are.
  const plugin = {
    'node_modules/prettier-plugin-noop/package.json': JSON.stringify({
      name: 'prettier-plugin-noop',
      type: 'module',
      exports: { '.': { import: './index.js' } },
    }),
    'node_modules/prettier-plugin-noop/index.js': 'export const languages = [];\n',
  };

  test("a plugin installed in the repository is found from the config's folder, not the working directory", async () => {
    const config = { singleQuote: true, printWidth: 60, plugins: ['prettier-plugin-noop'] };
    const formatted = await prettier.format(AGENT, {
      ...config,
      plugins: [],
      parser: 'typescript',
    });
    // Outside this repository: nothing above it has the plugin, and the working directory (this
    // repository) does not either.
    const p = tempProject(
      { ...plugin, '.prettierrc': JSON.stringify(config), 'a.ts': formatted },
      tmpdir(),
    );
    try {
      const result = await migrate(p.root, { force: true });
      assert.deepEqual(
        result.files.map((f) => [f.file, f.status, f.formatting]),
        [['a.ts', 'changed', 'prettier']],
      );
      assert.match(readFileSync(path.join(p.root, 'a.ts'), 'utf8'), /search_web: t/);
    } finally {
      p.cleanup();
    }
  });

  test('a plugin the config names but nobody installed: the edit is made, left unformatted, and said so', async () => {
    const config = { singleQuote: true, plugins: ['prettier-plugin-not-installed'] };
    const p = tempProject({ '.prettierrc': JSON.stringify(config), 'a.ts': AGENT }, tmpdir());
    try {
      const result = await migrate(p.root, { force: true });
      const a = result.files.find((f) => f.file === 'a.ts');
      assert.equal(a?.status, 'changed');
      assert.equal(a?.formatting, 'plugins-missing');
      assert.deepEqual(a?.missingPlugins, ['prettier-plugin-not-installed']);
      assert.equal(
        readFileSync(path.join(p.root, 'a.ts'), 'utf8'),
        AGENT.replace("'search.web'", 'search_web'),
      );
    } finally {
      p.cleanup();
    }
  });
});

test('a shared config its prettier config imports but nobody installed: the edit is made, left unformatted, and said so (eval: VincentMukuna/bo-assistant)', async () => {
  const p = tempProject(
    {
      'prettier.config.mjs': "import base from '@nowhere/prettier-config';\nexport default base;\n",
      'a.ts': AGENT,
    },
    tmpdir(),
  );
  try {
    const result = await migrate(p.root, { force: true });
    const a = result.files.find((f) => f.file === 'a.ts');
    assert.equal(a?.status, 'changed');
    assert.equal(a?.formatting, 'plugins-missing');
    assert.deepEqual(a?.missingPlugins, ['@nowhere/prettier-config']);
    assert.equal(
      readFileSync(path.join(p.root, 'a.ts'), 'utf8'),
      AGENT.replace("'search.web'", 'search_web'),
    );
  } finally {
    p.cleanup();
  }
});

describe('migrate command', () => {
  test('--dry-run on the demo prints a reviewable diff and summary, exits 0, writes nothing', async () => {
    const copy = copyFixture('demo-app');
    try {
      const bytes = snapshot(copy.root);
      const r = await runCli(['migrate', '--dry-run', copy.root]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^--- a\/src\/mastra\/tools\/registry\.ts$/m);
      assert.match(r.stdout, /^- {2}'search\.web': searchTool,$/m);
      assert.match(r.stdout, /^\+ {2}search_web: searchTool,$/m);
      assert.match(
        r.stdout,
        /18 edits in 6 files \(7 keep the names the model sees, 8 fix a request or a prompt, 3 change a name the model sees\)/,
      );
      assert.match(r.stdout, /Dry run: nothing was written\./);
      assert.deepEqual(snapshot(copy.root), bytes);
    } finally {
      copy.cleanup();
    }
  });

  test('a dirty tree exits 2 with the reason; an unknown rule exits 2', async () => {
    const p = tempProject({ 'a.ts': AGENT });
    try {
      mkdirSync(path.join(p.root, 'sub'));
      git(p.root, 'init', '-q');
      const dirty = await runCli(['migrate', p.root]);
      assert.equal(dirty.code, 2);
      assert.match(dirty.stderr, /uncommitted changes/);
      const bad = await runCli(['migrate', '--only', 'nope', p.root]);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /Invalid values|unknown rule/);
    } finally {
      p.cleanup();
    }
  });
});
