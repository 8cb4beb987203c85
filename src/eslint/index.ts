/**
 * `mastra-tool-names/eslint`: the report's findings and changes as ESLint problems, while you type.
 *
 * ```js
 * // eslint.config.js
 * import mastraToolNames from 'mastra-tool-names/eslint';
 * export default [mastraToolNames.configs.recommended];
 * ```
 *
 * Rules are synchronous and the engine is not: the engine runs in a worker thread (synckit), which
 * holds one answer per project root and analyses again only when a file it rests on, or the
 * linted buffer, changed. Each rule reports the problems of its class that lie in the linted file.
 * The project root is ESLint's working directory, or `settings['mastra-tool-names'].root`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSyncFn } from 'synckit';
import type { ESLint, Linter, Rule } from 'eslint';
import { TOOL_VERSION } from '../version.ts';
import type { LintAnswer, LintRequest } from './engine.ts';
import { promptLanguage } from './prompt-language.ts';
import { ESLINT_RULES, type EslintRuleName } from './rules.ts';

interface Settings {
  /** The project root to analyse, relative to ESLint's working directory (default: it). */
  root?: string;
  /** `lint`: prompt files are linted themselves, so their problems are not repeated at their loaders. */
  prompts?: 'lint' | 'loaders';
}

const here = fileURLToPath(import.meta.url);
const fromSource = here.endsWith('.ts');
const workerPath = path.join(
  path.dirname(here),
  fromSource ? 'worker-from-source.mjs' : 'worker.js',
);

let lintSync: ((request: LintRequest) => LintAnswer) | undefined;
/** The last answer: the plugin's rules lint the same text one after the other. */
let last: { file: string; text: string; root: string; answer: LintAnswer } | undefined;

function answerFor(request: LintRequest): LintAnswer {
  if (last?.file === request.file && last.text === request.text && last.root === request.root)
    return last.answer;
  lintSync ??= createSyncFn<(r: LintRequest) => Promise<LintAnswer>>(workerPath);
  const answer = lintSync(request);
  last = { ...request, answer };
  return answer;
}

function inside(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function makeRule(name: EslintRuleName): Rule.RuleModule {
  return {
    meta: {
      type: 'problem',
      docs: {
        description: ESLINT_RULES[name].description,
      },
      fixable: 'code',
      hasSuggestions: true,
      schema: [],
    },
    create(context) {
      const settings = (context.settings['mastra-tool-names'] ?? {}) as Settings;
      const root = path.resolve(context.cwd, settings.root ?? '.');
      const file = context.physicalFilename;
      if (!inside(root, file) || !existsSync(file)) return {};
      const { sourceCode } = context;
      const text = sourceCode.text;
      const loc = (start: number, end: number) => ({
        start: sourceCode.getLocFromIndex(Math.min(start, text.length)),
        end: sourceCode.getLocFromIndex(Math.min(end, text.length)),
      });
      for (const p of answerFor({ root, file, text }).problems) {
        if (p.rule !== name || (p.forPrompt && settings.prompts === 'lint')) continue;
        context.report({
          loc: loc(p.start, p.end),
          message: p.message,
          ...(p.fix && {
            fix: (fixer: Rule.RuleFixer) =>
              fixer.replaceTextRange([p.fix!.start, p.fix!.end], p.fix!.text),
          }),
          ...(p.suggestions?.length && {
            suggest: p.suggestions.map((s) => ({
              desc: s.desc,
              fix: (fixer: Rule.RuleFixer) =>
                fixer.replaceTextRange([s.fix.start, s.fix.end], s.fix.text),
            })),
          }),
        });
      }
      return {};
    },
  };
}

const rules = Object.fromEntries(
  (Object.keys(ESLINT_RULES) as EslintRuleName[]).map((name) => [name, makeRule(name)]),
) as Record<EslintRuleName, Rule.RuleModule>;

const allRules = Object.fromEntries(
  (Object.keys(ESLINT_RULES) as EslintRuleName[]).map((name) => [
    `mastra-tool-names/${name}`,
    'warn',
  ]),
) as Record<string, 'warn'>;

/** Source files Mastra agents live in; prompt files are linted only by the `prompts` config. */
const SOURCES = ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'];
const PROMPTS = ['**/*.md', '**/*.txt'];

type Plugin = ESLint.Plugin & {
  rules: Record<EslintRuleName, Rule.RuleModule>;
  configs: { recommended: Linter.Config; prompts: Linter.Config[] };
};

const plugin: Plugin = {
  meta: { name: 'mastra-tool-names', version: TOOL_VERSION },
  rules,
  languages: {
    prompt: promptLanguage as unknown as NonNullable<ESLint.Plugin['languages']>[string],
  },
  configs: { recommended: {}, prompts: [] },
};

plugin.configs = {
  /** The rules on source files; a prompt file's problems are shown at the code that reads it. */
  recommended: {
    name: 'mastra-tool-names/recommended',
    files: SOURCES,
    plugins: { 'mastra-tool-names': plugin },
    rules: allRules,
  },
  /** Also lints prompt files themselves (with fixes), instead of repeating them at their loaders. */
  prompts: [
    {
      name: 'mastra-tool-names/prompts/sources',
      files: SOURCES,
      plugins: { 'mastra-tool-names': plugin },
      rules: allRules,
      settings: { 'mastra-tool-names': { prompts: 'lint' } },
    },
    {
      name: 'mastra-tool-names/prompts/prompt-files',
      files: PROMPTS,
      plugins: { 'mastra-tool-names': plugin },
      language: 'mastra-tool-names/prompt',
      rules: allRules,
      settings: { 'mastra-tool-names': { prompts: 'lint' } },
    },
  ],
};

export default plugin;
export { plugin };
