/** Renders the `names` report as a table for people. */
import type { NamedKey, NamesReport } from '../names/explain.ts';
import { MAX_TOOL_NAME_LENGTH } from '../names/wire-name.ts';
import { showKey, table } from './display.ts';
import { PLAIN, type Style } from './style.ts';

function invalidChars(key: string): string[] {
  // Whole characters for people; Mastra counts UTF-16 units, so an emoji becomes two underscores.
  return [...new Set(key.match(/[^a-zA-Z0-9_-]/gu) ?? [])];
}

function why(tool: NamedKey, rawKey: string): string {
  if (tool.wireName === null)
    return tool.origin === 'agents' && tool.rawKey === tool.key
      ? 'not offered (sub-agents are offered as tools from 0.21.1)'
      : tool.key === ''
        ? 'makes Mastra crash (empty key)'
        : 'dropped by Mastra';
  const parts = tool.reasons.map((reason) => {
    switch (reason) {
      case 'invalid-character':
        return `invalid ${invalidChars(rawKey)
          .map((c) => JSON.stringify(c))
          .join(' ')}`;
      case 'leading-character':
        return `starts with ${JSON.stringify(rawKey[0])}`;
      case 'too-long':
        return `${rawKey.length} > ${MAX_TOOL_NAME_LENGTH} characters`;
    }
  });
  return parts.join(', ');
}

export function renderNamesText(report: NamesReport, style: Style = PLAIN): string {
  const rows = report.tools.map((t) => {
    const raw = t.rawKey;
    const status =
      t.wireName === null
        ? style.bad(why(t, raw))
        : t.rewritten
          ? style.warn(`rewritten: ${why(t, raw)}`)
          : style.dim('as written');
    return [showKey(raw), t.wireName === null ? '-' : showKey(t.wireName), status];
  });
  const out = [table(['KEY', 'WIRE NAME', 'WHY'], rows), ''];
  const moved = report.tools.some((t) => t.rewritten) && report.tools.some((t) => !t.rewritten);
  out.push(
    `Order the model sees: ${report.order.map(showKey).join(', ') || '(none)'}${moved ? style.dim('  (rewritten keys move to the end)') : ''}`,
  );
  for (const c of report.collisions) {
    const inherited = c.inherited ? ' and the name every JavaScript object inherits' : '';
    out.push(
      style.bad(`Collision on ${showKey(c.name)}: ${c.keys.map(showKey).join(', ')}${inherited}`),
    );
  }
  for (const note of report.notes) out.push(style.dim(`Note: ${note}`));
  if (report.errors.length === 0) out.push(style.good('Mastra accepts this set.'));
  for (const e of report.errors)
    out.push(style.bad(`Mastra rejects this set at ${showKey(e.key)}: ${e.message}`));
  return out.join('\n');
}
