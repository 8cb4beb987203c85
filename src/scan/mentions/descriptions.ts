/**
 * The descriptions an agent's model reads with what it is offered. Mastra sends a tool's
 * `description` with the tool; it makes a sub-agent's `description` the description of its
 * `agent-KEY` tool and a workflow's that of `workflow-KEY` (read in @mastra/core 1.71.0:
 * `listAgentTools`, `listWorkflowTools`); `network()` lists all three, each beside its key, to the
 * routing agent (`getRoutingAgent`). So a name in a description is read by the agent that offers
 * the described tool, sub-agent or workflow, and is checked against that agent's offers.
 */
import path from 'node:path';
import { Node, SyntaxKind, ts } from '../../ts-morph.ts';
import { nodeAtSpan, resolveValue, wrappedNode, type ScanContext } from '../ast.ts';
import type { Location, TextContext, TextFragment, ToolEntry, ToolSet } from '../model.ts';
import { objectBehind } from '../values/static-value.ts';
import { toolCallBehind } from '../values/tool-value.ts';
import { memberOf } from './bindings.ts';
import { resultTexts } from './result-texts.ts';
import { textFragments } from './prompt-text.ts';

/** The node a location was taken from (`locate` of a value definition). */
function nodeAt(ctx: ScanContext, from: Node, at: Location): Node | undefined {
  const file = from.getProject().getSourceFile(path.join(ctx.root, at.file));
  return file && nodeAtSpan(file, at.start, at.end - at.start);
}

/** `createWorkflow({...}).then(step).commit()`: the `createWorkflow(...)` call at its root. */
function chainRoot(node: Node): Node {
  let current = node;
  while (Node.isCallExpression(current)) {
    const callee = current.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || !Node.isCallExpression(callee.getExpression()))
      break;
    current = callee.getExpression();
  }
  return current;
}

const CONTEXT: Record<string, TextContext> = {
  tools: 'tool-description',
  agents: 'agent-description',
  workflows: 'workflow-description',
};

/** The text of the `description` in the definition of an offered value. */
export function descriptionOf(
  ctx: ScanContext,
  definition: Node,
  entry: ToolEntry,
): TextFragment[] {
  const object = objectBehind(
    entry.value.kind === 'workflow'
      ? chainRoot(definition)
      : entry.origin === 'tools'
        ? toolCallBehind(definition)
        : definition,
  );
  const description = object ? memberOf(object, 'description') : undefined;
  const context = CONTEXT[entry.origin];
  if (!context) return [];
  const texts = [
    ...(description ? [description] : []),
    ...(object && entry.origin === 'tools' ? parameterDescriptions(object) : []),
  ];
  const describes = { origin: entry.origin, key: entry.key };
  const results = object && entry.origin === 'tools' ? resultTexts(object) : [];
  const values = object && entry.origin === 'tools' ? parameterValues(object) : [];
  const own = values.length ? { describes, values } : { describes };
  return [
    ...texts.flatMap((text) => textFragments(ctx, text, context).map((f) => ({ ...f, ...own }))),
    ...results.flatMap((text) =>
      textFragments(ctx, text, 'tool-result').map((f) => ({ ...f, describes })),
    ),
  ];
}

/**
 * `inputSchema: z.object({ jobId: z.string().describe('… from tts-analytics-report') })`: the
 * descriptions of a tool's parameters reach the model with its JSON schema.
 */
function parameterDescriptions(tool: Node): Node[] {
  const schema = memberOf(tool, 'inputSchema');
  const root = schema ? resolveValue(schema) : undefined;
  if (!root) return [];
  return root
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((call) => {
      const callee = call.getExpression();
      return Node.isPropertyAccessExpression(callee) && callee.getName() === 'describe';
    })
    .flatMap((call) => call.getArguments().slice(0, 1));
}

/** The schema calls of an input schema, through the constants its fields name (`action: actionSchema`). */
function schemaCalls(root: Node, depth = 0): Node[] {
  const calls: Node[] = root.getDescendantsOfKind(SyntaxKind.CallExpression);
  if (Node.isCallExpression(root)) calls.unshift(root);
  if (depth > 1) return calls;
  // `{ field: sharedSchema }`: identifiers that are a property's whole value, found on the
  // compiler's tree so the schema's other identifiers are never wrapped.
  const values: ts.Identifier[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isIdentifier(n) && ts.isPropertyAssignment(n.parent) && n.parent.initializer === n)
      values.push(n);
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(root.compilerNode, visit);
  for (const id of values.map((n) => wrappedNode(root.getSourceFile(), n))) {
    const value = resolveValue(id);
    if (value !== id) calls.push(...schemaCalls(value, depth + 1));
  }
  return calls;
}

/**
 * The values a tool's parameters take: the strings of each `z.enum([...])` and `z.literal('x')`
 * in its input schema. A description that quotes one (`Value for "fill" action`) names an argument.
 */
function parameterValues(tool: Node): string[] {
  const schema = memberOf(tool, 'inputSchema');
  const root = schema ? resolveValue(schema) : undefined;
  if (!root) return [];
  const out = new Set<string>();
  for (const call of schemaCalls(root)) {
    if (!Node.isCallExpression(call)) continue;
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || !/^(enum|literal)$/.test(callee.getName()))
      continue;
    let arg = call.getArguments()[0];
    if (arg && Node.isIdentifier(arg)) arg = resolveValue(arg);
    const strings =
      arg && Node.isArrayLiteralExpression(arg) ? arg.getElements() : arg ? [arg] : [];
    for (const s of strings)
      if (Node.isStringLiteral(s) || Node.isNoSubstitutionTemplateLiteral(s))
        out.add(s.getLiteralValue());
  }
  return [...out];
}

const DESCRIBED = new Set(['createTool', 'ai-sdk-tool', 'unknown', 'agent', 'workflow']);

/** Every description the model of the agent offering `sets` reads. */
export function offerDescriptions(ctx: ScanContext, from: Node, sets: ToolSet[]): TextFragment[] {
  const out: TextFragment[] = [];
  for (const entry of sets.flatMap((s) => s.entries)) {
    if (!entry.valueLocation || !DESCRIBED.has(entry.value.kind)) continue;
    const definition = nodeAt(ctx, from, entry.valueLocation);
    if (definition) out.push(...descriptionOf(ctx, definition, entry));
  }
  return out;
}
