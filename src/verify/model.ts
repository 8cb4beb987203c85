/**
 * The verify model: what each agent of the user's own Mastra instance sent, measured in a child
 * process, next to what the scan predicted. Versioned (VERIFY_SCHEMA_VERSION); its JSON Schema is
 * schema/verify.schema.json (`npm run schema`).
 */

/** 2: one report per app (`apps`), for a monorepo root as for a single app. */
export const VERIFY_SCHEMA_VERSION = 2;

/** The provider protocols verify answers locally; any other request is refused. */
export type Protocol =
  'openai-chat' | 'openai-responses' | 'anthropic-messages' | 'google-generate-content';

/** `tool_choice` (or its equivalent) in one shape for every protocol. */
export interface ToolChoiceView {
  mode: 'auto' | 'none' | 'required' | 'tool';
  toolName?: string;
}

/** The first provider request of one call, as it went on the wire. */
export interface WireRequest {
  protocol: Protocol;
  method: string;
  url: string;
  model?: string;
  /** Function tool names, in the order the request lists them. */
  tools: string[];
  /** Provider-defined tools (native web search and the like), by type or name. */
  providerTools: string[];
  /** Absent when the request carried no tool choice. */
  toolChoice?: ToolChoiceView;
  /** The tool choice exactly as sent (`tool_choice`, `toolConfig`). */
  rawToolChoice?: unknown;
  stream: boolean;
  /** What the model reads: the system prompt and the user's messages, as sent. */
  prompt?: RequestPrompt;
}

/**
 * A tool name the request's own text uses that the request does not offer (the measured prompt
 * check): one per name and part, with the first place it is written.
 */
export interface MeasuredPromptName {
  name: string;
  /** The system prompt, a user message (scenarios), or a tool's description. */
  in: 'system' | 'user' | 'description';
  /** For a description: the tool it describes. */
  tool?: string;
  /** The names this request offers that it stands for: the fix (empty: none is offered). */
  offeredAs: string[];
  /** The line of the text it is on, trimmed. */
  excerpt: string;
  /** Times it is written in that part. */
  count: number;
  /** Where that text is in the app's source (code, `.md`, `.txt`), when it could be found. */
  source?: SourceLine & { found: 'line' | 'around' | 'name' };
}

/** The text parts of a request, in the order sent (empty parts left out). */
export interface RequestPrompt {
  system: string[];
  user: string[];
  /** The description each function tool is sent with (the model reads them too). */
  descriptions?: Array<{ tool: string; text: string }>;
}

/** Why `generate()` / `stream()` rejected. */
export interface CallError {
  /** The MastraError id (`AGENT_GENERATE_FAILED`), else the error's name. */
  id: string;
  /** `cause.code`, e.g. `AGENT_TOOL_NAME_COLLISION`. */
  causeCode?: string;
  causeToolName?: string;
  /** First line of the message. */
  message: string;
}

export interface Measurement {
  /** Absent when no provider request was made (see `error`). */
  request?: WireRequest;
  error?: CallError;
  /** How many provider requests the call made (1 for one step, answered locally: no retries). */
  requests?: number;
  /**
   * Request-context keys the call read (`requestContext.get(key)`; `runtimeContext` in 0.x), in the
   * order first read, and whether each held a value. Mastra's own keys (`mastra__...`) are left out.
   */
  contextReads?: Array<{ key: string; set: boolean }>;
}

export type Phase = 'import' | 'agents' | 'scenarios';

/** Something the app tried that verify did not allow: it never leaves the machine or the child. */
export interface Blocked {
  kind: 'http' | 'socket' | 'dns' | 'udp' | 'process' | 'write';
  /** URL, host:port, command line or path. */
  target: string;
  method?: string;
  phase: Phase;
  /** The app's own source line that asked for it, when the stack shows one (`file:line`). */
  at?: string;
  /** An MCP client asked for it: a server start or request that `--allow-mcp` may allow. */
  mcp?: boolean;
  count: number;
}

/**
 * An MCP server the app's own MCP client started (stdio) or reached at a local URL, allowed by
 * `--allow-mcp`. The server itself runs outside verify's guards, as the app configures it.
 */
export interface McpStart {
  transport: 'stdio' | 'http';
  /** stdio: the command and its arguments, as the client passed them. */
  command?: string;
  args?: string[];
  /** http: the server's URL (origin and path). */
  url?: string;
  phase: Phase;
  /** The agent whose call started it (its key on the instance); absent at import. */
  agent?: string;
  /** The app's own source line that led to it, when the stack shows one (`file:line`). */
  at?: string;
  /** stdio: tool names the server listed (`tools/list`), in its order. */
  tools?: string[];
  /** stdio: times started; http: requests made. */
  count: number;
}

/** Options a scenario call passed, as far as they decide the tool list. */
export interface CallOptionsSeen {
  toolsets?: Array<{ name: string; keys: string[] }>;
  clientTools?: string[];
  toolChoice?: unknown;
  activeTools?: string[];
}

export interface SourceLine {
  file: string;
  line: number;
  column: number;
}

/** One generate()/stream() call as the child measured it. */
export interface MeasuredCall {
  source: 'agent' | 'scenario';
  /** Key on the Mastra instance, when the agent is registered there. */
  agentKey?: string;
  agentId?: string;
  agentName?: string;
  method: string;
  /** Where a scenario made the call. */
  location?: SourceLine;
  options: CallOptionsSeen;
  measurement: Measurement;
}

/** What the scan predicts one call sends. */
export interface PredictedWire {
  tools: string[];
  /** Keys whose tool is provider-defined: offered natively, named by the provider. */
  providerTools: string[];
  toolChoice?: ToolChoiceView;
  /** Set when the scan predicts generate() fails before any request. */
  failure?: { kind: 'collision' | 'crash'; name?: string; message: string };
}

export interface WireDifference {
  /** Predicted names the request did not carry. */
  missing: string[];
  /** Names the request carried that were not predicted. */
  unexpected: string[];
  /** Same names, another order. */
  order: boolean;
  toolChoice?: { predicted?: ToolChoiceView; measured?: ToolChoiceView };
  /** One side failed, the other sent a request (or both failed differently). */
  outcome?: { predicted: string; measured: string };
  /** The same, for people. */
  summary: string[];
}

export type VerifyStatus = 'match' | 'differs' | 'unpredictable' | 'unmeasured';

export interface ScanAgentRef {
  label: string;
  file: string;
  line: number;
}

export interface Verification {
  status: VerifyStatus;
  measurement: Measurement;
  /** The measured prompt check, when the request carried text. */
  prompt?: PromptCheck;
  predicted?: PredictedWire;
  difference?: WireDifference;
  /** Why the call is not predictable statically, or why it was not measured. */
  reasons: string[];
}

/**
 * The measured prompt check of one call: the names its request's text uses that the request does
 * not offer, and, for an agent the scan knows, the scan's own prompt findings for that agent set
 * against them by name (agreed; static only: likely noise or a name the model never reads; measured
 * only: a static miss).
 */
export interface PromptCheck {
  names: MeasuredPromptName[];
  static?: { agreed: string[]; staticOnly: string[]; measuredOnly: string[] };
}

/** Sums of the prompt checks: requests whose text was read, names found, and the comparison. */
export interface PromptTotals {
  checked: number;
  names: number;
  /** Names with a fix: the request offers the tool under another name. */
  fixable: number;
  agreed: number;
  staticOnly: number;
  measuredOnly: number;
}

export interface AgentVerification extends Verification {
  key: string;
  id?: string;
  name?: string;
  /** The agent of the scan this one was compared with. */
  scanAgent?: ScanAgentRef;
}

export interface CallVerification extends Verification {
  agent: string;
  method: string;
  location?: SourceLine;
  options: CallOptionsSeen;
}

export interface LoadError {
  kind:
    | 'import-error'
    | 'missing-env'
    | 'no-export'
    | 'not-mastra'
    | 'timeout'
    | 'exited'
    | 'spawn-failed';
  /** One line: the missing variable, or the first line of the error. */
  reason: string;
  /** The stack and the app's last output lines (shown with --verbose). */
  detail?: string;
}

/** An app whose dependencies are not installed: not run at all. */
export interface NotInstalled {
  /** One line: what is missing. */
  reason: string;
  /** Declared dependencies that do not resolve from the app (`@mastra/core` first). */
  missing: string[];
  /** The command that installs them (`pnpm install`), and where to run it (relative to the target). */
  command: string;
  cwd: string;
}

/** The request context set on each measured call (`--request-context`, or the scenarios module). */
export interface RequestContextUse {
  /** The call option it was passed as: `requestContext` (1.x) or `runtimeContext` (0.x). */
  option: 'requestContext' | 'runtimeContext';
  keys: string[];
  /** Where the values came from. */
  sources: string[];
}

/** How long the app took, in milliseconds. */
export interface AppTimings {
  /** From start to the Mastra instance loaded (Node, the loader, the app's imports). */
  loadMs?: number;
  /** The measured calls (one per agent, then the scenarios). */
  callsMs?: number;
  /** Start to finish of the app's child process. */
  totalMs: number;
}

/** One app: the folder `mastra dev` runs in, measured in its own child process. */
export interface AppReport {
  /** The app's folder, relative to the target (`.` for the target itself). */
  path: string;
  /** The entry, relative to the app. */
  entry: string;
  export: string;
  /**
   * The app's own @mastra/core, as the child resolved it from the entry: its version, and the real
   * folder it was loaded from (relative to the app when inside it: a pnpm install shows
   * `node_modules/.pnpm/@mastra+core@.../node_modules/@mastra/core`).
   */
  mastra: {
    version?: string;
    path?: string;
    /** Loaded from `--mastra-core DIR` instead of the app's own. */
    given?: boolean;
  };
  outcome: 'verified' | 'load-failed' | 'not-installed';
  loadError?: LoadError;
  notInstalled?: NotInstalled;
  requestContext?: RequestContextUse;
  timings: AppTimings;
  agents: AgentVerification[];
  /** Calls made by `--scenarios`. */
  calls: CallVerification[];
  /** The scenarios module threw (its calls up to then are still listed). */
  scenarioError?: LoadError;
  /** Agents the scan found that are not on the instance, so nothing measured them. */
  notOnInstance: ScanAgentRef[];
  blocked: Blocked[];
  /** `--allow-mcp`: every MCP server the app's clients started or reached (absent without it). */
  mcpStarts?: McpStart[];
  /** Provider requests answered outside any measured call (e.g. at import). */
  otherProviderRequests: Array<{ url: string; phase: Phase }>;
  totals: VerifyTotals;
  /** The measured prompt checks of its agents and calls, summed. */
  prompt?: PromptTotals;
}

export type VerifyTotals = Record<VerifyStatus, number> & {
  agents: number;
  calls: number;
  failing: number;
  blocked: number;
};

export interface VerifyReport {
  schemaVersion: typeof VERIFY_SCHEMA_VERSION;
  tool: { name: 'mastra-tool-names'; version: string };
  /** The target as given on the command line. */
  target: string;
  /** Every app run, in path order: the target itself, or each app found under it. */
  apps: AppReport[];
  /** Agents the scan found outside every app's folder that no app registers. */
  notInAnyApp: ScanAgentRef[];
  /** The sums over the apps, and how many apps were measured, not installed, or failed to load. */
  totals: VerifyTotals & {
    apps: number;
    verified: number;
    notInstalled: number;
    loadFailed: number;
  };
  /** The apps' prompt checks, summed (absent when no request carried text). */
  prompt?: PromptTotals;
  durationMs: number;
}

/** What one call sent, reduced to what `migrate --verify` compares. */
export interface WireSnapshot {
  tools?: string[];
  toolChoice?: ToolChoiceView;
  /** generate() failed before any request. */
  error?: string;
  /** Nothing was measured, and why. */
  unmeasured?: string;
}

/** `migrate --verify`, per agent: the planned change next to the measured one. */
export interface PlannedAgentCheck {
  key: string;
  /** The agent as the plan names it. */
  agent?: string;
  file?: string;
  planned?: { before: string[]; after: string[] };
  measured: { before: WireSnapshot; after: WireSnapshot };
  /** The scan knows the agent's whole tool set (else only the change is compared). */
  predictable: boolean;
  status: 'as-planned' | 'differs-from-plan' | 'unmeasured';
  /** Every difference from the plan. */
  errors: string[];
}

export interface ScenarioCheck {
  agent: string;
  method: string;
  location?: SourceLine;
  before: WireSnapshot;
  after: WireSnapshot;
  errors: string[];
}

/** The `verify` section of a `migrate --verify` report: per app, measured before and after. */
export interface MigrateVerification {
  apps: MigrateAppVerification[];
  /** Differences from the plan, in all. */
  errors: number;
  /** Apps that were not measured (dependencies not installed), so their changes are unverified. */
  notMeasured: number;
}

export interface MigrateAppVerification {
  /** The app's folder, relative to the target (`.` for the target itself). */
  path: string;
  entry: string;
  export: string;
  mastra: { version?: string };
  /** Set when the app's dependencies are not installed: it was not run. */
  notInstalled?: NotInstalled;
  /** False when the migration wrote nothing, so the first measurement stands for both. */
  measuredAgain: boolean;
  /** The app no longer loads after the migration. */
  loadErrorAfter?: LoadError;
  agents: PlannedAgentCheck[];
  calls: ScenarioCheck[];
  blocked: Blocked[];
  /** Differences from the plan, in all. */
  errors: number;
}
