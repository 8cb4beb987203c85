/**
 * Tool registries: object literals of the app's tools that code reads by a name known only at run
 * time (`AVAILABLE_TOOLS[toolId]`, with `toolId` from a role file or a database row). Agents built
 * from such data are given some of its tools. A prompt that lists most of its keys describes what
 * those agents can be given (the catalogue an agent-building agent picks from); the plan weighs
 * that (`unknown-mentions.ts`).
 */
import type { ObjectLiteralExpression } from 'ts-morph';
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, locate, resolveValue } from '../ast.ts';
import type { Location, ToolValue } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import { readToolMap, type MapContext } from '../values/tool-map.ts';

export interface ToolRegistry {
  /** The expression code reads it through (`AVAILABLE_MASTRA_TOOLS`). */
  text: string;
  keys: string[];
  location: Location;
}

const TOOL_KINDS = new Set<ToolValue['kind']>(['createTool', 'builtin', 'ai-sdk-tool']);
/** `name[key]` with an identifier or member as the key: a read by a name known at run time. */
const DYNAMIC_READ = /[\w$\]]\[\s*[A-Za-z_$]/;

const dynamicRead = (n: ts.Node) =>
  ts.isElementAccessExpression(n) &&
  ts.isIdentifier(n.expression) &&
  !ts.isStringLiteralLike(n.argumentExpression) &&
  !ts.isNumericLiteral(n.argumentExpression);

/**
 * Every entry's value is a variable (`web_search: webSearchTool`, or shorthand), as in a map of
 * tools: a table of data (strings, numbers, nested objects) is never read as one, which would ask
 * the checker about every value of every table code indexes.
 */
function namesValues(object: ObjectLiteralExpression): boolean {
  const properties = object.getProperties();
  return (
    properties.length >= 2 &&
    properties.every(
      (p) =>
        Node.isShorthandPropertyAssignment(p) ||
        (Node.isPropertyAssignment(p) && Node.isIdentifier(p.getInitializerOrThrow())),
    )
  );
}

export function toolRegistries(ctx: MapContext, files: readonly SourceFile[]): ToolRegistry[] {
  const out: ToolRegistry[] = [];
  const seen = new Set<Node>();
  for (const sf of files) {
    if (!DYNAMIC_READ.test(sf.getFullText())) continue;
    for (const read of descendantsOfKind(sf, SyntaxKind.ElementAccessExpression, dynamicRead)) {
      if (staticString(read.getArgumentExpression()!) !== undefined) continue;
      const object = resolveValue(read.getExpression());
      if (!Node.isObjectLiteralExpression(object) || seen.has(object)) continue;
      seen.add(object);
      if (!namesValues(object)) continue;
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
        text: read.getExpression().getText(),
        keys: tools.map((e) => e.key),
        location: locate(ctx, object),
      });
    }
  }
  return out;
}
