/**
 * `mastra-tool-names/runtime`: names an imported tool set where it enters the app (an MCP client's
 * `listTools()`, a toolset, a Composio record), so the keys Mastra offers the model are picked here,
 * known to the code, and never rewritten by Mastra.
 *
 * No dependencies, in the package or outside it: this file imports only the CLI's own name rule
 * (src/names/wire-name.ts, a pure module that imports nothing), so the helper and the scanner agree
 * on what Mastra would send. It is built twice, as ESM by tsc and as CommonJS by
 * scripts/runtime-entry.mjs, and must stay one file so its types need no other declaration file.
 */
import { isLegalToolName, MAX_TOOL_NAME_LENGTH, toWireName } from '../names/wire-name.ts';

/**
 * What to do when two tools would be offered under one name (Mastra itself fails the whole
 * `generate()` call): `'fail'` throws at once, naming every original involved; `'hash'` gives each
 * tool involved its own short suffix computed from its original name.
 */
export type CollisionStrategy = 'fail' | 'hash';

export interface NormaliseOptions {
  /**
   * Put before every original name (`'github_'`), then normalised with it, so it counts toward
   * `maxLength` as Mastra's own `agent-`/`workflow-` prefixes do. Not put before rename targets.
   */
  prefix?: string;
  /**
   * Original name to the name to offer. The user picked it, so it is used exactly: a target that is
   * not a legal tool name, is longer than `maxLength` or is picked twice throws instead of being
   * silently changed. Entries for tools the set does not have are listed in `names.unusedRenames`
   * (a remote set can lose a tool; that is no reason to stop the app).
   */
  rename?: Readonly<Record<string, string>>;
  /** Default `'fail'`: a clear error now beats a name nobody chose. */
  onCollision?: CollisionStrategy;
  /** Longest offered name, 1 to 63 (Mastra cuts at 63); with `'hash'` at least 9. Default 63. */
  maxLength?: number;
}

/**
 * How a tool got its offered name: `kept` (prefix + original was already legal and short enough,
 * so Mastra would have sent it as it is), `normalised` (the name Mastra would have sent instead,
 * cut to `maxLength`), `renamed` (from `rename`), `hashed` (a collision; suffix added).
 */
export type HowNamed = 'kept' | 'normalised' | 'renamed' | 'hashed';

export interface NameEntry {
  original: string;
  offered: string;
  how: HowNamed;
}

export interface ToolNames {
  /** The name the model is offered for this original; throws for a name the set does not have. */
  offered(original: string): string;
  /** The original behind an offered name (a tool call or an approval list names the offered one). */
  original(offered: string): string;
  /** Every tool, in the order of `tools` (the order Mastra sends them in). */
  readonly list: readonly NameEntry[];
  /** `rename` entries whose original is not in the set. */
  readonly unusedRenames: readonly string[];
}

export interface NormalisedTools<T> {
  /** The same tool objects under their offered names, in the input's key order. */
  tools: Record<string, T>;
  names: ToolNames;
}

/** `'_'` plus 7 base-36 digits, zero-padded: the widest a 32-bit hash gets (2^32 - 1 is `1z141z3`). */
const HASH_WIDTH = 7;
const SUFFIX_LENGTH = 1 + HASH_WIDTH;
/** Rounds of re-hashing before giving up; a second round already needs a 32-bit hash collision. */
const MAX_ROUNDS = 8;

/**
 * 32-bit FNV-1a over the UTF-16LE bytes of `text`: tiny, stable across runtimes and releases, and
 * defined for every JavaScript string (UTF-8 would fold lone surrogates into one U+FFFD).
 */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h = Math.imul(h ^ (unit & 0xff), 0x01000193);
    h = Math.imul(h ^ (unit >>> 8), 0x01000193);
  }
  return h >>> 0;
}

function hashSuffix(original: string, round: number): string {
  // Round 0 hashes the original alone, so the suffix a tool gets never depends on its neighbours.
  const input = round === 0 ? original : `${original}\u0000${round}`;
  return `_${fnv1a(input).toString(36).padStart(HASH_WIDTH, '0')}`;
}

interface Draft {
  original: string;
  /** The name before any suffix; already legal ASCII, so cutting it can never split a surrogate pair. */
  plain: string;
  how: Exclude<HowNamed, 'hashed'>;
  /** Set once the tool lost a collision: the re-hash round its suffix comes from. */
  round?: number;
}

const quote = (s: string) => JSON.stringify(s);

function checkOptions(options: NormaliseOptions): Required<Omit<NormaliseOptions, 'rename'>> & {
  rename: ReadonlyMap<string, string>;
} {
  const prefix = options.prefix ?? '';
  const onCollision = options.onCollision ?? 'fail';
  const maxLength = options.maxLength ?? MAX_TOOL_NAME_LENGTH;
  if (typeof prefix !== 'string') throw new TypeError('normaliseTools: prefix must be a string');
  if (onCollision !== 'fail' && onCollision !== 'hash')
    throw new TypeError(
      `normaliseTools: onCollision must be 'fail' or 'hash', not ${quote(String(onCollision))}`,
    );
  const least = onCollision === 'hash' ? SUFFIX_LENGTH + 1 : 1;
  if (!Number.isInteger(maxLength) || maxLength < least || maxLength > MAX_TOOL_NAME_LENGTH)
    throw new RangeError(
      `normaliseTools: maxLength must be a whole number from ${least} to ${MAX_TOOL_NAME_LENGTH} (Mastra cuts at ${MAX_TOOL_NAME_LENGTH}), not ${String(maxLength)}`,
    );
  // A Map, so a tool called `constructor` or `__proto__` never reads Object.prototype.
  const rename = new Map(Object.entries(options.rename ?? {}));
  for (const [original, target] of rename)
    if (typeof target !== 'string' || !isLegalToolName(target) || target.length > maxLength)
      throw new RangeError(
        `normaliseTools: rename of ${quote(original)} to ${quote(String(target))}: a tool name is 1 to ${maxLength} characters of a-z, A-Z, 0-9, _ and -, starting with a letter or _`,
      );
  return { prefix, onCollision, maxLength, rename };
}

function draftOf(
  original: string,
  { prefix, maxLength, rename }: ReturnType<typeof checkOptions>,
): Draft {
  const picked = rename.get(original);
  if (picked !== undefined) return { original, plain: picked, how: 'renamed' };
  const joined = prefix + original;
  // The CLI's rule, so an unclashing name is exactly what Mastra would have sent: prompts already
  // written against Mastra's rewrite keep working. The extra cut only applies below 63.
  const plain = toWireName(joined).slice(0, maxLength);
  return { original, plain, how: plain === joined ? 'kept' : 'normalised' };
}

function nameOf(d: Draft, maxLength: number): string {
  if (d.round === undefined) return d.plain;
  return d.plain.slice(0, maxLength - SUFFIX_LENGTH) + hashSuffix(d.original, d.round);
}

/** Drafts by the name they would get now. */
function byName(drafts: readonly Draft[], maxLength: number): Map<string, Draft[]> {
  const groups = new Map<string, Draft[]>();
  for (const d of drafts) {
    const name = nameOf(d, maxLength);
    const group = groups.get(name);
    if (group) group.push(d);
    else groups.set(name, [d]);
  }
  return groups;
}

/**
 * Gives every draft a unique legal name. Each step depends only on the set of originals, never on
 * their order, so the same tools always get the same names. Who keeps the plain name in a clash:
 * a rename target (the user's pick), else a name that is its own original (Mastra sends it as it
 * is, so prompts may use it); tools whose name was rewritten never win over each other, as no
 * order among them is meaningful. An empty name (no prefix, empty original) clashes by itself:
 * Mastra throws on it.
 */
function resolve(drafts: Draft[], onCollision: CollisionStrategy, maxLength: number): void {
  const rank = { renamed: 0, kept: 1, normalised: 2 } as const;
  for (let round = 0; ; round++) {
    const losers: Draft[] = [];
    for (const [name, group] of byName(drafts, maxLength)) {
      if (group.length === 1 && name !== '') continue;
      const fresh = group.filter((d) => d.round === undefined);
      const targets = fresh.filter((d) => d.how === 'renamed');
      if (targets.length > 1)
        throw new Error(
          `normaliseTools: rename gives ${targets.map((d) => quote(d.original)).join(' and ')} the same name ${quote(name)}`,
        );
      const best = Math.min(...fresh.map((d) => rank[d.how]));
      const top = fresh.filter((d) => rank[d.how] === best);
      // A rewritten name keeps its plain form only against tools that already carry a suffix.
      const winner =
        name !== '' && top.length === 1 && (best < rank.normalised || fresh.length === 1)
          ? top[0]
          : undefined;
      const beaten = group.filter((d) => d !== winner);
      if (onCollision === 'fail')
        throw new Error(
          name === ''
            ? `normaliseTools: a tool has an empty name; name it with rename: { "": "..." }, or use onCollision: 'hash'`
            : `normaliseTools: ${group.map((d) => quote(d.original)).join(' and ')} would ${group.length === 2 ? 'both' : 'all'} be offered as ${quote(name)}; rename one (rename: { ${quote(beaten[0]!.original)}: "..." }) or use onCollision: 'hash'`,
        );
      losers.push(...beaten);
    }
    if (losers.length === 0) return;
    if (round === MAX_ROUNDS)
      throw new Error(
        `normaliseTools: no unique names for ${losers.map((d) => quote(d.original)).join(', ')} after ${MAX_ROUNDS} rounds`,
      );
    for (const d of losers) d.round = d.round === undefined ? 0 : d.round + 1;
  }
}

function normaliseRecord<T>(
  tools: Readonly<Record<string, T>>,
  options: NormaliseOptions,
): NormalisedTools<T> {
  if (typeof tools !== 'object' || tools === null)
    throw new TypeError(`normaliseTools: expected a record of tools, got ${String(tools)}`);
  const checked = checkOptions(options);
  // Own enumerable string keys, in JavaScript's order: the order Mastra would have read them in.
  const originals = Object.keys(tools);
  const drafts = originals.map((o) => draftOf(o, checked));
  resolve(drafts, checked.onCollision, checked.maxLength);

  const out: Record<string, T> = {};
  const list: NameEntry[] = [];
  const offeredOf = new Map<string, string>();
  const originalOf = new Map<string, string>();
  for (const d of drafts) {
    const offered = nameOf(d, checked.maxLength);
    // defineProperty, so a tool offered as `__proto__` is a key, not the record's prototype.
    Object.defineProperty(out, offered, {
      value: tools[d.original],
      enumerable: true,
      writable: true,
      configurable: true,
    });
    list.push({ original: d.original, offered, how: d.round === undefined ? d.how : 'hashed' });
    offeredOf.set(d.original, offered);
    originalOf.set(offered, d.original);
  }
  const lookup = (map: Map<string, string>, what: string) => (name: string) => {
    const found = map.get(name);
    if (found === undefined)
      throw new Error(
        `normaliseTools: no tool ${what} ${quote(name)} in this set (${originals.length} tools)`,
      );
    return found;
  };
  return {
    tools: out,
    names: {
      offered: lookup(offeredOf, 'originally named'),
      original: lookup(originalOf, 'offered as'),
      list,
      unusedRenames: [...checked.rename.keys()].filter((o) => !offeredOf.has(o)),
    },
  };
}

/**
 * Gives every tool of a record a legal, unique name that does not depend on the record's order, and
 * returns the names: `const { tools, names } = await normaliseTools(mcp.listTools(), { prefix })`.
 * Given a promise (anything with a `then` function; a tool object named `then` is not one), it
 * returns a promise; a bad option then rejects it instead of throwing.
 */
export function normaliseTools<T>(
  tools: PromiseLike<Readonly<Record<string, T>>>,
  options?: NormaliseOptions,
): Promise<NormalisedTools<T>>;
export function normaliseTools<T>(
  tools: Readonly<Record<string, T>>,
  options?: NormaliseOptions,
): NormalisedTools<T>;
export function normaliseTools<T>(
  tools: Readonly<Record<string, T>> | PromiseLike<Readonly<Record<string, T>>>,
  options: NormaliseOptions = {},
): NormalisedTools<T> | Promise<NormalisedTools<T>> {
  if (isThenable(tools))
    return Promise.resolve(tools).then((record) => normaliseRecord(record, options));
  return normaliseRecord(tools, options);
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * The names `verify --allow-mcp --write-names FILE` measured for one agent, as a `ToolNames`, so
 * text written before the tools are loaded (a prompt module, an approval list) can use them:
 * `measuredNames(namesFile, 'triage').offered('linear.app_search.issues')`. `file` is the parsed
 * JSON (read it however the app reads JSON; the helper reads no file); `agent` is the agent's key
 * or id, optional when the file holds one agent. The originals are the MCP client's keys
 * (`${server}_${tool}`); a name the measurement does not hold throws, like `offered` above.
 */
export function measuredNames(file: unknown, agent?: string): ToolNames {
  const doc = file as {
    version?: unknown;
    tool?: unknown;
    agents?: Array<{
      key: string;
      id?: string;
      runtime: Array<{ name: string; server?: string; tool?: string }>;
    }>;
  } | null;
  if (!doc || doc.version !== 1 || doc.tool !== 'mastra-tool-names' || !Array.isArray(doc.agents))
    throw new Error('measuredNames: not a names file of mastra-tool-names (version 1)');
  const agents = doc.agents;
  const found =
    agent === undefined
      ? agents.length === 1
        ? agents[0]
        : undefined
      : agents.find((a) => a.key === agent || a.id === agent);
  if (!found)
    throw new Error(
      `measuredNames: ${agent === undefined ? 'the file holds more than one agent; name one' : `no agent ${quote(agent)}`} (agents: ${agents.map((a) => a.key).join(', ')})`,
    );
  const list: NameEntry[] = found.runtime
    .filter((r) => r.server !== undefined && r.tool !== undefined)
    .map((r) => {
      const original = `${r.server}_${r.tool}`;
      return { original, offered: r.name, how: original === r.name ? 'kept' : 'normalised' };
    });
  const lookup = (pairs: Map<string, string>, what: string) => (name: string) => {
    const hit = pairs.get(name);
    if (hit === undefined)
      throw new Error(
        `measuredNames: no measured tool ${what} ${quote(name)} for ${quote(found.key)} (${list.length} tools)`,
      );
    return hit;
  };
  return {
    offered: lookup(new Map(list.map((e) => [e.original, e.offered])), 'originally named'),
    original: lookup(new Map(list.map((e) => [e.offered, e.original])), 'offered as'),
    list,
    unusedRenames: [],
  };
}
