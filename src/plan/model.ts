/**
 * The plan: pure data computed from a scan. Every edit says where, what, which rule, why, and what it
 * does to the names the model sees. Nothing writes while planning; transforms consume this.
 */
import type { Location } from '../scan/model.ts';

/** The rules, in the order they are decided (renames first, so references can follow them). */
export const RULE_IDS = [
  'rekey-by-id',
  'rekey-builtins',
  'prompts',
  'rewrite-keys',
  'tool-choice',
  'references',
  'wrap-runtime-tools',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** Rules that run unless skipped; the others (rekey-by-id, wrap-runtime-tools) are opt-in. */
export const DEFAULT_RULES: readonly RuleId[] = [
  'rekey-builtins',
  'prompts',
  'rewrite-keys',
  'tool-choice',
  'references',
];

/**
 * What an edit does to the wire: `preserved` (the model sees the same name), `renamed` (the model
 * will see a different name), `fixed` (a request that named an absent tool now names an offered one).
 */
export type WireEffect = 'preserved' | 'renamed' | 'fixed';

export type EditTarget =
  /** An object property's key (identifier, string, numeric, computed, or shorthand). */
  | 'property-key'
  /** A string literal (or a template literal without substitutions). */
  | 'string-literal'
  /** A stretch of text inside a string or template literal, or inside a prompt file. */
  | 'text'
  /** An expression replaced whole (an awaited MCP `listTools()` wrapped in the runtime helper). */
  | 'expression'
  /** A declaration inserted after the import declaration that ends at the location (`before` is empty). */
  | 'import';

export interface Edit {
  rule: RuleId;
  target: EditTarget;
  location: Location;
  /** Source text replaced. */
  before: string;
  /** Source text put in its place. */
  after: string;
  /** The new key or string value that `after` spells. */
  value: string;
  /** For shorthand properties `{ x }`: the value expression to keep (`x`). */
  shorthandValue?: string;
  reason: string;
  effect: WireEffect;
  /** The wire names before and after, for the report. */
  wire: { before: string; after: string };
  /** Agents whose offered names this edit concerns (labels). */
  agents: string[];
}

export type FindingKind =
  | 'collision'
  /** wrap-runtime-tools imports mastra-tool-names in a package that cannot import it yet. */
  | 'missing-dependency'
  | 'unresolved'
  /** Tools given as an array: Mastra offers each under its index (`_0`), never under a name. */
  | 'array-tools'
  | 'runtime-names'
  | 'unknown-name'
  | 'file-name-key'
  | 'step-tools'
  | 'skipped-rename'
  | 'unparsable'
  /** A file left alone on purpose (binary, a link to a folder outside the target): information only. */
  | 'skipped-file'
  /** A prompt names a tool by a name it is not offered under, and it is not safe to edit. */
  | 'prompt-mention'
  /** A prompt names something tool-like that no agent offers. */
  | 'unknown-tool-mention'
  /** Code compares a tool name with a stale string it cannot prove is a Mastra tool name. */
  | 'reference'
  /** A mention that may name a tool but could be prose, a code sample or JSON data: not edited. */
  | 'ambiguous-mention'
  /** A mention that is right for one way of running the agent (network or generate) and not the other. */
  | 'mode-dependent-mention'
  /** A re-key not made because the current wire name is still used (code, data, prompts, other agents). */
  | 'rename-kept'
  /** A re-key made on request (--prefer rekey) although the current wire name is still used. */
  | 'rename-breaks'
  /** Code that converts wire names back (`toolName.replace(/_/g, '.')`); it also mangles legal names. */
  | 'name-mapping'
  /** An agent nothing registers, calls or uses as a sub-agent: its edits change code nothing runs. */
  | 'unreached'
  /** An agent run only with network(): its routing agent is given raw keys, so keys are left alone. */
  | 'network-keys'
  /** A name that depends on the @mastra/core version, which the scan does not know: not edited. */
  | 'version-unknown'
  /** A key this agent's @mastra/core (before 0.13.2) sends as written, which providers reject. */
  | 'illegal-key'
  /** Code that asks for what the agent's @mastra/core version does not have (sub-agent tools, network()). */
  | 'missing-in-version'
  /** Instructions read at run time that the scan could not read: names in them are not checked. */
  | 'unread-prompt'
  /** A delegation hook compares `primitiveId` (the sub-agent's id) with its key: it never matches. */
  | 'delegation-id'
  /** `--to-mastra`: what the move to the target version changes for the model (rows of the version table). */
  | 'upgrade';

export interface Finding {
  kind: FindingKind;
  rule?: RuleId;
  message: string;
  locations: Location[];
  agents: string[];
  /** Reported as a note whatever its kind: it concerns only agents nothing runs. */
  quiet?: boolean;
  /**
   * The fixes a human chooses from, each a text for one location (the name as the model is offered
   * it, quotes kept): editors offer them as suggestions. Never applied by `migrate`.
   */
  suggestions?: Suggestion[];
}

export interface Suggestion {
  location: Location;
  text: string;
}

export interface OrderChange {
  agent: string;
  before: string[];
  after: string[];
}

export interface AgentWireChange {
  agent: string;
  file: string;
  before: string[];
  after: string[];
}

/** An agent whose offered names or prompts the scan could not read whole, with why. */
export interface UncheckedAgent {
  agent: string;
  reasons: Array<'tools known only at run time' | 'instructions read at run time'>;
}

export interface Plan {
  edits: Edit[];
  findings: Finding[];
  /**
   * Agents something may run whose names could not all be checked: what the findings do not cover,
   * so a clean plan is not taken for a checked app. Agents nothing uses are left out.
   */
  unchecked: UncheckedAgent[];
  /** Agents whose tool order changes because rewritten keys no longer move to the end. */
  orderChanges: OrderChange[];
  /** Per agent, the wire names offered before and after the plan ("what the model sees"). */
  agents: AgentWireChange[];
}
