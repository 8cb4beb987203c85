/**
 * `rekey-builtins`: `tools: { askUserTool }` becomes `tools: { ask_user: askUserTool }` (the id read
 * from the installed @mastra/core). `rekey-by-id` (opt-in): user tools are keyed by their `id`.
 * Both rename what the model sees.
 */
import { isLegalToolName } from '../../names/wire-name.ts';
import type { ScanResult, ToolEntry } from '../../scan/model.ts';
import { agentLabel, renderKey, wireOf } from '../agents.ts';
import type { Edit, RuleId } from '../model.ts';

function rekeyEdit(rule: RuleId, entry: ToolEntry, id: string, agents: string[], reason: string): Edit {
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
    wire: { before: wireOf(entry), after: id },
    agents,
  };
}

export function planRekeyBuiltins(scan: ScanResult): Edit[] {
  const edits: Edit[] = [];
  for (const agent of scan.agents) {
    for (const entry of agent.tools.entries) {
      const v = entry.value;
      // Only the shorthand form: a key the user chose (`ask: askUserTool`) is theirs to keep.
      if (v.kind !== 'builtin' || entry.keyKind !== 'shorthand' || !v.id || v.id === entry.key || !isLegalToolName(v.id)) continue;
      const source = v.idSource === 'installed-declarations' ? 'the installed @mastra/core' : 'the bundled table (no @mastra/core installed)';
      edits.push(rekeyEdit('rekey-builtins', entry, v.id, [agentLabel(agent)], `built-in ${v.exportName} registered by shorthand is offered as "${entry.key}"; keyed by its id "${v.id}" (from ${source}) the model sees the name Mastra documents`));
    }
  }
  return edits;
}

export function planRekeyById(scan: ScanResult): Edit[] {
  const edits: Edit[] = [];
  for (const agent of scan.agents) {
    for (const entry of agent.tools.entries) {
      const v = entry.value;
      if (v.kind !== 'createTool' || !v.id || v.id === entry.key || !isLegalToolName(v.id) || entry.keyKind === 'file-name') continue;
      edits.push(rekeyEdit('rekey-by-id', entry, v.id, [agentLabel(agent)], `keyed by its id "${v.id}" instead of "${entry.key}" (--rekey-by-id)`));
    }
  }
  return edits;
}
