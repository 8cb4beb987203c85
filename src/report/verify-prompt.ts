/** The measured prompt check, in words: one line per stale name, and the static-against-measured sums. */
import type { MeasuredPromptName, PromptTotals } from '../verify/model.ts';

/** `"issue-refund" is not offered; the model is offered "issueRefund" (src/specs.ts:14)`. */
export function promptNameText(n: MeasuredPromptName): string {
  const where = n.source ? ` (${n.source.file}:${n.source.line})` : ' (not found in the source)';
  const part =
    n.in === 'system'
      ? 'the system prompt'
      : n.in === 'user'
        ? 'the message'
        : `the description of "${n.tool ?? '?'}"`;
  const fix = n.offeredAs.length
    ? `the request offers it as ${n.offeredAs.map((o) => `"${o}"`).join(' or ')}`
    : 'the request offers no tool by that name';
  return `${part} names "${n.name}"${n.count > 1 ? ` ${n.count} times` : ''}; ${fix}${where}`;
}

/** `Measured prompts: 7 read; 6 names not offered (6 with a fix); ...`. */
export function promptTotalsText(t: PromptTotals): string {
  return `Measured prompts: ${t.checked} read, ${t.names} name${t.names === 1 ? '' : 's'} the request does not offer (${t.fixable} with the offered name as the fix); against the scan's findings: ${t.agreed} agreed, ${t.staticOnly} static only, ${t.measuredOnly} measured only`;
}
