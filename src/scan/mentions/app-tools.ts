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

/**
 * The names the app declares its tools under: `const portfolioTool = createTool(...)` or `new
 * Tool(...)` from @mastra/core, exported or not, whether an agent is given it or not.
 */
export function appToolVariables(files: readonly SourceFile[]): string[] {
  const out = new Set<string>();
  const made = (n: ts.Node) =>
    (ts.isCallExpression(n) || ts.isNewExpression(n)) &&
    ts.isIdentifier(n.expression) &&
    /^(createTool|Tool)$/.test(n.expression.text);
  for (const sf of files) {
    const text = sf.getFullText();
    if (!text.includes('createTool') && !text.includes('Tool(')) continue;
    for (const kind of [SyntaxKind.CallExpression, SyntaxKind.NewExpression] as const)
      for (const node of descendantsOfKind(sf, kind, made)) {
        const callee = node.getExpression();
        if (!Node.isIdentifier(callee) || !isMastraExport(callee, ['createTool', 'Tool'])) continue;
        const holder = node.getParent();
        if (holder && Node.isVariableDeclaration(holder) && Node.isIdentifier(holder.getNameNode()))
          out.add(holder.getName());
      }
  }
  return [...out].sort();
}
