/**
 * The ids of every tool the app makes with `createTool({ id })`, whether an agent the scan reads
 * is given it or not: a harness, the app's own MCP server or code the scan does not model may offer
 * it. A table entry or test naming one of them is not dead.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, isMastraExport } from '../ast.ts';
import { idFromArgument } from '../values/tool-value.ts';

const CREATE_TOOL = (n: ts.Node) =>
  ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'createTool';

export function appToolIds(files: readonly SourceFile[]): string[] {
  const out = new Set<string>();
  for (const sf of files) {
    if (!sf.getFullText().includes('createTool')) continue;
    for (const call of descendantsOfKind(sf, SyntaxKind.CallExpression, CREATE_TOOL)) {
      const callee = call.getExpression();
      if (!Node.isIdentifier(callee) || !isMastraExport(callee, ['createTool'])) continue;
      const id = idFromArgument(call);
      if (id) out.add(id);
    }
  }
  return [...out].sort();
}
