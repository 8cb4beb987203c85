/**
 * The tool an agent's `memory` adds: with working memory enabled, `@mastra/memory` offers
 * `updateWorkingMemory` to the model on every call (its tool-call mode, the default; the older
 * `use: 'text-stream'` mode adds no tool). Measured with @mastra/memory 1.31.0 and @mastra/core
 * 1.71.0 (test/working-memory.test.ts), and seen in a public app (eval/labels/Zhuk-off+mastra-test-1.json:
 * a schema-based working memory through a helper, @mastra/memory 1.17.5). The
 * config is read where it is written: in `new Memory({ options })`, or in the object a helper that
 * builds the Memory is called with. Memory we cannot read adds nothing here: most memory has no
 * working memory, and an agent is not left unchecked for it.
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { definitionOf, locate, propertyValue, resolveValue, type ScanContext } from '../ast.ts';
import type { RuntimeTools } from '../model.ts';
import { staticString } from './static-value.ts';

export const WORKING_MEMORY_TOOL = 'updateWorkingMemory';

/** `workingMemory: { enabled: true }` (not in text-stream mode) somewhere in `node`. */
function enablesWorkingMemory(node: Node): boolean {
  const objects = [node, ...node.getDescendantsOfKind(SyntaxKind.ObjectLiteralExpression)];
  return objects.some((o) => {
    if (!Node.isObjectLiteralExpression(o)) return false;
    const wm = propertyValue(o, 'workingMemory');
    const config = wm ? resolveValue(wm) : undefined;
    if (!config || !Node.isObjectLiteralExpression(config)) return false;
    const enabled = propertyValue(config, 'enabled');
    const use = propertyValue(config, 'use');
    return (
      enabled !== undefined &&
      resolveValue(enabled).getKind() === SyntaxKind.TrueKeyword &&
      !(use && staticString(use) === 'text-stream')
    );
  });
}

/** What the `memory` option's value is built from: its arguments, and a helper's own body. */
function configNodes(value: Node): Node[] {
  if (Node.isNewExpression(value)) return value.getArguments().map((a) => resolveValue(a));
  if (!Node.isCallExpression(value)) return [];
  const args = value.getArguments().map((a) => resolveValue(a));
  const fn = definitionOf(value.getExpression());
  const body =
    fn &&
    (Node.isFunctionDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))
      ? [fn]
      : [];
  return [...args, ...body];
}

export function memoryTools(ctx: ScanContext, node: Node): RuntimeTools[] {
  const value = resolveValue(node);
  if (!configNodes(value).some(enablesWorkingMemory)) return [];
  return [
    {
      origin: 'tools',
      location: locate(ctx, node),
      text: node.getText().slice(0, 120),
      kind: 'memory',
      prefixes: [],
      names: [WORKING_MEMORY_TOOL],
      bounded: true,
      reason: `working memory is enabled, so the memory adds the tool ${WORKING_MEMORY_TOOL}`,
    },
  ];
}
