/**
 * The measured prompt check: the names a request's own text (the system prompt as the model reads
 * it, and with scenarios the user's messages) gives for tools, against the names that same request
 * offers. The text is final, so factories, loaders, templates and imported text no longer hide a
 * name. A spelling is known from the scan (every key, id, variable and wire name of the app's tools,
 * sub-agents and workflows, and the names run-time sources give) and from the request itself (a
 * workspace, sub-agent or workflow tool's short name, an MCP server's own tool name). Pure.
 */
import { toWireName } from '../names/wire-name.ts';
import { toolSpellings } from '../plan/rules/app-names.ts';
import { findName } from '../scan/mentions/mentions.ts';
import { isNameShaped } from '../scan/mentions/word-shape.ts';
import type { ScanResult } from '../scan/model.ts';
import type { McpStart, MeasuredPromptName, RequestPrompt } from './model.ts';

/** Written name -> the wire names it may stand for. */
export type Spellings = Map<string, Set<string>>;

function add(map: Spellings, name: string | undefined, wire: string): void {
  if (!name || !wire) return;
  const set = map.get(name) ?? new Set<string>();
  set.add(wire);
  map.set(name, set);
}

/** The app's spellings, from the scan: the same for every agent of the app. */
export function appSpellings(scan: ScanResult): Spellings {
  const map: Spellings = new Map();
  for (const agent of scan.agents)
    for (const { name, wire } of toolSpellings(scan, agent)) add(map, name, wire);
  return map;
}

/** Prefixes Mastra puts before a name it offers: the short name is what prompts write. */
const PREFIXES = ['mastra_workspace_', 'agent-', 'workflow-'];

/** The spellings one request adds: the short names of what it offers. */
export function requestSpellings(offered: readonly string[], mcp: readonly McpStart[]): Spellings {
  const map: Spellings = new Map();
  const mcpTools = mcp.flatMap((s) => s.tools ?? []);
  for (const name of offered) {
    add(map, name, name);
    for (const p of PREFIXES) if (name.startsWith(p)) add(map, name.slice(p.length), name);
    // An MCP client offers `server_tool`: a prompt writes the server's own tool name.
    for (const tool of mcpTools)
      for (const t of new Set([tool, toWireName(tool)]))
        if (name !== t && name.endsWith(`_${t}`)) add(map, tool, name);
  }
  return map;
}

function merged(...maps: Spellings[]): Spellings {
  const out: Spellings = new Map();
  for (const m of maps) for (const [k, v] of m) for (const w of v) add(out, k, w);
  return out;
}

/** Written like code: `-`, `_`, an inner capital, or a `.`/`:` between parts (`search.web`). */
const codeShaped = (name: string): boolean =>
  isNameShaped(name) || /^[A-Za-z_][\w-]*([.:][\w-]+)+$/.test(name);

/** `name`, 'name', "name", or **name** around a hit. */
function marked(text: string, at: number, length: number): boolean {
  const open = text[at - 1];
  return open !== undefined && /[`'"*]/.test(open) && text[at + length] === open;
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end === -1 ? text.length : end).trim();
}

/**
 * Every spelling of a tool this request's text uses that the request does not offer. A plain word
 * (`search`, `weather`) counts only when the text marks it as a name (quotes, backticks): in prose
 * it is a word. A name the request offers is right, whatever else it spells.
 */
export function measuredPromptNames(
  prompt: RequestPrompt,
  offered: readonly string[],
  app: Spellings,
  mcp: readonly McpStart[] = [],
): MeasuredPromptName[] {
  const offeredSet = new Set(offered);
  const spellings = merged(app, requestSpellings(offered, mcp));
  const names = [...spellings.keys()]
    .filter((n) => !offeredSet.has(n))
    .sort((a, b) => b.length - a.length || a.localeCompare(b));
  const out = new Map<string, MeasuredPromptName>();
  /** Where each name is first written (part, text, offset): the order they are listed in. */
  const first = new Map<string, number>();
  let base = 0;
  const parts: Array<{ part: MeasuredPromptName['in']; text: string; tool?: string }> = [
    ...prompt.system.map((text) => ({ part: 'system' as const, text })),
    ...prompt.user.map((text) => ({ part: 'user' as const, text })),
    ...(prompt.descriptions ?? []).map((d) => ({
      part: 'description' as const,
      text: d.text,
      tool: d.tool,
    })),
  ];
  for (const { part, text, tool } of parts) {
    const start = base;
    base += 1 + text.length;
    const taken: Array<[number, number]> = [];
    for (const name of names) {
      for (const at of findName(text, name)) {
        if (taken.some(([s, e]) => at < e && at + name.length > s)) continue;
        if (!codeShaped(name) && !marked(text, at, name.length)) continue;
        // A description naming the tool it describes, by any name, is no instruction to call it.
        if (tool !== undefined && spellings.get(name)!.has(tool)) continue;
        taken.push([at, at + name.length]);
        const key = `${part}\0${tool ?? ''}\0${name}`;
        const found = out.get(key);
        if (found) {
          found.count++;
          continue;
        }
        first.set(key, start + at);
        out.set(key, {
          name,
          in: part,
          ...(tool !== undefined ? { tool } : {}),
          offeredAs: [...spellings.get(name)!].filter((w) => offeredSet.has(w)).sort(),
          excerpt: lineAround(text, at),
          count: 1,
        });
      }
    }
  }
  return [...out.entries()].sort(([a], [b]) => first.get(a)! - first.get(b)!).map(([, n]) => n);
}
