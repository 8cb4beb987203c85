/**
 * The child's guards as one plain JavaScript file, bundled with esbuild into the run's scratch
 * folder. Plain JavaScript because worker threads load `--import` modules without the TypeScript
 * loader, and the guards must run in every thread.
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CORE_HOOKS_SOURCE, PRELOAD_SOURCE } from './paths.ts';

/**
 * Writes the bundles into `dir`: the preload, and the module hooks `--mastra-core` registers.
 * Returns their URLs (the preload's for `--import`).
 */
export function bundlePreload(dir: string): { preload: string; coreHooks: string } {
  buildSync({
    entryPoints: { preload: PRELOAD_SOURCE, 'core-hooks': CORE_HOOKS_SOURCE },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
  const url = (name: string) => pathToFileURL(path.join(dir, `${name}.mjs`)).href;
  return { preload: url('preload'), coreHooks: url('core-hooks') };
}
