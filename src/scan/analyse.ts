/**
 * The analysis behind a scan: finds every agent, its tool sources, call sites and mentions, and predicts with the
 * normaliser what each agent offers the model. Read-only: it never writes and never runs user code.
 */
import path from 'node:path';
import type { Node, Project } from '../ts-morph.ts';
import { ORIGIN_PREFIX, type Prediction, type ToolSources, type Toolset } from '../names/normalise.ts';
import { predictRequest } from '../names/request.ts';
import { behaviourFor } from '../names/versions.ts';
import { toWireName } from '../names/wire-name.ts';
import { findAgentConstructors, mastraRegistrations, readAgent } from './agents.ts';
import { agentLookup, findCalls } from './calls.ts';
import { findFileAgents } from './file-agents.ts';
import { comparedLiterals, mentionsIn, type ToolName } from './mentions.ts';
import { SCAN_SCHEMA_VERSION, type AgentDraft, type AgentInfo, type CallOptionsInfo, type CallSite, type Mention, type ScanResult, type ToolEntry, type UnknownName } from './model.ts';
import { createInMemoryProject, syntaxError } from './project.ts';
import type { MapContext } from './tool-map.ts';
import { SAME_PROJECT, type TypeOracle } from './type-oracle.ts';

function keysOf(entries: ToolEntry[]): string[] {
  return entries.map((e) => e.key);
}

function providerDefined(entries: ToolEntry[]): ToolSources['providerDefined'] {
  return entries.filter((e) => e.value.kind === 'provider-defined' || e.value.kind === 'web-search-marker').map((e) => ({ origin: e.origin, key: e.key }));
}

export function agentSources(agent: AgentDraft): ToolSources {
  return {
    tools: keysOf(agent.tools.entries),
    agents: keysOf(agent.agents.entries),
    workflows: keysOf(agent.workflows.entries),
    providerDefined: providerDefined(agent.tools.entries),
  };
}

function callSources(agent: AgentDraft | undefined, options: CallOptionsInfo): ToolSources {
  const toolsets = new Map<string, string[]>();
  for (const e of options.toolsets.entries) toolsets.set(e.toolset ?? '', [...(toolsets.get(e.toolset ?? '') ?? []), e.key]);
  const sets: Toolset[] = [...toolsets].map(([name, keys]) => ({ name, keys }));
  const base = agent ? agentSources(agent) : {};
  const provider = [...(base.providerDefined ?? []), ...(providerDefined([...options.toolsets.entries, ...options.clientTools.entries]) ?? [])];
  return { ...base, toolsets: sets, clientTools: keysOf(options.clientTools.entries), providerDefined: provider };
}

function unknownNames(options: CallOptionsInfo, prediction: Prediction): UnknownName[] {
  const offered = new Set(prediction.offered.map((t) => t.wireName));
  const out: UnknownName[] = [];
  const check = (option: 'toolChoice' | 'activeTools', ref: { name?: string; location: CallSite['location'] }) => {
    if (ref.name !== undefined && !offered.has(ref.name)) out.push({ option, name: ref.name, location: ref.location });
  };
  if (options.toolChoice) check('toolChoice', options.toolChoice);
  for (const ref of options.prepareStep.toolChoice) check('toolChoice', ref);
  for (const ref of [...options.activeTools, ...options.prepareStep.activeTools]) check('activeTools', ref);
  return out;
}

function toolNames(agent: AgentInfo, extra: ToolEntry[] = []): ToolName[] {
  const out: ToolName[] = [];
  for (const entry of [...agent.tools.entries, ...agent.agents.entries, ...agent.workflows.entries, ...extra]) {
    const raw = ORIGIN_PREFIX[entry.origin] + entry.key;
    const wireName = raw === '' ? '' : toWireName(raw);
    const add = (name: string | undefined, as: ToolName['as']) => {
      if (name && name.length > 1) out.push({ agentIndex: agent.index, origin: entry.origin, key: entry.key, wireName, name, as });
    };
    add(wireName, 'wire-name');
    add(raw, 'key');
    if (entry.origin !== 'tools') add(entry.key, 'key');
    const value = entry.value;
    if ('id' in value) add(value.id, 'id');
    if (value.kind === 'builtin' || value.kind === 'web-search-marker') add(value.exportName, 'export-name');
    else add(entry.valueName, 'export-name');
  }
  return out;
}

/**
 * Scans one file on its own, in memory (no imports followed, no installed types): what a
 * transform run alone by jscodeshift can know.
 */
export function scanSource(filePath: string, text: string): ScanResult {
  const root = path.dirname(path.resolve(filePath));
  const project = createInMemoryProject();
  const file = path.resolve(filePath);
  project.createSourceFile(file, text, { overwrite: true });
  return analyse(project, root, [file], 1, undefined);
}

export function analyse(project: Project, root: string, candidates: string[], fileCount: number, version: string | undefined, types: TypeOracle = SAME_PROJECT): ScanResult {
  const unparsable: ScanResult['files']['unparsable'] = [];
  const scanned = candidates.filter((file) => {
    const error = syntaxError(project, file);
    if (error) unparsable.push({ file: path.relative(root, file).split(path.sep).join('/'), message: error });
    return !error;
  });
  const sourceFiles = scanned.map((f) => project.getSourceFileOrThrow(f));

  // Number every agent first, so sub-agent references and call sites can point at them.
  const nodes = new Map<Node, number>();
  const constructors = sourceFiles.flatMap(findAgentConstructors);
  constructors.forEach((node, index) => nodes.set(node, index));
  const ctx: MapContext = { root, types, agentIndexOf: (node) => nodes.get(node) };
  const partial = constructors.map((node, index) => readAgent(ctx, node, index));
  const constructorFiles = new Set(constructors.map((n) => n.getSourceFile().getFilePath() as string));
  partial.push(...findFileAgents(ctx, project, partial.length, constructorFiles));
  for (const reg of sourceFiles.flatMap(mastraRegistrations)) {
    const index = nodes.get(reg.target);
    if (index !== undefined) partial[index]!.registeredAs.push(reg.key);
  }

  const behaviour = behaviourFor(version);
  const agents: AgentInfo[] = partial.map((a) => {
    const prediction = predictRequest(agentSources(a), {}, behaviour).prediction;
    return { ...a, prediction, unknownNames: a.defaultOptions ? unknownNames(a.defaultOptions, prediction) : [] };
  });

  const lookup = agentLookup(agents, nodes);
  const calls: CallSite[] = sourceFiles.flatMap((sf) => findCalls(ctx, sf, lookup)).map((call) => {
    const agent = call.agentIndex === undefined ? undefined : agents[call.agentIndex];
    const prediction = agent || call.options.toolsets.entries.length || call.options.clientTools.entries.length ? predictRequest(callSources(agent, call.options), {}, behaviour).prediction : undefined;
    return { ...call, ...(prediction ? { prediction } : {}), unknownNames: prediction && agent ? unknownNames(call.options, prediction) : [] };
  });

  // Code comparisons can name call-time tools (toolsets, clientTools) too.
  const callTools = (a: AgentInfo) => calls.filter((c) => c.agentIndex === a.index).flatMap((c) => [...c.options.toolsets.entries, ...c.options.clientTools.entries]);
  const allNames = agents.flatMap((a) => toolNames(a, callTools(a)));
  const mentions: Mention[] = [];
  for (const agent of agents) mentions.push(...mentionsIn(agent.instructions, toolNames(agent), agent.index));
  for (const call of calls) {
    const agent = call.agentIndex === undefined ? undefined : agents[call.agentIndex];
    mentions.push(...mentionsIn(call.prompts, agent ? toolNames(agent) : allNames, call.agentIndex));
  }
  const comparisons: ScanResult['comparisons'] = [];
  for (const sf of sourceFiles) {
    for (const literal of comparedLiterals(ctx, sf)) {
      const matches = allNames.filter((n) => n.name === literal.value);
      if (matches.length === 0) {
        comparisons.push(literal);
        continue;
      }
      const same = (a: ToolName, b: ToolName) => a.agentIndex === b.agentIndex && a.origin === b.origin && a.key === b.key;
      mentions.push({
        name: literal.value,
        location: literal.location,
        context: 'comparison',
        matches: matches
          .filter((m, i) => matches.findIndex((o) => same(o, m)) === i)
          .map((m) => ({ agentIndex: m.agentIndex, origin: m.origin, key: m.key, wireName: m.wireName, as: matches.filter((x) => same(x, m)).map((x) => x.as) })),
        in: 'code',
        provable: literal.provable,
        raw: literal.raw,
      });
    }
  }

  mentions.sort((a, b) => a.location.file.localeCompare(b.location.file) || a.location.start - b.location.start);
  const usedDeclarations = agents.some((a) => a.tools.entries.some((e) => e.value.kind === 'builtin' && e.value.idSource === 'installed-declarations'));
  const usedTable = agents.some((a) => a.tools.entries.some((e) => e.value.kind === 'builtin' && e.value.idSource === 'bundled-table'));
  return {
    schemaVersion: SCAN_SCHEMA_VERSION,
    root,
    mastra: { ...(version ? { version } : {}), builtinIds: usedTable || (!usedDeclarations && !version) ? 'bundled-table' : 'installed-declarations' },
    files: { scanned: fileCount, candidates: candidates.length, unparsable },
    agents,
    calls,
    mentions,
    comparisons,
  };
}
