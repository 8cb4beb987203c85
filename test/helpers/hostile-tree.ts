/**
 * Builds a seeded hostile tree: a git repository `repo/` (the target) beside a folder `outside/`
 * that it links into, with symlink loops, links out of the root, a link to a file inside it,
 * deeply nested code, a single-line file of several MB, binary and invalid UTF-8 files, odd path
 * names, and ordinary agents beside them. Each case can also be built alone (for the before/after
 * comparison of the CLI in the closing note of issue 12).
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** An agent whose one tool key Mastra rewrites: `migrate` must turn it into the wire name. */
export function agentSource(id: string, key = 'search.web', extra = ''): string {
  return `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const t = createTool({ id: '${id}-tool', description: 'd', execute: async () => ({}) });
${extra}
export const agent = new Agent({ id: '${id}', name: '${id}', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { '${key}': t } });
`;
}

const HEADER = `import { Agent } from '@mastra/core/agent';\n`;

/** Each hostile case: the files it adds under `repo/` and `outside/`, and what a run must show. */
export interface HostileCase {
  name: string;
  /** Files and links to create; link targets are relative to the link's folder, as `ln -s` takes them. */
  build(repo: string, outside: string, random: () => number): void;
}

function write(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function link(target: string, at: string): void {
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(target, at);
}

const between = (random: () => number, low: number, high: number) =>
  low + Math.floor(random() * (high - low));

export const CASES: HostileCase[] = [
  {
    name: 'ordinary agents, in paths with spaces, unicode and a leading dash',
    build(repo) {
      write(path.join(repo, 'src/mastra/agents/ordinary.ts'), agentSource('ordinary'));
      write(path.join(repo, 'src/with space/agent.ts'), agentSource('spaced', 'a.b'));
      write(path.join(repo, 'src/ünïcödé/agent.ts'), agentSource('unicode', 'c:d'));
      write(path.join(repo, 'src/-dash/agent.ts'), agentSource('dash', 'e f'));
      write(path.join(repo, '-leading.ts'), agentSource('leading', 'g.h'));
    },
  },
  {
    name: 'symlink loops: src/loop -> .., src/self -> ., src/m1/to2 <-> src/m2/to1; a broken link',
    build(repo) {
      write(path.join(repo, 'src/m1/agent.ts'), agentSource('mutual', 'm.n'));
      write(path.join(repo, 'src/m2/README.md'), 'Nothing here.\n');
      link('..', path.join(repo, 'src/loop'));
      link('.', path.join(repo, 'src/self'));
      link('../m2', path.join(repo, 'src/m1/to2'));
      link('../m1', path.join(repo, 'src/m2/to1'));
      link('nowhere.ts', path.join(repo, 'src/broken.ts'));
    },
  },
  {
    name: 'a link to a folder outside the root (src/ext -> ../../outside/pkg), imported by an agent in the root',
    build(repo, outside) {
      write(path.join(outside, 'pkg/agent.ts'), agentSource('outside-dir'));
      // A tool map with an illegal key, reached only through the link: rewrite-keys would edit it.
      write(
        path.join(outside, 'pkg/map.ts'),
        `import { createTool } from '@mastra/core/tools';\nconst t = createTool({ id: 'linked', description: 'd', execute: async () => ({}) });\nexport const linkedTools = { 'linked.tool': t };\n`,
      );
      link(
        path.relative(path.join(repo, 'src'), path.join(outside, 'pkg')),
        path.join(repo, 'src/ext'),
      );
      write(
        path.join(repo, 'src/uses-ext.ts'),
        `import { Agent } from '@mastra/core/agent';\nimport { linkedTools } from './ext/map';\n\nexport const usesExt = new Agent({ id: 'uses-ext', name: 'uses-ext', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { ...linkedTools } });\n`,
      );
    },
  },
  {
    name: 'a link to a file outside the root (src/shared.ts -> ../../outside/shared.ts)',
    build(repo, outside) {
      write(path.join(outside, 'shared.ts'), agentSource('outside-file', 'shared.key'));
      link(
        path.relative(path.join(repo, 'src'), path.join(outside, 'shared.ts')),
        path.join(repo, 'src/shared.ts'),
      );
    },
  },
  {
    name: 'a link to a file inside the root (src/alias.ts -> mastra/agents/inner.ts)',
    build(repo) {
      write(path.join(repo, 'src/mastra/agents/inner.ts'), agentSource('inner', 'inner.key'));
      link('mastra/agents/inner.ts', path.join(repo, 'src/alias.ts'));
    },
  },
  {
    name: 'deep nesting: parentheses, arrays, JSX, template literals, a long + chain in instructions',
    build(repo, _outside, random) {
      const n = between(random, 4000, 6000);
      write(
        path.join(repo, 'src/deep/parens.ts'),
        `${HEADER}export const v = ${'('.repeat(n)}1${')'.repeat(n)};\n`,
      );
      write(
        path.join(repo, 'src/deep/arrays.ts'),
        `${HEADER}export const v = ${'['.repeat(n)}1${']'.repeat(n)};\n`,
      );
      write(
        path.join(repo, 'src/deep/jsx.tsx'),
        `${HEADER}export const v = ${'<b>'.repeat(n)}x${'</b>'.repeat(n)};\n`,
      );
      write(
        path.join(repo, 'src/deep/template.ts'),
        `${HEADER}export const v = ${'`a${'.repeat(n)}1${'}`'.repeat(n)};\n`,
      );
      // Parses in TypeScript (the scan) but is too deep for the rewriter's parser: fails in the rewrite phase.
      const arrays = between(random, 900, 1100);
      write(
        path.join(repo, 'src/deep/rewrite.ts'),
        agentSource('deep-rewrite', 'deep.key').replace(
          "instructions: 'x'",
          `instructions: 'x', defaultOptions: { data: ${'['.repeat(arrays)}1${']'.repeat(arrays)} }`,
        ),
      );
      const terms = between(random, 20_000, 30_000);
      const chain = Array.from({ length: terms }, (_, i) => `'part ${i} '`).join(' + ');
      write(
        path.join(repo, 'src/deep/concat.ts'),
        agentSource('concat', 'concat.key').replace("instructions: 'x'", `instructions: ${chain}`),
      );
    },
  },
  {
    name: 'a single-line file of several MB',
    build(repo, _outside, random) {
      const items = between(random, 500_000, 600_000);
      write(
        path.join(repo, 'src/big.js'),
        `export const tools = [${Array.from({ length: items }, (_, i) => i).join(',')}];`,
      );
    },
  },
  {
    name: 'binary and invalid UTF-8 files',
    build(repo, _outside, random) {
      // An MPEG transport stream is a `.ts` file too: sync bytes, NULs, noise.
      const video = Buffer.alloc(188 * 40);
      for (let i = 0; i < video.length; i++)
        video[i] = i % 188 === 0 ? 0x47 : Math.floor(random() * 256);
      video[1] = 0;
      write(path.join(repo, 'src/clip.ts'), video);
      // Latin-1 source with an agent Mastra would rewrite: rewriting it as UTF-8 would corrupt the é.
      write(
        path.join(repo, 'src/latin1.ts'),
        Buffer.concat([
          Buffer.from('// caf'),
          Buffer.from([0xe9]),
          Buffer.from('\n'),
          Buffer.from(agentSource('latin1', 'l.m')),
        ]),
      );
    },
  },
];

/** Builds the chosen cases (all by default) under `base`: `base/repo` and `base/outside`. */
export function buildHostileTree(
  base: string,
  seed: number,
  cases: readonly HostileCase[] = CASES,
): { repo: string; outside: string } {
  const repo = path.join(base, 'repo');
  const outside = path.join(base, 'outside');
  mkdirSync(repo, { recursive: true });
  mkdirSync(outside, { recursive: true });
  const random = rng(seed);
  for (const c of cases) c.build(repo, outside, random);
  return { repo, outside };
}
