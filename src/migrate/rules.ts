/** Which rules a run applies: the defaults, narrowed by --only / --skip, plus opt-ins. */
import { DEFAULT_RULES, RULE_IDS, type RuleId } from '../plan/model.ts';
import { MigrateError } from './errors.ts';

export interface RuleSelection {
  only?: readonly string[];
  skip?: readonly string[];
  /** Opt-in: key user tools by their id. */
  rekeyById?: boolean;
  /** Opt-in: wrap MCP tool records in the runtime helper. */
  wrapRuntimeTools?: boolean;
}

function checked(names: readonly string[], flag: string): RuleId[] {
  for (const n of names) {
    if (!(RULE_IDS as readonly string[]).includes(n))
      throw new MigrateError(
        'usage',
        `${flag}: unknown rule "${n}" (rules: ${RULE_IDS.join(', ')})`,
      );
  }
  return names as RuleId[];
}

export function selectRules(selection: RuleSelection = {}): RuleId[] {
  const only = selection.only?.length ? checked(selection.only, '--only') : undefined;
  const skip = new Set(checked(selection.skip ?? [], '--skip'));
  const base = new Set<RuleId>(
    only ?? [
      ...DEFAULT_RULES,
      ...(selection.rekeyById ? (['rekey-by-id'] as const) : []),
      ...(selection.wrapRuntimeTools ? (['wrap-runtime-tools'] as const) : []),
    ],
  );
  return RULE_IDS.filter((r) => base.has(r) && !skip.has(r));
}
