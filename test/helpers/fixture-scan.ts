/** Scans fixture projects once per test file and offers small lookups for assertions. */
import { fileURLToPath } from 'node:url';
import { scanRepository } from '../../src/scan/scan.ts';
import type { AgentInfo, ScanResult } from '../../src/scan/model.ts';

const cache = new Map<string, Promise<ScanResult>>();

export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url));
}

export function scanFixture(name: string): Promise<ScanResult> {
  let scan = cache.get(name);
  if (!scan) {
    scan = scanRepository(fixturePath(name));
    cache.set(name, scan);
  }
  return scan;
}

export function agent(scan: ScanResult, id: string): AgentInfo {
  const found = scan.agents.find((a) => a.id === id);
  if (!found) throw new Error(`no agent ${id}; found ${scan.agents.map((a) => a.id).join(', ')}`);
  return found;
}

export const wire = (a: AgentInfo) => a.prediction.offered.map((t) => t.wireName);
export const keys = (a: AgentInfo) => a.tools.entries.map((e) => e.key);
export const at = (l: { file: string; line: number }) => `${l.file}:${l.line}`;
