/**
 * The @mastra/core lines the differential and version-table tests run against, installed side by
 * side as npm aliases (see package.json). Where their request building differs,
 * src/names/versions.ts records it and these tests prove it. The set is small on purpose (each
 * line is large): it holds, for each row of the version table, a line on each side of the row's
 * boundary; the exact boundaries were bisected outside the repository (see the table's sources).
 */
import { behaviourFor, type MastraBehaviour } from '../../src/names/versions.ts';

export interface MastraLine {
  /** Package name to import from. */
  pkg: string;
  version: string;
  behaviour: MastraBehaviour;
  /**
   * How generate() rejects before any request: wrapped in AGENT_GENERATE_FAILED with a structured
   * cause (1.x), wrapped in AGENT_STREAM_FAILED with the class and stack in the message (0.21,
   * 0.24), or the MastraError itself (0.16, whose generate() is the legacy AI SDK v4 path).
   */
  errorId: 'AGENT_GENERATE_FAILED' | 'AGENT_STREAM_FAILED' | 'AGENT_TOOL_NAME_COLLISION';
  /**
   * The model the line's generate() accepts: a model-router config (0.19+), or an AI SDK v1
   * (LanguageModelV1) model for lines whose generate() is the legacy AI SDK v4 path (before 0.20).
   */
  model: 'router' | 'ai-sdk-v1';
}

const line = (
  pkg: string,
  version: string,
  errorId: MastraLine['errorId'],
  model: MastraLine['model'] = 'router',
): MastraLine => ({ pkg, version, behaviour: behaviourFor(version), errorId, model });

export const MASTRA_LINES: readonly MastraLine[] = [
  line('@mastra/core', '1.71.0', 'AGENT_GENERATE_FAILED'),
  line('mastra-core-1-0', '1.0.4', 'AGENT_GENERATE_FAILED'),
  line('mastra-core-0-24', '0.24.9', 'AGENT_STREAM_FAILED'),
  line('mastra-core-0-21', '0.21.1', 'AGENT_STREAM_FAILED'),
  line('mastra-core-0-16', '0.16.3', 'AGENT_TOOL_NAME_COLLISION', 'ai-sdk-v1'),
  line('mastra-core-0-10', '0.10.15', 'AGENT_TOOL_NAME_COLLISION', 'ai-sdk-v1'),
];

export const CURRENT_LINE = MASTRA_LINES[0]!;

export function lineOf(version: string): MastraLine {
  const found = MASTRA_LINES.find((l) => l.version === version);
  if (!found) throw new Error(`@mastra/core ${version} is not installed for the tests`);
  return found;
}
