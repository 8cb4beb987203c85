/**
 * Checks the scanner's prompt text against what real @mastra/core sends: every fragment it says an
 * agent's model reads must be in that agent's request (instructions in the system messages,
 * descriptions in the tools' descriptions).
 */
import type { AgentInfo, TextFragment } from '../../src/scan/model.ts';

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\n': '' };

/** What a fragment's source text is once the code runs: escapes in string literals undone. */
export function runtimeText(f: TextFragment): string {
  return f.quote === 'file'
    ? f.text
    : f.text.replace(/\\([\s\S])/g, (_, c: string) => ESCAPES[c] ?? c);
}

export interface SentText {
  system: string;
  descriptions: string[];
}

export function sentText(request: Record<string, unknown>): SentText {
  const messages = (request.messages ?? []) as Array<{ role: string; content: unknown }>;
  const tools = (request.tools ?? []) as Array<{ function: { description?: string } }>;
  return {
    system: messages
      .filter((m) => m.role === 'system')
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n'),
    descriptions: tools.map((t) => t.function.description ?? ''),
  };
}

/** Fragments of `agent` whose text the request does not carry (each as `file:line`). */
export function unsent(agent: AgentInfo, sent: SentText): { checked: number; missing: string[] } {
  const missing: string[] = [];
  let checked = 0;
  const check = (f: TextFragment, ok: (text: string) => boolean) => {
    const text = runtimeText(f).trim();
    if (text === '') return;
    checked++;
    if (!ok(text)) missing.push(`${f.context} ${f.location.file}:${f.location.line}`);
  };
  for (const f of agent.instructions) check(f, (t) => sent.system.includes(t));
  // A tool's result is sent after the tool runs, not with the first request (tool-results.test.ts).
  for (const f of agent.descriptions)
    if (f.context !== 'tool-result') check(f, (t) => sent.descriptions.some((d) => d.includes(t)));
  return { checked, missing };
}
