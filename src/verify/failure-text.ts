/**
 * How a failed call reads in reports. Apart from `compare.ts` so that rendering a report does not
 * load the normaliser and the scan's source model with it.
 */
import type { Measurement } from './model.ts';

export function failureText(m: Measurement): string {
  const e = m.error!;
  return `generate() fails: ${e.id}${e.causeCode ? ` (${e.causeCode})` : ''}: ${e.message}`;
}
