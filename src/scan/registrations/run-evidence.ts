/**
 * Code that shows how an agent runs, beyond its own generate()/stream()/network() calls (those are
 * call sites, `calls.ts`): server routes from `@mastra/ai-sdk` (`chatRoute` and `handleChatStream`
 * call `stream()`; `networkRoute` and `handleNetworkStream` call `network()`), an `MCPServer`
 * exposing agents (it calls `generate()`), and calls on an agent looked up by a name known only at
 * run time (`mastra.getAgent(c.req.param('agentId')).stream()`, `client.getAgent(id).network()`),
 * which reach any agent registered with Mastra. Read from the installed @mastra/ai-sdk 1.10,
 * @mastra/mcp 2.0 and @mastra/client-js 1.47 builds.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { identifierPattern } from '../files/identifier.ts';
import {
  calledMethod,
  descendantsOfKind,
  isMastraExport,
  locate,
  mayBeMastraExport,
  propertyValue,
  resolveValue,
  unwrap,
} from '../ast.ts';
import type { Location, RunEvidence } from '../model.ts';
import { staticString } from '../values/static-value.ts';
import type { MapContext } from '../values/tool-map.ts';
import { CALL_METHODS, NETWORK_METHODS } from './calls.ts';

/** Text a file must hold for `findRunEvidence` to read its calls, or its `new` expressions. */
export const ROUTE_TEXT = /getAgent|@mastra\/ai-sdk/;
export const MCP_SERVER_TEXT = /MCPServer/;

/** Route helpers and the mode of the call they make; `path` is their default path. */
const ROUTES: Record<string, { mode: RunEvidence['mode']; kind: RunEvidence['kind'] }> = {
  chatRoute: { mode: 'function', kind: 'chat-route' },
  handleChatStream: { mode: 'function', kind: 'chat-route' },
  networkRoute: { mode: 'network', kind: 'network-route' },
  handleNetworkStream: { mode: 'network', kind: 'network-route' },
};

/** Evidence found in one file, before it is tied to agents. */
export interface FoundEvidence {
  mode: RunEvidence['mode'];
  kind: RunEvidence['kind'];
  location: Location;
  /** The agent it names: a constructor node, or a key/id to look up. Absent: any registered agent. */
  target?: { node: Node } | { name: string };
  /** The function it is in, when that is a top-level one: it is used only if something calls it. */
  holder?: Holder;
  /** A route's path (`/network/:agentId`): it is used only if some code calls that path. */
  path?: string;
  /** In code nothing uses (set once the repository's other files are known). */
  unused?: boolean;
}

/** A top-level function (or a const holding one) around a piece of evidence. */
export interface Holder {
  name: string;
  exported: boolean;
  /** Its name appears elsewhere in its own file (called, passed, exported in a list). */
  usedInFile: boolean;
}

/** The top-level function around `node`, or undefined when the node runs at the top level. */
function holderOf(node: Node): Holder | undefined {
  let top: Node = node;
  for (let up = top.getParent(); up && !Node.isSourceFile(up); up = up.getParent()) top = up;
  let name: string | undefined;
  let exported = false;
  if (Node.isFunctionDeclaration(top) || Node.isClassDeclaration(top)) {
    name = top.getName() ?? (top.isDefaultExport() ? 'default' : undefined);
    exported = top.isExported();
  } else if (Node.isVariableStatement(top)) {
    const [decl] = top.getDeclarations();
    const init = decl?.getInitializer();
    const fn = init ? unwrap(init) : undefined;
    if (!decl || !fn || !(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)))
      return undefined;
    name = decl.getName();
    exported = top.isExported();
  } else if (Node.isExportAssignment(top)) {
    const fn = unwrap(top.getExpression());
    if (!(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return undefined;
    name = 'default';
    exported = true;
  }
  if (name === undefined) return undefined;
  const text = top.getSourceFile().getFullText();
  const outside = text.slice(0, top.getStart()) + text.slice(top.getEnd());
  const word = identifierPattern(name);
  return { name, exported, usedInFile: name !== 'default' && word.test(outside) };
}

function routeEvidence(ctx: MapContext, call: Node): FoundEvidence | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  const name = Object.keys(ROUTES).find((n) => isMastraExport(callee, [n], '@mastra/ai-sdk'));
  if (!name) return undefined;
  const { mode, kind } = ROUTES[name]!;
  const [arg] = call.getArguments();
  const options = arg ? resolveValue(arg) : undefined;
  // chatRoute({ agent: 'x' }) / handleChatStream({ agentId: 'x' }); a path with :agentId serves any.
  const named = options
    ? (propertyValue(options, 'agent') ?? propertyValue(options, 'agentId'))
    : undefined;
  const agentName = named ? staticString(named) : undefined;
  // chatRoute/networkRoute serve a path a client calls; handleChatStream runs in the app's handler.
  const pathNode = options && /Route$/.test(name) ? propertyValue(options, 'path') : undefined;
  const routePath = pathNode ? staticString(pathNode) : undefined;
  const holder = /Route$/.test(name) ? undefined : holderOf(call);
  return {
    mode,
    kind,
    location: locate(ctx, call),
    ...(agentName === undefined ? {} : { target: { name: agentName } }),
    ...(routePath === undefined ? {} : { path: routePath }),
    ...(holder ? { holder } : {}),
  };
}

/** `new MCPServer({ agents: { key: agent } })`: each agent becomes a tool that calls generate(). */
function mcpServerEvidence(ctx: MapContext, node: Node): FoundEvidence[] {
  if (
    !Node.isNewExpression(node) ||
    !isMastraExport(node.getExpression(), ['MCPServer'], '@mastra/mcp')
  )
    return [];
  const [config] = node.getArguments();
  const agents = config ? propertyValue(resolveValue(config), 'agents') : undefined;
  const map = agents ? resolveValue(agents) : undefined;
  if (!map || !Node.isObjectLiteralExpression(map)) return [];
  const location = locate(ctx, node);
  return map.getProperties().flatMap((p): FoundEvidence[] => {
    const value = Node.isShorthandPropertyAssignment(p)
      ? p.getNameNode()
      : Node.isPropertyAssignment(p)
        ? p.getInitializer()
        : undefined;
    return value
      ? [{ mode: 'function', kind: 'mcp-server', location, target: { node: resolveValue(value) } }]
      : [];
  });
}

/** `x.getAgent(expr).stream()` where `expr` is not a constant: any registered agent may run so. */
function dynamicLookupEvidence(ctx: MapContext, call: Node): FoundEvidence | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.getName();
  const network = NETWORK_METHODS.has(method);
  if (!network && !CALL_METHODS.has(method)) return undefined;
  const receiver = unwrap(callee.getExpression());
  const value = resolveValue(
    Node.isAwaitExpression(receiver) ? unwrap(receiver.getExpression()) : receiver,
  );
  if (!Node.isCallExpression(value)) return undefined;
  const lookup = value.getExpression();
  if (!Node.isPropertyAccessExpression(lookup) || !/^getAgent(ById)?$/.test(lookup.getName()))
    return undefined;
  const [arg] = value.getArguments();
  if (!arg || staticString(arg) !== undefined) return undefined;
  const holder = holderOf(call);
  return {
    mode: network ? 'network' : 'function',
    kind: 'dynamic-call',
    location: locate(ctx, call),
    ...(holder ? { holder } : {}),
  };
}

export function findRunEvidence(ctx: MapContext, file: SourceFile): FoundEvidence[] {
  const out: FoundEvidence[] = [];
  const text = file.getFullText();
  if (ROUTE_TEXT.test(text)) {
    // A route helper is a Mastra export; a dynamic lookup calls generate()/stream()/network().
    const may = mayBeMastraExport(file);
    const method = (n: ts.Node) => calledMethod(n) ?? '';
    const routeOrRun = (n: ts.Node) =>
      ts.isCallExpression(n) &&
      (may(n.expression) || CALL_METHODS.has(method(n)) || NETWORK_METHODS.has(method(n)));
    for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, routeOrRun)) {
      const found = routeEvidence(ctx, call) ?? dynamicLookupEvidence(ctx, call);
      if (found) out.push(found);
    }
  }
  if (MCP_SERVER_TEXT.test(text))
    for (const node of descendantsOfKind(file, SyntaxKind.NewExpression))
      out.push(...mcpServerEvidence(ctx, node));
  return out;
}
