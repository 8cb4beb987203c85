/**
 * Predicts the tool names one Mastra agent call offers the model, by replaying what
 * `Agent.convertTools()` and `Agent.formatTools()` do with the keys of every tool source.
 * Pure: keys in, prediction out. Verified against real @mastra/core by test/differential.test.ts.
 */
import { OBJECT_PROTOTYPE_MEMBERS, PlainRecord } from './js-object.ts';
import { LATEST_BEHAVIOUR, type MastraBehaviour } from './versions.ts';
import { rewriteReasons, toWireName, type RewriteReason } from './wire-name.ts';

/** Where a tool key comes from, in the order Mastra merges the sources (later wins). */
export const TOOL_ORIGINS = ['tools', 'toolsets', 'clientTools', 'agents', 'workflows'] as const;
export type ToolOrigin = (typeof TOOL_ORIGINS)[number];

/**
 * Prefix Mastra puts before sub-agent and workflow keys; it counts toward the 63 characters. The
 * prefixes depend on the version (none before 0.22.0, see versions.ts).
 */
export function originPrefix(
  origin: ToolOrigin,
  behaviour: MastraBehaviour = LATEST_BEHAVIOUR,
): string {
  return origin === 'agents'
    ? behaviour.prefix.agents
    : origin === 'workflows'
      ? behaviour.prefix.workflows
      : '';
}

/** The key in Mastra's merged record: the source key behind its origin's prefix. */
export function rawKeyFor(
  origin: ToolOrigin,
  key: string,
  behaviour: MastraBehaviour = LATEST_BEHAVIOUR,
): string {
  return originPrefix(origin, behaviour) + key;
}

/** The name a raw key goes on the wire as: rewritten where this version rewrites keys. */
export function wireNameFor(rawKey: string, behaviour: MastraBehaviour = LATEST_BEHAVIOUR): string {
  return rawKey === '' || !behaviour.rewritesKeys ? rawKey : toWireName(rawKey);
}

export interface Toolset {
  name: string;
  keys: readonly string[];
}

/**
 * The own keys of each tool source of one call, in the order they were written (insertion order);
 * the normaliser applies JavaScript's enumeration order itself.
 */
export interface ToolSources {
  tools?: readonly string[];
  toolsets?: readonly Toolset[];
  clientTools?: readonly string[];
  agents?: readonly string[];
  workflows?: readonly string[];
  /**
   * Keys whose tool is provider-defined (`webSearchTool`, `openai.tools.webSearch()`): renamed and
   * collision-checked like any key, but sent as the provider's native tool, not as a function.
   */
  providerDefined?: ReadonlyArray<{ origin: ToolOrigin; key: string }>;
}

export interface SourceRef {
  origin: ToolOrigin;
  /** The key as written in its source (without the agent-/workflow- prefix). */
  key: string;
  toolset?: string;
}

export interface OfferedTool extends SourceRef {
  /** The key in Mastra's merged record (with prefix), before the rewrite. */
  rawKey: string;
  wireName: string;
  rewritten: boolean;
  reasons: RewriteReason[];
  /** Sent as a provider-native tool: it has no entry in `tools[].function.name`. */
  providerDefined: boolean;
}

export interface Collision {
  name: string;
  /** Every source key that resolves to `name`, in the order Mastra meets them. */
  keys: SourceRef[];
  /** True when the name clashes with a member every JavaScript object inherits. */
  inherited: boolean;
}

export interface Failure {
  kind: 'collision' | 'crash';
  key: SourceRef;
  /** The colliding wire name (collisions only). */
  name?: string;
  /** The message of the error Mastra throws (the `cause` of the generate() error). */
  message: string;
}

export interface Shadowed {
  rawKey: string;
  /** The earlier source whose tool was silently replaced... */
  replaced: SourceRef;
  /** ...by this later one. */
  by: SourceRef;
}

export interface Dropped extends SourceRef {
  /** `proto-key`: an own `__proto__` key never survives Mastra's records; `sub-agents-not-offered`:
   * versions before 0.21.1 offer no tool for a sub-agent. */
  reason: 'proto-key' | 'sub-agents-not-offered';
}

export interface Prediction {
  /** What the model is offered, in wire order. When `failure` is set nothing is sent, and this is
   * the list Mastra would have built had it not thrown. */
  offered: OfferedTool[];
  /** Raw keys a later source replaced without any error. */
  shadowed: Shadowed[];
  /** Keys Mastra drops without a word (an own `__proto__` key never survives its records). */
  dropped: Dropped[];
  /** Every group of keys that end on one name; Mastra throws on the first one it meets. */
  collisions: Collision[];
  /** Why `generate()` / `stream()` would reject, before any request is sent. */
  failure?: Failure;
}

export function collisionMessage(name: string): string {
  return `Two or more tools resolve to the same name "${name}". Please rename one of the tools to avoid this collision.`;
}

/** What V8 says when Mastra reads `key[0].match` on the empty key. */
export const EMPTY_KEY_MESSAGE = "Cannot read properties of undefined (reading 'match')";

type Entry = SourceRef & { rawKey: string };

/** Builds one source's record: `assign` follows `record[key] = tool`, which loses `__proto__`. */
function sourceRecord(
  refs: SourceRef[],
  dropped: Dropped[],
  behaviour: MastraBehaviour,
): PlainRecord<Entry> {
  const record = new PlainRecord<Entry>();
  for (const ref of refs) {
    if (ref.origin === 'agents' && !behaviour.offersSubAgents) {
      dropped.push({ ...ref, reason: 'sub-agents-not-offered' });
      continue;
    }
    const rawKey = rawKeyFor(ref.origin, ref.key, behaviour);
    if (rawKey === '__proto__') {
      dropped.push({ ...ref, reason: 'proto-key' });
      continue;
    }
    record.set(rawKey, { ...ref, rawKey });
  }
  return record;
}

function enumerated(keys: readonly string[] | undefined): string[] {
  const record = new PlainRecord<true>();
  for (const key of keys ?? []) record.set(key, true);
  return record.keys();
}

function sourceRefs(sources: ToolSources): SourceRef[][] {
  const toolsetRecord = new PlainRecord<Toolset[]>();
  for (const toolset of sources.toolsets ?? []) {
    // A toolset name written twice in one object literal keeps the first place and the last value.
    toolsetRecord.set(toolset.name, [toolset]);
  }
  const toolsetRefs = toolsetRecord.entries().flatMap(([, [toolset]]) =>
    enumerated(toolset!.keys).map((key) => ({
      origin: 'toolsets' as const,
      key,
      toolset: toolset!.name,
    })),
  );
  const plain = (origin: ToolOrigin, keys: readonly string[] | undefined): SourceRef[] =>
    enumerated(keys).map((key) => ({ origin, key }));
  return [
    plain('tools', sources.tools),
    toolsetRefs,
    plain('clientTools', sources.clientTools),
    plain('agents', sources.agents),
    plain('workflows', sources.workflows),
  ];
}

function refOf(entry: Entry): SourceRef {
  return entry.toolset === undefined
    ? { origin: entry.origin, key: entry.key }
    : { origin: entry.origin, key: entry.key, toolset: entry.toolset };
}

/** Predicts what one `generate()` / `stream()` call offers the model, in this version's rules. */
export function predictTools(
  sources: ToolSources,
  behaviour: MastraBehaviour = LATEST_BEHAVIOUR,
): Prediction {
  const dropped: Dropped[] = [];
  const shadowed: Shadowed[] = [];

  // Mastra spreads the per-source records into one; identical raw keys: later source wins.
  const merged = new PlainRecord<Entry>();
  for (const refs of sourceRefs(sources)) {
    for (const [rawKey, entry] of sourceRecord(refs, dropped, behaviour).entries()) {
      const previous = merged.get(rawKey);
      if (previous) shadowed.push({ rawKey, replaced: refOf(previous), by: refOf(entry) });
      merged.set(rawKey, entry);
    }
  }

  // formatTools(): walk a snapshot of the keys; each rewritten key is deleted and re-added at the
  // end. `record[newKey]` is also truthy for inherited members such as `__proto__`.
  let failure: Failure | undefined;
  const occupants = new Map<string, Entry[]>();
  for (const [rawKey, entry] of merged.entries()) occupants.set(rawKey, [entry]);
  for (const [rawKey, entry] of behaviour.rewritesKeys ? merged.entries() : []) {
    if (rawKey.length === 0) {
      failure ??= { kind: 'crash', key: refOf(entry), message: EMPTY_KEY_MESSAGE };
      merged.delete(rawKey); // it has no name to offer; the call fails anyway
      continue;
    }
    const wireName = toWireName(rawKey);
    if (wireName === rawKey) continue;
    const taken = merged.has(wireName) || OBJECT_PROTOTYPE_MEMBERS.has(wireName);
    if (taken)
      failure ??= {
        kind: 'collision',
        key: refOf(entry),
        name: wireName,
        message: collisionMessage(wireName),
      };
    occupants.set(wireName, [...(occupants.get(wireName) ?? []), entry]);
    occupants.get(rawKey)?.shift();
    merged.delete(rawKey);
    if (wireName !== '__proto__') merged.set(wireName, entry);
  }

  const collisions: Collision[] = [];
  for (const [name, entries] of occupants) {
    const inherited = OBJECT_PROTOTYPE_MEMBERS.has(name) && !entries.some((e) => e.rawKey === name);
    if (entries.length > 1 || (inherited && entries.length > 0)) {
      collisions.push({ name, keys: entries.map(refOf), inherited });
    }
  }

  const provider = new Set((sources.providerDefined ?? []).map((p) => `${p.origin}\0${p.key}`));
  const offered = merged.entries().map(([wireName, entry]): OfferedTool => {
    const reasons = wireName === entry.rawKey ? [] : rewriteReasons(entry.rawKey);
    const providerDefined = provider.has(`${entry.origin}\0${entry.key}`);
    return {
      ...refOf(entry),
      rawKey: entry.rawKey,
      wireName,
      rewritten: wireName !== entry.rawKey,
      reasons,
      providerDefined,
    };
  });
  return failure
    ? { offered, shadowed, dropped, collisions, failure }
    : { offered, shadowed, dropped, collisions };
}
