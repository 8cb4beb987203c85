/**
 * When generate() fails before any request, the likely cause is often request context the app's
 * server would set and this run did not (`instructions: ({ requestContext }) =>
 * requestContext.get('databaseSchema').columns`). Names the keys: those the call read without a
 * value, and those the scan reads in the agent's option functions, and says how to give them.
 */
import type { AgentInfo } from '../scan/model.ts';
import type { Measurement, RequestContextUse } from './model.ts';

export interface ContextHintInput {
  measurement: Measurement;
  agent?: AgentInfo;
  /** How the app's @mastra/core takes request context, when it has one. */
  option?: RequestContextUse['option'];
  /** The keys this run set. */
  given: readonly string[];
}

/** One reason line, or undefined when there is nothing to suggest. */
export function contextHint(input: ContextHintInput): string | undefined {
  const { measurement, agent, given } = input;
  if (measurement.request || !measurement.error) return undefined;
  const keys = new Map<string, string[]>();
  const add = (key: string, where?: string) => {
    if (given.includes(key)) return;
    const list = keys.get(key) ?? [];
    if (where && !list.includes(where)) list.push(where);
    keys.set(key, list);
  };
  for (const read of agent?.contextKeys ?? [])
    add(read.key, `${read.option}, ${read.location.file}:${read.location.line}`);
  for (const read of measurement.contextReads ?? [])
    if (!read.set) add(read.key, 'read by this call');
  if (!keys.size) return undefined;
  const option =
    input.option ??
    (agent?.contextKeys[0]?.via === 'runtimeContext' ? 'runtimeContext' : 'requestContext');
  const word = option === 'runtimeContext' ? 'runtime-context' : 'request-context';
  const listed = [...keys].map(
    ([k, where]) => `${k}${where.length ? ` (${where.join('; ')})` : ''}`,
  );
  const example = `{${[...keys.keys()]
    .slice(0, 2)
    .map((k) => `"${k}": ...`)
    .join(', ')}}`;
  return (
    `it reads ${word} keys this run did not set: ${listed.join(', ')}. ` +
    `Give them with --request-context FILE (a JSON object such as ${example}, set as ${option} on each call) ` +
    `or with \`export const requestContext = ${example}\` in the --scenarios module`
  );
}
