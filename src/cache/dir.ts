/**
 * Where the cache lives: the operating system's cache folder (XDG_CACHE_HOME or ~/.cache on Linux,
 * ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows), never inside the scanned repository.
 * MASTRA_TOOL_NAMES_CACHE_DIR overrides it (tests, CI caches).
 */
import os from 'node:os';
import path from 'node:path';

const NAME = 'mastra-tool-names';

export function cacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MASTRA_TOOL_NAMES_CACHE_DIR) return path.resolve(env.MASTRA_TOOL_NAMES_CACHE_DIR);
  return osCacheDir(env);
}

/**
 * Where the CLI keeps V8's compiled code of its own large dependencies on Node 20
 * (`bin/code-cache.ts`): MASTRA_TOOL_NAMES_CODE_CACHE_DIR, else `v8/` in the OS cache folder. It
 * holds the tool's code, not answers about a repository, so MASTRA_TOOL_NAMES_CACHE_DIR (a fresh
 * folder for a cold run) does not move it, as it does not move Node 22's own compile cache.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MASTRA_TOOL_NAMES_CODE_CACHE_DIR)
    return path.resolve(env.MASTRA_TOOL_NAMES_CODE_CACHE_DIR);
  return path.join(osCacheDir(env), 'v8');
}

function osCacheDir(env: NodeJS.ProcessEnv): string {
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', NAME);
  if (process.platform === 'win32')
    return path.join(env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), NAME, 'Cache');
  // XDG: a relative XDG_CACHE_HOME is invalid and ignored.
  const xdg = env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache'), NAME);
}
