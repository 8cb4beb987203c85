/**
 * The names file `verify --write-names FILE` saves and `scan`/`check`/`migrate --names FILE` read:
 * for each agent verify measured, the names its model was offered, in order, and which of them came
 * from a run-time source (an MCP server: with the server and the tool's own name when known). Read
 * back, the measured names close the agent's run-time sources: prompts, toolChoice and activeTools
 * are checked against them offline. No timestamps, so the file only changes when the names do.
 */
import { noteRead } from '../cache/reads.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AgentInfo, MeasuredRuntimeName, MeasuredSource, ScanResult } from './model.ts';

export type { MeasuredRuntimeName, MeasuredSource } from './model.ts';

export const NAMES_FILE_VERSION = 1;

export interface MeasuredAgentNames {
  /** The app's folder, relative to the target verify ran on (`.` for the target itself). */
  app: string;
  /** The agent's key on the Mastra instance. */
  key: string;
  id?: string;
  name?: string;
  /** The @mastra/core the app ran with. */
  mastraVersion?: string;
  /** Every function tool name of the agent's generate() request, in the order sent. */
  offered: string[];
  /** Those that no static key of the agent gives. */
  runtime: MeasuredRuntimeName[];
  /**
   * False when the app's MCP clients were refused something (a server verify did not start, a
   * remote URL): their tools are missing from `offered`, so the run-time sources stay open.
   */
  complete: boolean;
  /** Why not complete. */
  incomplete?: string;
}

export interface MeasuredNamesFile {
  version: typeof NAMES_FILE_VERSION;
  tool: 'mastra-tool-names';
  agents: MeasuredAgentNames[];
}

export class NamesFileError extends Error {}

const strings = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

/** Reads and checks a names file; a clear error when it is not one. */
export function readNamesFile(file: string): MeasuredNamesFile {
  // A cached answer rests on this file's bytes: a change to it must miss.
  noteRead(file);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new NamesFileError(
      `--names ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : `not JSON (${(e as Error).message.split('\n')[0]})`}`,
    );
  }
  const doc = value as Partial<MeasuredNamesFile> | null;
  if (!doc || typeof doc !== 'object' || doc.version !== NAMES_FILE_VERSION)
    throw new NamesFileError(
      `--names ${file}: not a names file of version ${NAMES_FILE_VERSION} (write one with verify --write-names)`,
    );
  if (
    !Array.isArray(doc.agents) ||
    !doc.agents.every(
      (a) =>
        a &&
        typeof a.app === 'string' &&
        typeof a.key === 'string' &&
        strings(a.offered) &&
        Array.isArray(a.runtime) &&
        a.runtime.every((r) => r && typeof r.name === 'string') &&
        typeof a.complete === 'boolean',
    )
  )
    throw new NamesFileError(`--names ${file}: its agents are not in the expected shape`);
  return doc as MeasuredNamesFile;
}

/** The scan's agent for a measured one: by its key on the instance, else by id, in its app first. */
function agentFor(scan: ScanResult, m: MeasuredAgentNames): AgentInfo | undefined {
  const inApp = (a: AgentInfo) =>
    m.app === '.' || a.location.file === m.app || a.location.file.startsWith(`${m.app}/`);
  const tries: Array<(a: AgentInfo) => boolean> = [
    (a) => a.registeredAs.includes(m.key) && (m.id === undefined || a.id === m.id),
    (a) => m.id !== undefined && a.id === m.id,
  ];
  for (const pool of [scan.agents.filter(inApp), scan.agents])
    for (const test of tries) {
      const found = pool.filter(test);
      if (found.length === 1) return found[0];
      if (found.length > 1) return undefined;
    }
  return undefined;
}

/**
 * Closes the run-time sources of each measured agent with the names verify saw. A complete
 * measurement replaces the sources' prefixes (`linear.app_*` no longer covers any name); an
 * incomplete one only adds the measured names. Returns which agents matched and which did not.
 */
export function applyMeasuredNames(
  scan: ScanResult,
  doc: MeasuredNamesFile,
  file: string,
): NonNullable<ScanResult['measuredNames']> {
  const applied: string[] = [];
  const unmatched: string[] = [];
  for (const m of doc.agents) {
    const agent = agentFor(scan, m);
    const label = `${m.app === '.' ? '' : `${m.app}: `}${m.key}`;
    if (!agent) {
      unmatched.push(label);
      continue;
    }
    const sources = [...agent.tools.runtime, ...agent.agents.runtime, ...agent.workflows.runtime];
    if (!sources.length) continue;
    applied.push(label);
    const names = m.runtime.map((r) => r.name);
    const measured: MeasuredSource = {
      file,
      runtime: m.runtime,
      complete: m.complete,
      ...(m.mastraVersion ? { mastraVersion: m.mastraVersion } : {}),
    };
    for (const r of sources) {
      r.measured = measured;
      r.names = [...new Set([...(r.names ?? []), ...names])];
      if (m.complete) {
        r.prefixes = [];
        r.bounded = true;
      }
      r.reason = `${r.reason}; measured by verify (${path.basename(file)}): ${names.length ? names.join(', ') : 'no names'}${m.complete ? '' : ` (incomplete: ${m.incomplete ?? 'some MCP servers were not reached'})`}`;
    }
  }
  return { file, applied, unmatched };
}
