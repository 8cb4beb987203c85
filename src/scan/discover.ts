/**
 * Which files a scan looks at: source files under the root, honouring .gitignore (nested ones too),
 * never node_modules or build output. A cheap text prefilter then picks the files worth parsing.
 */
import { readFile } from 'node:fs/promises';
import { globby } from 'globby';

export const SOURCE_PATTERNS = ['**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'];
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
  include?: string[];
  exclude?: string[];
}

/** Absolute paths of source files under `root`, sorted for stable output. */
export async function discoverFiles(root: string, options: DiscoverOptions = {}): Promise<string[]> {
  const files = await globby(options.include?.length ? options.include : SOURCE_PATTERNS, {
    cwd: root,
    absolute: true,
    gitignore: true,
    dot: false,
    ignore: [...ALWAYS_IGNORED, ...(options.exclude ?? [])],
  });
  return files.sort();
}

/**
 * Text that makes a file worth parsing: it touches Mastra, defines tools that agents spread, or
 * compares tool names. Files without any of these cost one read.
 */
const RELEVANT = /@mastra\/|toolName|createTool|\btools\b|\bagents\b|readFileSync|listTools|getTools/;

export async function prefilter(files: string[]): Promise<{ candidates: string[]; texts: Map<string, string> }> {
  const texts = new Map<string, string>();
  const candidates: string[] = [];
  await Promise.all(
    files.map(async (file) => {
      const text = await readFile(file, 'utf8');
      if (RELEVANT.test(text)) {
        texts.set(file, text);
        candidates.push(file);
      }
    }),
  );
  return { candidates: candidates.sort(), texts };
}
