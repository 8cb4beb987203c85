/**
 * One differential check: the normaliser's predicted request against what real Mastra sent.
 * Returns a readable disagreement, or undefined when both agree.
 */
import { isDeepStrictEqual } from 'node:util';
import { predictRequest } from '../../src/names/request.ts';
import { captureCall, type CallSpec, type Captured } from './mastra-capture.ts';
import type { FakeProvider } from './fake-provider.ts';
import type { MastraLine } from './mastra-versions.ts';

export interface Disagreement {
  line: string;
  spec: CallSpec;
  predicted: unknown;
  captured: Captured;
}

/** The error text Mastra's line reports for a failure the normaliser predicted. */
function errorMatches(
  line: MastraLine,
  message: string,
  captured: NonNullable<Captured['error']>,
  name?: string,
): boolean {
  // Legacy generate() (0.16) rejects with Mastra's error itself: the collision, or V8's TypeError.
  if (line.errorId === 'AGENT_TOOL_NAME_COLLISION')
    return (
      captured.message === message &&
      (name === undefined ? captured.id === 'TypeError' : captured.id === line.errorId)
    );
  if (captured.id !== line.errorId) return false;
  // 0.24.x has no structured cause and prefixes the error's class with the stack after it.
  if (line.errorId === 'AGENT_STREAM_FAILED')
    return (
      /^(Type)?Error: /.test(captured.message) &&
      captured.message.replace(/^(Type)?Error: /, '').startsWith(message)
    );
  if (captured.message !== message) return false;
  return (
    name === undefined ||
    (captured.causeCode === 'AGENT_TOOL_NAME_COLLISION' && captured.causeToolName === name)
  );
}

export async function compareWithMastra(
  line: MastraLine,
  provider: FakeProvider,
  spec: CallSpec,
): Promise<Disagreement | undefined> {
  const predicted = predictRequest(spec, spec, line.behaviour);
  const captured = await captureCall(line, provider, spec);
  const failure = predicted.prediction.failure;
  const agree = failure
    ? captured.toolNames === null &&
      captured.error !== undefined &&
      errorMatches(line, failure.message, captured.error, failure.name)
    : captured.error === undefined &&
      isDeepStrictEqual(captured.toolNames, predicted.toolNames) &&
      isDeepStrictEqual(captured.toolChoice, predicted.toolChoice);
  if (agree) return undefined;
  return {
    line: line.version,
    spec,
    predicted: { toolNames: predicted.toolNames, toolChoice: predicted.toolChoice, failure },
    captured,
  };
}

/** Mastra's own loggers write to the console on every rejected call; keep test output readable. */
export function muteConsole(): () => void {
  const saved = {
    error: console.error,
    warn: console.warn,
    info: console.info,
    log: console.log,
    debug: console.debug,
  };
  const mute = () => {};
  Object.assign(console, { error: mute, warn: mute, info: mute, log: mute, debug: mute });
  return () => void Object.assign(console, saved);
}
