/** Renders a scan for people: per agent, what the model sees and where each name comes from. */
import type {
  AgentInfo,
  CallSite,
  Location,
  Mention,
  ScanResult,
  ToolEntry,
} from '../scan/model.ts';
import { showKey, table } from './display.ts';
import { PLAIN, type Style } from './style.ts';

const at = (l: Location) => `${l.file}:${l.line}:${l.column}`;

function agentTitle(a: AgentInfo): string {
  const label = a.id ?? a.name ?? a.variable ?? `agent #${a.index}`;
  const extra = [
    a.variable && a.variable !== label ? a.variable : undefined,
    a.kind === 'file-based' ? 'file-based' : undefined,
  ].filter(Boolean);
  return `${label}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

function entryFor(a: AgentInfo, key: string, origin: string): ToolEntry | undefined {
  const all = [...a.tools.entries, ...a.agents.entries, ...a.workflows.entries];
  return [...all].reverse().find((e) => e.origin === origin && e.key === key);
}

/** Which @mastra/core the agent was judged by, and how that is known. */
function versionNote(a: AgentInfo): string {
  const m = a.mastra;
  if (m.source === 'target')
    return `@mastra/core ${m.version} (--to-mastra; runs with ${m.now ? versionNote({ ...a, mastra: m.now }) : 'an unknown version'} now)`;
  return m.source === 'installed' || m.source === 'lockfile'
    ? `@mastra/core ${m.version} (${m.source})`
    : m.source === 'range'
      ? `@mastra/core ${m.range} (range)`
      : '@mastra/core version unknown';
}

function describeValue(e: ToolEntry | undefined): string {
  if (!e) return '';
  const v = e.value;
  switch (v.kind) {
    case 'createTool':
      return v.id ? `createTool id ${v.id}` : 'createTool';
    case 'builtin':
      return `built-in ${v.exportName} (id ${v.id ?? '?'})`;
    case 'web-search-marker':
      return 'webSearchTool marker';
    case 'ai-sdk-tool':
      return 'AI SDK tool()';
    case 'provider-defined':
      return `provider tool ${v.call}`;
    case 'agent':
      return 'sub-agent';
    case 'workflow':
      return v.id ? `workflow id ${v.id}` : 'workflow';
    case 'unknown':
      return v.id ? `id ${v.id}` : '';
  }
}

function agentSection(a: AgentInfo, style: Style): string[] {
  const lines = [
    style.good(`Agent ${agentTitle(a)}`) + style.dim(`  ${at(a.location)}  ${versionNote(a)}`),
  ];
  const p = a.prediction;
  const rows = p.offered.map((t, i) => {
    const entry = entryFor(a, t.key, t.origin);
    const note = t.rewritten ? style.warn(`rewritten (${t.reasons.join(', ')})`) : '';
    const where = entry
      ? at(entry.keyLocation) +
        (entry.via.length ? ' via spread' : '') +
        (entry.conditional ? ' (conditional)' : '')
      : '';
    return [
      String(i + 1),
      showKey(t.wireName),
      showKey(t.rawKey),
      describeValue(entry),
      where,
      note,
    ];
  });
  if (rows.length)
    lines.push(
      ...table(['#', 'WIRE NAME', 'KEY', 'TOOL', 'WRITTEN AT', ''], rows)
        .split('\n')
        .map((l) => `  ${l}`),
    );
  else lines.push(style.dim('  (no statically known tools)'));
  for (const r of [...a.tools.runtime, ...a.agents.runtime, ...a.workflows.runtime]) {
    // What the source may add: its known names and prefixes; "unknown names" only when unbounded.
    const known = [...(r.names ?? []), ...r.prefixes.map((x) => `${x}*`)];
    const names = known.length ? known.join(', ') : r.bounded ? 'no tools' : 'unknown names';
    lines.push(style.warn(`  + at run time: ${names} from ${r.text}  ${at(r.location)}`));
  }
  for (const u of [...a.tools.unresolved, ...a.agents.unresolved, ...a.workflows.unresolved]) {
    lines.push(style.warn(`  ? unresolved ${u.origin}: ${u.reason}  ${at(u.location)}`));
  }
  for (const c of p.collisions)
    lines.push(
      style.bad(
        `  ! collision on ${showKey(c.name)}: ${c.keys.map((k) => showKey(k.key)).join(', ')}${c.inherited ? ' (a name every JavaScript object has)' : ''}`,
      ),
    );
  for (const u of a.unknownNames)
    lines.push(
      style.bad(
        `  ! defaultOptions ${u.option} names ${showKey(u.name)}, which the model is not offered  ${at(u.location)}`,
      ),
    );
  if (p.failure) lines.push(style.bad(`  ! generate() fails: ${p.failure.message}`));
  for (const s of p.shadowed)
    lines.push(
      style.dim(
        `  note: ${showKey(s.rawKey)} from ${s.by.origin} replaces the one from ${s.replaced.origin}`,
      ),
    );
  const moved = p.offered.some((t) => t.rewritten) && p.offered.some((t) => !t.rewritten);
  if (moved) lines.push(style.dim('  note: rewritten keys are moved to the end of the list'));
  return lines;
}

function callLine(c: CallSite, agents: AgentInfo[], style: Style): string[] {
  const agent = c.agentIndex === undefined ? undefined : agents[c.agentIndex];
  const head = `${at(c.location)} ${c.receiverText}.${c.method}() -> ${agent ? agentTitle(agent) : 'unknown agent'}`;
  const out = c.unknownNames.map((u) =>
    style.bad(
      `  ! ${u.option} names ${showKey(u.name)}, which the model is not offered  ${at(u.location)}`,
    ),
  );
  const extra = [...c.options.toolsets.entries, ...c.options.clientTools.entries];
  if (c.prediction && extra.length)
    out.push(style.dim(`  offers: ${c.prediction.offered.map((t) => t.wireName).join(', ')}`));
  for (const r of [...c.options.toolsets.runtime, ...c.options.clientTools.runtime])
    out.push(style.warn(`  + at run time: ${r.reason}`));
  return out.length ? [head, ...out] : [];
}

function mentionLine(m: Mention, style: Style): string | undefined {
  const offeredAs = m.matches.filter((x) => !x.as.includes('wire-name'));
  if (offeredAs.length === 0 || m.matches.some((x) => x.as.includes('wire-name'))) return undefined;
  const first = offeredAs[0]!;
  return style.warn(
    `  ${at(m.location)} ${m.context} names ${showKey(m.name)} (the tool's ${first.as.join('/')}); the model sees ${showKey(first.wireName)}`,
  );
}

export function renderScanText(scan: ScanResult, style: Style = PLAIN): string {
  const out: string[] = [];
  for (const a of scan.agents) out.push(...agentSection(a, style), '');
  const calls = scan.calls.flatMap((c) => callLine(c, scan.agents, style));
  if (calls.length) out.push('Calls', ...calls.map((l) => `  ${l}`), '');
  const mentions = scan.mentions
    .map((m) => mentionLine(m, style))
    .filter((l): l is string => Boolean(l));
  if (mentions.length)
    out.push('Names in prompts and code that the model is not offered', ...mentions, '');
  for (const f of scan.files.unparsable)
    out.push(style.bad(`Could not process ${f.file}: ${f.message}`));
  for (const f of scan.files.skipped ?? []) out.push(style.dim(`Skipped ${f.file}: ${f.message}`));
  for (const l of (scan.files.links ?? []).filter((x) => x.outside))
    out.push(style.dim(`${l.link} links to ${l.target}, outside the target: read, never written`));
  const rewritten = scan.agents.reduce(
    (n, a) => n + a.prediction.offered.filter((t) => t.rewritten).length,
    0,
  );
  const collisions = scan.agents.reduce((n, a) => n + a.prediction.collisions.length, 0);
  const unknown =
    scan.calls.reduce((n, c) => n + c.unknownNames.length, 0) +
    scan.agents.reduce((n, a) => n + a.unknownNames.length, 0);
  out.push(
    `${scan.agents.length} agents, ${rewritten} keys rewritten on the wire, ${collisions} collisions, ${unknown} toolChoice/activeTools names not offered, ${mentions.length} mentions of names not offered` +
      style.dim(
        ` (${scan.files.candidates} of ${scan.files.scanned} files parsed${scan.files.outsideMastra ? `, ${scan.files.outsideMastra} skipped: their packages cannot import Mastra` : ''}; @mastra/core ${scan.mastra.version ?? 'not installed'}, built-in ids from ${scan.mastra.builtinIds})`,
      ),
  );
  return out.join('\n');
}
