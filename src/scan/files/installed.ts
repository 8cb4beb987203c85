/**
 * Whether anything is installed where the scanned code could load declarations from: a
 * `node_modules` folder in the root, above it, in a package's folder, or in (or above) any folder
 * the scanned code was read from. When there is none (a fresh clone, a CI job before `npm ci`), the type checker cannot
 * see @mastra/core, the AI SDK or any other package, so questions whose answer rests on their
 * declarations are answered without building the typed program (type-oracle.ts).
 */
import { statIfAny } from '../../stat.ts';
import path from 'node:path';
import { noteRead } from '../../cache/reads.ts';

export function nothingInstalled(dirs: Iterable<string>): boolean {
  const seen = new Set<string>();
  for (const start of dirs)
    for (let dir = path.resolve(start); !seen.has(dir); dir = path.dirname(dir)) {
      if (path.basename(dir) === 'node_modules') return false;
      seen.add(dir);
      const folder = path.join(dir, 'node_modules');
      // Noted: an install afterwards changes the answer (the cache checks it again).
      noteRead(folder);
      if (statIfAny(folder)) return false;
      if (path.dirname(dir) === dir) break;
    }
  return true;
}
