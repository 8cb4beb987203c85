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
  /** Does a source file other than `file` hold `text` (a route's path) in its text? */
  mentionedElsewhere(file: string, text: string): boolean;
}

/** Everything counts as used: a single file scanned alone cannot tell. */
export const REACH_ALL: Reach = {
  apiCalls: () => [],
  importedElsewhere: () => true,
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

export function reachFrom(
  root: string,
  sources: readonly string[],
  read: (file: string) => string | undefined,
): Reach {
  const cache = new Map<string, boolean>();
  let calls: ApiCall[] | undefined;
  const someOther = (file: string, test: (text: string) => boolean) => {
    for (const other of sources) {
      if (other === file) continue;
      const text = read(other);
      if (text !== undefined && test(text)) return true;
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
      // An import path ending in the module (`./hooks/use-query`, `@/lib/hooks/use-query.js`), or
      // in its folder for an index file.
      const spec = new RegExp(
        `(?:from|import|require)\\s*\\(?\\s*['"][^'"]*${escape(moduleKey(file)).replace('/', '\\/')}(?:\\.[cm]?[jt]sx?)?['"]`,
      );
      const word = name === 'default' ? undefined : identifierPattern(name);
      const found = someOther(file, (text) => spec.test(text) && (word?.test(text) ?? true));
      cache.set(key, found);
      return found;
    },
    mentionedElsewhere(file, text) {
      const key = `m\0${file}\0${text}`;
      const known = cache.get(key);
      if (known !== undefined) return known;
      const found = someOther(file, (t) => t.includes(text));
      cache.set(key, found);
      return found;
    },
  };
}
