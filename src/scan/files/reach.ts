/**
 * Whether code that shows how an agent runs is itself used: a hook or a helper another file imports,
 * a route some code calls. Evidence in code nothing uses (an exported hook no component imports, a
 * `networkRoute` no client calls) says nothing about how the app runs. Answered from the texts of
 * the repository's sources, by words and import paths, without parsing them. Read-only.
 */
import path from 'node:path';
import { identifierPattern } from './identifier.ts';
import { lineLocator } from './lines.ts';

/** A request to Mastra's server API for one agent (`/api/agents/${id}/stream`), as client code writes it. */
export interface ApiCall {
  /** Relative to the root. */
  file: string;
  line: number;
  column: number;
  start: number;
  mode: 'function' | 'network';
  /** The agent id when the path spells it; absent when it is built at run time. */
  agentId?: string;
}

export interface Reach {
  /** Requests to Mastra's agent endpoints anywhere in the sources (a web or mobile client). */
  apiCalls(): ApiCall[];
  /** Does another source file import `name` (`default`: the default export) from `file`? */
  importedElsewhere(file: string, name: string): boolean;
  /** The other source files that import `name` from `file`; undefined when that cannot be told. */
  importersOf(file: string, name: string): string[] | undefined;
  /** Does a source file other than `file` hold `text` (a route's path) in its text? */
  mentionedElsewhere(file: string, text: string): boolean;
}

/** Everything counts as used: a single file scanned alone cannot tell. */
export const REACH_ALL: Reach = {
  apiCalls: () => [],
  importedElsewhere: () => true,
  importersOf: () => undefined,
  mentionedElsewhere: () => true,
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The last part of a module path an import names: `hooks/use-query` for `.../hooks/use-query.ts`. */
function moduleKey(file: string): string {
  const parsed = path.parse(file);
  return parsed.name === 'index'
    ? path.basename(parsed.dir)
    : `${path.basename(parsed.dir)}/${parsed.name}`;
}

/**
 * `/api/agents/<id>/stream`: the paths @mastra/client-js 1.47 requests (`/agents/${agentId}/stream`,
 * `/generate`, `/network`, their `-legacy` forms, under the `/api` prefix). The id is a literal,
 * or `${...}` / `:agentId` / `' + id + '` when it is chosen at run time.
 */
const API_CALL =
  /\/api\/agents\/([A-Za-z0-9_.~-]+|\$\{[^}`]*\}|:[A-Za-z]+|['"]\s*\+[^+]*\+\s*['"])\/(stream|generate|network)(?:-legacy)?(?![\w-])/g;

const IMPORT_SPEC = /(?:from|import|require)\s*\(?\s*['"]([^'"\n]+)['"]/g;
const SOURCE_EXT = /\.[cm]?[jt]sx?$/;

/**
 * Does `other`'s text import `name` from `file`: a relative path that resolves to the module (or to
 * its folder for an index file), or an alias path ending in it (`@/lib/hooks/use-query.js`), and
 * the name.
 */
function importTest(file: string, name: string): (other: string, text: string) => boolean {
  const target = file.replace(SOURCE_EXT, '');
  const folder = path.basename(target) === 'index' ? path.dirname(target) : undefined;
  const alias = new RegExp(`${escape(moduleKey(file)).replace('/', '\\/')}$`);
  const word = name === 'default' ? undefined : identifierPattern(name);
  return (other, text) => {
    if (word && !word.test(text)) return false;
    for (const m of text.matchAll(IMPORT_SPEC)) {
      const spec = m[1]!.replace(SOURCE_EXT, '');
      if (spec.startsWith('.')) {
        const resolved = path.resolve(path.dirname(other), spec);
        if (resolved === target || resolved === folder) return true;
      } else if (alias.test(spec)) return true;
    }
    return false;
  };
}

export function reachFrom(
  root: string,
  sources: readonly string[],
  read: (file: string) => string | undefined,
): Reach {
  const cache = new Map<string, boolean>();
  let calls: ApiCall[] | undefined;
  const someOther = (file: string, test: (other: string, text: string) => boolean) => {
    for (const other of sources) {
      if (other === file) continue;
      const text = read(other);
      if (text !== undefined && test(other, text)) return true;
    }
    return false;
  };
  return {
    apiCalls() {
      if (calls) return calls;
      calls = [];
      for (const file of sources) {
        const text = read(file);
        if (text === undefined || !text.includes('/api/agents/')) continue;
        const rel = path.relative(root, file).split(path.sep).join('/');
        const locate = lineLocator(text);
        for (const m of text.matchAll(API_CALL)) {
          const id = m[1]!;
          calls.push({
            file: rel,
            ...locate(m.index),
            start: m.index,
            mode: m[2] === 'network' ? 'network' : 'function',
            ...(/^[A-Za-z0-9_.~-]+$/.test(id) ? { agentId: id } : {}),
          });
        }
      }
      return calls;
    },
    importedElsewhere(file, name) {
      const key = `i\0${file}\0${name}`;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const found = someOther(file, importTest(file, name));
      cache.set(key, found);
      return found;
    },
    importersOf(file, name) {
      const test = importTest(file, name);
      return sources.filter((other) => {
        if (other === file) return false;
        const text = read(other);
        return text !== undefined && test(other, text);
      });
    },
    mentionedElsewhere(file, text) {
      const key = `m\0${file}\0${text}`;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const found = someOther(file, (_other, t) => t.includes(text));
      cache.set(key, found);
      return found;
    },
  };
}
