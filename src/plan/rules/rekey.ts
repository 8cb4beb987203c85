/**
 * `rekey-builtins`: `tools: { askUserTool }` becomes `tools: { ask_user: askUserTool }` (the id read
 * from the installed @mastra/core). `rekey-by-id` (opt-in): user tools are keyed by their `id`.
 * Both rename what the model sees, so neither is made while the current name is still used
 * (`evidence.ts`), for an agent run only with network(), or to a name Mastra reserves.
 */
import type { AgentInfo, ScanResult, ToolEntry } from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import { wireOf } from '../../offers/entries.ts';
import { locationKey, renderKey } from '../agents.ts';
import { isLegalToolName } from '../../names/wire-name.ts';
import { RESERVED_PREFIX, renameBlockers } from '../evidence.ts';
import type { Edit, Finding, RuleId } from '../model.ts';

function rekeyEdit(
  rule: RuleId,
  agent: AgentInfo,
  entry: ToolEntry,
  id: string,
  agents: string[],
  reason: string,
): Edit {
  const shorthand = entry.keyKind === 'shorthand';
  return {
    rule,
    target: 'property-key',
    location: entry.keyLocation,
    before: entry.keyText,
    after: renderKey(id, entry.keyText),
    value: id,
    ...(shorthand ? { shorthandValue: entry.keyText } : {}),
    reason,
    effect: 'renamed',
    wire: { before: wireOf(entry, agent), after: id },
    agents,
  };
}

export interface RekeyOptions {
  rules: ReadonlySet<RuleId>;
  /** Re-keys that the plan found would leave uses behind: key location -> evidence. */
  blocked: ReadonlyMap<string, string[]>;
}

type Candidate = (agent: AgentInfo, entry: ToolEntry) => { id: string; reason: string } | undefined;

function plan(
  scan: ScanResult,
  rule: RuleId,
  options: RekeyOptions,
  candidate: Candidate,
  alsoRenamed?: (other: ToolEntry, entry: ToolEntry) => boolean,
): { edits: Edit[]; findings: Finding[] } {
  const edits: Edit[] = [];
  const findings: Finding[] = [];
  for (const agent of scan.agents) {
    const label = agentLabel(agent);
    for (const entry of agent.tools.entries) {
      const c = candidate(agent, entry);
      if (!c) continue;
      const kept = (why: string) =>
        findings.push({
          kind: 'rename-kept',
          rule,
          message: `"${wireOf(entry, agent)}" is not re-keyed to "${c.id}": ${why}`,
          locations: [entry.keyLocation],
          agents: [label],
        });
      if (entry.fromType) {
        kept(
          `the key is known only from the type of ${entry.fromType.expression}; no literal to edit`,
        );
        continue;
      }
      if (RESERVED_PREFIX.test(c.id)) {
        kept(
          `Mastra treats tool names starting with agent- or workflow- as sub-agents and workflows`,
        );
        continue;
      }
      if (agent.runs.mode === 'network') {
        kept(`${label} runs only with network(), whose routing agent is given raw keys`);
        continue;
      }
      const blockers =
        options.blocked.get(locationKey(entry.keyLocation)) ??
        renameBlockers(
          scan,
          agent,
          entry,
          options.rules,
          alsoRenamed && ((other) => alsoRenamed(other, entry)),
        );
      if (blockers.length) {
        kept(`the current name is still used: ${blockers.join('; ')}`);
        continue;
      }
      edits.push(rekeyEdit(rule, agent, entry, c.id, [label], c.reason));
    }
  }
  return { edits, findings };
}

export function planRekeyBuiltins(
  scan: ScanResult,
  options: RekeyOptions,
): { edits: Edit[]; findings: Finding[] } {
  return plan(scan, 'rekey-builtins', options, (_agent, entry) => {
    const v = entry.value;
    // Only the shorthand form: a key the user chose (`ask: askUserTool`) is theirs to keep.
    if (
      v.kind !== 'builtin' ||
      entry.keyKind !== 'shorthand' ||
      !v.id ||
      v.id === entry.key ||
      !isLegalToolName(v.id)
    )
      return undefined;
    const source =
      v.idSource === 'installed-declarations'
        ? 'the installed @mastra/core'
        : 'the bundled table (no @mastra/core installed)';
    return {
      id: v.id,
      reason: `built-in ${v.exportName} registered by shorthand is offered as "${entry.key}"; keyed by its id "${v.id}" (from ${source}) the model sees the name Mastra documents, and nothing uses "${entry.key}"`,
    };
  });
}

export function planRekeyById(
  scan: ScanResult,
  options: RekeyOptions,
): { edits: Edit[]; findings: Finding[] } {
  return plan(
    scan,
    'rekey-by-id',
    options,
    (_agent, entry) => {
      const v = entry.value;
      if (
        v.kind !== 'createTool' ||
        !v.id ||
        v.id === entry.key ||
        !isLegalToolName(v.id) ||
        entry.keyKind === 'file-name' ||
        entry.fromType
      )
        return undefined;
      return {
        id: v.id,
        reason: `keyed by its id "${v.id}" instead of "${entry.key}" (--rekey-by-id); nothing uses "${entry.key}"`,
      };
    },
    (other, entry) =>
      other.value.kind === 'createTool' &&
      'id' in entry.value &&
      other.value.id === entry.value.id &&
      other.keyKind !== 'file-name',
  );
}
