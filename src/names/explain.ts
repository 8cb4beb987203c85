/**
 * The `names` command's model: each key's wire name and why it changed, the order the model sees,
 * collisions and failures. Pure; rendering lives in src/report/.
 */
import {
  predictTools,
  rawKeyFor,
  wireNameFor,
  type ToolOrigin,
  type ToolSources,
} from './normalise.ts';
import { LATEST_BEHAVIOUR, type MastraBehaviour } from './versions.ts';
import { rewriteReasons, type RewriteReason } from './wire-name.ts';

export interface NamesInput {
  tools: readonly string[];
  agents?: readonly string[];
  workflows?: readonly string[];
}

export interface NamedKey {
  key: string;
  origin: ToolOrigin;
  /** The key in Mastra's merged record (with the agent-/workflow- prefix the version adds). */
  rawKey: string;
  /** What Mastra sends; null for a key it cannot name (the empty key makes it crash). */
  wireName: string | null;
  rewritten: boolean;
  reasons: RewriteReason[];
}

export interface NamesReport {
  tools: NamedKey[];
  /** Wire names in the order the model sees them (what Mastra would send if it did not fail). */
  order: string[];
  /** `inherited`: the name clashes with a member every JavaScript object has (`__proto__`). */
  collisions: Array<{ name: string; keys: string[]; inherited: boolean }>;
  /** Why Mastra would reject the set; empty when it accepts it. */
  errors: Array<{ key: string; message: string }>;
  /** Keys given more than once or dropped by Mastra, with what happened to them. */
  notes: string[];
}

export function explainNames(
  input: NamesInput,
  behaviour: MastraBehaviour = LATEST_BEHAVIOUR,
): NamesReport {
  const sources: ToolSources = {
    tools: input.tools,
    agents: input.agents ?? [],
    workflows: input.workflows ?? [],
  };
  const prediction = predictTools(sources, behaviour);
  const tools: NamedKey[] = [];
  const seen = new Set<string>();
  const notes: string[] = [];
  for (const origin of ['tools', 'agents', 'workflows'] as const) {
    for (const key of sources[origin] ?? []) {
      const id = `${origin}\0${key}`;
      if (seen.has(id)) {
        notes.push(`${JSON.stringify(key)} is given twice; an object holds it once.`);
        continue;
      }
      seen.add(id);
      const rawKey = rawKeyFor(origin, key, behaviour);
      if (
        rawKey === '' ||
        rawKey === '__proto__' ||
        (origin === 'agents' && !behaviour.offersSubAgents)
      ) {
        tools.push({ key, origin, rawKey, wireName: null, rewritten: false, reasons: [] });
        continue;
      }
      const wireName = wireNameFor(rawKey, behaviour);
      if (!behaviour.rewritesKeys && rewriteReasons(rawKey).length)
        notes.push(
          `${JSON.stringify(rawKey)} is sent as written (this @mastra/core does not rewrite keys; that came in 0.13.2); providers reject such a name.`,
        );
      tools.push({
        key,
        origin,
        rawKey,
        wireName,
        rewritten: wireName !== rawKey,
        reasons: wireName === rawKey ? [] : rewriteReasons(rawKey),
      });
    }
  }
  for (const d of prediction.dropped)
    notes.push(
      d.reason === 'proto-key'
        ? `${JSON.stringify(d.key)} is dropped: Mastra never offers a tool keyed __proto__.`
        : `${JSON.stringify(d.key)} is not offered: this @mastra/core offers no tool for a sub-agent.`,
    );
  for (const s of prediction.shadowed)
    notes.push(
      `${JSON.stringify(s.rawKey)} from ${s.by.origin} replaces the one from ${s.replaced.origin}.`,
    );
  const errors = prediction.failure
    ? [{ key: prediction.failure.key.key, message: prediction.failure.message }]
    : [];
  return {
    tools,
    order: prediction.offered.map((t) => t.wireName),
    collisions: prediction.collisions.map((c) => ({
      name: c.name,
      keys: c.keys.map((k) => k.key),
      inherited: c.inherited,
    })),
    errors,
    notes,
  };
}
