/**
 * Tool registries: `const` object literals of the app's tools that code of their own file reads by
 * a name known only at run time (`AVAILABLE_TOOLS[toolId]`, with `toolId` from a role file or a
 * database row). Agents built
 * from such data are given some of its tools. A prompt that lists most of its keys describes what
 * those agents can be given (the catalogue an agent-building agent picks from); the plan weighs
 * that (`unknown-mentions.ts`).
 */
import { ts, type SourceFile } from '../../ts-morph.ts';
import { locate, wrappedNode } from '../ast.ts';
import type { Location, ToolValue } from '../model.ts';
import { readToolMap, type MapContext } from '../values/tool-map.ts';

export interface ToolRegistry {
  /** The constant that holds it (`AVAILABLE_MASTRA_TOOLS`). */
  text: string;
  keys: string[];
  location: Location;
}

const TOOL_KINDS = new Set<ToolValue['kind']>(['createTool', 'builtin', 'ai-sdk-tool']);
/** `name[key]` with an identifier or member as the key: a read by a name known at run time. */
const DYNAMIC_READ = /[\w$\]]\[\s*[A-Za-z_$]/;

/** Past `as` / `satisfies` / parentheses. */
function bare(node: ts.Expression): ts.Expression {
  let n = node;
  while (ts.isAsExpression(n) || ts.isSatisfiesExpression(n) || ts.isParenthesizedExpression(n))
    n = n.expression;
  return n;
}

/**
 * Every entry's value is a variable (`web_search: webSearchTool`, or shorthand), as in a map of
 * tools: a table of data (strings, numbers, nested objects) is never read as one, which would ask
 * the checker about every value of every table code indexes.
 */
function namesValues(object: ts.ObjectLiteralExpression): boolean {
  return (
    object.properties.length >= 2 &&
    object.properties.every(
      (p) =>
        ts.isShorthandPropertyAssignment(p) ||
        (ts.isPropertyAssignment(p) && ts.isIdentifier(bare(p.initializer))),
    )
  );
}

/**
 * The file's `const NAME = { a: x, b: y }` objects that code in the same file reads by a run-time
 * key (`NAME[key]`), found on compiler nodes: most files index some table, few such a map.
 */
function dynamicallyRead(sf: ts.SourceFile): Array<[string, ts.ObjectLiteralExpression]> {
  const maps = new Map<string, ts.ObjectLiteralExpression>();
  const reads = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer) {
      const init = bare(n.initializer);
      if (ts.isObjectLiteralExpression(init) && namesValues(init)) maps.set(n.name.text, init);
    } else if (
      ts.isElementAccessExpression(n) &&
      ts.isIdentifier(n.expression) &&
      !ts.isStringLiteralLike(n.argumentExpression) &&
      !ts.isNumericLiteral(n.argumentExpression)
    )
      reads.add(n.expression.text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return [...maps].filter(([name]) => reads.has(name));
}

export function toolRegistries(ctx: MapContext, files: readonly SourceFile[]): ToolRegistry[] {
  const out: ToolRegistry[] = [];
  for (const sf of files) {
    if (!DYNAMIC_READ.test(sf.getFullText())) continue;
    for (const [name, compiled] of dynamicallyRead(sf.compilerNode)) {
      const object = wrappedNode(sf, compiled);
      const set = readToolMap(ctx, object, 'tools');
      const tools = set.entries.filter((e) => TOOL_KINDS.has(e.value.kind));
      if (
        tools.length < 2 ||
        tools.length !== set.entries.length ||
        set.unresolved.length ||
        set.runtime.length
      )
        continue;
      out.push({
        text: name,
        keys: tools.map((e) => e.key),
        location: locate(ctx, object),
      });
    }
  }
  return out;
}
