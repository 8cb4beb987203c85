/**
 * The shape of a data word (`data-words.ts`) and the parts of one a prompt can name: shared by the
 * scan, which collects the words, and the plan, which asks about them (`prompt-words.ts`).
 */
const NAME_SHAPED = /^[A-Za-z_][\w-]*$/;

/** A word shaped like a tool name: `-`, `_` or an inner capital (`patch_json`, `userId`). */
export const isNameShaped = (w: string): boolean =>
  NAME_SHAPED.test(w) && (/[-_]/.test(w) || /[a-z][A-Z]/.test(w));

/**
 * Every run of two or more `_`-parts of a snake_case word short of the whole word
 * (`dimensions_not_scored` gives `dimensions_not` and `not_scored`).
 */
export function underscoreRuns(word: string): string[] {
  const p = word.split('_');
  if (p.length < 3 || p.some((x) => !x)) return [];
  const out: string[] = [];
  for (let i = 0; i < p.length; i++)
    for (let j = i + 2; j <= p.length; j++) if (j - i < p.length) out.push(p.slice(i, j).join('_'));
  return out;
}
