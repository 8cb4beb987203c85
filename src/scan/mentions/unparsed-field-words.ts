/**
 * Data words (`data-words.ts`) of the candidates the scan did not parse (`worth-parsing.ts`): the
 * field names of their interfaces and type literals. Such a file has no schema call and no computed
 * property name (either makes it parsed), so a field name is its property signature's name as
 * written, a whole run of `[\w-]` in its text (a string key with an escape is the exception: a file
 * with a backslash is read in full).
 *
 * The plan asks these words one question: whether a word an agent's instructions name is a data
 * word, or a run of two or more `_`-parts of one (`prompt-words.ts`). Such a word starts a run of
 * `[\w-]` in the instructions. So a file is parsed only when one of its words, or a run of its
 * `_`-parts, starts such a run; every answer the plan gets is the one a full parse would give.
 */
import { ts } from '../../ts-morph.ts';
import { scriptKindFor } from '../files/project.ts';
import { lowerBound } from '../../sorted.ts';
import { isNameShaped as SHAPED, underscoreRuns } from './word-shape.ts';

const RUN = /[\w-]+/g;

/** The word, and each run of its `_`-parts the plan asks `hasPart` about. */
const askedAs = (word: string): string[] => [word, ...underscoreRuns(word)];

/** Tests whether a string starts one of `runs` (sorted). */
function startsARun(runs: readonly string[], s: string): boolean {
  const at = lowerBound(runs, s);
  return at < runs.length && runs[at]!.startsWith(s);
}

/** Field names of the interfaces and type literals in `text`, shaped like a tool name. */
function fieldWords(file: string, text: string, into: Set<string>): void {
  let sf: ts.SourceFile;
  try {
    sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKindFor(file));
  } catch {
    return; // too deeply nested to parse: the project could not have parsed it either
  }
  const visit = (node: ts.Node): void => {
    if (ts.isPropertySignature(node)) {
      const name = node.name;
      const word = ts.isIdentifier(name)
        ? name.getText(sf)
        : ts.isStringLiteral(name)
          ? name.text
          : undefined;
      if (word !== undefined && SHAPED(word)) into.add(word);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/**
 * The data words of `files` (path and text) that instructions (`prompts`) can name, with every
 * other field name of the files that hold one.
 */
export function unparsedFieldWords(
  files: ReadonlyArray<{ file: string; text: string }>,
  prompts: readonly string[],
): string[] {
  const runs = [...new Set(prompts.flatMap((p) => p.match(RUN) ?? []))].sort();
  if (runs.length === 0) return [];
  const out = new Set<string>();
  for (const { file, text } of files) {
    const named =
      text.includes('\\') ||
      (text.match(RUN) ?? []).some((w) => SHAPED(w) && askedAs(w).some((a) => startsARun(runs, a)));
    if (named) fieldWords(file, text, out);
  }
  return [...out];
}
