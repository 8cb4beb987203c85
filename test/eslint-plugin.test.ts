/**
 * The ESLint plugin's rules under ESLint's RuleTester (with @typescript-eslint/parser), on the demo
 * app's own files: each rule reports its class of the report's items in the linted file, with the
 * CLI's words, a fix for each edit `migrate` makes and a suggestion per candidate for a finding a
 * human decides. The buffer the rule is given stands in for the file on disk (an unsaved editor).
 * The plugin runs from its source here (its worker loads the engine through tsx); the packed build
 * is run by the real `eslint` in package.test.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import plugin from '../src/eslint/index.ts';
import { tempProject } from './helpers/temp-project.ts';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const DEMO = path.resolve('fixtures/demo-app');
const file = (rel: string) => path.join(DEMO, rel);
const text = (rel: string) => readFileSync(file(rel), 'utf8');
/** `rel` with each [before, after] replaced once, in order (the expected output of a fix). */
const fixed = (rel: string, ...pairs: Array<[string, string]>) =>
  pairs.reduce((t, [a, b]) => {
    if (!t.includes(a)) throw new Error(`${rel} has no ${a}`);
    return t.replace(a, b);
  }, text(rel));
const settings = { 'mastra-tool-names': { root: DEMO } };
const at = (rel: string) => ({ name: rel, filename: file(rel), code: text(rel), settings });

/** The UI's untyped comparison with a stale name: reported with one suggestion, the wire name. */
const compared = (line: number, column: number, stale: string, wire: string) => ({
  line,
  column,
  message: `code compares a tool name with "${stale}", but the model calls the tool "${wire}"; the compared value is not typed by Mastra, so it is left for you to change`,
  suggestions: [
    {
      desc: `Write '${wire}'`,
      output: fixed('src/ui/ToolCallView.tsx', [`'${stale}'`, `'${wire}'`]),
    },
  ],
});

const tester = new RuleTester({
  languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
});

tester.run('legal-key', plugin.rules['legal-key'], {
  valid: [at('src/ui/ToolCallView.tsx'), at('src/mastra/agents/support-agent.ts')],
  invalid: [
    {
      ...at('src/mastra/tools/registry.ts'),
      errors: [
        {
          line: 6,
          column: 3,
          message: /^'search\.web' -> search_web \(preserved\): Mastra rewrites/,
        },
        { line: 7, column: 3, message: /^'fetch:page' -> fetch_page \(preserved\)/ },
      ],
      output: fixed(
        'src/mastra/tools/registry.ts',
        ["'search.web'", 'search_web'],
        ["'fetch:page'", 'fetch_page'],
      ),
    },
    {
      ...at('src/mastra/tools/registry.ts'),
      name: 'an unsaved buffer: the key already fixed there is not reported',
      code: fixed('src/mastra/tools/registry.ts', ["'search.web'", 'search_web']),
      errors: [{ line: 7, column: 3, message: /^'fetch:page' -> fetch_page/ }],
      output: fixed(
        'src/mastra/tools/registry.ts',
        ["'search.web'", 'search_web'],
        ["'fetch:page'", 'fetch_page'],
      ),
    },
    {
      ...at('src/mastra/tools/registry.ts'),
      name: 'an unsaved buffer: a key typed there and on no disk is reported',
      code: fixed('src/mastra/tools/registry.ts', [
        '} as const;',
        "  'kb.extra': searchTool,\n} as const;",
      ]),
      errors: [
        { line: 6, message: /^'search\.web' -> search_web/ },
        { line: 7, message: /^'fetch:page' -> fetch_page/ },
        { line: 8, column: 3, message: /^'kb\.extra' -> kb_extra \(preserved\)/ },
      ],
      output: fixed(
        'src/mastra/tools/registry.ts',
        ["'search.web'", 'search_web'],
        ["'fetch:page'", 'fetch_page'],
        ['} as const;', '  kb_extra: searchTool,\n} as const;'],
      ),
    },
  ],
});

tester.run('offered-name', plugin.rules['offered-name'], {
  valid: [at('src/mastra/tools/registry.ts')],
  invalid: [
    {
      ...at('src/mastra/agents/research-agent.ts'),
      errors: [
        {
          line: 12,
          column: 27,
          message: /^search\.web -> search_web \(fixed\): the instructions name/,
        },
        { line: 12, column: 69, message: /^fetch:page -> fetch_page \(fixed\)/ },
        { line: 13, column: 38, message: /^notes\.save -> notes_save \(fixed\)/ },
        { line: 14, column: 59, message: /^fact\.checker -> agent-fact_checker \(fixed\)/ },
      ],
      output: fixed(
        'src/mastra/agents/research-agent.ts',
        ['\\`search.web\\`', '\\`search_web\\`'],
        ['with fetch:page', 'with fetch_page'],
        ['\\`notes.save\\`', '\\`notes_save\\`'],
        ['\\`fact.checker\\`', '\\`agent-fact_checker\\`'],
      ),
    },
    {
      ...at('src/ui/ToolCallView.tsx'),
      name: 'a finding a human decides: one suggestion, the literal as the model calls the tool',
      errors: [
        compared(22, 11, 'fetch:page', 'fetch_page'),
        compared(22, 25, 'notes.save', 'notes_save'),
        compared(26, 25, 'search.web', 'search_web'),
      ],
      output: null,
    },
    {
      ...at('src/mastra/agents/planner-agent.ts'),
      name: "a prompt file's edit, at the call that reads it (no fix: the edit is in the prompt file)",
      errors: [
        {
          line: 6,
          message:
            /^src\/mastra\/prompts\/planner\.md:5: daily\.digest -> workflow-daily_digest \(fixed\)/,
        },
      ],
      output: null,
    },
  ],
});

tester.run('builtin-key', plugin.rules['builtin-key'], {
  valid: [at('src/run.ts')],
  invalid: [
    {
      ...at('src/mastra/agents/support-agent.ts'),
      errors: [
        {
          line: 19,
          column: 59,
          message: /^askUserTool -> ask_user \(renamed\): built-in askUserTool/,
        },
      ],
      output: fixed('src/mastra/agents/support-agent.ts', [
        'lookupOrderTool, askUserTool }',
        'lookupOrderTool, ask_user: askUserTool }',
      ]),
    },
  ],
});

tester.run('tool-source', plugin.rules['tool-source'], {
  valid: [at('src/mastra/tools/registry.ts')],
  invalid: [
    {
      ...at('src/mastra/agents/research-agent.ts'),
      errors: [{ line: 20, message: /^MCP tools are named `\$\{server\}_\$\{tool\}` at run time/ }],
      output: null,
    },
  ],
});

const collision = tempProject({
  'package.json': '{ "name": "c", "dependencies": { "@mastra/core": "1.71.0" } }\n',
  'a.ts': `import { Agent } from '@mastra/core/agent';\nimport { createTool } from '@mastra/core/tools';\nconst t = createTool({ id: 'x', description: 'x', execute: async () => ({}) });\nexport const a = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'm', tools: { 'a.b': t, 'a b': t } });\n`,
});
after(() => collision.cleanup());

tester.run('collision', plugin.rules.collision, {
  valid: [{ ...at('src/run.ts') }],
  invalid: [
    {
      name: 'two keys that rewrite to one name',
      filename: path.join(collision.root, 'a.ts'),
      code: readFileSync(path.join(collision.root, 'a.ts'), 'utf8'),
      settings: { 'mastra-tool-names': { root: collision.root } },
      // One finding, reported at both keys.
      errors: [
        { line: 4, message: /"a\.b".*"a b"|"a b".*"a\.b"/ },
        { line: 4, message: /"a\.b".*"a b"|"a b".*"a\.b"/ },
      ],
      output: null,
    },
  ],
});

const prompts = new RuleTester({
  plugins: { 'mastra-tool-names': plugin },
  language: 'mastra-tool-names/prompt',
});

prompts.run('offered-name, in a prompt file itself', plugin.rules['offered-name'], {
  valid: [],
  invalid: [
    {
      ...at('src/mastra/prompts/planner.md'),
      settings: { 'mastra-tool-names': { root: DEMO, prompts: 'lint' } },
      errors: [
        { line: 5, column: 13, message: /^daily\.digest -> workflow-daily_digest \(fixed\)/ },
      ],
      output: fixed('src/mastra/prompts/planner.md', ['daily.digest', 'workflow-daily_digest']),
    },
  ],
});

// A file that starts with a byte-order mark: ESLint's text has none, the file on disk has one, so
// positions and fixes are the engine's less one character (a BOM is no unsaved edit).
const registry = text('src/mastra/tools/registry.ts');
const bom = tempProject({
  'package.json': readFileSync(file('package.json'), 'utf8'),
  'src/agent.ts': `import { Agent } from '@mastra/core/agent';\nimport { researchTools } from './registry';\nexport const a = new Agent({ id: 'a', name: 'a', instructions: 'Help.', model: 'openai/gpt-4o', tools: { ...researchTools } });\nexport const run = () => a.generate('x');\n`,
  'src/registry.ts': `\uFEFF${registry.replace("from './search'", "from './search-tools'")}`,
  'src/search-tools.ts': `import { createTool } from '@mastra/core/tools';\nexport const searchTool = createTool({ id: 'search', description: 'Search.', execute: async () => ({}) });\nexport const fetchPageTool = createTool({ id: 'fetch-page', description: 'Fetch.', execute: async () => ({}) });\n`,
});
after(() => bom.cleanup());

tester.run('legal-key, in a file with a byte-order mark', plugin.rules['legal-key'], {
  valid: [],
  invalid: [
    {
      name: 'src/registry.ts (BOM on disk)',
      filename: path.join(bom.root, 'src/registry.ts'),
      code: registry.replace("from './search'", "from './search-tools'"),
      settings: { 'mastra-tool-names': { root: bom.root } },
      errors: [
        { line: 6, column: 3, message: /^'search\.web' -> search_web \(preserved\)/ },
        { line: 7, column: 3, message: /^'fetch:page' -> fetch_page \(preserved\)/ },
      ],
      output: registry
        .replace("from './search'", "from './search-tools'")
        .replace("'search.web'", 'search_web')
        .replace("'fetch:page'", 'fetch_page'),
    },
  ],
});

// A prompt file with a byte-order mark: the scan counts the mark in a text file it reads whole, ESLint
// does not; the problem and its fix land on the name all the same.
const bomDemo = mkdtempSync(path.join(os.tmpdir(), 'mtn-eslint-bom-'));
cpSync(DEMO, bomDemo, { recursive: true });
const planner = text('src/mastra/prompts/planner.md');
writeFileSync(path.join(bomDemo, 'src/mastra/prompts/planner.md'), `\uFEFF${planner}`);
after(() => rmSync(bomDemo, { recursive: true, force: true }));

prompts.run('offered-name, in a prompt file with a byte-order mark', plugin.rules['offered-name'], {
  valid: [],
  invalid: [
    {
      name: 'src/mastra/prompts/planner.md (BOM on disk)',
      filename: path.join(bomDemo, 'src/mastra/prompts/planner.md'),
      code: planner,
      settings: { 'mastra-tool-names': { root: bomDemo, prompts: 'lint' } },
      errors: [{ line: 5, column: 13, message: /^daily\.digest -> workflow-daily_digest/ }],
      output: planner.replace('daily.digest', 'workflow-daily_digest'),
    },
  ],
});
