/**
 * Tools of MCP servers the app writes with the MCP SDK (`@modelcontextprotocol/sdk`) for another
 * client: `server.tool('name', ...)`, `server.registerTool('name', ...)`, and the `tools` a
 * `ListToolsRequestSchema` handler returns. Such a server's tools reach a Mastra agent only through
 * an MCP client, as `server_tool`; an agent without one is not offered them, so its prompt naming
 * one names a tool it cannot call.
 */
import { Node, SyntaxKind, type SourceFile } from '../../ts-morph.ts';
import { locate, propertyValue, resolveValue, type ScanContext } from '../ast.ts';
import type { Location } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import { returnedExpressions } from '../values/tool-map.ts';

const SDK = '@modelcontextprotocol/sdk';

/** The objects an expression lists: an array literal's, or those of the array `.map()` is called on. */
function listed(node: Node): Node[] {
  const value = resolveValue(node);
  if (Node.isArrayLiteralExpression(value)) return value.getElements().map((e) => resolveValue(e));
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'map')
      return listed(callee.getExpression());
  }
  return [];
}

/** `{ tools: [...] }` returned by a ListTools handler: each tool's `name`. */
function handlerTools(handler: Node): Node[] {
  const fn = resolveValue(handler);
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return [];
  return returnedExpressions(fn).flatMap((r) => {
    const tools = propertyValue(resolveValue(r), 'tools');
    return tools ? listed(tools).flatMap((t) => propertyValue(t, 'name') ?? []) : [];
  });
}

/** The tools the MCP SDK servers in these files define, each where its name is written. */
export function sdkServerTools(
  ctx: ScanContext,
  files: readonly SourceFile[],
): Array<{ name: string; location: Location }> {
  const out: Array<{ name: string; location: Location }> = [];
  for (const sf of files) {
    if (!sf.getFullText().includes(SDK)) continue;
    if (!sf.getImportDeclarations().some((i) => i.getModuleSpecifierValue().startsWith(SDK)))
      continue;
    for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (!Node.isPropertyAccessExpression(callee)) continue;
      const [first, second] = call.getArguments();
      const method = callee.getName();
      const names =
        (method === 'tool' || method === 'registerTool') && first
          ? [first]
          : method === 'setRequestHandler' &&
              first?.getText() === 'ListToolsRequestSchema' &&
              second
            ? handlerTools(second)
            : [];
      for (const node of names) {
        const name = staticString(node);
        if (name) out.push({ name, location: locate(ctx, node) });
      }
    }
  }
  return out;
}
