/** Finds `new Agent({...})` from @mastra/core and reads its tool sources, prompts and defaults. */
import { Node, SyntaxKind, ts, type NewExpression, type SourceFile } from '../../ts-morph.ts';
import {
  descendantsOfKind,
  isMastraExport,
  locate,
  mayBeMastraExport,
  propertyValue,
  resolveValue,
  type ScanContext,
} from '../ast.ts';
import { readCallOptions } from './call-options.ts';
import { contextKeys } from './context-keys.ts';
import path from 'node:path';
import type { AgentDraft, TextFragment, ToolSet, UnreadPrompt } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import { fileFragment, textFragments } from '../mentions/prompt-text.ts';
import { offerDescriptions } from '../mentions/descriptions.ts';
import { emptyToolSet, readToolMap, type MapContext } from '../values/tool-map.ts';
import {
  browserTools,
  conditionalProperty,
  processorTools,
  skillTools,
  toolSearchRecords,
  workspaceTools,
} from '../values/agent-runtime-tools.ts';
import type { RuntimeTools } from '../model.ts';
import { memoryTools } from '../values/memory-tools.ts';
import { signalTools } from '../values/signal-tools.ts';

export function findAgentConstructors(file: SourceFile): NewExpression[] {
  // A file without the `new` keyword has no constructor call: skip the walk.
  if (!/\bnew\b/.test(file.getFullText())) return [];
  const may = mayBeMastraExport(file);
  const made = (n: ts.Node) => ts.isNewExpression(n) && may(n.expression);
  return descendantsOfKind(file, SyntaxKind.NewExpression, made).filter((n) =>
    isMastraExport(n.getExpression(), ['Agent']),
  );
}

/** The name an agent is bound to: `const x = new Agent()`, `{ x: new Agent() }`, or `default`. */
function bindingOf(node: Node): string | undefined {
  const parent =
    node.getParentWhile(
      (p) =>
        Node.isParenthesizedExpression(p) ||
        Node.isAsExpression(p) ||
        Node.isSatisfiesExpression(p) ||
        Node.isAwaitExpression(p),
    ) ?? node;
  const holder = parent === node ? node.getParent() : parent.getParent();
  if (holder && Node.isVariableDeclaration(holder)) return holder.getName();
  if (holder && Node.isPropertyAssignment(holder)) return holder.getName();
  if (holder && Node.isExportAssignment(holder)) return 'default';
  return undefined;
}

/**
 * One agent: the constructor's config, read where it is built. `site` is the factory call that
 * builds it, when the constructor is in a factory (its parameters are bound to that call's
 * arguments): the agent is located, and named, where that call is.
 */
export function readAgent(
  ctx: MapContext,
  node: NewExpression,
  index: number,
  site?: Node,
): AgentDraft {
  const [configArg] = node.getArguments();
  const config = configArg ? resolveValue(configArg) : undefined;
  const prop = (name: string) => (config ? propertyValue(config, name) : undefined);
  // `...(options.tools !== undefined ? { tools: options.tools } : {})`: what it may be given.
  const given = (name: string) =>
    prop(name) ?? (config ? conditionalProperty(config, name) : undefined);
  const text = (name: string) => {
    const value = prop(name);
    return value ? staticString(value) : undefined;
  };
  const id = text('id');
  const name = text('name');
  const variable = bindingOf(site ?? node);
  const tools = given('tools');
  const agents = given('agents');
  const workflows = given('workflows');
  const defaults = prop('defaultOptions');
  const instructions = prop('instructions');
  const routing = routingInstructions(prop('defaultNetworkOptions'));
  const unread: UnreadPrompt[] = [];
  const offered = {
    tools: tools ? readToolMap(ctx, tools, 'tools') : emptyToolSet(),
    agents: agents ? readToolMap(ctx, agents, 'agents') : emptyToolSet(),
    workflows: workflows ? readToolMap(ctx, workflows, 'workflows') : emptyToolSet(),
  };
  offered.tools.runtime.push(...optionTools(ctx, prop));
  return {
    index,
    kind: 'constructor',
    ...(id === undefined ? {} : { id }),
    ...(name === undefined ? {} : { name }),
    ...(variable === undefined ? {} : { variable }),
    location: locate(ctx, site ?? node),
    ...offered,
    ...(defaults ? { defaultOptions: readCallOptions(ctx, defaults) } : {}),
    registeredAs: [],
    instructions: [
      ...(instructions ? textFragments(ctx, instructions, 'instructions', unread) : []),
      ...(routing ? textFragments(ctx, routing, 'routing-instructions', unread) : []),
      ...skillTexts(ctx, offered.tools.runtime),
    ],
    ...(unread.length ? { unreadPrompts: unread } : {}),
    descriptions: offerDescriptions(ctx, node, [
      ...Object.values(offered),
      ...deferredTools(ctx, prop('inputProcessors')),
    ]),
    contextKeys: contextKeys(ctx, config),
  };
}

/**
 * The tools a `ToolSearchProcessor` of the agent loads when the model searches: their descriptions
 * reach this agent's model too (offered by key, measured in @mastra/core 1.71.0).
 */
function deferredTools(ctx: MapContext, processors: Node | undefined): ToolSet[] {
  return processors ? toolSearchRecords(processors).map((r) => readToolMap(ctx, r, 'tools')) : [];
}

/**
 * `defaultNetworkOptions: { routing: { additionalInstructions } }`: Mastra appends this text to the
 * system prompt of the routing agent that network() runs (NetworkRoutingConfig in @mastra/core).
 */
function routingInstructions(options: Node | undefined): Node | undefined {
  const value = options ? resolveValue(options) : undefined;
  const routing = value ? propertyValue(value, 'routing') : undefined;
  const config = routing ? resolveValue(routing) : undefined;
  return config ? propertyValue(config, 'additionalInstructions') : undefined;
}

/**
 * Tools the agent's `browser`, `workspace` and `skills` options add at run time. A browser of the
 * agent's own wins over its workspace's.
 */
export function optionTools(
  ctx: MapContext,
  prop: (name: string) => Node | undefined,
  owner: 'agent' | 'file-based' = 'agent',
): RuntimeTools[] {
  const browser = prop('browser');
  const workspace = prop('workspace');
  const skills = prop('skills');
  const processors = prop('inputProcessors');
  const memory = prop('memory');
  const signals = prop('signals');
  const fromWorkspace = workspace ? workspaceTools(ctx, workspace, owner) : [];
  return [
    ...(browser ? [browserTools(ctx, browser)] : []),
    ...fromWorkspace.filter((r) => !(browser && r.kind === 'browser')),
    ...(skills ? [skillTools(ctx, skills)] : []),
    ...(processors ? processorTools(ctx, processors) : []),
    ...(memory ? memoryTools(ctx, memory) : []),
    ...(signals ? signalTools(ctx, signals) : []),
  ];
}

/** The skill files its run-time sources hold, as text its model reads when it loads a skill. */
function skillTexts(ctx: ScanContext, runtime: readonly RuntimeTools[]): TextFragment[] {
  return runtime.flatMap((r) =>
    (r.skillFiles ?? []).flatMap((f) =>
      fileFragment(ctx, path.join(ctx.root, f), 'instructions').map((t) => ({
        ...t,
        skill: true as const,
      })),
    ),
  );
}

/**
 * A workspace set on `new Mastra({ workspace })` is what every agent it registers uses when it has
 * none of its own (Agent.getWorkspace() falls back to it; measured with 1.71.0).
 */
export function inheritWorkspace(ctx: MapContext, agent: AgentDraft, workspace: Node): void {
  const runtime = agent.tools.runtime;
  if (runtime.some((r) => r.kind === 'workspace')) return;
  const ownBrowser = runtime.some((r) => r.kind === 'browser');
  const added = workspaceTools(ctx, workspace, 'mastra').filter(
    (r) => !(ownBrowser && r.kind === 'browser'),
  );
  runtime.push(...added);
  agent.instructions.push(...skillTexts(ctx, added));
}

/**
 * `new Mastra({ agents: { key: agent } })`: key -> the agent's constructor node, and the Mastra
 * instance's `workspace` when it has one.
 */
export function mastraRegistrations(
  file: SourceFile,
): Array<{ key: string; target: Node; workspace?: Node }> {
  const out: Array<{ key: string; target: Node; workspace?: Node }> = [];
  // A file without the `new` keyword has no constructor call: skip the walk.
  if (!/\bnew\b/.test(file.getFullText())) return out;
  const may = mayBeMastraExport(file);
  const made = (n: ts.Node) => ts.isNewExpression(n) && may(n.expression);
  for (const n of descendantsOfKind(file, SyntaxKind.NewExpression, made)) {
    if (!isMastraExport(n.getExpression(), ['Mastra'])) continue;
    const [config] = n.getArguments();
    const options = config ? resolveValue(config) : undefined;
    const agents = options ? propertyValue(options, 'agents') : undefined;
    const workspace = options ? propertyValue(options, 'workspace') : undefined;
    const shared = workspace ? { workspace } : {};
    const map = agents ? resolveValue(agents) : undefined;
    if (!map || !Node.isObjectLiteralExpression(map)) continue;
    for (const p of map.getProperties()) {
      if (Node.isShorthandPropertyAssignment(p))
        out.push({ key: p.getName(), target: resolveValue(p.getNameNode()), ...shared });
      else if (Node.isPropertyAssignment(p))
        out.push({
          key: p.getName().replace(/^['"]|['"]$/g, ''),
          target: resolveValue(p.getInitializerOrThrow()),
          ...shared,
        });
    }
  }
  return out;
}
