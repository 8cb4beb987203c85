/**
 * Tools an Agent's `browser`, `workspace` and `skills` options add when it runs (and a workspace
 * set on `new Mastra({ workspace })`, which every registered agent without its own inherits).
 * Their names are fixed by Mastra and the browser provider, not written in the app, so each is a
 * run-time source with the names or prefixes it can add; what cannot be read may add any name.
 *
 * Measured with @mastra/core 1.71.0 against the local fake provider (test/agent-runtime-tools.test.ts,
 * and @mastra/agent-browser 0.5.0 once by hand): a workspace adds `mastra_workspace_*` tools (which
 * ones depends on its filesystem, sandbox, search and read-only setting), renamed by its
 * `tools: { mastra_workspace_x: { name } }` config; skills add `skill`, `skill_search`,
 * `skill_read`; AgentBrowser adds 16 `browser_*` tools, StagehandBrowser `stagehand_*` (read from
 * @mastra/stagehand 0.3.1); a browser's recording adds `browser_record` and `browser_record_caption`.
 * 1.0.4 and 0.24.9 have none of these options.
 */
import { Node } from '../../ts-morph.ts';
import {
  locate,
  mastraExport,
  propertyValue,
  relativePath,
  resolveValue,
  shortCallee,
  unwrap,
  type ScanContext,
} from '../ast.ts';
import type { RuntimeTools } from '../model.ts';
import { skillFiles } from '../mentions/skill-files.ts';
import { isFunction, returnedExpressions } from './map-walk.ts';
import { staticString } from './static-value.ts';
import { keyOf, readToolMap, type MapContext } from './tool-map.ts';

/** `WORKSPACE_TOOLS_PREFIX` of @mastra/core 1.71.0 (`mastra_workspace`), with its separator. */
export const WORKSPACE_PREFIX = 'mastra_workspace_';
export const SKILL_TOOLS: string[] = ['skill', 'skill_search', 'skill_read'];
/**
 * The skill tools' names up to @mastra/core 1.9.x (read in the published 1.5.0 to 1.9.0 builds:
 * `skillTools["skill-activate"]`, and the read tools once a skill is active); 1.10.0 renamed them
 * to SKILL_TOOLS. Code written then still names them.
 */
export const EARLIER_SKILL_TOOLS: string[] = [
  'skill-activate',
  'skill-search',
  'skill-read-reference',
  'skill-read-script',
  'skill-read-asset',
];

/** Browser providers by package and export: the prefixes of the tools their `getTools()` returns. */
const BROWSER_PROVIDERS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  '@mastra/agent-browser': { AgentBrowser: ['browser_'] },
  '@mastra/stagehand': { StagehandBrowser: ['stagehand_', 'browser_'] },
};

/** From Mastra's docs ("Added in"); absent from the 1.0.4 build. */
const WORKSPACE_SINCE = '1.1.0';

/**
 * `the workspace ws`, `the workspace getWorkspace()`; not "the workspace workspace" when the
 * variable is named after what it is. One line, no source beyond it.
 */
function named(what: string, node: Node): string {
  const text = shortCallee(node.getText(), false);
  return text.toLowerCase() === what ? `the ${what}` : `the ${what} ${text}`;
}
const BROWSER_SINCE = '1.22.0';

function record(
  ctx: ScanContext,
  node: Node,
  fields: Omit<RuntimeTools, 'origin' | 'location' | 'text'>,
): RuntimeTools {
  return {
    origin: 'tools',
    location: locate(ctx, node),
    text: node.getText().slice(0, 120),
    ...fields,
  };
}

/** The app's own function a call calls by name (`createWorktreeWorkspace()`), if any. */
function calledFunction(value: Node): Node | undefined {
  if (!Node.isCallExpression(value)) return undefined;
  const callee = value.getExpression();
  if (!Node.isIdentifier(callee)) return undefined;
  const fn = resolveValue(callee);
  return isFunction(fn) ? fn : undefined;
}

/**
 * The `new X(...)` an option's value is, and X's Mastra export, when it is one. A function given
 * as the option (`workspace: ({ requestContext }) => ...`, which Mastra calls per request), or a
 * call of the app's own helper (`workspace: createWorktreeWorkspace()`), counts when its one
 * return is such a construction.
 */
function constructed(node: Node) {
  let value = resolveValue(node);
  for (let hops = 0; hops < 3; hops++) {
    const fn = isFunction(value) ? value : calledFunction(value);
    if (!fn) break;
    const returned = returnedExpressions(fn);
    if (returned.length !== 1) return undefined;
    value = resolveValue(returned[0]!);
    if (Node.isAwaitExpression(value)) value = resolveValue(value.getExpression());
  }
  if (!Node.isNewExpression(value)) return undefined;
  const exported = mastraExport(value.getExpression());
  const [config] = value.getArguments();
  const object = config ? resolveValue(config) : undefined;
  return {
    exported,
    config: object && Node.isObjectLiteralExpression(object) ? object : undefined,
  };
}

/** The tools an agent's `browser` option adds. */
export function browserTools(ctx: ScanContext, node: Node): RuntimeTools {
  const made = constructed(node);
  const prefixes = made?.exported
    ? BROWSER_PROVIDERS[made.exported.module]?.[made.exported.exportName]
    : undefined;
  if (prefixes)
    return record(ctx, node, {
      kind: 'browser',
      prefixes: [...prefixes],
      bounded: true,
      since: BROWSER_SINCE,
      reason: `${made!.exported!.exportName} adds its browser tools (${prefixes.map((p) => `${p}*`).join(', ')}) when the agent runs`,
    });
  return record(ctx, node, {
    kind: 'browser',
    prefixes: [],
    bounded: false,
    since: BROWSER_SINCE,
    reason: `${named('browser', node)} names its tools at run time (its getTools())`,
  });
}

/** The tools an agent's `skills` option adds. */
export function skillTools(ctx: ScanContext, node: Node): RuntimeTools {
  const files = skillFiles(ctx, node).map((f) => relativePath(ctx, f));
  return record(ctx, node, {
    kind: 'skills',
    prefixes: [],
    names: [...SKILL_TOOLS],
    bounded: true,
    ...(files.length ? { skillFiles: files } : {}),
    reason: `skills add the tools ${SKILL_TOOLS.join(', ')} when the agent runs`,
  });
}

/**
 * The workspace tools of @mastra/core 1.71.0, by the part of the workspace config that adds them
 * (`WORKSPACE_TOOLS` in dist/workspace/constants/index.d.ts, `createWorkspaceTools` in its build;
 * test/workspace-tools.test.ts compares it with the installed declarations). Which of a group a
 * workspace adds also depends on its provider (a read-only filesystem, a sandbox without processes),
 * so each name is one the agent may be offered.
 */
export const WORKSPACE_TOOL_GROUPS = {
  FILESYSTEM: [
    'READ_FILE',
    'WRITE_FILE',
    'EDIT_FILE',
    'LIST_FILES',
    'DELETE',
    'FILE_STAT',
    'MKDIR',
    'GREP',
    'AST_EDIT',
  ],
  SEARCH: ['SEARCH', 'INDEX'],
  SANDBOX: ['EXECUTE_COMMAND', 'GET_PROCESS_OUTPUT', 'KILL_PROCESS'],
  COMPUTER: [
    'SCREENSHOT',
    'CLICK',
    'DOUBLE_CLICK',
    'RIGHT_CLICK',
    'MOVE_MOUSE',
    'DRAG',
    'TYPE',
    'PRESS_KEY',
    'SCROLL',
    'GET_SCREEN_INFO',
    'WAIT',
  ],
  LSP: ['LSP_INSPECT'],
} as const;

type Group = keyof typeof WORKSPACE_TOOL_GROUPS;

/** `WORKSPACE_TOOLS.COMPUTER.SCREENSHOT` -> `mastra_workspace_computer_screenshot`. */
export function workspaceToolName(group: Group, key: string): string {
  return `${WORKSPACE_PREFIX}${group === 'COMPUTER' ? 'computer_' : ''}${key.toLowerCase()}`;
}

/**
 * Every workspace tool's name without Mastra's prefix, and the default name it is offered under:
 * what a prompt's bare `read_file` means when the config cannot be read but nothing renames.
 */
export function defaultWorkspaceAliases(): Array<{ name: string; as: string }> {
  return (Object.keys(WORKSPACE_TOOL_GROUPS) as Group[]).flatMap((g) =>
    WORKSPACE_TOOL_GROUPS[g].map((k) => {
      const as = workspaceToolName(g, k);
      return { name: as.slice(WORKSPACE_PREFIX.length), as };
    }),
  );
}

/**
 * The config options that make a workspace add each group (Workspace's constructor, 1.71.0). A
 * spread (`...filesystemConfig()`) may hold any of them: every group counts, so the tools its
 * `tools` config enables and renames are not taken for missing.
 */
function groupsOf(config: Node): Group[] {
  if (
    Node.isObjectLiteralExpression(config) &&
    config.getProperties().some((p) => Node.isSpreadAssignment(p))
  )
    return Object.keys(WORKSPACE_TOOL_GROUPS) as Group[];
  const has = (name: string) => propertyValue(config, name) !== undefined;
  return [
    ...(has('filesystem') || has('mounts') ? (['FILESYSTEM'] as const) : []),
    ...(has('bm25') || (has('vectorStore') && has('embedder')) ? (['SEARCH'] as const) : []),
    ...(has('sandbox') ? (['SANDBOX', 'COMPUTER'] as const) : []),
    ...(has('lsp') ? (['LSP'] as const) : []),
  ];
}

/** The tool a key of the `tools` config names: `'mastra_workspace_x'` or `[WORKSPACE_TOOLS.G.K]`. */
function configuredTool(prop: Node): string | undefined {
  if (!Node.isPropertyAssignment(prop)) return undefined;
  const nameNode = prop.getNameNode();
  if (Node.isComputedPropertyName(nameNode)) {
    const m = /^WORKSPACE_TOOLS\.([A-Z]+)\.([A-Z_]+)$/.exec(nameNode.getExpression().getText());
    return m && m[1]! in WORKSPACE_TOOL_GROUPS
      ? workspaceToolName(m[1] as Group, m[2]!)
      : undefined;
  }
  return keyOf(nameNode).value;
}

/**
 * The names a workspace's tools are offered under, and the names a prompt may use for them
 * instead (`aliases`): its config's groups, less what `tools` disables, with its renames. Undefined
 * when the config cannot be read (a spread, a setting computed at run time).
 */
function workspaceNames(
  config: Node,
):
  { names: string[]; aliases: Array<{ name: string; as: string }>; renamed: string[] } | undefined {
  const defaults = groupsOf(config).flatMap((g) =>
    WORKSPACE_TOOL_GROUPS[g].map((k) => workspaceToolName(g, k)),
  );
  const tools = propertyValue(config, 'tools');
  const settings = new Map<string, { enabled?: boolean; name?: string }>();
  let allEnabled = true;
  if (tools) {
    const map = resolveValue(tools);
    if (!Node.isObjectLiteralExpression(map)) return undefined;
    for (const prop of map.getProperties()) {
      if (Node.isSpreadAssignment(prop)) return undefined;
      if (!Node.isPropertyAssignment(prop)) continue;
      const value = resolveValue(prop.getInitializerOrThrow());
      const key = configuredTool(prop);
      if (key === 'enabled') {
        if (value.getText() === 'false') allEnabled = false;
        else if (value.getText() !== 'true') return undefined;
        continue;
      }
      // A computed key we cannot read may rename or disable any tool.
      if (key === undefined) return undefined;
      if (!key.startsWith(WORKSPACE_PREFIX)) continue;
      if (!Node.isObjectLiteralExpression(value)) return undefined;
      const enabled = propertyValue(value, 'enabled')?.getText();
      if (enabled !== undefined && enabled !== 'true' && enabled !== 'false') return undefined;
      const nameNode = propertyValue(value, 'name');
      const name = nameNode ? staticString(nameNode) : undefined;
      if (nameNode && name === undefined) return undefined;
      settings.set(key, {
        ...(enabled === undefined ? {} : { enabled: enabled === 'true' }),
        ...(name === undefined ? {} : { name }),
      });
    }
  }
  const names: string[] = [];
  const aliases: Array<{ name: string; as: string }> = [];
  const renamed: string[] = [];
  for (const tool of defaults) {
    const s = settings.get(tool);
    if (!(s?.enabled ?? allEnabled)) continue;
    const as = s?.name ?? tool;
    names.push(as);
    if (s?.name) renamed.push(as);
    if (as !== tool) aliases.push({ name: tool, as });
    const bare = tool.slice(WORKSPACE_PREFIX.length);
    if (as !== bare) aliases.push({ name: bare, as });
  }
  return { names, aliases, renamed };
}

/**
 * A property a spread adds only when a condition holds: `...(paths.length ? { skills: paths } : {})`,
 * `...(enabled && { skills })`. The source it stands for may be there when the agent runs.
 */
export function conditionalProperty(config: Node, name: string): Node | undefined {
  if (!Node.isObjectLiteralExpression(config)) return undefined;
  for (const member of config.getProperties()) {
    if (!Node.isSpreadAssignment(member)) continue;
    const spread = unwrap(member.getExpression());
    const branches = Node.isConditionalExpression(spread)
      ? [spread.getWhenTrue(), spread.getWhenFalse()]
      : Node.isBinaryExpression(spread) && spread.getOperatorToken().getText() === '&&'
        ? [spread.getRight()]
        : [];
    for (const branch of branches) {
      const found = propertyValue(resolveValue(unwrap(branch)), name);
      if (found) return found;
    }
  }
  return undefined;
}

/** A workspace whose tools the scan cannot list: any `mastra_workspace_*` name, renamed or not. */
function workspaceByPrefix(ctx: ScanContext, node: Node, reason: string): RuntimeTools {
  return record(ctx, node, {
    kind: 'workspace',
    prefixes: [WORKSPACE_PREFIX],
    bounded: false,
    since: WORKSPACE_SINCE,
    reason,
  });
}

/** The skills and the browser a workspace's config adds. */
function configSources(ctx: ScanContext, config: Node): RuntimeTools[] {
  const out: RuntimeTools[] = [];
  const skills = propertyValue(config, 'skills') ?? conditionalProperty(config, 'skills');
  if (skills) out.push(skillTools(ctx, skills));
  const browser = propertyValue(config, 'browser');
  if (browser) out.push(browserTools(ctx, browser));
  return out;
}

/**
 * `workspace: ({ requestContext }) => (plan ? new Workspace({ filesystem }) : shared)`: a function
 * with several returns gives one construction per return, when each is one (else undefined).
 */
function eachConstructed(node: Node) {
  const value = resolveValue(node);
  const fn = isFunction(value) ? value : calledFunction(value);
  const returned = fn ? returnedExpressions(fn) : [];
  if (returned.length <= 1) return [constructed(node)];
  const out = returned.map((r) => constructed(r));
  return out.every((m) => m !== undefined) ? out : undefined;
}

/**
 * A workspace chosen per request among several, each read: the agent may be offered the tools of
 * any of them (their union), and a name none of them adds is not offered.
 */
function workspaceBranches(
  ctx: ScanContext,
  node: Node,
  inherited: string,
  each: ReadonlyArray<ReturnType<typeof constructed>>,
): RuntimeTools[] {
  const configs = each.map((m) => (m?.exported?.exportName === 'Workspace' ? m.config : undefined));
  const read = configs.map((c) => (c ? workspaceNames(c) : undefined));
  if (read.some((r) => r === undefined))
    return [
      workspaceByPrefix(
        ctx,
        node,
        `${named('workspace', node)}${inherited} chooses among ${each.length} workspaces at run time, not all of which the scan can read`,
      ),
    ];
  const names = [...new Set(read.flatMap((r) => r!.names))];
  const aliases = read
    .flatMap((r) => r!.aliases)
    .filter((a, i, all) => all.findIndex((b) => b.name === a.name && b.as === a.as) === i);
  const out = [
    record(ctx, node, {
      kind: 'workspace',
      prefixes: [],
      names,
      aliases,
      bounded: true,
      since: WORKSPACE_SINCE,
      reason: `the workspace${inherited} is one of ${each.length} chosen per request, which add up to ${names.length} tools (${WORKSPACE_PREFIX}*, as their filesystems, sandboxes, search and LSP allow)`,
    }),
  ];
  for (const config of configs) out.push(...configSources(ctx, config!));
  return out;
}

/**
 * The tools a `workspace` option (of an Agent, or of `new Mastra()` for its agents) adds: its own,
 * its skills', and its browser's when the agent has no browser of its own.
 */
export function workspaceTools(
  ctx: ScanContext,
  node: Node,
  owner: 'agent' | 'mastra' | 'file-based',
): RuntimeTools[] {
  const inherited =
    owner === 'mastra' ? ' (set on new Mastra(), so every agent without its own gets it)' : '';
  const each = eachConstructed(node);
  if (each && each.length > 1) return workspaceBranches(ctx, node, inherited, each);
  const made = each?.[0];
  if (!made?.exported || made.exported.exportName !== 'Workspace' || !made.config)
    return [
      workspaceByPrefix(
        ctx,
        node,
        `${named('workspace', node)}${inherited} adds ${WORKSPACE_PREFIX}* tools at run time, which its config can rename`,
      ),
    ];
  const config = made.config;
  const read = workspaceNames(config);
  const out = [
    read
      ? record(ctx, node, {
          kind: 'workspace',
          prefixes: [],
          names: read.names,
          aliases: read.aliases,
          bounded: true,
          since: WORKSPACE_SINCE,
          reason: read.names.length
            ? `the workspace${inherited} adds up to ${read.names.length} tools (${WORKSPACE_PREFIX}*, as its filesystem, sandbox, search and LSP allow)${read.renamed.length ? `, some renamed to ${read.renamed.map((n) => `"${n}"`).join(', ')}` : ''}`
            : `the workspace${inherited} adds no tools (its tools config disables them)`,
        })
      : workspaceByPrefix(
          ctx,
          node,
          `the workspace${inherited} adds ${WORKSPACE_PREFIX}* tools (which ones depends on its filesystem, sandbox and search), renamed by a tools config we cannot read`,
        ),
    ...configSources(ctx, config),
  ];
  return out;
}

/** The meta-tools `ToolSearchProcessor` gives the model (measured in @mastra/core 1.71.0). */
export const TOOL_SEARCH_TOOLS = ['search_tools', 'load_tool'];

/**
 * The names a `ToolSearchProcessor` offers its deferred tools under: `tool.id || key`
 * (`buildToolCatalog` in @mastra/core 1.71.0; measured: a tool keyed `ingestDocument` with the id
 * `ingest-document` is listed and loaded as `ingest-document`). Undefined when a tool or its id
 * cannot be read.
 */
function deferredNames(ctx: MapContext, record: Node): string[] | undefined {
  const set = readToolMap(ctx, record, 'tools');
  if (set.unresolved.length || set.runtime.length) return undefined;
  const names: string[] = [];
  for (const entry of set.entries) {
    const id = 'id' in entry.value ? entry.value.id : undefined;
    if (id === undefined && entry.value.kind !== 'provider-defined') return undefined;
    names.push(id ?? entry.key);
  }
  return names;
}

/**
 * The `tools` records of the `ToolSearchProcessor`s in an agent's input processors: the model reads
 * their descriptions in search results and when it loads one.
 */
export function toolSearchRecords(node: Node): Node[] {
  const list = resolveValue(node);
  if (!Node.isArrayLiteralExpression(list)) return [];
  return list.getElements().flatMap((element) => {
    const made = constructed(element);
    if (made?.exported?.exportName !== 'ToolSearchProcessor' || !made.config) return [];
    return propertyValue(made.config, 'tools') ?? [];
  });
}

/**
 * Tools an agent's input processors add: `ToolSearchProcessor` offers `search_tools` and
 * `load_tool`, and loads the tools of its `tools` record by their ids when the model asks.
 */
export function processorTools(ctx: MapContext, node: Node): RuntimeTools[] {
  const list = resolveValue(node);
  if (!Node.isArrayLiteralExpression(list)) return [];
  const out: RuntimeTools[] = [];
  for (const element of list.getElements()) {
    const made = constructed(element);
    if (made?.exported?.exportName !== 'ToolSearchProcessor') continue;
    const tools = made.config ? propertyValue(made.config, 'tools') : undefined;
    const deferred = tools ? deferredNames(ctx, tools) : [];
    out.push(
      record(ctx, element, {
        kind: 'tool-search',
        prefixes: [],
        names: [...TOOL_SEARCH_TOOLS, ...(deferred ?? [])],
        bounded: deferred !== undefined,
        reason: `ToolSearchProcessor offers ${TOOL_SEARCH_TOOLS.join(' and ')}, and loads ${deferred === undefined ? 'tools the scan cannot list' : deferred.length ? `${deferred.length} deferred tools by their ids` : 'no other tools'} when the model searches`,
      }),
    );
  }
  return out;
}
