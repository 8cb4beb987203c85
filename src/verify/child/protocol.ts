/** What the parent tells the child, and what the child reports back over IPC. Types only. */
import type {
  Blocked,
  LoadError,
  McpStart,
  MeasuredCall,
  Phase,
  RequestContextUse,
} from '../model.ts';

/** The environment variable that carries the ChildConfig (worker threads inherit it). */
export const CONFIG_VARIABLE = 'MASTRA_TOOL_NAMES_VERIFY';

export interface ChildConfig {
  /** The app's folder: the child's working directory. */
  root: string;
  /** Writes anywhere under this folder are refused (the repository, or the app when not in git). */
  guardRoot: string;
  entry: string;
  exportName: string;
  /** Agent keys to measure; all when empty. */
  agents: string[];
  /** Keys of `agents` this app does not have are skipped, not a usage error (one of several apps). */
  agentsOptional?: boolean;
  scenarios?: string;
  /** Values set on each measured call's request context (`--request-context FILE`). */
  requestContext?: Record<string, unknown>;
  /** Where they came from, for the report. */
  requestContextFile?: string;
  /** Scratch folder for redirected storage; removed by the parent. */
  tmp: string;
  /** The folder of the driver's modules (their stack frames are verify's, not the app's). */
  childDir: string;
  /** Executables the TypeScript loader may start (its esbuild), as path prefixes. */
  allowedExecutables: string[];
  /** `--allow-mcp`: the app's MCP clients may start their stdio servers and reach local URLs. */
  allowMcp?: boolean;
  prompt: string;
  /** `--mastra-core DIR`: the real folder of the @mastra/core every import resolves to, and the hooks that do it. */
  mastraCore?: { dir: string; hooks: string };
}

export type ChildMessage =
  | { type: 'phase'; phase: Phase }
  | {
      type: 'loaded';
      mastraVersion?: string;
      /** The real folder of the @mastra/core the entry resolves. */
      mastraPath?: string;
      agents: Array<{ key: string; id?: string; name?: string }>;
      /** The option the app's @mastra/core takes request context as, when it has one. */
      contextOption?: RequestContextUse['option'];
    }
  | { type: 'request-context'; use: RequestContextUse }
  | { type: 'call'; call: MeasuredCall }
  | { type: 'blocked'; item: Blocked }
  | { type: 'mcp-start'; start: McpStart }
  | { type: 'load-error'; error: LoadError }
  | { type: 'usage-error'; message: string }
  | { type: 'scenario-error'; error: LoadError }
  | {
      type: 'done';
      blocked: Blocked[];
      mcpStarts: McpStart[];
      otherProviderRequests: Array<{ url: string; phase: Phase }>;
    };
