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
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
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

/**
 * The engine's layers, lowest first (docs/architecture.md): a folder imports only the folders
 * before it. The files at src/'s top (git.ts, progress.ts, version.ts, ...) are below them all.
 */
const LAYERS = [
  'names',
  'cache',
  'scan',
  'offers',
  'plan',
  'transforms',
  'migrate',
  'verify',
  'report',
  'base',
  'api',
  'eslint',
];
const READ_ONLY = ['scan', 'report'];
const PURE = ['plan', 'names'];
/** Imports of a layer above the i-th: `../plan/x.ts`, `../../src/migrate/x.ts`, `../../transforms/x.ts`. */
const above = (/** @type {number} */ i) =>
  i === LAYERS.length - 1
    ? []
    : [
        {
          regex: `^(\\.\\./)+(src/)?(${LAYERS.slice(i + 1).join('|')})/`,
          message: `${LAYERS[i]}/ is below ${LAYERS.slice(i + 1).join(', ')}: imports point down the layers (docs/architecture.md).`,
        },
      ];

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
  // Imports point down the layers; the scanner and the renderers never write; the plan and the
  // normaliser are pure. One config a layer, since each lists all of its restricted imports.
  ...LAYERS.map((layer, i) => ({
    name: `architecture: ${layer}/ imports only the layers below it`,
    files: [layer === 'transforms' ? 'transforms/**/*.ts' : `src/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': restrictImports(READ_ONLY.includes(layer) ? noWrites : [], [
        ...(PURE.includes(layer) ? [noIO] : []),
        ...above(i),
      ]),
    },
  })),
  {
    name: 'architecture: no import cycles in the engine',
    files: ENGINE,
    plugins: { 'import-x': importX },
    // Without these, import-x reads no .ts module and finds no cycle at all.
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
]);
