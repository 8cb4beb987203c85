/**
 * The analysis behind a scan: finds every agent, its tool sources, call sites and mentions, and predicts with the
 * normaliser what each agent offers the model. Read-only: it never writes and never runs user code.
 */
import path from 'node:path';
import {
  Node,
  type CallExpression,
  type NewExpression,
  type Project,
  type SourceFile,
} from '../ts-morph.ts';
import { relativePath, unwrap } from './ast.ts';
import {
  rawKeyFor,
  wireNameFor,
  type Prediction,
  type ToolSources,
  type Toolset,
} from '../names/normalise.ts';
import { predictRequest } from '../names/request.ts';
import { behaviourOf } from '../names/versions.ts';
import { toWireName } from '../names/wire-name.ts';
import { MastraVersions } from './files/mastra-install.ts';
import { harnessRuns, harnessSource } from './registrations/harness.ts';
import { offerDescriptions } from './mentions/descriptions.ts';
import { withVersionedSkills } from './values/skill-versions.ts';
import {
  findAgentConstructors,
  inheritWorkspace,
  mastraRegistrations,
  readAgent,
} from './registrations/agents.ts';
import {
  agentLookup,
  findCalls,
  NETWORK_METHODS,
  type AgentLookup,
} from './registrations/calls.ts';
import { findRunEvidence, type FoundEvidence } from './registrations/run-evidence.ts';
import { chatEndpoint, routedAgent, routeOf } from './files/chat-routes.ts';
import { REACH_ALL, type Reach } from './files/reach.ts';
import { identifierPattern } from './files/identifier.ts';
import { findFileAgents } from './registrations/file-agents.ts';
import { processorAgent, processorOwners } from './registrations/processors.ts';
import {
  comparedLiterals,
  mentionsIn,
  nameConversions,
  tiedTo,
  type ToolName,
} from './mentions/mentions.ts';
import {
  SCAN_SCHEMA_VERSION,
  type AgentDraft,
  type AgentInfo,
  type AgentRuns,
  type CallOptionsInfo,
  type CallSite,
  type MastraVersion,
  type Mention,
  type NameUse,
  type AgentRunMode,
  type RunEvidence,
  type ScanResult,
  type ToolEntry,
  type UnknownName,
} from './model.ts';
import { findNameUses } from './mentions/name-uses.ts';
import { staleOf } from './mentions/stale-comparisons.ts';
import { legacyNetworks } from './registrations/legacy-networks.ts';
import { foreignFunctionTools } from './mentions/foreign-tools.ts';
import { sdkServerTools } from './mentions/sdk-server-tools.ts';
import { toolRegistries } from './mentions/tool-registries.ts';
import { appWorkflows } from './mentions/app-workflows.ts';
import { appToolIds } from './mentions/app-tools.ts';
import { idValues } from './mentions/id-values.ts';
import { syntaxAnswer } from './mentions/provable-tool-name.ts';
import { createToolIds, dataWords, fieldValues } from './mentions/data-words.ts';
import { nameTables, type NameTableEntry } from './mentions/name-tables.ts';
import { defaultWorkspaceAliases } from './values/agent-runtime-tools.ts';
import { delegationIdComparisons, hookOwner } from './mentions/delegation-ids.ts';
import { agentSources, keysOf, providerDefined } from './registrations/sources.ts';

export { agentSources } from './registrations/sources.ts';
import { inFile } from './files/isolate.ts';
import { createInMemoryProject, syntaxError } from './files/project.ts';
import { returnedArgument, returnedConstruction } from './values/returned-argument.ts';
import { factoryCalls } from './values/factory-calls.ts';
import { withBoundParameters } from './bound-parameters.ts';
import type { MapContext } from './values/tool-map.ts';
import { SAME_PROJECT, type TypeOracle } from './values/type-oracle.ts';
/** Text that names a workspace tool to configure it: a rename can only be written so. */
const RENAMES_WORKSPACE_TOOLS = /mastra_workspace_|WORKSPACE_TOOLS/;

function callSources(agent: AgentDraft | undefined, options: CallOptionsInfo): ToolSources {
  const toolsets = new Map<string, string[]>();
  for (const e of options.toolsets.entries)
    toolsets.set(e.toolset ?? '', [...(toolsets.get(e.toolset ?? '') ?? []), e.key]);
  const sets: Toolset[] = [...toolsets].map(([name, keys]) => ({ name, keys }));
  const base = agent ? agentSources(agent) : {};
  const provider = [
    ...(base.providerDefined ?? []),
    ...(providerDefined([...options.toolsets.entries, ...options.clientTools.entries]) ?? []),
  ];
  return {
    ...base,
    toolsets: sets,
    clientTools: keysOf(options.clientTools.entries),
    providerDefined: provider,
  };
}

function unknownNames(options: CallOptionsInfo, prediction: Prediction): UnknownName[] {
  const offered = new Set(prediction.offered.map((t) => t.wireName));
  const out: UnknownName[] = [];
  const check = (
    option: 'toolChoice' | 'activeTools',
    ref: { name?: string; location: CallSite['location'] },
  ) => {
    if (ref.name !== undefined && !offered.has(ref.name))
      out.push({ option, name: ref.name, location: ref.location });
  };
  if (options.toolChoice) check('toolChoice', options.toolChoice);
  for (const ref of options.prepareStep.toolChoice) check('toolChoice', ref);
  for (const ref of [...options.activeTools, ...options.prepareStep.activeTools])
    check('activeTools', ref);
  return out;
}

/**
 * An unreached agent held by a variable that nothing else names: its own file mentions it once (its
 * declaration) and no other file imports it. An agent made inside a function is never called
 * unused: the function may be called with it.
 */
function isUnused(root: string, project: Project, agent: AgentInfo, reach: Reach): boolean {
  if (agent.kind !== 'constructor') return false;
  const file = path.join(root, agent.location.file);
  const sf = project.getSourceFile(file);
  const name = agent.variable ?? (sf ? factoryName(sf, agent.location.start) : undefined);
  const text = sf?.getFullText();
  if (!name || text === undefined) return false;
  // Uses of the variable, not strings that spell it (`id: 'researchAgent'`).
  const word = identifierPattern(name, { flags: 'g', quoted: false });
  if ((text.match(word) ?? []).length !== 1) return false;
  return !reach.importedElsewhere(file, name) && !reach.importedElsewhere(file, 'default');
}

/**
 * An agent offered only as a sub-agent of agents that never run, and imported only by their files,
 * never runs either (a team of agents in a network file nothing imports). Repeated until nothing
 * changes, for teams of teams.
 */
function markOnlyUnderUnused(root: string, agents: AgentInfo[], reach: Reach): void {
  for (let changed = true; changed;) {
    changed = false;
    for (const agent of agents) {
      if (agent.runs.unused || agent.kind !== 'constructor' || !agent.variable) continue;
      if (agent.registeredAs.length || agent.runs.calls.length || agent.runs.networkCalls.length)
        continue;
      const evidence = agent.runs.evidence;
      if (!evidence.length || !evidence.every((e) => e.kind === 'sub-agent')) continue;
      const parents = agents.filter((a) =>
        a.agents.entries.some(
          (e) => e.value.kind === 'agent' && e.value.agentIndex === agent.index,
        ),
      );
      if (!parents.length || !parents.every((p) => p.runs.unused)) continue;
      const importers = reach.importersOf(path.join(root, agent.location.file), agent.variable);
      const parentFiles = new Set(parents.map((p) => path.join(root, p.location.file)));
      if (!importers || !importers.every((f) => parentFiles.has(f))) continue;
      agent.runs.unused = true;
      changed = true;
    }
  }
}

/**
 * The name of the function an agent is built in (`const makeReviewer = (c) => new Agent(...)`,
 * `function makeReviewer() {...}`), when it is built in one: the factory is what code must use.
 */
function factoryName(sf: SourceFile, start: number): string | undefined {
  const fn = sf
    .getDescendantAtPos(start)
    ?.getFirstAncestor(
      (n) =>
        Node.isArrowFunction(n) || Node.isFunctionExpression(n) || Node.isFunctionDeclaration(n),
    );
  if (!fn) return undefined;
  if (Node.isFunctionDeclaration(fn)) return fn.getName();
  const holder = fn.getParent();
  return holder && Node.isVariableDeclaration(holder) ? holder.getName() : undefined;
}

/** Exports a framework calls itself: Next.js route handlers and pages. */
const FRAMEWORK_ENTRY = /(^|\/)(app|pages)\//;
const ENTRY_EXPORT = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|default|loader|action)$/;

/**
 * Evidence counts only in code something uses: a route some code calls (its path appears in
 * another file), a function called in its file, imported by another, or one a framework calls.
 */
function evidenceUsed(root: string, f: FoundEvidence, reach: Reach): boolean {
  const file = path.join(root, f.location.file);
  if (f.path !== undefined) {
    const prefix = f.path.split(':')[0]!;
    if (prefix.length > 1 && !reach.mentionedElsewhere(file, prefix)) return false;
  }
  const h = f.holder;
  if (!h || h.usedInFile) return true;
  if (FRAMEWORK_ENTRY.test(f.location.file) && ENTRY_EXPORT.test(h.name)) return true;
  return h.exported && reach.importedElsewhere(file, h.name);
}

function runsOf(
  agent: AgentInfo,
  agents: AgentInfo[],
  calls: CallSite[],
  found: FoundEvidence[],
  lookup: AgentLookup,
): AgentRuns {
  const mine = calls.filter((c) => c.agentIndex === agent.index);
  const networkCalls = mine.filter((c) => NETWORK_METHODS.has(c.method)).map((c) => c.location);
  const functionCalls = mine.filter((c) => !NETWORK_METHODS.has(c.method)).map((c) => c.location);
  const parents = agents.filter((a) =>
    a.agents.entries.some((e) => e.value.kind === 'agent' && e.value.agentIndex === agent.index),
  );
  const registered = agent.registeredAs.length > 0 || agent.kind === 'file-based';
  const unusedEvidence: RunEvidence[] = [];
  const evidence: RunEvidence[] = [
    ...functionCalls.map((location) => ({
      mode: 'function' as const,
      kind: 'call' as const,
      location,
    })),
    ...networkCalls.map((location) => ({
      mode: 'network' as const,
      kind: 'call' as const,
      location,
    })),
    ...parents.flatMap((p) =>
      p.agents.entries
        .filter((e) => e.value.kind === 'agent' && e.value.agentIndex === agent.index)
        .map((e) => ({
          mode: 'function' as const,
          kind: 'sub-agent' as const,
          location: e.keyLocation,
        })),
    ),
  ];
  for (const f of found) {
    const target = !f.target
      ? undefined
      : 'node' in f.target
        ? lookup.byNode(f.target.node)
        : (lookup.byId(f.target.name) ?? lookup.byKey(f.target.name));
    if (f.target ? target === agent.index : registered)
      (f.unused ? unusedEvidence : evidence).push({
        mode: f.mode,
        kind: f.kind,
        location: f.location,
        ...(f.target ? {} : { anyAgent: true }),
      });
  }
  // Code nothing uses (a route no client calls, a hook no component imports) counts unless code
  // that is used shows the other mode: then it is only listed as outweighed.
  const usedModes = new Set(evidence.map((e) => e.mode));
  const ignored = unusedEvidence.filter((e) => usedModes.size > 0 && !usedModes.has(e.mode));
  evidence.push(...unusedEvidence.filter((e) => !ignored.includes(e)));
  evidence.sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.start - b.location.start,
  );
  const asFunction = evidence.some((e) => e.mode === 'function');
  const asNetwork = evidence.some((e) => e.mode === 'network');
  const mode: AgentRunMode =
    asFunction && asNetwork
      ? 'both'
      : asFunction
        ? 'function'
        : asNetwork
          ? 'network'
          : registered
            ? 'unknown'
            : 'unreached';
  return {
    mode,
    evidence,
    ...(ignored.length ? { ignored } : {}),
    calls: functionCalls,
    networkCalls,
    subAgentOf: parents.map((a) => a.index),
  };
}

/** A compared expression's text within its function: the same value compared in one place. */
function scopedText(compared: Node): string {
  const scope = compared.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  return `${scope?.getStart() ?? 0}:${compared.getText().replace(/\?\./g, '.')}`;
}

function toolNames(
  agent: AgentInfo,
  agents: readonly AgentInfo[],
  extra: ToolEntry[] = [],
): ToolName[] {
  const out: ToolName[] = [];
  for (const entry of [
    ...agent.tools.entries,
    ...agent.agents.entries,
    ...agent.workflows.entries,
    ...extra,
  ]) {
    const behaviour = behaviourOf(agent.mastra);
    const raw = rawKeyFor(entry.origin, entry.key, behaviour);
    const wireName = wireNameFor(raw, behaviour);
    const add = (name: string | undefined, as: ToolName['as']) => {
      if (name && name.length > 1)
        out.push({
          agentIndex: agent.index,
          origin: entry.origin,
          key: entry.key,
          wireName,
          name,
          as,
        });
    };
    add(wireName, 'wire-name');
    add(raw, 'key');
    if (raw !== entry.key) add(entry.key, 'key');
    const value = entry.value;
    if ('id' in value) add(value.id, 'id');
    // A sub-agent named in a prompt by its own id or name (`browser-agent`) is offered as agent-KEY.
    const sub =
      value.kind === 'agent' && value.agentIndex !== undefined
        ? agents[value.agentIndex]
        : undefined;
    if (sub) for (const n of new Set([sub.id, sub.name])) if (n !== entry.key) add(n, 'id');
    if (value.kind === 'builtin' || value.kind === 'web-search-marker')
      add(value.exportName, 'export-name');
    else add(entry.valueName, 'export-name');
  }
  return out;
}

/**
 * Resolves each file's @mastra/core from the files on disk (install, lockfile, package.json); with
 * a `--to-mastra` target, that target, keeping what runs now (unchanged when it is the target).
 */
export function versionsUnder(root: string, target?: string): (file: string) => MastraVersion {
  const versions = new MastraVersions(root);
  return (file) => {
    const now = versions.forFile(file);
    if (target === undefined) return now;
    const exact = now.source === 'installed' || now.source === 'lockfile';
    return exact && now.version === target ? now : { source: 'target', version: target, now };
  };
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
  const scan = analyse(project, root, [file], 1, undefined);
  scan.nameUses = withoutToolKeys(
    scan,
    findNameUses(root, [file], renameableNames(scan), () => text),
  );
  return scan;
}

export function analyse(
  project: Project,
  root: string,
  candidates: string[],
  fileCount: number,
  version: string | undefined,
  types: TypeOracle = SAME_PROJECT,
  versionOf: (file: string) => MastraVersion = versionsUnder(root),
  reach: Reach = REACH_ALL,
): ScanResult {
  const unparsable: ScanResult['files']['unparsable'] = [];
  const scanned = candidates.filter((file) => {
    const error = syntaxError(project, file);
    if (error)
      unparsable.push({
        file: path.relative(root, file).split(path.sep).join('/'),
        message: error,
      });
    return !error;
  });
  const sourceFiles = scanned.map((f) => project.getSourceFileOrThrow(f));

  // Number every agent first, so sub-agent references and call sites can point at them.
  const nodes = new Map<Node, number>();
  // Each walk of one file runs in `inFile`: what it throws makes that file unprocessable (scan.ts).
  const built = sourceFiles.flatMap((sf) => inFile(sf, () => findAgentConstructors(sf)));
  // A factory's constructor is one agent per call of the factory (factory-calls.ts).
  const units: Array<{ node: NewExpression; call?: CallExpression; bindings?: Map<Node, Node> }> =
    built.flatMap((node) => {
      const made = inFile(node, () => factoryCalls(node) ?? []);
      return made.length ? made.map((m) => ({ node, ...m })) : [{ node }];
    });
  const constructors = units.map((u) => u.node);
  units.forEach((u, index) => {
    if (u.call) nodes.set(u.call, index);
    // The constructor itself stands for its agent when it builds only one.
    if (constructors.indexOf(u.node) === constructors.lastIndexOf(u.node)) nodes.set(u.node, index);
  });
  // An agent decorated by one of the app's functions that returns it is that agent; so is what
  // a function returns that returns one agent (`getTodoAgent() { return createAgent({...}) }`).
  const agentIndexOf = (node: Node, depth = 0): number | undefined => {
    const bare = Node.isAwaitExpression(node) ? unwrap(node.getExpression()) : node;
    const known = nodes.get(bare);
    if (known !== undefined || !Node.isCallExpression(bare) || depth > 3) return known;
    const inner = returnedArgument(bare) ?? returnedConstruction(bare);
    return inner ? agentIndexOf(inner, depth + 1) : undefined;
  };
  const ctx: MapContext = { root, types, agentIndexOf };
  const partial = units.map((u, index) =>
    inFile(u.node, () =>
      u.call && u.bindings
        ? withBoundParameters(u.bindings, () => readAgent(ctx, u.node, index, u.call))
        : readAgent(ctx, u.node, index),
    ),
  );
  const constructorFiles = new Set(
    constructors.map((n) => n.getSourceFile().getFilePath() as string),
  );
  partial.push(...findFileAgents(ctx, project, partial.length, constructorFiles));
  for (const reg of sourceFiles.flatMap((sf) => inFile(sf, () => mastraRegistrations(sf)))) {
    const index = agentIndexOf(reg.target);
    if (index === undefined) continue;
    partial[index]!.registeredAs.push(reg.key);
    const workspace = reg.workspace;
    if (workspace) inFile(workspace, () => inheritWorkspace(ctx, partial[index]!, workspace));
  }
  // An AgentController (Harness) runs its modes' agents with toolsets of its own.
  for (const run of sourceFiles.flatMap((sf) => inFile(sf, () => harnessRuns(ctx, sf)))) {
    const agent = partial[run.agentIndex]!;
    const mastra = versionOf(path.join(root, agent.location.file));
    agent.tools.runtime.push(inFile(run.at, () => harnessSource(ctx, run, mastra)));
    agent.descriptions.push(...offerDescriptions(ctx, run.at, [run.tools]));
  }

  const agents: AgentInfo[] = partial.map((a) => {
    const mastra = versionOf(path.join(root, a.location.file));
    const prediction = predictRequest(agentSources(a), {}, behaviourOf(mastra)).prediction;
    return {
      ...a,
      // Skills name their tools as this agent's version does (1.10.0 renamed them).
      tools: withVersionedSkills(a.tools, mastra),
      mastra,
      prediction,
      unknownNames: a.defaultOptions ? unknownNames(a.defaultOptions, prediction) : [],
      runs: { mode: 'unreached', evidence: [], calls: [], networkCalls: [], subAgentOf: [] },
    };
  });

  const lookup = agentLookup(agents, agentIndexOf, (node) =>
    units.flatMap((u, index) => (u.call && u.node === node ? [index] : [])),
  );
  const calls: CallSite[] = sourceFiles
    .flatMap((sf) => inFile(sf, () => findCalls(ctx, sf, lookup)))
    .map((call) => {
      const agent = call.agentIndex === undefined ? undefined : agents[call.agentIndex];
      // network() sends no tools: the routing agent is given a list of raw keys instead.
      const sendsTools =
        !NETWORK_METHODS.has(call.method) &&
        (agent || call.options.toolsets.entries.length || call.options.clientTools.entries.length);
      const mastra = agent?.mastra ?? versionOf(path.join(root, call.location.file));
      const prediction = sendsTools
        ? predictRequest(callSources(agent, call.options), {}, behaviourOf(mastra)).prediction
        : undefined;
      return {
        ...call,
        mastra,
        ...(prediction ? { prediction } : {}),
        unknownNames: prediction && agent ? unknownNames(call.options, prediction) : [],
      };
    });
  const found = sourceFiles
    .flatMap((sf) => inFile(sf, () => findRunEvidence(ctx, sf)))
    .map((f) => (evidenceUsed(root, f, reach) ? f : { ...f, unused: true }))
    .concat(
      reach.apiCalls().map((c) => {
        const { file, line, column, start } = c;
        const location = { file, line, column, start, end: start };
        return {
          mode: c.mode,
          kind: 'api-call' as const,
          location,
          ...(c.agentId === undefined ? {} : { target: { name: c.agentId } }),
        };
      }),
    );
  for (const agent of agents) agent.runs = runsOf(agent, agents, calls, found, lookup);
  for (const agent of agents)
    if (agent.runs.mode === 'unreached' && isUnused(root, project, agent, reach))
      agent.runs.unused = true;
  markOnlyUnderUnused(root, agents, reach);

  // A workspace whose config cannot be read (built by a function or an injected factory) offers
  // Mastra's default names unless a config renames them, and a rename names the tool
  // (`mastra_workspace_read_file`, `WORKSPACE_TOOLS.FILESYSTEM.READ_FILE`): where no source does,
  // a bare `read_file` is offered, if at all, as the default.
  if (!sourceFiles.some((sf) => RENAMES_WORKSPACE_TOOLS.test(sf.getFullText())))
    for (const r of agents
      .flatMap((a) => [a.tools, a.agents, a.workflows])
      .flatMap((s) => s.runtime))
      if (r.kind === 'workspace' && r.names === undefined && r.aliases === undefined)
        r.aliases = defaultWorkspaceAliases();

  // Code comparisons can name call-time tools (toolsets, clientTools) too.
  const callTools = (a: AgentInfo) =>
    calls
      .filter((c) => c.agentIndex === a.index)
      .flatMap((c) => [...c.options.toolsets.entries, ...c.options.clientTools.entries]);
  const allNames = agents.flatMap((a) => toolNames(a, agents, callTools(a)));
  const mentions: Mention[] = [];
  // Its instructions, and the descriptions of what it offers, are read by this agent's model.
  for (const agent of agents)
    mentions.push(
      ...withArguments(
        agent,
        mentionsIn(
          [...agent.instructions, ...agent.descriptions],
          toolNames(agent, agents),
          agent.index,
        ),
      ),
    );
  for (const call of calls) {
    const agent = call.agentIndex === undefined ? undefined : agents[call.agentIndex];
    const found = mentionsIn(
      call.prompts,
      agent ? toolNames(agent, agents) : allNames,
      call.agentIndex,
    );
    mentions.push(...(agent ? withArguments(agent, found) : found));
  }
  const comparisons: ScanResult['comparisons'] = [];
  const nameMappings: ScanResult['nameMappings'] = [];
  const callAt = new Map(
    calls.map((c) => [`${c.location.file}:${c.location.start}`, c.agentIndex]),
  );
  const agentOfCall = (node: Node) =>
    callAt.get(`${relativePath(ctx, node.getSourceFile().getFilePath())}:${node.getStart()}`);
  const processorClasses = processorOwners(constructors);
  // Chat pages and the agent the route they post to runs (chat-routes.ts).
  const routes = calls.flatMap((c) => {
    const r = c.agentIndex === undefined ? undefined : routeOf(c.location.file);
    return r ? [{ ...r, agentIndex: c.agentIndex! }] : [];
  });
  let foreign: Set<string> | undefined;
  const foreignTools = () => (foreign ??= foreignFunctionTools(sourceFiles));
  // The names run-time sources give (a workspace's tools, the working-memory tool): a value also
  // compared with one of them holds tool names too.
  const runtimeNames = new Set(
    agents.flatMap((a) =>
      [a.tools, a.agents, a.workflows].flatMap((set) => set.runtime.flatMap((r) => r.names ?? [])),
    ),
  );
  const compared = sourceFiles.map((sf) => {
    const literals = inFile(sf, () => comparedLiterals(ctx, sf));
    // Compared values (by function and text) that are also compared with a known tool's name.
    const holdsNames = new Set(
      literals
        .filter((l) => runtimeNames.has(l.value) || allNames.some((n) => n.name === l.value))
        .map((l) => scopedText(l.compared)),
    );
    return { sf, literals, holdsNames };
  });
  // The files whose comparisons only the type checker can decide, announced before the first
  // question so that one typed program answers them all.
  ctx.types.expect?.(
    compared
      .filter(({ sf, literals, holdsNames }) =>
        literals.some(
          (l) =>
            (allNames.some((n) => n.name === l.value) ||
              (!l.prefix &&
                !holdsNames.has(scopedText(l.compared)) &&
                !foreignTools().has(l.value) &&
                staleOf(l.value, l.castTo, agents) !== undefined)) &&
            inFile(sf, () => syntaxAnswer(ctx, l.compared)) === undefined,
        ),
      )
      .map(({ sf }) => sf.getFilePath()),
  );
  // Every name of each tool, by any of its names (for the app's own translation tables).
  const tables: NameTableEntry[] = [];
  const byTool = new Map<string, Set<string>>();
  for (const n of allNames) {
    const tool = `${n.agentIndex}\0${n.origin}\0${n.key}`;
    byTool.set(tool, (byTool.get(tool) ?? new Set()).add(n.name).add(n.key).add(n.wireName));
  }
  const namesOf = new Map<string, Set<string>>();
  for (const names of byTool.values())
    for (const n of names) namesOf.set(n, new Set([...(namesOf.get(n) ?? []), ...names]));
  for (const { sf, literals, holdsNames } of compared) {
    nameMappings.push(...inFile(sf, () => nameConversions(ctx, sf)));
    tables.push(...inFile(sf, () => nameTables(ctx, sf, (n) => namesOf.get(n))));
    const endpoint = routes.length ? inFile(sf, () => chatEndpoint(sf)) : undefined;
    const page = relativePath(ctx, sf.getFilePath());
    const routed = endpoint === undefined ? undefined : routedAgent(routes, page, endpoint);
    for (const { compared, castTo, ...literal } of literals) {
      // A comparison on one agent's results names that agent's tools; others cannot be tied.
      // ... or the results a processor of one agent sees.
      // ... or, on a chat page, the agent the route it posts to runs.
      const tied = tiedTo(compared, agentOfCall) ?? processorAgent(processorClasses, compared);
      const agentIndex = tied ?? routed;
      const all = allNames.filter((n) => n.name === literal.value);
      const own = agentIndex === undefined ? [] : all.filter((n) => n.agentIndex === agentIndex);
      const matches = own.length ? own : all;
      if (matches.length === 0) {
        // A `tool-…` part type that names no tool is some other part, not a stale name; a
        // constant's value that names none is not asked about (it may hold anything).
        if (literal.prefix || literal.via !== undefined) continue;
        // The type checker is asked only when a stale name could follow from its answer. A
        // function tool the app defines for another SDK's model is that model's name, not stale.
        const foreign = foreignTools().has(literal.value);
        const candidate = foreign ? undefined : staleOf(literal.value, castTo, agents);
        const holds = holdsNames.has(scopedText(compared));
        const stale = candidate && (holds || literal.provable()) ? candidate : undefined;
        const { provable: _asked, ...rest } = literal;
        comparisons.push(
          stale
            ? { ...rest, ...(holds ? {} : { provable: true }), staleOf: stale }
            : { ...rest, ...(foreign ? { foreign: true } : {}) },
        );
        continue;
      }
      const same = (a: ToolName, b: ToolName) =>
        a.agentIndex === b.agentIndex && a.origin === b.origin && a.key === b.key;
      mentions.push({
        name: literal.value,
        location: literal.location,
        context: 'comparison',
        matches: matches
          .filter((m, i) => matches.findIndex((o) => same(o, m)) === i)
          .map((m) => ({
            agentIndex: m.agentIndex,
            origin: m.origin,
            key: m.key,
            wireName: m.wireName,
            as: matches.filter((x) => same(x, m)).map((x) => x.as),
          })),
        in: 'code',
        provable: literal.provable(),
        ...(literal.alternatives.length ? { alternatives: literal.alternatives } : {}),
        ...(literal.prefix ? { prefix: literal.prefix } : {}),
        ...(literal.objectKey ? { objectKey: true } : {}),
        ...(literal.via !== undefined ? { via: literal.via } : {}),
        raw: literal.raw,
        ...(agentIndex === undefined ? {} : { agentIndex }),
        ...(tied === undefined && routed !== undefined ? { routedTo: endpoint } : {}),
      });
    }
  }

  mentions.sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.start - b.location.start,
  );
  const serverTools = sdkServerTools(ctx, sourceFiles);
  const registries = toolRegistries(ctx, sourceFiles);
  const workflowIds = appWorkflows(ctx, sourceFiles);
  const toolIds = appToolIds(sourceFiles);
  // Ids a prompt may name instead of the key: whether the code also uses them as data.
  const renamedIds = new Set(
    mentions.flatMap((m) =>
      m.context === 'comparison' ? [] : m.matches.some((t) => t.as.includes('id')) ? [m.name] : [],
    ),
  );
  const toolKeys = new Set(
    agents.flatMap((a) =>
      a.tools.entries.flatMap((e) => [e.key, e.valueName].filter((n): n is string => !!n)),
    ),
  );
  const valuesOfIds = sourceFiles.flatMap((sf) =>
    inFile(sf, () => idValues(ctx, [sf], renamedIds, toolKeys)),
  );
  const networks = sourceFiles.flatMap((sf) => inFile(sf, () => legacyNetworks(ctx, sf)));
  const usedDeclarations = agents.some((a) =>
    a.tools.entries.some(
      (e) => e.value.kind === 'builtin' && e.value.idSource === 'installed-declarations',
    ),
  );
  const usedTable = agents.some((a) =>
    a.tools.entries.some((e) => e.value.kind === 'builtin' && e.value.idSource === 'bundled-table'),
  );
  return {
    schemaVersion: SCAN_SCHEMA_VERSION,
    root,
    mastra: {
      ...(version ? { version } : {}),
      builtinIds:
        usedTable || (!usedDeclarations && !version) ? 'bundled-table' : 'installed-declarations',
    },
    files: { scanned: fileCount, candidates: candidates.length, unparsable },
    agents,
    calls,
    mentions,
    comparisons,
    nameMappings,
    ...(tables.length > 0 && { nameTables: tables }),
    nameUses: [],
    delegationIds: sourceFiles
      .flatMap((sf) => inFile(sf, () => delegationIdComparisons(ctx, sf)))
      .map(({ node, ...d }) => {
        const owner = hookOwner(node)
          .map((n) => nodes.get(n) ?? agentOfCall(n))
          .find((i) => i !== undefined);
        return owner === undefined ? d : { ...d, agentIndex: owner };
      }),
    dataWords: appDataWords(sourceFiles, agents),
    ...(serverTools.length ? { serverTools } : {}),
    ...(workflowIds.length ? { appWorkflows: workflowIds } : {}),
    ...(toolIds.length ? { appToolIds: toolIds } : {}),
    ...(valuesOfIds.length ? { idValues: valuesOfIds } : {}),
    ...(registries.length ? { toolRegistries: registries } : {}),
    ...(networks.length ? { legacyNetworks: networks } : {}),
  };
}

/**
 * Marks the mentions whose name is a value a parameter of one of the agent's tools takes (the
 * `values` its tools' descriptions carry): `action: "click"` beside a tool exported as `click`.
 */
function withArguments(agent: AgentInfo, found: Mention[]): Mention[] {
  const owner = new Map<string, string>();
  for (const f of agent.descriptions)
    if (f.describes?.origin === 'tools')
      for (const v of f.values ?? []) if (!owner.has(v)) owner.set(v, f.describes.key);
  if (owner.size === 0) return found;
  return found.map((m) =>
    owner.has(m.name) && !m.context.endsWith('-description')
      ? { ...m, argumentOf: owner.get(m.name)! }
      : m,
  );
}

/**
 * Names an edit could take away: the wire names of every agent's own tools (a re-key renames
 * them), and keys `rewrite-keys` would change (code may read the map by such a key).
 */
export function renameableNames(scan: ScanResult): Set<string> {
  const names = new Set(
    scan.agents.flatMap((a) => a.tools.entries.map((e) => toWireName(e.key))).filter(Boolean),
  );
  for (const a of scan.agents)
    for (const e of [...a.tools.entries, ...a.agents.entries, ...a.workflows.entries])
      if (e.key && toWireName(e.key) !== e.key) names.add(e.key);
  for (const c of scan.calls)
    for (const e of [...c.options.toolsets.entries, ...c.options.clientTools.entries])
      if (e.key && toWireName(e.key) !== e.key) names.add(e.key);
  return names;
}

/** Name uses that are not the keys of a tool map the scan read (those are what a rename edits). */
export function withoutToolKeys(scan: ScanResult, uses: NameUse[]): NameUse[] {
  const keys = new Map<string, Array<[number, number]>>();
  const entries = [
    ...scan.agents.flatMap((a) => [
      ...a.tools.entries,
      ...a.agents.entries,
      ...a.workflows.entries,
    ]),
    ...scan.calls.flatMap((c) => [
      ...c.options.toolsets.entries,
      ...c.options.clientTools.entries,
      ...c.options.prepareStep.tools.entries,
    ]),
  ];
  for (const e of entries)
    keys.set(e.keyLocation.file, [
      ...(keys.get(e.keyLocation.file) ?? []),
      [e.keyLocation.start, e.keyLocation.end],
    ]);
  // Words of a prompt the scan reads are its mentions, tied to the agent that reads them; text
  // elsewhere (a message built by a helper, a log line) has no agent and counts for every rename.
  const prompts = new Map<string, Array<[number, number]>>();
  for (const f of [
    ...scan.agents.flatMap((a) => [...a.instructions, ...a.descriptions]),
    ...scan.calls.flatMap((c) => c.prompts),
  ])
    prompts.set(f.location.file, [
      ...(prompts.get(f.location.file) ?? []),
      [f.location.start, f.location.end],
    ]);
  const inside = (spans: Map<string, Array<[number, number]>>, u: NameUse) =>
    (spans.get(u.location.file) ?? []).some(
      ([start, end]) => u.location.start >= start && u.location.start < end,
    );
  return uses.filter((u) => !inside(keys, u) && !(u.kind === 'text' && inside(prompts, u)));
}

/**
 * The app's data words: its schemas' fields and values, and the values its code gives those fields,
 * except a tool's id or key (`toolId: 'coding_run_test'` holds a name).
 */
function appDataWords(files: readonly SourceFile[], agents: readonly AgentInfo[]): string[] {
  const fields = new Set(files.flatMap((sf) => inFile(sf, () => dataWords(sf))));
  const names = new Set([
    ...files.flatMap((sf) => inFile(sf, () => createToolIds(sf))),
    ...agents.flatMap((a) =>
      [a.tools, a.agents, a.workflows].flatMap((set) =>
        set.entries.flatMap((e) => [e.key, ...('id' in e.value && e.value.id ? [e.value.id] : [])]),
      ),
    ),
  ]);
  const values = files
    .flatMap((sf) => inFile(sf, () => fieldValues(sf, fields)))
    .filter((v) => !names.has(v));
  return [...new Set([...fields, ...values])].sort();
}
