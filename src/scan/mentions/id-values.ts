/**
 * Tool ids the app's code also gives another field as a value: `context: 'create-patient'` in the
 * error a workflow step throws, a step's own `id`. A prompt naming that id may mean the value (what
 * the model reads in a result or an error), not the tool, so such a mention is reported rather than
 * rewritten. The tool's own `createTool({ id })` is its definition, not another use.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, locate } from '../ast.ts';
import type { ScanContext } from '../ast.ts';
import type { IdValue } from '../model.ts';

/** `createTool({ id })`, `createVectorQueryTool({ id })`, `new Tool({ id })`: a tool's definition. */
const DEFINES_TOOL = /(?:^|\.)(?:create\w*Tool|Tool)$/;

function definesTool(literal: Node, property: string): boolean {
  if (property !== 'id') return false;
  const call = literal.getParent()?.getParent()?.getParent();
  return (
    call !== undefined &&
    (Node.isCallExpression(call) || Node.isNewExpression(call)) &&
    DEFINES_TOOL.test(call.getExpression().getText())
  );
}

export function idValues(
  ctx: ScanContext,
  files: readonly SourceFile[],
  ids: ReadonlySet<string>,
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
      if (definesTool(literal, field)) continue;
      const name = (literal as unknown as { getLiteralValue(): string }).getLiteralValue();
      out.push({ name, field, location: locate(ctx, literal) });
    }
  }
  return out;
}
