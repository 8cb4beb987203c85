#!/usr/bin/env node
/**
 * Entry point. Compiled code is cached on disk, which makes every later start faster: on Node 22
 * and later with Node's own cache (in the OS temporary folder), on Node 20 with ours for the large
 * CommonJS dependencies (`code-cache.ts`, in the OS cache folder). NODE_DISABLE_COMPILE_CACHE=1
 * turns either off. It must be enabled before the CLI's modules load, hence this file and a
 * dynamic import.
 */
import module from 'node:module';
import { codeCacheDir } from '../src/cache/dir.ts';
import { enableCodeCache } from './code-cache.ts';

/** The folder, or none when the OS gives no home folder to find it (`os.homedir()` throws). */
function codeCacheFolder(): string | undefined {
  try {
    return codeCacheDir();
  } catch {
    return undefined;
  }
}

const nodeCache = (module as { enableCompileCache?: () => unknown }).enableCompileCache;
const folder = nodeCache || process.env.NODE_DISABLE_COMPILE_CACHE ? undefined : codeCacheFolder();
if (nodeCache) nodeCache();
else if (folder) enableCodeCache(folder);
await import('./cli.ts');
