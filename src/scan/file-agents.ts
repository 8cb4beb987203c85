/**
 * File-based agents (Mastra 1.48+): `agents/<name>/tools/<file>.ts` becomes a tool keyed by the
 * file's base name; `agents/<name>/config.ts` may add `tools` (config wins on equal keys).
 */
import path from 'node:path';
import { Node, type Project } from 'ts-morph';
import { locate, propertyValue, resolveValue } from './ast.js';
import type { AgentInfo, ToolEntry } from './model.js';
import { staticString } from './static-value.js';
import { emptyToolSet, readToolMap, type MapContext } from './tool-map.js';
import { classifyValue } from './tool-value.js';

const TOOL_FILE = /(?:^|\/)agents\/([^/]+)\/tools\/([^/]+)\.(?:ts|tsx|mts|js|mjs)$/;

export function findFileAgents(ctx: MapContext, project: Project, startIndex: number, constructorFiles: Set<string>): Array<Omit<AgentInfo, 'prediction'>> {
  const groups = new Map<string, { dir: string; name: string; tools: ToolEntry[] }>();
  for (const sf of project.getSourceFiles()) {
    const rel = path.relative(ctx.root, sf.getFilePath()).split(path.sep).join('/');
    const m = TOOL_FILE.exec(rel);
    if (!m || rel.startsWith('..') || rel.includes('node_modules/')) continue;
    const dir = rel.slice(0, rel.indexOf(`/tools/${m[2]}`));
    const group = groups.get(dir) ?? { dir, name: m[1]!, tools: [] };
    const defaultExport = sf.getDefaultExportSymbol()?.getDeclarations()[0];
    const valueNode = defaultExport && Node.isExportAssignment(defaultExport) ? defaultExport.getExpression() : undefined;
    group.tools.push({
      origin: 'tools',
      key: m[2]!,
      keyKind: 'file-name',
      keyText: path.basename(rel),
      keyLocation: { file: rel, line: 1, column: 1, start: 0, end: 0 },
      value: valueNode ? classifyValue(valueNode, ctx) : { kind: 'unknown', text: 'no default export' },
      conditional: false,
      via: [],
    });
    groups.set(dir, group);
  }
  const out: Array<Omit<AgentInfo, 'prediction'>> = [];
  for (const group of [...groups.values()].sort((a, b) => a.dir.localeCompare(b.dir))) {
    const configFile = ['config.ts', 'config.js', 'config.mts'].map((f) => project.getSourceFile(path.join(ctx.root, group.dir, f))).find(Boolean);
    // A config.ts that exports `new Agent()` wins; Mastra ignores the tools/ folder then.
    if (configFile && constructorFiles.has(configFile.getFilePath())) continue;
    const configDecl = configFile?.getDefaultExportSymbol()?.getDeclarations()[0];
    const config = configDecl && Node.isExportAssignment(configDecl) ? resolveValue(configDecl.getExpression()) : undefined;
    const configTools = config ? propertyValue(config, 'tools') : undefined;
    const tools = emptyToolSet();
    tools.entries.push(...group.tools.sort((a, b) => a.key.localeCompare(b.key)));
    if (configTools) {
      const read = readToolMap(ctx, configTools, 'tools');
      tools.entries.push(...read.entries);
      tools.unresolved.push(...read.unresolved);
      tools.runtime.push(...read.runtime);
    }
    const idNode = config ? propertyValue(config, 'id') : undefined;
    const id = idNode ? staticString(idNode) : undefined;
    out.push({
      index: startIndex + out.length,
      kind: 'file-based',
      id: id ?? group.name,
      name: group.name,
      location: config && configFile ? locate(ctx, config) : { file: `${group.dir}/tools`, line: 1, column: 1, start: 0, end: 0 },
      tools,
      agents: emptyToolSet(),
      workflows: emptyToolSet(),
      registeredAs: [group.name],
      instructions: [],
    });
  }
  return out;
}
