/** The @mastra/core installed for the scanned repo: its version decides request behaviour. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Walks up from `root` the way Node's resolution does (package exports may hide package.json). */
export function installedMastraVersion(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    try {
      const manifest = path.join(dir, 'node_modules', '@mastra', 'core', 'package.json');
      return (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
    } catch {
      if (path.dirname(dir) === dir) return undefined;
    }
  }
}
