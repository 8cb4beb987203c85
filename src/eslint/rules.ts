/**
 * The plugin's rules and which of the report's items each one reports. The report has two kinds of
 * items: changes (an edit `migrate` makes, named by its rule) and findings (named by their kind).
 * Each maps to one ESLint rule, so a team can turn a class of problem off the way it turns off
 * any lint rule. The tables are `Record`s over the engine's own unions: a new rule or finding kind
 * does not compile until it is given a place here.
 */
import type { FindingKind, RuleId } from '../plan/model.ts';

export const ESLINT_RULES = {
  'offered-name': {
    description:
      'A prompt, toolChoice, activeTools, comparison or hook names a tool by a name its agent is not offered.',
  },
  'legal-key': {
    description:
      'A tool key Mastra rewrites before the model sees it (characters outside a-zA-Z0-9_-, a leading non-letter, more than 63 characters).',
  },
  'builtin-key': {
    description:
      'A tool registered by shorthand or variable name is offered under that name, not its id.',
  },
  collision: {
    description: 'Two keys one agent is offered under the same wire name: generate() fails.',
  },
  'tool-source': {
    description:
      'Tools whose names the model sees only at run time (MCP, arrays, unread prompts, version gaps): what they are offered as.',
  },
} as const;

export type EslintRuleName = keyof typeof ESLINT_RULES;

/** The rule that reports each change, by the engine rule that made it. */
export const CHANGE_RULES: Record<RuleId, EslintRuleName> = {
  prompts: 'offered-name',
  'tool-choice': 'offered-name',
  references: 'offered-name',
  'rewrite-keys': 'legal-key',
  'rekey-builtins': 'builtin-key',
  'rekey-by-id': 'builtin-key',
  'wrap-runtime-tools': 'tool-source',
};

/**
 * The rule that reports each finding kind; `null` for what concerns a file, not a name (a file the
 * engine could not parse or left alone): ESLint reports its own parse errors.
 */
export const FINDING_RULES: Record<FindingKind, EslintRuleName | null> = {
  'prompt-mention': 'offered-name',
  'unknown-tool-mention': 'offered-name',
  reference: 'offered-name',
  'ambiguous-mention': 'offered-name',
  'mode-dependent-mention': 'offered-name',
  'unknown-name': 'offered-name',
  'delegation-id': 'offered-name',
  'name-mapping': 'offered-name',
  'network-keys': 'offered-name',
  'version-unknown': 'offered-name',
  'illegal-key': 'legal-key',
  'file-name-key': 'legal-key',
  'skipped-rename': 'legal-key',
  'rename-kept': 'builtin-key',
  'rename-breaks': 'builtin-key',
  collision: 'collision',
  'runtime-names': 'tool-source',
  'array-tools': 'tool-source',
  'step-tools': 'tool-source',
  unresolved: 'tool-source',
  'unread-prompt': 'tool-source',
  'missing-dependency': 'tool-source',
  'missing-in-version': 'tool-source',
  unreached: 'tool-source',
  upgrade: 'tool-source',
  unparsable: null,
  'skipped-file': null,
};
