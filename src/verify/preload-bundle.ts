/**
 * The child's guards as one plain JavaScript file, bundled with esbuild into the run's scratch
 * folder. Plain JavaScript because worker threads load `--import` modules without the TypeScript
 * loader, and the guards must run in every thread.
 */
import { buildSync } from 'esbuild';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PRELOAD_SOURCE } from './paths.ts';

/** Writes the bundle into `dir`; returns its URL for `--import`. */
export function bundlePreload(dir: string): string {
  const outfile = path.join(dir, 'preload.mjs');
  buildSync({
    entryPoints: [PRELOAD_SOURCE],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
  });
  return pathToFileURL(outfile).href;
}
