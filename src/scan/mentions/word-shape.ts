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

/** Written like a name only code makes: `edit_file`, `web-search`, `readFile`. */
const CODE_SHAPED = /^[A-Za-z_]\w*(?:[-_][A-Za-z0-9]+)+$|^[a-z][a-z0-9]*[A-Z]\w*$/;

/**
 * `edit_file/write_file`: two names joined by a slash, each shaped like code, with nothing of a
 * path around them (no other slash, no dot), name two tools. `src/read_file` or `a/b/c` is a path.
 */
export function slashPair(text: string, at: number, end: number): boolean {
  const token = /[\w-]+/y;
  const wordAt = (from: number) => {
    token.lastIndex = from;
    return token.exec(text)?.[0];
  };
  let first: number;
  let second: number;
  if (text[end] === '/') {
    first = at;
    second = end + 1;
  } else if (text[at - 1] === '/') {
    let start = at - 1;
    while (start > 0 && /[\w-]/.test(text[start - 1]!)) start--;
    first = start;
    second = at;
  } else return false;
  const a = wordAt(first);
  const b = wordAt(second);
  if (!a || !b || first + a.length !== second - 1) return false;
  const outerBefore = text[first - 1] ?? '';
  const outerAfter = text[second + b.length] ?? '';
  // A dot ends a sentence (`write_file.`), unless a word follows it (`write_file.ts`).
  const extension = outerAfter === '.' && /\w/.test(text[second + b.length + 1] ?? '');
  return (
    CODE_SHAPED.test(a) &&
    CODE_SHAPED.test(b) &&
    !/[/.\\:@]/.test(outerBefore) &&
    !/[/\\:@]/.test(outerAfter) &&
    !extension
  );
}
