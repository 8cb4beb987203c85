/**
 * A tree with no Mastra code (no package.json declares a Mastra package, no source names
 * `@mastra/`) is answered without parsing, planning or hashing: the same result `migrate` gives,
 * said in every format, and no cache entry. A package.json or a single import of `@mastra/` is
 * enough to scan in full.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { migrateWithCache, type CacheOutcome } from '../src/migrate/cached-migrate.ts';
import { migrate } from '../src/migrate/migrate.ts';
import { buildReport } from '../src/report/build.ts';
import { renderReport } from '../src/report/render/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const dirs: string[] = [];
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function cacheDirFor(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mtn-no-mastra-'));
  dirs.push(dir);
  return dir;
}

/** A monorepo of another agent framework, with a file in another encoding and a binary file. */
const OTHER_FRAMEWORK: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
  'packages/bot/package.json': JSON.stringify({ dependencies: { '@openai/agents': '0.1.0' } }),
  'packages/bot/src/agent.ts': [
    "import { Agent, tool } from '@openai/agents';",
    "const search = tool({ name: 'search', description: 'x', parameters: {}, execute: async () => '' });",
    "export const agent = new Agent({ name: 'bot', instructions: 'Call search.', tools: [search] });",
    "export const isSearch = (toolName: string) => toolName === 'search';",
    '',
  ].join('\n'),
  'packages/bot/src/legacy.ts': '// caf\u00e9\n',
  'packages/bot/src/blob.ts': '\u0000\u0001binary',
};

/** The cached run skips the tree (nothing hashed or stored) and gives what `migrate` gives. */
async function fastAsFull(root: string) {
  const dir = cacheDirFor();
  const fast = await cached(root, dir);
  assert.equal(fast.outcome, 'skipped');
  assert.deepEqual(readdirSync(dir), [], 'nothing hashed, nothing stored');
  const full = await migrate(root, { dryRun: true });
  const { timings: _a, ...fastResult } = fast.result;
  const { timings: _b, ...fullResult } = full;
  assert.deepEqual(fastResult, fullResult);
  return { fast: fast.result, full };
}

async function cached(root: string, cacheDir: string) {
  let outcome: CacheOutcome | undefined;
  const result = await migrateWithCache(root, { dryRun: true, cacheDir }, (o) => (outcome = o));
  return { result, outcome };
}

test('no Mastra code: the cache is skipped, and the result is the one migrate gives', async () => {
  // Outside this repository, whose own package.json declares @mastra/core.
  const p = tempProject(OTHER_FRAMEWORK, os.tmpdir());
  // Latin-1, not UTF-8: a file the scan cannot read faithfully, reported as it always is.
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    path.join(p.root, 'packages/bot/src/legacy.ts'),
    Buffer.from('// caf\xe9\n', 'latin1'),
  );
  try {
    const { fast, full } = await fastAsFull(p.root);
    assert.equal(full.scan.files.noMastra, true);
    assert.equal(full.scan.files.candidates, 0, 'nothing parsed');
    assert.deepEqual(
      full.plan.findings.map((f) => f.kind),
      ['unparsable'],
      'the file in another encoding is still reported',
    );
    assert.deepEqual(
      full.scan.files.skipped?.map((f) => f.file),
      ['packages/bot/src/blob.ts'],
    );
    assert.ok(
      fast.timings.every((t) => ['discover', 'prefilter'].includes(t.phase)),
      fast.timings.map((t) => t.phase).join(', '),
    );

    const report = buildReport(fast, 'check', p.root);
    for (const format of ['text', 'json', 'markdown', 'sarif', 'github'] as const)
      assert.match(renderReport(report, format), /no Mastra code found/i, format);
  } finally {
    p.cleanup();
  }
});

test('a package.json that declares Mastra, or a source that can import it, is scanned in full', async () => {
  const context =
    "import { RequestContext } from '@mastra/core/request-context';\nexport const ctx = new RequestContext();\n";
  const declared = {
    ...OTHER_FRAMEWORK,
    'packages/bot/package.json': JSON.stringify({ dependencies: { '@mastra/core': '1.0.0' } }),
  };
  // Installed as a dependency of a dependency: Node finds it though nothing declares it.
  const installed = {
    ...OTHER_FRAMEWORK,
    'packages/bot/src/context.ts': context,
    'node_modules/@mastra/core/package.json': JSON.stringify({ name: '@mastra/core' }),
  };
  const deno = {
    ...OTHER_FRAMEWORK,
    'packages/bot/src/context.ts': context.replace("'@mastra/core/", "'npm:@mastra/core/"),
  };
  const importMap = {
    ...OTHER_FRAMEWORK,
    'packages/bot/src/context.ts': context,
    'deno.json': JSON.stringify({ imports: { '@mastra/core/': 'npm:/@mastra/core@1.0.0/' } }),
  };
  // No package.json at all (a folder of snippets): nothing says what it depends on.
  const unmanaged = Object.fromEntries(
    Object.entries({ ...OTHER_FRAMEWORK, 'packages/bot/src/context.ts': context }).filter(
      ([f]) => !f.endsWith('package.json'),
    ),
  );
  for (const [name, files] of [
    ['declared', declared],
    ['installed', installed],
    ['no manifest at all', unmanaged],
    ['deno specifier', deno],
    ['import map', importMap],
  ] as const) {
    const p = tempProject(files, os.tmpdir());
    try {
      const { result, outcome } = await cached(p.root, cacheDirFor());
      assert.equal(outcome, 'stored', name);
      assert.equal(result.scan.files.noMastra, undefined, name);
      assert.equal(buildReport(result, 'check', p.root).noMastraCode, undefined, name);
    } finally {
      p.cleanup();
    }
  }
});

test('sources that name @mastra/ where nothing declares or installs it hold no Mastra code that can run', async () => {
  // As in f4falalu/echo: eval files still import a Mastra the packages no longer depend on.
  const leftover = {
    ...OTHER_FRAMEWORK,
    'packages/bot/src/context.ts':
      "import { RequestContext } from '@mastra/core/request-context';\nexport const ctx = new RequestContext();\n",
  };
  const p = tempProject(leftover, os.tmpdir());
  try {
    const { full } = await fastAsFull(p.root);
    assert.equal(full.scan.files.candidates, 0, 'nothing parsed');
    assert.equal(full.scan.files.mastraUnresolved, 1);
    const report = buildReport(full, 'check', p.root);
    for (const format of ['text', 'json', 'markdown', 'sarif', 'github'] as const)
      assert.match(
        renderReport(report, format),
        /the source file that names @mastra\/ cannot import it/,
        format,
      );
  } finally {
    p.cleanup();
  }
});
