// @ts-check
/**
 * ESLint for our own code: typescript-eslint's type-aware recommended rules on TypeScript, the
 * untyped recommended rules on the plain JavaScript scripts, and the few rules that keep the
 * architecture (docs/architecture.md): only bin/ prints or exits, nothing below bin/ imports it,
 * the scanner and the planner never write. The fixture apps are inputs, never linted.
 */
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Code below the CLI layer: the engine (src/) and the transforms. */
const ENGINE = ['src/**/*.ts', 'transforms/**/*.ts'];

/** `process.exit()`, `process.exitCode`, `process.stdout` and `process.stderr`: bin/'s alone. */
const exitOrPrint = {
  selector:
    "MemberExpression[object.name='process'][property.name=/^(exit|exitCode|stdout|stderr)$/]",
  message:
    'Only bin/ prints and sets the exit code; the engine returns results (see docs/architecture.md).',
};
const importOfBin = {
  selector: 'ImportExpression[source.value=/(^|\\/)bin\\//]',
  message: 'Nothing below bin/ imports from bin/: bin/ is a thin layer over the engine.',
};
/** File writes: the names of node:fs calls that change the disk. */
const FS_WRITES = [
  'appendFile',
  'appendFileSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'mkdir',
  'mkdirSync',
  'mkdtemp',
  'mkdtempSync',
  'rename',
  'renameSync',
  'rm',
  'rmSync',
  'unlink',
  'unlinkSync',
  'writeFile',
  'writeFileSync',
  'createWriteStream',
];

/** Restricted imports rules do not merge across config objects: each folder lists all of its own. */
const restrictImports = (
  /** @type {Array<{ name: string, importNames?: string[], message: string }>} */ paths,
  /** @type {Array<{ regex: string, message: string }>} */ patterns,
) => /** @type {const} */ (['error', { paths, patterns: [noBinImport, ...patterns] }]);
const noBinImport = {
  regex: '(^|/)bin/',
  message: importOfBin.message,
};
const noWrites = [
  { name: 'write-file-atomic', message: 'Only src/migrate/ writes files (write-guard.ts).' },
  ...['node:fs', 'node:fs/promises', 'fs', 'fs/promises'].map((name) => ({
    name,
    importNames: FS_WRITES,
    message: 'The scanner, the planner and the renderers read; only src/migrate/ writes.',
  })),
];
const noIO = {
  regex: '^(node:)?(fs|child_process|net|http|https|dgram|worker_threads)(/|$)',
  message: 'src/plan/ and src/names/ are pure: data in, data out, no I/O.',
};

export default defineConfig([
  globalIgnores(
    ['fixtures/', '**/__testfixtures__/', 'dist/', 'schema/', '.bench/', '.tmp/', 'scratch/'],
    'inputs and outputs',
  ),
  {
    name: 'typescript, type-aware',
    files: ['**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // node:test's describe() and test() return promises the runner itself awaits; a subtest
      // started with t.test() is still checked.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'suite', 'test'] },
          ],
        },
      ],
      // `const { detail: _detail, ...rest } = e` is how a property is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // The scripts (action/, bench/, scripts/, test helpers run by Node) have no types to check.
    name: 'javascript',
    files: ['**/*.{js,mjs,cjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'architecture: the engine neither prints, exits nor imports the CLI',
    files: ENGINE,
    rules: {
      'no-console': 'error',
      'no-restricted-syntax': ['error', exitOrPrint, importOfBin],
      'no-restricted-imports': restrictImports([], []),
    },
  },
  {
    // The verify child is a program of its own (a child process, not the engine): it reports over
    // IPC, writes its own crash to its stderr, and exits when done because the app's timers would
    // keep it alive.
    name: 'architecture: the verify child is its own process',
    files: ['src/verify/child/driver.ts'],
    rules: { 'no-restricted-syntax': ['error', importOfBin] },
  },
  {
    name: 'architecture: the scanner and the renderers never write files',
    files: ['src/scan/**/*.ts', 'src/report/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(noWrites, []) },
  },
  {
    // Shipped as `mastra-tool-names/runtime` and bundled alone (scripts/runtime-entry.mjs): it may
    // import the pure name rule and nothing else, so apps that use it install no dependency.
    name: 'architecture: the runtime helper has no dependencies',
    files: ['src/runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports(
        [],
        [
          {
            regex: '^(?!\\.\\./names/wire-name\\.ts$)',
            message:
              'src/runtime/ imports only ../names/wire-name.ts (see scripts/runtime-entry.mjs).',
          },
        ],
      ),
    },
  },
  {
    name: 'architecture: the plan and the normaliser are pure',
    files: ['src/plan/**/*.ts', 'src/names/**/*.ts'],
    rules: { 'no-restricted-imports': restrictImports(noWrites, [noIO]) },
  },
]);
