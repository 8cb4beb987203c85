/**
 * Tool ids the app's code also gives another field as a value: `context: 'create-patient'` in the
 * error a workflow step throws, a step's own `id`. A prompt naming that id may mean the value (what
 * the model reads in a result or an error), not the tool, so such a mention is reported rather than
 * rewritten. Only another field's value counts: an `id` or a name is the same thing named.
 */
import { SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, locate } from '../ast.ts';
import type { ScanContext } from '../ast.ts';
import type { IdValue } from '../model.ts';

/**
 * Fields that name a thing rather than describe one: Mastra's own `id` and `name` (of a tool, a
 * step, a config row listing tools) and a field about a tool (`toolName`, `tool`). Their value is
 * the id used as a name, which a prompt naming it means too.
 */
const NAMING_FIELD = /^(id|name)$|tool/i;

export function idValues(
  ctx: ScanContext,
  files: readonly SourceFile[],
  ids: ReadonlySet<string>,
  toolNames: ReadonlySet<string>,
): IdValue[] {
  if (ids.size === 0) return [];
  const out: IdValue[] = [];
  const quoted = [...ids].flatMap((id) => [`'${id}'`, `"${id}"`, `\`${id}\``]);
  const valued = (n: ts.Node) =>
    ts.isPropertyAssignment(n) &&
    (ts.isStringLiteral(n.initializer) || ts.isNoSubstitutionTemplateLiteral(n.initializer)) &&
    ids.has(n.initializer.text);
  for (const sf of files) {
    const text = sf.getFullText();
    if (!quoted.some((q) => text.includes(q))) continue;
    for (const assignment of descendantsOfKind(sf, SyntaxKind.PropertyAssignment, valued)) {
      const literal = assignment.getInitializerOrThrow();
      const field = assignment
        .getNameNode()
        .getText()
        .replace(/^['"]|['"]$/g, '');
      // `{ passContextToAgent: 'pass-context' }`: a table from one name of a tool to another.
      if (NAMING_FIELD.test(field) || toolNames.has(field)) continue;
      const name = (literal as unknown as { getLiteralValue(): string }).getLiteralValue();
      out.push({ name, field, location: locate(ctx, literal) });
    }
  }
  return out;
}
