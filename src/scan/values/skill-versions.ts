/**
 * The skill tools' names follow the agent's @mastra/core: 1.10.0 renamed them. Read in the
 * published builds: 1.4.0 to 1.9.0 add `skill-activate` and `skill-search` (and the
 * `skill-read-*` tools once a skill is active, `SkillsProcessor.processInputStep`); 1.10.0 and
 * later add `skill`, `skill_search` and `skill_read` (measured on 1.71.0).
 */
import { sideOf } from '../../names/versions.ts';
import type { MastraVersion, RuntimeTools, ToolSet } from '../model.ts';
import { EARLIER_SKILL_TOOLS, SKILL_TOOLS } from './agent-runtime-tools.ts';

export const SKILL_TOOLS_RENAMED_IN = '1.10.0';

/** Which names a version offers: both when the version is unknown or a range spans the rename. */
export function skillNamesFor(mastra: MastraVersion): string[] {
  const side = sideOf(mastra, SKILL_TOOLS_RENAMED_IN);
  if (side === 'from') return SKILL_TOOLS;
  if (side === 'before') return EARLIER_SKILL_TOOLS;
  return [...SKILL_TOOLS, ...EARLIER_SKILL_TOOLS];
}

/** The names before 1.10.0 -> the tool each became: what a prompt written then still says. */
const RENAMED: ReadonlyArray<{ name: string; as: string }> = [
  { name: 'skill-activate', as: 'skill' },
  { name: 'skill-search', as: 'skill_search' },
  { name: 'skill-read-reference', as: 'skill_read' },
  { name: 'skill-read-script', as: 'skill_read' },
  { name: 'skill-read-asset', as: 'skill_read' },
];

function versioned(r: RuntimeTools, mastra: MastraVersion): RuntimeTools {
  if (r.kind !== 'skills') return r;
  const names = skillNamesFor(mastra);
  // The version surely has the new names: the old ones name those tools, and nothing else.
  if (names === SKILL_TOOLS) return { ...r, aliases: [...(r.aliases ?? []), ...RENAMED] };
  const which =
    names === EARLIER_SKILL_TOOLS
      ? `@mastra/core ${mastra.version ?? mastra.range} names them so; 1.10.0 renamed them`
      : `before @mastra/core 1.10.0 they were named otherwise, and the version is not known`;
  return {
    ...r,
    names: [...names],
    reason: `skills add the tools ${names.join(', ')} when the agent runs (${which})`,
  };
}

/** The set with its skills sources named as the agent's version names them. */
export function withVersionedSkills(set: ToolSet, mastra: MastraVersion): ToolSet {
  if (!set.runtime.some((r) => r.kind === 'skills')) return set;
  return { ...set, runtime: set.runtime.map((r) => versioned(r, mastra)) };
}
