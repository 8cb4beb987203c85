/**
 * File-based agents (Mastra 1.48+): a folder `agents/<name>/` with `config.ts` (`agentConfig({...})`),
 * `instructions.md`, `tools/<file>.ts` (a tool keyed by the file's base name, `*.test.ts` skipped)
 * and `subagents/<sub>/` (offered as `agent-<sub>`). A config.ts that exports `new Agent()` wins and
 * the folder's discovered parts are ignored, as Mastra does.
 */
import { existsSync } from 'node:fs';
import { noteRead } from '../../cache/reads.ts';

/** Whether `file` exists; a fact the cache checks again (creating the file changes the answer). */
function exists(file: string): boolean {
  noteRead(file);
  return existsSync(file);
}
import path from 'node:path';
import { Node, type Project, type SourceFile } from '../../ts-morph.ts';
import { locate, propertyValue } from '../ast.ts';
import { contextKeys } from './context-keys.ts';
import { inFile } from '../files/isolate.ts';
import type { AgentDraft, RuntimeTools, TextFragment, ToolEntry, ToolSet } from '../model.ts';
import { SKILL_TOOLS, WORKSPACE_PREFIX, workspaceTools } from '../values/agent-runtime-tools.ts';
import { optionTools } from './agents.ts';
import { objectBehind, staticString } from '../values/static-value.ts';
import { fileFragment, textFragments } from '../mentions/prompt-text.ts';
import { descriptionOf, offerDescriptions } from '../mentions/descriptions.ts';
import { emptyToolSet, readToolMap, type MapContext } from '../values/tool-map.ts';
import { classifyValue } from '../values/tool-value.ts';

const AGENT_PART =
  /^(.*(?:^|\/)agents\/([^/]+))\/(?:config\.(?:ts|mts|js|mjs)|tools\/[^/]+\.(?:ts|tsx|mts|js|mjs))$/;
/** Whether a file (a path relative to the root) is a part `findFileAgents` reads. */
export const isFileAgentPart = (relPath: string): boolean => AGENT_PART.test(relPath);
const TEST_FILE = /\.(test|spec)\.[^/]+$/;

type Partial = AgentDraft;

function defaultExportValue(sf: SourceFile | undefined): Node | undefined {
  const decl = sf?.getDefaultExportSymbol()?.getDeclarations()[0];
  return decl && Node.isExportAssignment(decl) ? decl.getExpression() : undefined;
}

function merge(into: ToolSet, from: ToolSet): void {
  into.entries.push(...from.entries);
  into.unresolved.push(...from.unresolved);
  into.runtime.push(...from.runtime);
}

export function findFileAgents(
  ctx: MapContext,
  project: Project,
  startIndex: number,
  constructorFiles: Set<string>,
): Partial[] {
  const rel = (file: string) => path.relative(ctx.root, file).split(path.sep).join('/');
  const folders = new Map<string, string>();
  for (const sf of project.getSourceFiles()) {
    const m = AGENT_PART.exec(rel(sf.getFilePath()));
    if (
      m &&
      !m[1]!.startsWith('..') &&
      !m[1]!.includes('node_modules/') &&
      !m[1]!.includes('/subagents/')
    )
      folders.set(m[1]!, m[2]!);
  }
  const out: Partial[] = [];
  for (const [dir, name] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
    const abs = path.join(ctx.root, dir);
    const configFile = ['config.ts', 'config.mts', 'config.js', 'config.mjs']
      .map((f) => project.getSourceFile(path.join(abs, f)))
      .find(Boolean);
    // config.ts is a file-based agent's required entry (its model); a folder of tools without one
    // is an app's own layout (`agents/research/tools/`), not an agent Mastra assembles.
    if (!configFile || constructorFiles.has(configFile.getFilePath())) continue;
    // What the folder's files throw makes its config unprocessable.
    const where = configFile.getFilePath();
    out.push(
      inFile(where, () =>
        readFolder(ctx, project, abs, dir, name, configFile, startIndex + out.length),
      ),
    );
  }
  return out;
}

/**
 * What a file-based agent gets at run time besides its tools: its config's browser, workspace and
 * skills; else `workspace.ts`, or the default workspace (files and shell) that `mastra dev` and
 * `mastra build` give it (1.71.0 `agent/fs-routing`: `defaultWorkspaceBasePath`); a `skills/` folder.
 */
function folderRuntimeTools(
  ctx: MapContext,
  project: Project,
  abs: string,
  dir: string,
  prop: (key: string) => Node | undefined,
): RuntimeTools[] {
  const out = optionTools(ctx, prop, 'file-based');
  const folder = { file: `${dir}/`, line: 1, column: 1, start: 0, end: 0 };
  if (!out.some((r) => r.kind === 'workspace')) {
    const file = ['workspace.ts', 'workspace.mts', 'workspace.js', 'workspace.mjs']
      .map((f) => project.getSourceFile(path.join(abs, f)))
      .find(Boolean);
    const value = defaultExportValue(file);
    if (value) out.push(...workspaceTools(ctx, value, 'file-based'));
    else
      out.push({
        origin: 'tools',
        location: folder,
        kind: 'workspace',
        text: `${dir}/`,
        prefixes: [WORKSPACE_PREFIX],
        bounded: true,
        reason: `a file-based agent gets a default workspace (files and shell: ${WORKSPACE_PREFIX}* tools) when mastra dev or mastra build assembles it`,
      });
  }
  if (!out.some((r) => r.kind === 'skills') && exists(path.join(abs, 'skills')))
    out.push({
      origin: 'tools',
      location: { ...folder, file: `${dir}/skills/` },
      kind: 'skills',
      text: `${dir}/skills/`,
      prefixes: [],
      names: [...SKILL_TOOLS],
      bounded: true,
      reason: `the skills/ folder adds the tools ${SKILL_TOOLS.join(', ')}`,
    });
  return out;
}

function readFolder(
  ctx: MapContext,
  project: Project,
  abs: string,
  dir: string,
  name: string,
  configFile: SourceFile | undefined,
  index: number,
): Partial {
  const rel = (file: string) => path.relative(ctx.root, file).split(path.sep).join('/');
  const exported = defaultExportValue(configFile);
  const config = exported ? objectBehind(exported) : undefined;
  const prop = (key: string) => (config ? propertyValue(config, key) : undefined);

  // Discovered tools first, then config.tools (which wins on an equal key).
  const tools = emptyToolSet();
  const descriptions: TextFragment[] = [];
  const toolFiles = project
    .getSourceFiles()
    .filter(
      (sf) =>
        path.dirname(sf.getFilePath()) === path.join(abs, 'tools') &&
        !TEST_FILE.test(sf.getFilePath()) &&
        !sf.isDeclarationFile(),
    )
    .sort((a, b) => a.getFilePath().localeCompare(b.getFilePath()));
  for (const sf of toolFiles) {
    const value = inFile(sf, () => defaultExportValue(sf));
    const base = path.basename(sf.getFilePath()).replace(/\.[^.]+$/, '');
    const entry: ToolEntry = {
      origin: 'tools',
      key: base,
      keyKind: 'file-name',
      keyText: path.basename(sf.getFilePath()),
      keyLocation: { file: rel(sf.getFilePath()), line: 1, column: 1, start: 0, end: 0 },
      value: value
        ? inFile(sf, () => classifyValue(value, ctx))
        : { kind: 'unknown', text: 'no default export' },
      conditional: false,
      via: [],
    };
    tools.entries.push(entry);
    if (value) descriptions.push(...inFile(sf, () => descriptionOf(ctx, value, entry)));
  }
  const configTools = prop('tools');
  const configSets: ToolSet[] = [];
  if (configTools) {
    configSets.push(readToolMap(ctx, configTools, 'tools'));
    merge(tools, configSets.at(-1)!);
  }
  tools.runtime.push(...folderRuntimeTools(ctx, project, abs, dir, prop));

  const agents = emptyToolSet();
  const subDir = path.join(abs, 'subagents');
  for (const sf of project
    .getSourceFiles()
    .filter(
      (s) =>
        /[\\/]config\.[mc]?[tj]s$/.test(s.getFilePath()) &&
        path.dirname(path.dirname(s.getFilePath())) === subDir,
    )) {
    const sub = path.basename(path.dirname(sf.getFilePath()));
    const entry: ToolEntry = {
      origin: 'agents',
      key: sub,
      keyKind: 'file-name',
      keyText: `subagents/${sub}`,
      keyLocation: { file: rel(sf.getFilePath()), line: 1, column: 1, start: 0, end: 0 },
      value: { kind: 'agent' },
      conditional: false,
      via: [],
    };
    agents.entries.push(entry);
    const subConfig = inFile(sf, () => defaultExportValue(sf));
    if (subConfig) descriptions.push(...inFile(sf, () => descriptionOf(ctx, subConfig, entry)));
  }
  const configAgents = prop('agents');
  if (configAgents) {
    configSets.push(readToolMap(ctx, configAgents, 'agents'));
    merge(agents, configSets.at(-1)!);
  }
  const workflows = prop('workflows')
    ? readToolMap(ctx, prop('workflows')!, 'workflows')
    : emptyToolSet();
  if (configFile)
    descriptions.push(...offerDescriptions(ctx, configFile, [...configSets, workflows]));

  const instructionsNode = prop('instructions');
  const md = path.join(abs, 'instructions.md');
  const instructions = instructionsNode
    ? textFragments(ctx, instructionsNode, 'instructions')
    : exists(md)
      ? fileFragment(ctx, md, 'instructions')
      : [];
  const idNode = prop('id');
  const id = idNode ? staticString(idNode) : undefined;
  return {
    index,
    kind: 'file-based',
    id: id ?? name,
    name,
    location: config
      ? locate(ctx, config)
      : { file: `${dir}/`, line: 1, column: 1, start: 0, end: 0 },
    tools,
    agents,
    workflows,
    registeredAs: [name],
    instructions,
    contextKeys: contextKeys(ctx, config),
    descriptions,
  };
}
