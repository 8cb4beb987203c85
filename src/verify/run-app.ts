/**
 * Runs the app in a child process and collects what it reports: the agents on the instance, one
 * measured call per agent and per scenario call, and everything that was refused. The child has
 * the app as working directory, a time limit, and a scratch folder that is removed afterwards.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitTop } from '../migrate/git.ts';
import { CONFIG_VARIABLE, type ChildConfig, type ChildMessage } from './child/protocol.ts';
import { childEnvironment } from './environment.ts';
import type {
  AppTimings,
  Blocked,
  LoadError,
  McpStart,
  MeasuredCall,
  Phase,
  RequestContextUse,
} from './model.ts';
import { DRIVER, loaderExecutables, TSX_LOADER } from './paths.ts';
import { bundlePreload } from './preload-bundle.ts';

export interface AppRunOptions {
  root: string;
  entry: string;
  exportName: string;
  agents: string[];
  /** Skip keys of `agents` the app does not have (one app of several). */
  agentsOptional?: boolean;
  scenarios?: string;
  requestContext?: { values: Record<string, unknown>; file: string };
  timeoutMs: number;
  /** Let the app's MCP clients start their stdio servers and reach local URLs (`--allow-mcp`). */
  allowMcp?: boolean;
  /** `--mastra-core`: the real folder of another installed @mastra/core to run the app with. */
  mastraCore?: string;
}

export interface AppRun {
  /** Set once the entry was imported and its export is a Mastra instance. */
  loaded: boolean;
  mastraVersion?: string;
  /** Where that @mastra/core was loaded from (relative to the app when inside it). */
  mastraPath?: string;
  instanceAgents: Array<{ key: string; id?: string; name?: string }>;
  calls: MeasuredCall[];
  blocked: Blocked[];
  /** Set with allowMcp: the MCP servers started or reached. */
  mcpStarts?: McpStart[];
  otherProviderRequests: Array<{ url: string; phase: Phase }>;
  loadError?: LoadError;
  usageError?: string;
  scenarioError?: LoadError;
  /** The run stopped early (time limit, exit) after the app loaded: what was not measured, and why. */
  stopped?: { phase: Phase; reason: string };
  envFile?: string;
  /** The last lines the app printed (for --verbose). */
  output: string;
  /** The option the app's @mastra/core takes request context as. */
  contextOption?: RequestContextUse['option'];
  /** The request context set on each call, when one was given. */
  requestContext?: RequestContextUse;
  timings: AppTimings;
}

export const PROMPT = 'mastra-tool-names verify: answer "ok".';
const OUTPUT_LIMIT = 16_000;

/** The line of the app's output that most likely says why it stopped. */
function lastLine(text: string): string | undefined {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(at |Node\.js v\d|\^+$|[{}]$|code: )/.test(l));
  return [...lines].reverse().find((l) => /^[A-Z]\w*(Error|Exception)\b/.test(l)) ?? lines.pop();
}

/** Writes are refused under the repository's top folder (the app itself when it is not in git). */
async function guardRoot(root: string): Promise<string> {
  const found = await gitTop(root);
  return realpathSync('top' in found ? found.top : root);
}

export async function runApp(options: AppRunOptions): Promise<AppRun> {
  const root = path.resolve(options.root);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mastra-tool-names-verify-'));
  const config: ChildConfig = {
    root,
    guardRoot: await guardRoot(root),
    entry: options.entry,
    exportName: options.exportName,
    agents: options.agents,
    ...(options.agentsOptional ? { agentsOptional: true } : {}),
    ...(options.scenarios ? { scenarios: options.scenarios } : {}),
    ...(options.requestContext
      ? {
          requestContext: options.requestContext.values,
          requestContextFile: options.requestContext.file,
        }
      : {}),
    tmp,
    childDir: path.dirname(DRIVER),
    allowedExecutables: loaderExecutables(),
    ...(options.allowMcp ? { allowMcp: true } : {}),
    prompt: PROMPT,
  };
  const { env, envFile } = childEnvironment(root);
  const run: AppRun = {
    loaded: false,
    instanceAgents: [],
    calls: [],
    blocked: [],
    otherProviderRequests: [],
    ...(options.allowMcp ? { mcpStarts: [] } : {}),
    output: '',
    ...(envFile ? { envFile } : {}),
    timings: { totalMs: 0 },
  };
  const started = performance.now();
  let loadedAt: number | undefined;
  let phase: Phase = 'import';
  let done = false;

  try {
    const { preload, coreHooks } = bundlePreload(tmp);
    if (options.mastraCore) config.mastraCore = { dir: options.mastraCore, hooks: coreHooks };
    await new Promise<void>((resolve) => {
      // The guards first (in this thread and every worker), then the TypeScript loader, then the driver.
      const child = spawn(process.execPath, ['--import', preload, '--import', TSX_LOADER, DRIVER], {
        cwd: root,
        env: { ...env, [CONFIG_VARIABLE]: JSON.stringify(config) },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      const keep = (chunk: Buffer) => {
        run.output = (run.output + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      const timer = setTimeout(() => {
        const seconds = Math.round(options.timeoutMs / 1000);
        if (phase === 'import')
          run.loadError = {
            kind: 'timeout',
            reason: `the app did not finish loading within ${seconds} s (--timeout)`,
            detail: run.output,
          };
        else
          run.stopped = { phase, reason: `the run hit the time limit of ${seconds} s (--timeout)` };
        child.kill('SIGKILL');
      }, options.timeoutMs);

      child.on('message', (message: ChildMessage) => {
        switch (message.type) {
          case 'phase':
            phase = message.phase;
            break;
          case 'loaded':
            loadedAt = performance.now();
            run.loaded = true;
            run.instanceAgents = message.agents;
            if (message.mastraVersion) run.mastraVersion = message.mastraVersion;
            if (message.mastraPath) run.mastraPath = message.mastraPath;
            if (message.contextOption) run.contextOption = message.contextOption;
            break;
          case 'request-context':
            run.requestContext = message.use;
            break;
          case 'call':
            run.calls.push(message.call);
            break;
          case 'blocked':
            run.blocked.push(message.item);
            break;
          case 'mcp-start':
            run.mcpStarts?.push(message.start);
            break;
          case 'load-error':
            run.loadError = {
              ...message.error,
              ...(message.error.detail !== undefined || run.output
                ? { detail: [message.error.detail, run.output].filter(Boolean).join('\n') }
                : {}),
            };
            break;
          case 'usage-error':
            run.usageError = message.message;
            break;
          case 'scenario-error':
            run.scenarioError = message.error;
            break;
          case 'done':
            done = true;
            run.blocked = message.blocked;
            if (run.mcpStarts) run.mcpStarts = message.mcpStarts;
            run.otherProviderRequests = message.otherProviderRequests;
            break;
        }
      });
      child.on('error', (error) => {
        run.loadError = {
          kind: 'spawn-failed',
          reason: `could not start Node.js for the app: ${error.message}`,
        };
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        const ended = performance.now();
        run.timings = {
          ...(loadedAt !== undefined
            ? { loadMs: Math.round(loadedAt - started), callsMs: Math.round(ended - loadedAt) }
            : {}),
          totalMs: Math.round(ended - started),
        };
        if (!done && !run.loadError && !run.stopped) {
          const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
          const said = lastLine(run.output);
          if (!run.loaded)
            run.loadError = {
              kind: 'exited',
              reason: `the app ${how} while loading${said ? `: ${said}` : ''}`,
              detail: run.output,
            };
          else run.stopped = { phase, reason: `the app ${how}${said ? `: ${said}` : ''}` };
        }
        resolve();
      });
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return run;
}
