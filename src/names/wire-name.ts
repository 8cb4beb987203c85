/**
 * The name rule Mastra's `Agent.formatTools()` applies to every tool key before a request.
 * Measured against @mastra/core 0.24.9, 1.0.4 and 1.71.0 (see test/differential.test.ts).
 */

/** Longest name Mastra keeps; providers allow 64 but Mastra cuts to 63. */
export const MAX_TOOL_NAME_LENGTH = 63;

// Both regexes are used without the `u` flag, exactly as Mastra does: a character outside the
// BMP (an emoji) is two UTF-16 units and becomes two underscores.
const INVALID_CHAR = /[^a-zA-Z0-9_-]/g;
const VALID_START = /^[a-zA-Z_]/;

export type RewriteReason = 'invalid-character' | 'leading-character' | 'too-long';

/** Why Mastra rewrites this key; empty when the key goes on the wire as it is. */
export function rewriteReasons(key: string): RewriteReason[] {
  const reasons: RewriteReason[] = [];
  if (key.search(INVALID_CHAR) !== -1) reasons.push('invalid-character');
  // An empty key has no first character; Mastra crashes on it instead (see normalise.ts).
  if (key.length > 0 && !VALID_START.test(key)) reasons.push('leading-character');
  if (key.length > MAX_TOOL_NAME_LENGTH) reasons.push('too-long');
  return reasons;
}

export function isLegalToolName(key: string): boolean {
  return key.length > 0 && rewriteReasons(key).length === 0;
}

/**
 * The name Mastra sends for `key`: invalid UTF-16 units become `_`, then `_` is prefixed when the
 * first unit is not a letter or `_`, then the result is cut to 63 units (the prefix counts).
 * Legal keys are returned unchanged. The empty key has no wire name (Mastra throws).
 */
export function toWireName(key: string): string {
  if (key.length === 0 || isLegalToolName(key)) return key;
  let name = key.replace(INVALID_CHAR, '_');
  if (!VALID_START.test(name)) name = `_${name}`;
  return name.slice(0, MAX_TOOL_NAME_LENGTH);
}
