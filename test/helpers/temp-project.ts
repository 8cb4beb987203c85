/** Writes a throwaway project under the repo's tmp folder (so it resolves the installed @mastra/core). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BASE = fileURLToPath(new URL('../../.tmp/', import.meta.url));

/**
 * `base`: the folder to create it in (default: the repository's `.tmp/`, under its package.json
 * and node_modules; `os.tmpdir()` for a project with nothing above it).
 */
export function tempProject(
  files: Record<string, string>,
  base = BASE,
): { root: string; cleanup: () => void } {
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(path.join(base, 'proj-'));
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
