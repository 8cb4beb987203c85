/**
 * Function tools the app defines for another SDK's model: OpenAI's chat completions format
 * (`{ type: 'function', function: { name: 'create_artifact', parameters } }`) and its Responses
 * format (`{ type: 'function', name: 'create_artifact', parameters }`). Code that compares a tool
 * name with one of these names is handling that model's calls (a route that runs
 * `openai.chat.completions.runTools`), not a stale name of a Mastra tool.
 */
import { Node, SyntaxKind, type SourceFile } from '../../ts-morph.ts';
import { propertyValue, resolveValue } from '../ast.ts';
import { staticString } from '../values/static-value.ts';

const FUNCTION_TYPE = /\btype\s*:\s*['"`]function['"`]/;

function nameOf(object: Node): string | undefined {
  const type = propertyValue(object, 'type');
  if (!type || staticString(type) !== 'function') return undefined;
  const fn = propertyValue(object, 'function');
  const holder = fn ? resolveValue(fn) : object;
  if (!Node.isObjectLiteralExpression(holder)) return undefined;
  if (!fn && !propertyValue(object, 'parameters')) return undefined;
  const name = propertyValue(holder, 'name');
  return name ? staticString(name) : undefined;
}

/** The names of the function tools defined in these files for a model Mastra does not call. */
export function foreignFunctionTools(files: readonly SourceFile[]): Set<string> {
  const out = new Set<string>();
  for (const sf of files) {
    if (!FUNCTION_TYPE.test(sf.getFullText())) continue;
    for (const object of sf.getDescendantsOfKind(SyntaxKind.ObjectLiteralExpression)) {
      const name = nameOf(object);
      if (name) out.add(name);
    }
  }
  return out;
}
