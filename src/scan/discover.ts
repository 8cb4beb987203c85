/**
 * Which files a scan looks at: source files under the root, honouring .gitignore (nested ones too),
 * never node_modules or build output; every tsconfig; and the text files (docs, eval sets) where a
 * renamed tool may still be named. A cheap text prefilter then picks the sources worth parsing.
 */
import { globby } from 'globby';
import type { PhaseClock } from '../progress.ts';
import { TextCache } from './text-cache.ts';

export const SOURCE_PATTERNS = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
const TSCONFIG_PATTERNS = ['**/tsconfig.json'];
const TEXT_PATTERNS = ['**/*.{md,mdx,txt,json,yaml,yml}'];
export const ALWAYS_IGNORED = [
  '**/node_modules/**',
  '**/dist/**',
  '**/build/**',
  '**/out/**',
  '**/.next/**',
  '**/.mastra/**',
  '**/coverage/**',
  '**/*.d.ts',
  '**/*.min.js',
];

export interface DiscoverOptions {
  /** Globs of source files to read instead of every source file. */
  include?: string[];
  /** Globs of files to skip. */
  exclude?: string[];
}

export interface Discovered {
  /** Source files (absolute, sorted). */
  sources: string[];
  tsconfigs: string[];
  /** Markdown, text, JSON and YAML files, for the stale-name check. */
  texts: string[];
}

const SOURCE = /\.[cm]?[jt]sx?$/i;

/** A JavaScript or TypeScript source file, by extension. */
export function isSourceFile(file: string): boolean {
  return SOURCE.test(file);
}
const TSCONFIG = /(^|\/)tsconfig\.json$/;

/** One walk of the tree (globbing is the costly part), split by kind afterwards. */
export async function discover(root: string, options: DiscoverOptions = {}): Promise<Discovered> {
  const included = Boolean(options.include?.length);
  const found = await globby([...(included ? options.include! : SOURCE_PATTERNS), ...TSCONFIG_PATTERNS, ...TEXT_PATTERNS], {
    cwd: root,
    absolute: true,
    gitignore: true,
    dot: false,
    ignore: [...ALWAYS_IGNORED, ...(options.exclude ?? [])],
  });
  found.sort();
  const tsconfigs = found.filter((f) => TSCONFIG.test(f));
  const sources = found.filter(isSourceFile);
  return { sources, tsconfigs, texts: found.filter((f) => !isSourceFile(f) && !TSCONFIG.test(f)) };
}

/**
 * Text that makes a file worth parsing: it touches Mastra, defines tools that agents spread,
 * compares tool names, or can hold a call site or call options (a route handler or job that gets
 * `mastra` as a parameter imports nothing from Mastra). Files without any of these cost one read.
 */
const RELEVANT =
  /@mastra\/|toolName|tool_name|createTool|\btools\b|\bagents\b|readFileSync|listTools|getTools|\.(generate|stream|network)\s*\(|getAgent(ById)?\s*\(|toolChoice|activeTools|toolsets|clientTools|prepareStep/;

/** Synchronous reads: for thousands of small files they are several times faster than a pool of promises. */
export function prefilter(files: readonly string[], clock?: PhaseClock, texts = new TextCache(0)): string[] {
  const candidates: string[] = [];
  for (const file of files) {
    if (RELEVANT.test(texts.read(file))) candidates.push(file);
    clock?.tick();
  }
  return candidates;
}
