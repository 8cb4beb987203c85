import { inspect } from 'node:util';

/**
 * A value from the app or a request body as text: a string as it is, anything else as Node prints
 * it (an object as `{ a: 1 }`, never `[object Object]`), on one line.
 */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : inspect(value, { breakLength: Infinity });
}
