import type { Location } from '../../scan/model.ts';
import type { Suggestion } from '../model.ts';

/** Each text as a suggestion at each location (spread into a finding; nothing when there is none). */
export function suggesting(
  locations: readonly Location[],
  texts: readonly string[] | undefined,
): { suggestions?: Suggestion[] } {
  const unique = [...new Set(texts ?? [])];
  if (unique.length === 0) return {};
  return {
    suggestions: locations.flatMap((location) => unique.map((text) => ({ location, text }))),
  };
}
