/** Writes a throwaway project under the repo's tmp folder (so it resolves the installed @mastra/core). */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BASE = fileURLToPath(new URL('../../.tmp/', import.meta.url));

export function tempProject(files: Record<string, string>): { root: string; cleanup: () => void } {
  mkdirSync(BASE, { recursive: true });
  const root = mkdtempSync(path.join(BASE, 'proj-'));
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
