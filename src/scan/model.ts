/**
 * The scan's data model: what a repository registers, where, and what each agent offers the model.
 * Versioned (SCAN_SCHEMA_VERSION) because `scan --json` and later stages consume it.
 */
import type { Prediction, ToolOrigin } from '../names/normalise.ts';

export const SCAN_SCHEMA_VERSION = 1;

/** A place in a scanned file. Lines and columns are 1-based; offsets are 0-based, end exclusive. */
export interface Location {
  file: string;
  line: number;
  column: number;
  start: number;
  end: number;
}

export type KeyKind =
  'identifier' | 'string' | 'numeric' | 'template' | 'computed' | 'shorthand' | 'file-name';

export type ToolValue =
  | { kind: 'createTool'; id?: string }
  | { kind: 'builtin'; exportName: string; module: string; id?: string; idSource: BuiltinIdSource }
  | { kind: 'web-search-marker'; exportName: string; module: string }
  | { kind: 'ai-sdk-tool'; id?: string }
  | { kind: 'provider-defined'; call: string }
  | { kind: 'agent'; agentIndex?: number }
  | { kind: 'workflow'; id?: string }
  | { kind: 'unknown'; text: string; id?: string };

export type BuiltinIdSource = 'installed-declarations' | 'bundled-table';

export interface ToolEntry {
  origin: ToolOrigin;
  /** The key as JavaScript sees it (numeric keys canonicalised, computed keys evaluated). */
  key: string;
  keyKind: KeyKind;
  /** The key's source text, e.g. `'search.web'` or `[weatherTool.id]`. */
  keyText: string;
  keyLocation: Location;
  value: ToolValue;
  /** The identifier the value was written as (`weatherTool`), when it is one. */
  valueName?: string;
  /** Identifies the tool across maps: where its value is defined, or the built-in's export. */
  valueRef?: string;
  /** Where the value is defined (the `createTool({...})` call), when it is in the repository. */
  valueLocation?: Location;
  /** Only present on some paths (conditional spread, one of several return paths). */
  conditional: boolean;
  /** Spreads and references followed to reach this entry, outermost first. */
  via: Location[];
  /** Toolset name, for call-time toolsets. */
  toolset?: string;
  /**
   * Read from the type checker where the syntax stops (a helper or builder whose body cannot be
   * read), and written in no object literal that reaches the map: the model is offered it, but it
   * is never edited. `keyLocation` is the key's declaration in that type; `expression` is what the
   * type was read from (the call in the tool map).
   */
  fromType?: { expression: string; location: Location };
}

/** Part of a tool source whose keys cannot be listed: it may offer any name. */
export interface Unresolved {
  origin: ToolOrigin;
  location: Location;
  text: string;
  reason: string;
  /** The helper the map goes through whose result could not be listed, and where it is declared. */
  helper?: { name: string; declaredAt?: Location };
}

/**
 * Tools added at run time by a source whose names are only partly known: an MCP client, a tool
 * registry, the agent's `browser`, `workspace` or `skills`, a front end's client tools.
 */
export interface RuntimeTools {
  origin: ToolOrigin;
  location: Location;
  kind:
    | 'mcp'
    | 'registry'
    | 'browser'
    | 'workspace'
    | 'skills'
    | 'tool-search'
    | 'memory'
    | 'signals'
    /** Client tools an AG-UI front end (CopilotKit) sends with each request (`frontend-tools.ts`). */
    | 'client'
    /** Toolsets the AgentController (Harness) that runs the agent passes with each message (`harness.ts`). */
    | 'harness';
  text: string;
  /** Known name prefixes: MCP names are `${server}_${tool}` with the tool part unknown. */
  prefixes: string[];
  /**
   * MCP servers started from a package whose tools were measured (`names/mcp-servers.ts`): their
   * tools, which the client offers as `${key}_${tool}`.
   */
  servers?: Array<{ key: string; package: string; version: string; tools: readonly string[] }>;
  /** Names the source adds as they are (skill tools, the tools a readable workspace config adds). */
  names?: string[];
  /**
   * Names a prompt may use for a tool the source offers under another one: a workspace tool's own
   * name without Mastra's prefix (`lsp_inspect`), or its default name once the config renames it
   * (`mastra_workspace_read_file` for `view`).
   */
  aliases?: Array<{ name: string; as: string }>;
  /** `skills`: the `SKILL.md` files its paths hold (relative); the model reads one when it loads it. */
  skillFiles?: string[];
  /**
   * Every name the source can add starts with one of `prefixes` or is one of `names`. When false,
   * it may add any name.
   */
  bounded: boolean;
  /** The first @mastra/core version that has this option (older versions ignore it). */
  since?: string;
  reason: string;
  /**
   * Already passed through `normaliseTools` from `mastra-tool-names/runtime`: the keys Mastra gets
   * are legal and unique (with its default options, the names Mastra would have sent).
   */
  normalised?: boolean;
  /** For an MCP client's `listTools()`/`getTools()`: where the runtime helper can wrap it, or why not. */
  wrap?: WrapSite;
  /** The names verify measured for this agent (`--names FILE`), which close the source when complete. */
  measured?: MeasuredSource;
}

/** One name a run-time source gave an agent, as verify measured it (`verify --write-names`). */
export interface MeasuredRuntimeName {
  /** The name sent to the model. */
  name: string;
  /** The kind of source it came from, when the scan found one. */
  source?: RuntimeTools['kind'];
  /** MCP: the server's key in the client's `servers`, and the tool's own name on that server. */
  server?: string;
  tool?: string;
}

/** The measurement a run-time source was closed with (`--names FILE`). */
export interface MeasuredSource {
  /** The names file, as given. */
  file: string;
  /** The names the agent was offered from run-time sources, as measured. */
  runtime: MeasuredRuntimeName[];
  /** False when some MCP servers were not reached: the source's prefixes stay open. */
  complete: boolean;
  /** The @mastra/core the app ran with. */
  mastraVersion?: string;
}

/**
 * Where `normaliseTools` can take an MCP tool record as it enters the app (wrap-runtime-tools).
 * `location`/`text`: the awaited call to replace (with the parentheses around it, if any); `call`:
 * the call inside it (`mcp.listTools()`); `importAfter`: the end of the file's last import
 * declaration, absent when the file already imports the helper; `quote` and `semicolon`: the style
 * of that declaration. `blocked`: why it is left alone.
 */
export type WrapSite =
  | {
      location: Location;
      text: string;
      call: string;
      importAfter?: Location;
      quote: "'" | '"';
      semicolon: boolean;
      /**
       * The file's package cannot import `mastra-tool-names` (no package.json on the way up
       * declares it, none installed): the nearest package.json, relative to the root.
       */
      missingDependency?: string;
    }
  | { blocked: string };

export interface ToolSet {
  entries: ToolEntry[];
  unresolved: Unresolved[];
  runtime: RuntimeTools[];
}

export interface NameRef {
  /** The name as written, or undefined when it cannot be evaluated statically. */
  name?: string;
  text: string;
  location: Location;
  /** The string literal that holds the name (possibly a constant elsewhere), when there is one. */
  literal?: { location: Location; raw: string };
  /**
   * With no one name: the string literals its declared type allows (`forcedTool: ToolName`, where
   * `type ToolName = 'search-wiki' | 'log-kb-gap'`), when that type is a union of them.
   */
  possible?: string[];
}

export interface CallOptionsInfo {
  toolChoice?: NameRef;
  toolChoiceMode?: 'auto' | 'none' | 'required';
  activeTools: NameRef[];
  /** Names and tool keys that `prepareStep` returns. */
  prepareStep: { activeTools: NameRef[]; toolChoice: NameRef[]; tools: ToolSet };
  toolsets: ToolSet;
  clientTools: ToolSet;
  /** Options that could not be read statically (e.g. an options object built at run time). */
  unresolved: string[];
}

/**
 * How an agent is run, as far as the code shows: `generate`/`stream` (or as a sub-agent, which its
 * parent runs that way) send tools as functions named by wire name (`agent-KEY` for sub-agents);
 * `network()` lists sub-agents, workflows and tools to a routing agent by raw key. `unknown`: only
 * registered with Mastra (its server can run it either way); `unreached`: nothing registers or
 * calls it.
 */
export type AgentRunMode = 'function' | 'network' | 'both' | 'unknown' | 'unreached';

/**
 * Code that shows an agent running in one mode. `call`: its own generate()/stream() or network();
 * `sub-agent`: a parent offers it (parents run sub-agents with generate()); `chat-route` /
 * `network-route`: an `@mastra/ai-sdk` route or handler; `mcp-server`: an MCPServer exposes it;
 * `dynamic-call`: a call on an agent looked up by a name known only at run time, which reaches
 * every agent registered with Mastra; `api-call`: a client requesting Mastra's server
 * (`/api/agents/:agentId/stream`), for one agent or, with the id chosen at run time, any.
 */
export interface RunEvidence {
  mode: 'function' | 'network';
  kind:
    | 'call'
    | 'sub-agent'
    | 'chat-route'
    | 'network-route'
    | 'mcp-server'
    | 'dynamic-call'
    | 'api-call';
  location: Location;
  /** Reaches this agent because it is registered with Mastra (a route with `:agentId`, a dynamic lookup). */
  anyAgent?: boolean;
}

export interface AgentRuns {
  mode: AgentRunMode;
  /**
   * Unreached, and its variable is used nowhere else: not imported, passed or read in its own file.
   * Nothing can run it, so what its prompt says needs no one's action.
   */
  unused?: boolean;
  /** Everything that shows how it runs, in file order. */
  evidence: RunEvidence[];
  /**
   * Evidence of the other mode in code nothing uses (a route no code calls, a hook no file
   * imports), outweighed by evidence in code that is used.
   */
  ignored?: RunEvidence[];
  /** generate()/stream() calls that reach this agent. */
  calls: Location[];
  /** network() calls that reach this agent. */
  networkCalls: Location[];
  /** Agents that offer this one as a sub-agent. */
  subAgentOf: number[];
}

/**
 * The @mastra/core an agent's code runs with, and how that is known: the copy Node would load
 * (`installed`), the lockfile (`lockfile`), only the range its package.json declares (`range`), or
 * nothing (`unknown`). Naming rules that differ between versions follow it (src/names/versions.ts).
 */
export interface MastraVersion {
  /** `target`: the version `--to-mastra` names, which the agent is judged by instead (see `now`). */
  source: 'installed' | 'lockfile' | 'range' | 'unknown' | 'target';
  /** The exact version (installed, lockfile). */
  version?: string;
  /** The range as the package.json writes it (range; unknown when it is not a semver range). */
  range?: string;
  /** Where it was read, relative to the root (absolute when outside it). */
  file?: string;
  /** With `target`: the version the agent runs with now. */
  now?: Omit<MastraVersion, 'now'>;
}

export interface AgentInfo {
  index: number;
  kind: 'constructor' | 'file-based';
  id?: string;
  name?: string;
  variable?: string;
  location: Location;
  tools: ToolSet;
  agents: ToolSet;
  workflows: ToolSet;
  defaultOptions?: CallOptionsInfo;
  /** Keys under which `new Mastra({ agents })` registers this agent. */
  registeredAs: string[];
  instructions: TextFragment[];
  /** Request-context keys its option functions read (`requestContext.get('x')`), in source order. */
  contextKeys: ContextKeyRead[];
  /** The @mastra/core this agent's package runs with; the prediction follows its rules. */
  mastra: MastraVersion;
  /**
   * Descriptions its model reads with what it is offered: each tool's `description` (sent with the
   * tool), each sub-agent's and workflow's (Mastra makes them the descriptions of `agent-KEY` and
   * `workflow-KEY`, and lists them to a routing agent).
   */
  descriptions: TextFragment[];
  /** Instructions the code reads at run time that the scan could not read (names in them are not checked). */
  unreadPrompts?: UnreadPrompt[];
  prediction: Prediction;
  /** Names in `defaultOptions` (toolChoice, activeTools, prepareStep) that the model is not offered. */
  unknownNames: UnknownName[];
  runs: AgentRuns;
}

/** `requestContext.get('key')` (`runtimeContext` in 0.x) in a function given as an agent option. */
export interface ContextKeyRead {
  key: string;
  /** The agent option the function is: `instructions`, `tools`, `model`... */
  option: string;
  via: 'requestContext' | 'runtimeContext';
  location: Location;
}

/** A skill the model can load by name (`skill` tool), from a `SKILL.md`'s front matter. */
export interface SkillName {
  name: string;
  /** The `SKILL.md`, relative to the root. */
  file: string;
}

export interface UnknownName {
  option: 'toolChoice' | 'activeTools';
  name: string;
  location: Location;
}

export interface CallSite {
  location: Location;
  method: string;
  agentIndex?: number;
  /** How the call reached its agent: a variable, `mastra.getAgent('x')`, `getAgentById('x')`. */
  via: 'variable' | 'getAgent' | 'getAgentById' | 'unknown';
  receiverText: string;
  options: CallOptionsInfo;
  prompts: TextFragment[];
  /** The @mastra/core the call runs with: its agent's, or the calling file's when no agent is known. */
  mastra: MastraVersion;
  /** Prediction for this call (agent tools plus its toolsets and clientTools). */
  prediction?: Prediction;
  /** Names in toolChoice / activeTools that the model is not offered. */
  unknownNames: UnknownName[];
}

/** Prompt text read at run time that the scan could not read, and why. */
export interface UnreadPrompt {
  /** The expression in the agent's code it comes through (the first call followed). */
  location: Location;
  text: string;
  reason: string;
}

/** Where prompt text is sent: instructions, a call's prompt or system message, a description. */
export type TextContext =
  | 'instructions'
  /** `defaultNetworkOptions.routing.additionalInstructions`: read only by network()'s routing agent. */
  | 'routing-instructions'
  | 'prompt'
  | 'system'
  | 'tool-description'
  /** What a tool's `execute` returns or throws: the model reads it after calling the tool. */
  | 'tool-result'
  | 'agent-description'
  | 'workflow-description';

/** A piece of literal prompt text (never text inside `${...}`), in a code file or a prompt file. */
export interface TextFragment {
  text: string;
  location: Location;
  /** How the text is quoted in code: `'`, `"`, `` ` ``, or `file` for a prompt file read from disk. */
  quote: "'" | '"' | '`' | 'file';
  context: TextContext;
  /** Descriptions: the entry (origin and key) the text describes; it naming itself is no mention. */
  describes?: { origin: ToolOrigin; key: string };
  /**
   * A tool's descriptions: the values its parameters take (`action: z.enum(['click', 'fill'])`).
   * Such a name there is an argument the model passes to this tool, not another tool.
   */
  values?: string[];
  /**
   * A tool object interpolated into the text (`${searchTool}`): what the model reads there is
   * "[object Object]", not a name. The expression as written; the fragment's text is empty.
   */
  toolObject?: string;
  /**
   * A skill's `SKILL.md`, read when the model loads it. Written for any agent that loads the skill
   * (often for other tools too), so a name it uses that matches none of the agent's tools is not
   * reported; names that match one follow it like any prompt's.
   */
  skill?: true;
  /** A prompt file: the call in the agent's code that reads it (where an editor reports the file). */
  loadedAt?: Location;
}

export type MentionMatch = 'wire-name' | 'key' | 'id' | 'export-name';

export interface Mention {
  /** The text that names a tool. */
  name: string;
  location: Location;
  context: TextContext | 'comparison';
  agentIndex?: number;
  /** Which of the tool's names it matches. */
  matches: MentionTarget[];
  /** Wrapped in backticks or quotes in the prompt text. */
  quoted?: boolean;
  /** Inside a fenced code block of the prompt (a code sample, not an instruction). */
  inCodeBlock?: boolean;
  /** In the front matter of a prompt file (`---` block): data a loader may read, not prose. */
  inFrontMatter?: boolean;
  /**
   * A value a parameter of one of the agent's tools takes (`action: z.enum(['click', 'fill'])`):
   * that tool's key. `action: "click"` in its instructions is an argument, unless the words around
   * call it a tool.
   */
  argumentOf?: string;
  /** Where the text lives: a string literal in code, or a prompt file read from disk. */
  in?: 'code' | 'file';
  /** Comparisons: the compared value is typed by Mastra or the AI SDK, so it is a tool name. */
  provable?: boolean;
  /** Comparisons: the string literal as written, quotes included. */
  raw?: string;
  /** Comparisons: other strings the same value is compared with in the same test (`||`, switch, list). */
  alternatives?: string[];
  /** Comparisons: `tool-` when the string is a UI message part's type (`'tool-weatherTool'`). */
  prefix?: string;
  /** Comparisons: a plain (unquoted) key of a table looked up by a tool name. */
  objectKey?: boolean;
  /**
   * Comparisons: the name is the value of a constant (`WorkflowId.Generate`, an enum member or a
   * `const`), written elsewhere and often used for more than this test: reported, never edited.
   */
  via?: string;
  /**
   * Comparisons on a chat page: the endpoint its `useChat` posts to, whose route runs the agent
   * the comparison is tied to (`agentIndex`), the only agent whose tool parts the page receives.
   */
  routedTo?: string;
}

export interface MentionTarget {
  agentIndex: number;
  origin: ToolOrigin;
  key: string;
  wireName: string;
  as: MentionMatch[];
}

/**
 * A place where code or data uses a tool's current wire name as a name (not as prose): a string
 * literal whose whole value is the name, an object key or property access in code, or a value or
 * key in a JSON/YAML file. Tool-map keys themselves are not uses.
 */
export interface NameUse {
  name: string;
  /** `text`: a word of a longer string or template in code (a message, a log line), not the whole of it. */
  kind: 'string' | 'key' | 'data' | 'text';
  location: Location;
  /** The string reads or changes a map entry: `tools['x']`, `delete tools['x']`, `'x' in tools`. */
  access?: boolean;
}

/** A tool's id as the value of another field in code (`context: 'create-patient'`). */
export interface IdValue {
  name: string;
  field: string;
  location: Location;
}

export interface DelegationIdComparison {
  value: string;
  raw: string;
  location: Location;
  /** The agent whose call or `defaultOptions` hold the hook, when the code shows it. */
  agentIndex?: number;
}

export interface ScanFileError {
  file: string;
  message: string;
}

/** A symbolic link to a file. */
export interface FileLink {
  /** The link, relative to the root. */
  link: string;
  /** Where it leads: relative to the root, or absolute when outside it. */
  target: string;
  /** Outside the root: read where it is, never written. */
  outside: boolean;
}

/** A tool-name string compared with a value in code. */
export interface Comparison {
  value: string;
  raw: string;
  location: Location;
  /**
   * The compared value is provably a name Mastra produced (a stream chunk's `toolName`). Present
   * only where it was asked, because it decided something: for a string that stands for a tool
   * (`staleOf`). A comparison that names no tool and stands for none is not asked about.
   */
  provable?: boolean;
  /** The other strings the same value is compared with in one test: `a === 'x' || a === 'y'`, a switch, a list. */
  alternatives: string[];
  /** `tool-` when the literal is a UI message part's type (`part.type === 'tool-weatherTool'`). */
  prefix?: string;
  /** A plain (unquoted) key of a table looked up by a tool name: changed as a property key. */
  objectKey?: boolean;
  /** The app defines a function tool of that name for another SDK's model (foreign-tools.ts). */
  foreign?: boolean;
  /** The constant the compared string is the value of (see Mention.via). */
  via?: string;
  /**
   * A string that names no tool, compared with a value that holds the names of known agents' tools,
   * and the tool it stands for: by the cast of the branch it guards
   * (`as X['input']`, `X = InferUITool<typeof tool>`), or by equal words of the tool's id or key.
   */
  staleOf?: {
    evidence: 'cast' | 'words' | 'alias' | 'workspace';
    tools: Array<{ agentIndex: number; origin: ToolOrigin; key: string }>;
    /**
     * A workspace tool's own name (`execute_command`), which the agents whose workspace has it are
     * offered under another (`mastra_workspace_execute_command`); no agent offers the name itself.
     */
    alias?: { as: string; agentIndexes: number[] };
    /** The tool the branch casts to, when the project defines it but no agent offers it. */
    unoffered?: { name: string; id: string };
    /**
     * A name in the namespace of the tools a workspace adds (`mastra_workspace_shell`) that no
     * agent's workspace offers, though every agent's run-time names are known; with the agents that
     * have a workspace.
     */
    workspace?: { agentIndexes: number[] };
  };
}

/** `new AgentNetwork(...)` / `new NewAgentNetwork(...)`, with the version-table row that removes it. */
export interface LegacyNetwork {
  rule: 'legacy-agent-network' | 'vnext-agent-network';
  className: string;
  location: Location;
}

export interface ScanResult {
  schemaVersion: typeof SCAN_SCHEMA_VERSION;
  root: string;
  mastra: { version?: string; builtinIds: BuiltinIdSource };
  files: {
    scanned: number;
    /** Files parsed and analysed: the prefilter's, less those no pass reads (`worth-parsing.ts`). */
    candidates: number;
    /** Files the prefilter took that were not parsed: their packages cannot import Mastra (`mastra-scope.ts`). */
    outsideMastra?: number;
    /** Files that could not be processed (parsed, read, analysed), with a one-line reason each. */
    unparsable: ScanFileError[];
    /** Left out on purpose, with why: binary files, links to folders outside the root, broken links, unreadable folders. */
    skipped?: ScanFileError[];
    /** Links to files (absent from in-memory scans). */
    links?: FileLink[];
    /** How untracked files were chosen: by git (not ignored), or by the .gitignore files under the root (outside git, or when the root itself is ignored by the repository above it). Tracked files are always read. */
    membership?: 'git' | 'gitignore';
    /** No package.json declares a Mastra package, and no source names `@mastra/` where it could import it: nothing was parsed (`no-mastra.ts`). */
    noMastra?: true;
    /** With `noMastra`: the sources that name `@mastra/` though nothing declares or installs it. */
    mastraUnresolved?: number;
  };
  agents: AgentInfo[];
  calls: CallSite[];
  /** `--names FILE`: the measured names applied, by agent (`app: key`), and those the scan did not find. */
  measuredNames?: { file: string; applied: string[]; unmatched: string[] };
  mentions: Mention[];
  /** Code comparisons with a tool-name string that matches no known tool. */
  comparisons: Comparison[];
  /** Code that converts wire names back (`toolName.replace(/_/g, '.')`); comparisons behind it are skipped. */
  nameMappings: Array<{ location: Location; text: string }>;
  /**
   * Entries of the app's tables that translate a tool's offered name into another of its names
   * (`{ codeExecuteTool: 'code-execute' }`): a value compared with the name given is the translation.
   */
  nameTables?: Array<{ from: string; to: string; location: Location }>;
  /** Every use of a tool's current wire name in code or data, anywhere in the repository. */
  nameUses: NameUse[];
  /** Strings compared with `primitiveId` in delegation hooks (Mastra passes the sub-agent's id). */
  delegationIds: DelegationIdComparison[];
  /** Schema fields and enum values shaped like tool names (`patch_json`): data, not tools. */
  dataWords: string[];
  /** Constructions of the network classes @mastra/core removed (legacy-networks.ts). */
  legacyNetworks?: LegacyNetwork[];
  /** Tools of MCP servers the app writes with the MCP SDK for another client (`server.tool('x', ...)`). */
  serverTools?: Array<{ name: string; location: Location }>;
  /** Workflows the app defines (`createWorkflow({ id })`), by id. */
  appWorkflows?: Array<{ name: string; location: Location }>;
  /**
   * The ids of every `createTool({ id })` in the app, given to an agent the scan reads or not (a
   * harness, the app's own MCP server, code it does not model may offer them).
   */
  appToolIds?: string[];
  /** Tool ids the code also gives another field as a value (`id-values.ts`). */
  idValues?: IdValue[];
  /**
   * The names the app declares its tools under (`const portfolioTool = createTool(...)`, `new
   * Tool(...)`), given to an agent the scan reads or not.
   */
  appToolVariables?: string[];
  /**
   * Names a CopilotKit front end only renders the calls of (`useRenderToolCall`, an action with
   * `available: 'frontend'`), with the agents it serves: it shows something only when one of them
   * calls a tool of that name.
   */
  renderedToolCalls?: RenderedToolCall[];
  /**
   * Maps of the app's tools that code reads by a name known only at run time (`TOOLS[toolId]`):
   * agents built from data (a role file, a database row) are given some of them.
   */
  toolRegistries?: Array<{ text: string; keys: string[]; location: Location }>;
  /** Skills the `SKILL.md` files define, listed when an agent can load skills (a workspace, `skills`). */
  skills?: SkillName[];
}

/** An agent as read from code, before the prediction is made. */
export type AgentDraft = Omit<AgentInfo, 'prediction' | 'unknownNames' | 'runs' | 'mastra'>;

/** A name a front end renders the tool calls of (see ScanResult.renderedToolCalls). */
export interface RenderedToolCall {
  name: string;
  location: Location;
  /** Indexes of the agents the front end serves. */
  agents: number[];
  /** The front end's library (its hook names the tool). */
  library: 'CopilotKit' | 'assistant-ui';
}
