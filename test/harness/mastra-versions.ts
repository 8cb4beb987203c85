/**
 * The @mastra/core lines the differential tests run against, installed side by side as npm aliases
 * (see package.json). Where their request building differs, src/names/versions.ts records it and
 * these tests prove it.
 */
import { behaviourFor, type MastraBehaviour } from '../../src/names/versions.ts';

export interface MastraLine {
  /** Package name to import from. */
  pkg: string;
  version: string;
  behaviour: MastraBehaviour;
  /** 0.24.9 rejects with AGENT_STREAM_FAILED and puts the stack in the message, with no cause. */
  errorId: 'AGENT_GENERATE_FAILED' | 'AGENT_STREAM_FAILED';
}

const line = (pkg: string, version: string, errorId: MastraLine['errorId']): MastraLine => ({
  pkg,
  version,
  behaviour: behaviourFor(version),
  errorId,
});

export const MASTRA_LINES: readonly MastraLine[] = [
  line('@mastra/core', '1.71.0', 'AGENT_GENERATE_FAILED'),
  line('mastra-core-1-0', '1.0.4', 'AGENT_GENERATE_FAILED'),
  line('mastra-core-0-24', '0.24.9', 'AGENT_STREAM_FAILED'),
];

export const CURRENT_LINE = MASTRA_LINES[0]!;
