/**
 * Names in instructions that look like a tool, sub-agent or workflow but that no agent offers (a
 * removed tool, a sub-agent named by a made-up id, a stale name), reported with the nearest name
 * the agent does offer. To raise no false alarm, a word counts only when it is shaped like a tool
 * name and the prompt treats it as one: backticked or quoted beside a word such as "tool", "call"
 * or "delegate", or written like a name only code makes (`agent-…`, `…Tool`, `snake_case`).
 */
import { closest, distance } from 'fastest-levenshtein';
import { agentEntries, agentLabel, wireOf } from '../agents.ts';
import { toWireName } from '../../names/wire-name.ts';
import type { Finding } from '../model.ts';
import { fragmentLocation } from '../../scan/mentions/mentions.ts';
import type { AgentInfo, ScanResult } from '../../scan/model.ts';

/** A word that asks the model to use something by name. */
const TOOL_CONTEXT =
  /\b(tools?|call(s|ing)?|use|using|invoke|run|delegate|hand ?off|agents?|workflows?|function)\b/i;
/** Word characters of a tool name (dots and colons only inside quotes, see below). */
const TOKEN = /(?<![\w./:@\\-])([A-Za-z_][\w.:-]*[\w])(?![\w/@])/g;
/** Hyphenated words of ordinary prose that look like kebab-case names. */
const PROSE =
  /^(e-mail|follow-up|step-by-step|up-to-date|real-time|well-known|so-called|built-in|one-off|read-only|opt-in|opt-out|check-in|sign-in|sign-up|log-in|set-up|end-to-end|first-class|high-level|low-level|long-running|multi-step|non-\w+|self-\w+|re-\w+|co-\w+|pre-\w+|post-\w+|sub-\w+|x-\w+)$/i;

function shapedLikeCode(name: string): boolean {
  return (
    /^(agent|workflow)-\w/.test(name) ||
    /-(tool|agent|workflow)$/.test(name) ||
    /[a-z](Tool|Agent|Workflow)$/.test(name) ||
    /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)
  );
}

/** "the file-read tool", "call file-read": the words around a kebab-case name say it is a tool. */
function namedAsTool(line: string, at: number, length: number): boolean {
  const before = line.slice(0, at);
  const after = line.slice(at + length);
  return (
    /^\s+(tool|agent|workflow|sub-agent)s?\b/i.test(after) ||
    /\b(call|invoke|use|run|delegate to|hand off to)\s+(the\s+)?$/i.test(before)
  );
}

function shapedLikeName(name: string): boolean {
  return /[-_.:]/.test(name) || /[a-z][A-Z]/.test(name);
}

/** Every name the repository gives a tool, sub-agent, workflow or agent: none of them is unknown. */
function knownNames(scan: ScanResult): Set<string> {
  const known = new Set(scan.mentions.map((m) => m.name));
  for (const a of scan.agents) {
    for (const n of [a.id, a.name, a.variable, ...a.registeredAs]) if (n) known.add(n);
    for (const e of agentEntries(a)) {
      known.add(e.key).add(wireOf(e, a));
      if (e.valueName) known.add(e.valueName);
      if ('id' in e.value && e.value.id) known.add(e.value.id);
      if (e.value.kind === 'builtin' || e.value.kind === 'web-search-marker')
        known.add(e.value.exportName);
    }
  }
  for (const c of scan.calls) {
    const agent = c.agentIndex === undefined ? undefined : scan.agents[c.agentIndex];
    for (const e of [...c.options.toolsets.entries, ...c.options.clientTools.entries])
      known.add(e.key).add(agent ? wireOf(e, agent) : e.key);
  }
  return known;
}

/**
 * Names an agent's tool sources may add that the scan cannot list: undefined when any name may come
 * (an unresolved map, a source with unknown names, its own or a call's); otherwise the prefixes and
 * names of its run-time sources (`browser_*`, `mastra_workspace_*`, MCP `${server}_*`).
 */
function runtimeNames(
  scan: ScanResult,
  agent: AgentInfo,
): { prefixes: string[]; names: string[] } | undefined {
  const sets = [agent.tools, agent.agents, agent.workflows];
  for (const c of scan.calls)
    if (c.agentIndex === agent.index) sets.push(c.options.toolsets, c.options.clientTools);
  const out = { prefixes: [] as string[], names: [] as string[] };
  for (const set of sets) {
    if (set.unresolved.length) return undefined;
    for (const r of set.runtime) {
      if (!r.bounded) return undefined;
      // A prefix Mastra rewrites (`jira.cloud_`) reaches the model rewritten.
      for (const p of r.prefixes) out.prefixes.push(p, toWireName(`${p}x`).slice(0, -1));
      // A name the source gives that Mastra rewrites is offered only rewritten.
      for (const n of r.names ?? []) out.names.push(toWireName(n));
    }
  }
  return out;
}

function offeredBy(agent: AgentInfo): string[] {
  return agent.runs.mode === 'network'
    ? agentEntries(agent).map((e) => e.key)
    : agent.prediction.offered.map((t) => t.wireName);
}

/** The offered name a stale one most likely meant, when one is close enough to say so. */
function nearest(name: string, offered: string[]): string | undefined {
  if (offered.length === 0) return undefined;
  const words = (s: string) =>
    new Set(
      s
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter((w) => w && w !== 'tool' && w !== 'agent' && w !== 'workflow'),
    );
  const mine = words(name);
  const shared = offered.filter((o) => [...words(o)].some((w) => mine.has(w)));
  const best = closest(name, shared.length ? shared : offered);
  return shared.length || distance(name, best) <= Math.max(2, Math.floor(name.length / 3))
    ? best
    : undefined;
}

export function unknownToolMentions(scan: ScanResult): Finding[] {
  const known = knownNames(scan);
  const out: Finding[] = [];
  for (const agent of scan.agents) {
    const label = agentLabel(agent);
    const runtime = runtimeNames(scan, agent);
    // Tools we could not list may have any name: nothing this agent's prompt names is known unknown.
    if (!runtime) continue;
    const fromRuntime = (name: string) =>
      runtime.names.includes(name) || runtime.prefixes.some((p) => name.startsWith(p));
    const offered = offeredBy(agent);
    const described = [
      ...offered.map((o) => `"${o}"`),
      ...new Set(runtime.prefixes.map((p) => `${p}*`)),
      ...new Set(runtime.names.map((n) => `"${n}"`)),
    ];
    const seen = new Set<string>();
    for (const f of agent.instructions) {
      let fenced = false;
      let lineStart = 0;
      for (const line of f.text.split('\n')) {
        if (/^\s*```/.test(line)) fenced = !fenced;
        if (!fenced && TOOL_CONTEXT.test(line)) {
          for (const m of line.matchAll(TOKEN)) {
            const name = m[1]!;
            const before = line[m.index - 1] ?? '';
            const after = line[m.index + name.length] ?? '';
            const close = after === '\\' ? (line[m.index + name.length + 1] ?? '') : after;
            const quoted = /[`'"]/.test(before) && before === close;
            if (
              known.has(name) ||
              fromRuntime(name) ||
              !shapedLikeName(name) ||
              /\.(ts|js|md|json|txt|yaml|yml|html|css)$/i.test(name) ||
              /^[A-Z0-9_]+$/.test(name)
            )
              continue;
            // Dots and colons are prose punctuation unless the name is quoted (`family.language`).
            if (/[.:]/.test(name) && !quoted) continue;
            if (
              !quoted &&
              (!(
                shapedLikeCode(name) ||
                (/-/.test(name) && namedAsTool(line, m.index, name.length))
              ) ||
                PROSE.test(name))
            )
              continue;
            const key = `${f.location.file}:${f.location.start + lineStart + m.index}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const guess = nearest(name, [...offered, ...runtime.names]);
            out.push({
              kind: 'unknown-tool-mention',
              rule: 'prompts',
              message: `the instructions of ${label} name "${name}", which no agent offers; ${guess ? `did you mean "${guess}"?` : `${label} offers ${described.length ? described.join(', ') : 'no tools'}`}`,
              locations: [fragmentLocation(f, lineStart + m.index, name.length)],
              agents: [label],
            });
          }
        }
        lineStart += line.length + 1;
      }
    }
  }
  return out;
}
