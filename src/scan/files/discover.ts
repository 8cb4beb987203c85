/**
 * Which files a scan looks at: source files under the root that belong to the repository (git
 * decides in a work tree: tracked files are never hidden by ignore rules; `members.ts`), never
 * node_modules or build output; every tsconfig; and the text files (docs, eval sets) where a renamed
 * tool may still be named. Files are taken by their real path: a symbolic link is never followed to a
 * folder (so there are no loops, and nothing outside the root is walked), a link to a file inside
 * the root is that file (read once, under the target's path), and a file reached by two paths (hard
 * links too) is one file. A cheap text prefilter then picks the sources worth parsing.
 */
import { lstatSync, realpathSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { PhaseClock } from '../../progress.ts';
import type { FileLink, ScanFileError } from '../model.ts';
import { membersOf } from './members.ts';
import { ioReason } from './read-source.ts';
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
  /** The root, as a real path. */
  root: string;
  /** Source files (absolute real paths, sorted; a link out of the root keeps the link's path). */
  sources: string[];
  tsconfigs: string[];
  /** Markdown, text, JSON and YAML files, for the stale-name check. */
  texts: string[];
  /** What was left out and why: links to folders outside the root, broken links, unreadable folders. */
  skipped: ScanFileError[];
  /** Links to files, and where they lead. */
  links: FileLink[];
  /** How untracked files were chosen: by git, or by the .gitignore files under the root (outside git, or the root itself ignored). */
  membership: 'git' | 'gitignore';
}

const SOURCE = /\.[cm]?[jt]sx?$/i;

/** A JavaScript or TypeScript source file, by extension. */
export function isSourceFile(file: string): boolean {
  return SOURCE.test(file);
}
const TSCONFIG = /(^|\/)tsconfig\.json$/;

/** Inside `root` (a real path), or the root itself. */
export function isInside(root: string, file: string): boolean {
  return file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

const toPosix = path.sep === '/' ? (p: string) => p : (p: string) => p.split(path.sep).join('/');
const clean = (p: string) => p.replace(/^\.\//, '').replace(/\/+$/, '');
// Like globby's expandDirectories: `--exclude scripts` means the folder too.
const expand = (p: string) => [p, `${p}/**`];

const KINDS = /\.(?:tsx?|mts|cts|jsx?|mjs|cjs|mdx?|txt|json|ya?ml)$/;
const ALWAYS_SKIPPED_DIR = /(?:^|\/)(?:node_modules|dist|build|out|\.next|\.mastra|coverage)\//;
const ALWAYS_SKIPPED_FILE = /\.d\.ts$|\.min\.js$/;

/**
 * The default selection (every source, tsconfig and text file outside dot folders and ALWAYS_IGNORED)
 * without a glob engine: the same answer as the patterns, at a fraction of the cost per path.
 */
function defaultMatch(rel: string): boolean {
  return (
    KINDS.test(rel) &&
    !rel.startsWith('.') &&
    !rel.includes('/.') &&
    !ALWAYS_SKIPPED_DIR.test(rel) &&
    !ALWAYS_SKIPPED_FILE.test(rel)
  );
}

/** Whether a path relative to the root is wanted: the kind patterns, `--include`, `--exclude`, and what is always skipped. */
export function fileMatcher(options: DiscoverOptions): (rel: string) => boolean {
  if (!options.include?.length && !options.exclude?.length) return defaultMatch;
  const include = (options.include ?? []).filter((p) => !p.startsWith('!')).map(clean);
  const negated = (options.include ?? [])
    .filter((p) => p.startsWith('!'))
    .map((p) => clean(p.slice(1)));
  const wanted = picomatch(
    [
      ...(include.length ? include.flatMap(expand) : SOURCE_PATTERNS),
      ...TSCONFIG_PATTERNS,
      ...TEXT_PATTERNS,
    ],
    { dot: false },
  );
  const unwanted = picomatch(
    [...ALWAYS_IGNORED, ...[...(options.exclude ?? []).map(clean), ...negated].flatMap(expand)],
    { dot: true },
  );
  return (rel) => wanted(rel) && !unwanted(rel);
}

/** The root as a real path; throws (ENOENT, EACCES) when it cannot be resolved. */
export function realRoot(root: string): string {
  return realpathSync.native(path.resolve(root));
}

/** One listing of the repository (git, or a walk), then each wanted entry resolved by its real path. */
export async function discover(
  rootPath: string,
  options: DiscoverOptions = {},
): Promise<Discovered> {
  const root = realRoot(rootPath);
  const wanted = fileMatcher(options);
  const dotDirs = (options.include ?? []).some((p) => /(^|\/)\.[^/.]/.test(p));
  const members = await membersOf(root, '', new Set(), dotDirs);
  const skipped: ScanFileError[] = [...members.unreadable];
  const links: FileLink[] = [];
  // One file per real path: a link to a file inside the root is the file it leads to. (Listed paths have
  // no linked folder above them, so a regular file's path is its real path.)
  const found = new Set<string>();
  // Listed paths are already normal (no `.`, `..` or doubled separators): joined without normalising.
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const under =
    path.sep === '/' ? (rel: string) => prefix + rel : (rel: string) => path.join(root, rel);
  for (const rel of members.files) if (wanted(rel)) found.add(under(rel));
  for (const rel of members.paths.sort()) {
    if (!wanted(rel)) continue;
    const abs = under(rel);
    let info: Stats;
    try {
      info = lstatSync(abs);
    } catch {
      continue; // listed by git but gone from the work tree
    }
    if (info.isFile()) {
      found.add(abs);
      continue;
    }
    if (!info.isSymbolicLink()) continue; // a folder named like a file, a socket, a FIFO
    let real: string;
    let target: Stats;
    try {
      real = realpathSync.native(abs);
      target = statSync(real);
    } catch (error) {
      skipped.push({ file: rel, message: `broken link: ${ioReason(error)}` });
      continue;
    }
    const inside = isInside(root, real);
    if (target.isDirectory()) {
      if (!inside)
        skipped.push({
          file: rel,
          message: `link to a folder outside the target (${real}); not followed`,
        });
      continue;
    }
    if (!target.isFile()) continue;
    const targetRel = toPosix(path.relative(root, real));
    links.push({ link: rel, target: inside ? targetRel : real, outside: !inside });
    // Read at the target when the target is itself a file we would read; else under the link's path.
    found.add(inside && wanted(targetRel) ? real : abs);
  }
  const sorted = [...found].sort();
  const tsconfigs = sorted.filter((f) => TSCONFIG.test(toPosix(f)));
  const sources = sorted.filter(isSourceFile);
  const texts = sorted.filter((f) => !isSourceFile(f) && !TSCONFIG.test(toPosix(f)));
  return { root, sources, tsconfigs, texts, skipped, links, membership: members.by };
}

/**
 * Text that makes a file worth parsing: it touches Mastra, compares tool names, or can hold a call
 * site or call options (a route handler or job that gets `mastra` as a parameter imports nothing
 * from Mastra). Files without any of these or `TOOL_WORDS` cost one read.
 */
// Every method of registrations/calls.ts that runs an agent (generateVNext() in 0.14-0.21 apps too).
export const MASTRA_SIGNS =
  /@mastra\/|toolName|tool_name|createTool|readFileSync|listTools|getTools|\.(generate|stream|network)(VNext|Legacy)?\s*\(|\.resume(Stream|Network)\s*\(|getAgent(ById)?\s*\(|toolChoice|activeTools|toolsets|clientTools|prepareStep/;

/**
 * `tools` and `agents` as code (a key, a variable, a member), not as a segment of a module path
 * (`'./tools/search'`, `'@openai/agents'`): a file that only imports from such a folder is reached
 * through the imports of the code that uses it, when any does. A file with these words and no
 * `MASTRA_SIGNS` is a candidate; `scan/worth-parsing.ts` decides whether it is parsed.
 */
export const TOOL_WORDS = /(?<![/@])\b(?:tools|agents)\b(?!\/)/;

const RELEVANT = new RegExp(`${MASTRA_SIGNS.source}|${TOOL_WORDS.source}`);
/**
 * A chat page that compares the tool parts its route's agent streams (chat-routes.ts): `useChat`
 * and a part type literal (`'tool-…'`) in one file. Either alone is no sign (a chat app's many
 * pages call useChat without reading tool parts).
 */
const CHAT_PAGE = /\buseChat\b/;
const PART_TYPE = /['"`]tool-[A-Za-z_]/;
export const isChatPage = (text: string): boolean => CHAT_PAGE.test(text) && PART_TYPE.test(text);
const NAMES_MASTRA = /@mastra\//;
/** An import of the AG-UI adapter that serves Mastra agents (`MastraAgent`, `registerCopilotKit`). */
const AG_UI_MASTRA = /['"]@ag-ui\/mastra(\/[\w-]+)?['"]/;
/**
 * A source that may define a front end's client tools: it names a CopilotKit or assistant-ui
 * package and one of its tool hooks.
 */
export const mayDefineFrontendTools = (text: string): boolean =>
  (text.includes('@copilotkit/') &&
    /\b(useCopilotAction|useFrontendTool|useHumanInTheLoop|useRenderToolCall)\b/.test(text)) ||
  (text.includes('@assistant-ui/') &&
    /\b(makeAssistantTool|useAssistantTool|makeAssistantToolUI|useAssistantToolUI)\b/.test(text));
/**
 * A Mastra source that passes `clientTools` to an agent's call: a chat route forwarding the tools
 * an assistant-ui front end sends with each request (its transport puts them in the body).
 */
const FORWARDS_CLIENT_TOOLS = /\bclientTools\b/;

export interface Prefiltered {
  /** Sources worth parsing. */
  candidates: string[];
  /** Binary files: not source code at all, left alone. */
  skipped: ScanFileError[];
  /** Files that cannot be read faithfully (another encoding, an I/O error): never parsed, never rewritten. */
  unreadable: ScanFileError[];
  /** The sources that name `@mastra/` (an import, a re-export, a comment). */
  namingMastra: string[];
  /** The sources that may define a front end's client tools (`frontend-tools.ts`). */
  frontend: string[];
  /** The sources that import `@ag-ui/mastra`, which serves agents to such a front end. */
  agUi: string[];
  /** The sources naming `@mastra/` that pass `clientTools` (a route forwarding a front end's tools). */
  clientTools: string[];
}

/** Synchronous reads: for thousands of small files they are several times faster than a pool of promises. */
export function prefilter(
  root: string,
  files: readonly string[],
  clock?: PhaseClock,
  texts = new TextCache(0),
): Prefiltered {
  const out: Prefiltered = {
    candidates: [],
    skipped: [],
    unreadable: [],
    namingMastra: [],
    frontend: [],
    agUi: [],
    clientTools: [],
  };
  for (const file of files) {
    const read = texts.source(file);
    clock?.tick();
    if (read.ok) {
      if (RELEVANT.test(read.text) || isChatPage(read.text)) {
        out.candidates.push(file);
        if (NAMES_MASTRA.test(read.text)) {
          out.namingMastra.push(file);
          if (FORWARDS_CLIENT_TOOLS.test(read.text)) out.clientTools.push(file);
        }
      }
      if (mayDefineFrontendTools(read.text)) out.frontend.push(file);
      if (read.text.includes('@ag-ui/mastra') && AG_UI_MASTRA.test(read.text)) out.agUi.push(file);
    } else if (read.kind !== 'missing') {
      (read.kind === 'binary' ? out.skipped : out.unreadable).push({
        file: toPosix(path.relative(root, file)),
        message: read.reason,
      });
    }
  }
  return out;
}
