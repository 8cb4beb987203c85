/**
 * Which candidates are parsed. A file with Mastra's signs (`MASTRA_SIGNS`) always is. A file that
 * is a candidate only for the words `tools` or `agents` (a UI component listing agents, a store, a
 * type file) is parsed only when one of the per-file passes could find something in it, going by
 * the text each pass itself requires before it walks a file. Otherwise no pass would read it: what
 * it exports is still reached through the imports of the code that uses it, as any other module.
 * Its interfaces' field names (the data words of `data-words.ts`) are read without parsing it into
 * the project: `unparsed-field-words.ts`.
 */
import path from 'node:path';
import { isChatPage, MASTRA_SIGNS } from './files/discover.ts';
import { identifierPattern } from './files/identifier.ts';
import { CALL_TEXT } from './registrations/calls.ts';
import { isFileAgentPart } from './registrations/file-agents.ts';
import { MCP_SERVER_TEXT, ROUTE_TEXT } from './registrations/run-evidence.ts';
import { COMPARISON_TEXT } from './mentions/mentions.ts';
import { DELEGATION_TEXT } from './mentions/delegation-ids.ts';
import { SCHEMA_TEXT } from './mentions/data-words.ts';

/** What each pass requires of a file's text (agents and Mastra instances: `constructsImport`). */
const PASS_TEXT = [
  COMPARISON_TEXT,
  CALL_TEXT,
  ROUTE_TEXT,
  MCP_SERVER_TEXT,
  DELEGATION_TEXT,
  SCHEMA_TEXT,
  // A computed property name (`[KEY]?: string`): its data word is known only through the checker.
  /\]\s*\??\s*:/,
  // A path into an agents folder: the project's files are where file-based agents are found.
  /agents\//,
];

const NEW_NAME = /(?<![\w$.])new\s+([A-Za-z_$][\w$]*)/g;
/** An import clause, up to its module specifier (`import { from, Agent } from './x'` included). */
const IMPORT_CLAUSE = /\bimport\b([\s\S]*?)\bfrom\s*['"]/g;

/**
 * `new X(...)` of a name the file imports: without `@mastra/` in the file, an `Agent` or `Mastra`
 * can only come through another module that re-exports it (`import { Agent } from './lib'`), or an
 * `import X = require(...)`. A name declared in the file or a global is never Mastra's (`ast.ts`
 * `mastraExport` follows import aliases only).
 */
export function constructsImport(text: string): boolean {
  const names = new Set([...text.matchAll(NEW_NAME)].map((m) => m[1]!));
  if (names.size === 0) return false;
  const clauses = [...text.matchAll(IMPORT_CLAUSE)].map((m) => m[1]!);
  for (const name of names) {
    const word = identifierPattern(name);
    if (clauses.some((c) => word.test(c))) return true;
    if (new RegExp(`\\bimport\\s+${name.replace(/\$/g, '\\$')}\\s*=`).test(text)) return true;
  }
  return false;
}

const SCRIPT = /\.[cm]?jsx?$/;
/** Hand-written code averages 30 to 60 characters a line; a bundler's minified output thousands. */
const BUNDLE_LINE = 200;
const BUNDLE_SIZE = 20_000;

/**
 * A bundler's minified output (a committed `assets/index-C5XMrdoW.js`): JavaScript of at least
 * 20 KB whose lines average over 200 characters. It names `@mastra/` when it bundles a Mastra
 * client, yet no agent is built in it, a build rewrites it, and parsing and asking about it cost
 * minutes (alavida-ai/vibeflow-v2's 3.7 MB playground bundle). It is read as text, like every file.
 */
export function isMinifiedBundle(relPath: string, text: string): boolean {
  if (text.length < BUNDLE_SIZE || !SCRIPT.test(relPath)) return false;
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.length / lines > BUNDLE_LINE;
}

/** Whether a candidate (a path relative to the root, and its text) is parsed. */
export function worthParsing(relPath: string, text: string | undefined): boolean {
  if (text === undefined) return true;
  if (isMinifiedBundle(relPath, text)) return false;
  if (MASTRA_SIGNS.test(text) || isChatPage(text)) return true;
  return PASS_TEXT.some((t) => t.test(text)) || isFileAgentPart(relPath) || constructsImport(text);
}

/** Splits candidates (absolute paths) into those parsed and those only read. */
export function splitCandidates(
  root: string,
  candidates: readonly string[],
  textOf: (file: string) => string | undefined,
): { parsed: string[]; unparsed: string[] } {
  const parsed: string[] = [];
  const unparsed: string[] = [];
  for (const file of candidates) {
    const rel = path.relative(root, file).split(path.sep).join('/');
    (worthParsing(rel, textOf(file)) ? parsed : unparsed).push(file);
  }
  return { parsed, unparsed };
}
