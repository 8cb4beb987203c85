/**
 * Tools whose names only exist at run time: MCP clients (`${server}_${tool}`) and registries such as
 * Composio. The scan records the known prefix and says the rest is unknown.
 */
import path from 'node:path';
import { Node } from '../../ts-morph.ts';
import { mcpServerTools } from '../../names/mcp-servers.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import { isMastraExport, locate, propertyValue, resolveValue, type ScanContext } from '../ast.ts';
import type { RuntimeTools } from '../model.ts';
import { isFunction, keyOf, returnedExpressions } from './map-walk.ts';
import { recordChanges } from './record-changes.ts';
import { staticString } from './static-value.ts';

const MCP_METHODS = new Set(['listTools', 'getTools', 'listToolsets', 'getToolsets']);
const REGISTRY_METHODS = /^(get|list|load|fetch)Tools?(ets)?$/;

/** Server keys of `new MCPClient({ servers: {...} })`. */
export function mcpServerKeys(client: Node): string[] | undefined {
  return mcpServers(client)?.map((s) => s.key);
}

/** Commands that run a package's server by its name (`npx -y firecrawl-mcp`). */
const RUNNERS = new Set(['npx', 'bunx', 'pnpx']);

/**
 * The package a server's config starts (`{ command: 'npx', args: ['-y', '@playwright/mcp@latest'] }`
 * or `pnpm dlx`), without its version; undefined for a local script, a URL or unread arguments.
 */
export function serverPackage(config: Node): string | undefined {
  const object = resolveValue(config);
  if (!Node.isObjectLiteralExpression(object)) return undefined;
  const commandNode = propertyValue(object, 'command');
  const command = commandNode ? staticString(commandNode) : undefined;
  const list = propertyValue(object, 'args');
  const array = list ? resolveValue(list) : undefined;
  if (command === undefined || !array || !Node.isArrayLiteralExpression(array)) return undefined;
  const args: string[] = [];
  for (const element of array.getElements()) {
    const arg = staticString(element);
    if (arg === undefined) break;
    args.push(arg);
  }
  const runner = path.basename(command).replace(/\.(cmd|exe)$/, '');
  const rest = RUNNERS.has(runner)
    ? args
    : (runner === 'pnpm' || runner === 'yarn') && args[0] === 'dlx'
      ? args.slice(1)
      : undefined;
  const spec = rest?.find((a) => !a.startsWith('-'));
  return spec ? /^(@[^/@]+\/[^@]+|[^@]+)/.exec(spec)?.[1] : undefined;
}

/** The servers of `new MCPClient({ servers: {...} })`: each key, and the package it starts if read. */
function mcpServers(client: Node): Array<{ key: string; package?: string }> | undefined {
  if (
    !Node.isNewExpression(client) ||
    !isMastraExport(client.getExpression(), ['MCPClient', 'MCPConfiguration'], '@mastra/mcp')
  )
    return undefined;
  const [config] = client.getArguments();
  const obj = config ? resolveValue(config) : undefined;
  const servers =
    obj && Node.isObjectLiteralExpression(obj) ? obj.getProperty('servers') : undefined;
  // `servers: {...}`, `servers: SERVERS`, or `{ servers }`.
  const holder =
    servers && Node.isPropertyAssignment(servers)
      ? servers.getInitializerOrThrow()
      : servers && Node.isShorthandPropertyAssignment(servers)
        ? servers.getNameNode()
        : undefined;
  const value = holder ? resolveValue(holder) : undefined;
  if (!value || !Node.isObjectLiteralExpression(value)) return [];
  const out = new Map<string, { key: string; package?: string }>();
  for (const p of value.getProperties()) {
    if (Node.isPropertyAssignment(p)) {
      const key = keyOf(p.getNameNode()).value;
      const pkg = serverPackage(p.getInitializerOrThrow());
      if (key !== undefined && !out.has(key))
        out.set(key, { key, ...(pkg === undefined ? {} : { package: pkg }) });
    } else if (Node.isShorthandPropertyAssignment(p) && !out.has(p.getName()))
      out.set(p.getName(), { key: p.getName() });
  }
  for (const key of assignedKeys(value, holder)) if (!out.has(key)) out.set(key, { key });
  return [...out.values()];
}

/**
 * `const servers = {}; if (dir) servers.filesystem = {...};`: the keys code assigns to the object a
 * constant of the same file holds (each a server the client may have).
 */
function assignedKeys(object: Node, holder: Node | undefined): string[] {
  if (!holder || !Node.isIdentifier(holder)) return [];
  const decl = object.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getName() !== holder.getText()) return [];
  return (recordChanges(decl.getNameNode())?.changes ?? []).flatMap((change) => {
    if (change.kind !== 'write' || change.assignment.getOperatorToken().getText() !== '=')
      return [];
    const access = change.access;
    if (Node.isPropertyAccessExpression(access)) return [access.getName()];
    const key = Node.isElementAccessExpression(access)
      ? staticString(access.getArgumentExpressionOrThrow())
      : undefined;
    return key === undefined ? [] : [key];
  });
}

/**
 * The client a value holds: itself, or what a factory it calls returns (`const c =
 * createx402MCPClient()`, whose body returns `new MCPClient(...)`), two calls deep at most.
 */
function clientBehind(node: Node, depth = 0): Node {
  const value = resolveValue(node);
  if (depth > 2 || !Node.isCallExpression(value)) return value;
  const fn = resolveValue(value.getExpression());
  if (!isFunction(fn)) return value;
  for (const returned of returnedExpressions(fn)) {
    const client = clientBehind(returned, depth + 1);
    if (Node.isNewExpression(client)) return client;
  }
  return value;
}

export function runtimeSource(
  ctx: ScanContext,
  expr: Node,
  origin: ToolOrigin,
): RuntimeTools | undefined {
  if (!Node.isCallExpression(expr)) return undefined;
  const callee = expr.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.getName();
  const clientServers = MCP_METHODS.has(method)
    ? mcpServers(clientBehind(callee.getExpression()))
    : undefined;
  const servers = clientServers?.map((s) => s.key);
  if (clientServers && servers) {
    // Servers started from a package whose tools were measured (`names/mcp-servers.ts`).
    const known = clientServers.flatMap((s) => {
      const row = s.package === undefined ? undefined : mcpServerTools(s.package);
      return row
        ? [{ key: s.key, package: row.package, version: row.version, tools: row.tools }]
        : [];
    });
    const grouped = method.endsWith('ets');
    return {
      origin,
      location: locate(ctx, expr),
      kind: 'mcp',
      text: expr.getText().slice(0, 120),
      // listTools() keys are `${server}_${tool}`; listToolsets() groups by server, and passed as
      // toolsets the tool names arrive bare.
      prefixes: grouped ? [] : servers.map((s) => `${s}_`),
      ...(known.length && !grouped ? { servers: known } : {}),
      // Servers written out in the client's config bound the names; grouped toolsets do not.
      bounded: !grouped && servers.length > 0,
      reason: grouped
        ? `MCP tools from servers ${servers.join(', ')} are named by the remote servers at run time`
        : `MCP tools are named \`\${server}_\${tool}\` at run time; the tool part is unknown`,
    };
  }
  if (REGISTRY_METHODS.test(method)) {
    return {
      origin,
      location: locate(ctx, expr),
      kind: 'registry',
      text: expr.getText().slice(0, 120),
      prefixes: [],
      bounded: false,
      reason: `tool names come from ${callee.getExpression().getText()}.${method}() at run time`,
    };
  }
  return undefined;
}
