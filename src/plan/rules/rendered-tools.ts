/**
 * A front end that only renders the calls of a tool (CopilotKit's `useRenderToolCall({ name })`, an
 * action with `available: 'frontend'`; assistant-ui's `makeAssistantToolUI({ toolName })`) shows something only when an agent it serves calls a tool of
 * that name. When none of them is offered the name, though the scan knows everything each is
 * offered, and the name is one the app gives a tool (a tool it declares but gives no such agent, or
 * Mastra's working-memory tool), the card was written for a tool those agents no longer have: it
 * never renders. Reported, never edited (the front end is not parsed). A name nothing in the app defines says nothing about the agent, and is left alone.
 */
import type { Offers } from '../../offers/index.ts';
import type { ScanResult } from '../../scan/model.ts';
import { WORKING_MEMORY_TOOL } from '../../scan/values/memory-tools.ts';
import type { Finding } from '../model.ts';

export function renderedToolFindings(scan: ScanResult, offers: Offers): Finding[] {
  const out: Finding[] = [];
  const declared = new Set([...(scan.appToolVariables ?? []), ...(scan.appToolIds ?? [])]);
  for (const r of scan.renderedToolCalls ?? []) {
    const served = r.agents.map((i) => offers.of(i));
    if (served.length === 0 || served.some((o) => o.open)) continue;
    if (served.some((o) => offers.offered(o.agent, r.name) !== undefined)) continue;
    const what = declared.has(r.name)
      ? 'a tool the app declares'
      : r.name === WORKING_MEMORY_TOOL
        ? "Mastra's working-memory tool, which only an agent with working memory is offered"
        : undefined;
    if (!what) continue;
    const labels = served.map((o) => o.label);
    out.push({
      kind: 'reference',
      rule: 'references',
      message: `${r.library === 'CopilotKit' ? 'a CopilotKit' : 'an assistant-ui'} front end renders the calls of the tool "${r.name}" (${what}), but ${labels.join(', ')} ${labels.length === 1 ? 'is' : 'are'} not offered it, so this never renders; left for you to change`,
      locations: [r.location],
      agents: labels,
    });
  }
  return out;
}
