/** What the parent tells the child, and what the child reports back over IPC. Types only. */
import type { Blocked, LoadError, MeasuredCall, Phase } from '../model.ts';

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
  scenarios?: string;
  /** Scratch folder for redirected storage; removed by the parent. */
  tmp: string;
  /** The folder of the driver's modules (their stack frames are verify's, not the app's). */
  childDir: string;
  /** Executables the TypeScript loader may start (its esbuild), as path prefixes. */
  allowedExecutables: string[];
  prompt: string;
}

export type ChildMessage =
  | { type: 'phase'; phase: Phase }
  | {
      type: 'loaded';
      mastraVersion?: string;
      agents: Array<{ key: string; id?: string; name?: string }>;
    }
  | { type: 'call'; call: MeasuredCall }
  | { type: 'blocked'; item: Blocked }
  | { type: 'load-error'; error: LoadError }
  | { type: 'usage-error'; message: string }
  | { type: 'scenario-error'; error: LoadError }
  | {
      type: 'done';
      blocked: Blocked[];
      otherProviderRequests: Array<{ url: string; phase: Phase }>;
    };
