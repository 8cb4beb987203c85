/**
 * `scan`: discovers the repository's files and tsconfigs, prefilters them by text, builds the
 * ts-morph project over the candidates and analyses it. Read-only: it never writes and never runs
 * user code.
 */
import path from 'node:path';
import { PhaseClock } from '../progress.ts';
import { analyse } from './analyse.ts';
import { discover, prefilter, type Discovered, type DiscoverOptions } from './discover.ts';
import { installedMastraVersion } from './mastra-install.ts';
import type { ScanResult } from './model.ts';
import { createProject } from './project.ts';
import { TsConfigs } from './tsconfigs.ts';
import { typedProjects } from './type-oracle.ts';
import { TextCache } from './text-cache.ts';

export { agentSources, scanSource } from './analyse.ts';

export interface ScanOptions extends DiscoverOptions {
  /** Receives phase progress and keeps phase timings. */
  clock?: PhaseClock;
}

export async function scanRepository(rootPath: string, options: ScanOptions = {}): Promise<ScanResult> {
  return (await scanWithInputs(rootPath, options)).scan;
}

/**
 * The scan and the files it discovered (the engine reuses the list instead of walking again), and
 * the files whose questions needed the type checker (a project with the installed declarations).
 */
export async function scanWithInputs(rootPath: string, options: ScanOptions = {}): Promise<{ scan: ScanResult; discovered: Discovered; texts: TextCache; typeChecked: string[] }> {
  const root = path.resolve(rootPath);
  const clock = options.clock ?? new PhaseClock();
  clock.start('discover');
  const discovered = await discover(root, options);
  clock.end(discovered.sources.length);

  clock.start('prefilter', discovered.sources.length);
  const texts = new TextCache();
  const candidates = prefilter(discovered.sources, clock, texts);
  clock.end();

  clock.start('scan', candidates.length);
  const configs = new TsConfigs(root, discovered.tsconfigs);
  const project = createProject(configs, candidates, () => clock.tick());
  const types = typedProjects(configs);
  const scan = analyse(project, root, candidates, discovered.sources.length, installedMastraVersion(root), types);
  clock.end(candidates.length);
  return { scan, discovered, texts, typeChecked: types.typeChecked?.() ?? [] };
}
