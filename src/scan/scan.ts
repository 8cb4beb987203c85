/**
 * `scan`: discovers the repository's files, builds the ts-morph project and analyses it. Read-only:
 * it never writes and never runs user code.
 */
import path from 'node:path';
import { analyse } from './analyse.ts';
import { discoverFiles, prefilter, type DiscoverOptions } from './discover.ts';
import { installedMastraVersion } from './mastra-install.ts';
import type { ScanResult } from './model.ts';
import { createProject } from './project.ts';

export { agentSources, scanSource } from './analyse.ts';

export interface ScanOptions extends DiscoverOptions {}

export async function scanRepository(rootPath: string, options: ScanOptions = {}): Promise<ScanResult> {
  const root = path.resolve(rootPath);
  const files = await discoverFiles(root, options);
  const { candidates } = await prefilter(files);
  const project = createProject(root, candidates);
  return analyse(project, root, candidates, files.length, installedMastraVersion(root));
}
