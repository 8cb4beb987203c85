/**
 * Applies every planned edit of one file in a single parse: each rule's transform works on the
 * same tree, the tree is printed once, and the result must parse again before it is accepted.
 */
import jscodeshift from 'jscodeshift';
import { applyEdits } from '../../transforms/lib/apply-edits.ts';
import { lineTerminatorOf } from '../../transforms/lib/offsets.ts';
import { checkParses, parserFor } from '../../transforms/lib/parser.ts';
import { RULE_IDS, type Edit } from '../plan/model.ts';

export type FileOutcome = { ok: true; text: string; applied: Edit[] } | { ok: false; error: string };

// withParser copies every builder onto a new function: one per parser is enough.
const cores = new Map<string, ReturnType<typeof jscodeshift.withParser>>();

export function applyFileEdits(file: string, source: string, edits: readonly Edit[]): FileOutcome {
  const parser = parserFor(file);
  let j = cores.get(parser);
  if (!j) cores.set(parser, (j = jscodeshift.withParser(parser)));
  let root;
  try {
    root = j(source);
  } catch (e) {
    return { ok: false, error: `does not parse: ${(e as Error).message.split('\n')[0]}` };
  }
  const applied: Edit[] = [];
  for (const rule of RULE_IDS) {
    const mine = edits.filter((e) => e.rule === rule);
    if (mine.length === 0) continue;
    const result = applyEdits(j, root, mine, source);
    if (result.missing.length) {
      const m = result.missing[0]!;
      return { ok: false, error: `planned edit not found at ${m.location.line}:${m.location.column} (${m.before}); the file changed since the scan?` };
    }
    applied.push(...result.applied);
  }
  const text = root.toSource({ lineTerminator: lineTerminatorOf(source) });
  try {
    checkParses(file, text);
  } catch (e) {
    return { ok: false, error: `the rewritten file would not parse: ${(e as Error).message.split('\n')[0]}` };
  }
  return { ok: true, text, applied };
}
