/**
 * For fixture apps without a Mastra instance: writes an entry (under the repo's .tmp, never in the
 * fixture) that registers every exported agent the scan found, keyed by its variable name.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScanResult } from '../../src/scan/model.ts';

const BASE = fileURLToPath(new URL('../../.tmp/verify-entries/', import.meta.url));

export function generatedEntry(name: string, root: string, scan: ScanResult): string {
  mkdirSync(BASE, { recursive: true });
  const agents = scan.agents.filter((a) => a.kind === 'constructor' && a.variable);
  const files = [...new Set(agents.map((a) => a.location.file))];
  const lines = [
    `import { Mastra } from '@mastra/core/mastra';`,
    ...files.map((f, i) => `import * as m${i} from ${JSON.stringify(path.join(root, f))};`),
  ];
  const entries = agents.map((a) => {
    const ref = `m${files.indexOf(a.location.file)}[${JSON.stringify(a.variable)}]`;
    return `  ...(${ref} ? { ${JSON.stringify(a.variable)}: ${ref} } : {}),`;
  });
  lines.push('export const mastra = new Mastra({ agents: {', ...entries, '} });', '');
  const file = path.join(BASE, `${name.replace(/\W/g, '-')}.ts`);
  writeFileSync(file, lines.join('\n'));
  return file;
}
