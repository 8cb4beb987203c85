/**
 * `--to-mastra`: what changes for the model when an agent moves from the version it runs with to
 * the target. One note per move (agents that make the same move share it), with the rows of the
 * version table the move crosses, and each agent's offered names now and after. The edits that make
 * names right for the target are the other rules'; these changes are what no edit of names undoes
 * (a collision that starts to throw, a network API that goes away) or what the edits follow.
 */
import semver from 'semver';
import { predictTools } from '../../names/normalise.ts';
import {
  behaviourOf,
  describeVersion,
  OLDEST_MEASURED,
  ruleHolds,
  VERSION_TABLE,
  type VersionRow,
} from '../../names/versions.ts';
import type { AgentInfo, ScanResult } from '../../scan/model.ts';
import { toWireName } from '../../names/wire-name.ts';
import { agentSources } from '../../scan/registrations/sources.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import type { Finding } from '../model.ts';

/** The rows whose rule one version has and the other has not. */
export function rowsCrossed(from: string, to: string): VersionRow[] {
  return VERSION_TABLE.filter((row) => ruleHolds(row.rule, from) !== ruleHolds(row.rule, to));
}

/**
 * Whether a row concerns what this agent has: keys Mastra rewrites, sub-agents, workflows, tools
 * whose id differs from their key, network() calls. The legacy network classes are other APIs.
 */
function concerns(row: VersionRow, agent: AgentInfo): boolean {
  const tools = agent.tools.entries;
  // These rows are about what generate()/stream() offer; network() lists raw keys on every line.
  const functionOnly = agent.runs.mode === 'network';
  switch (row.rule) {
    case 'key-rewrite':
    case 'collision':
      return [...tools, ...agent.agents.entries, ...agent.workflows.entries].some(
        (e) => toWireName(e.key) !== e.key,
      );
    case 'sub-agent-tools':
    case 'agent-prefix':
      return !functionOnly && agent.agents.entries.length > 0;
    case 'workflow-prefix':
      return !functionOnly && agent.workflows.entries.length > 0;
    case 'call-by-id':
      // A tool whose value the scan cannot read (a wrapper) may have an id other than its key.
      return (
        !functionOnly &&
        tools.some((e) =>
          'id' in e.value && e.value.id !== undefined
            ? e.value.id !== e.key
            : e.value.kind === 'unknown',
        )
      );
    case 'agent-network':
    case 'network-runs-by-id':
      // Only where something shows network() runs it: a row about a mode no code uses is noise.
      return (
        agent.runs.networkCalls.length > 0 ||
        agent.runs.mode === 'network' ||
        agent.runs.mode === 'both'
      );
    default:
      return false;
  }
}

function when(row: VersionRow, to: string): string {
  const gains = ruleHolds(row.rule, to);
  if (gains) return `from ${row.since}`;
  return row.removedIn ? `gone in ${row.removedIn}` : `not before ${row.since}`;
}

/** The exact version an agent runs with now, when the table can speak for it (0.10.0 or newer). */
function measuredNow(now: NonNullable<AgentInfo['mastra']['now']>): string | undefined {
  const exact = now.source === 'installed' || now.source === 'lockfile' ? now.version : undefined;
  return exact && semver.valid(exact) && !semver.lt(exact, OLDEST_MEASURED) ? exact : undefined;
}

function offeredNow(agent: AgentInfo): string[] {
  const now = agent.mastra.now!;
  return predictTools(agentSources(agent), behaviourOf(now)).offered.map((t) => t.wireName);
}

export function upgradeNotes(scan: ScanResult): Finding[] {
  const moves = new Map<string, AgentInfo[]>();
  for (const agent of scan.agents) {
    const { source, version, now } = agent.mastra;
    if (source !== 'target' || !now || !version) continue;
    const from = measuredNow(now);
    const rows = from ? rowsCrossed(from, version).filter((r) => concerns(r, agent)) : [];
    const key = `${describeVersion(now)}\0${version}\0${rows.map((r) => r.rule).join()}`;
    moves.set(key, [...(moves.get(key) ?? []), agent]);
  }
  const out: Finding[] = [];
  for (const agents of moves.values()) {
    const { now, version: to } = agents[0]!.mastra as Required<
      Pick<AgentInfo['mastra'], 'now' | 'version'>
    >;
    const from = measuredNow(now);
    const rows = from
      ? rowsCrossed(from, to).filter((r) => agents.every((a) => concerns(r, a)))
      : [];
    const changes = from
      ? rows.length
        ? rows.map((r) => `${r.what} (${when(r, to)})`).join('; ')
        : 'nothing in the version table that concerns what these agents have'
      : `every row of the version table may apply, as the version it runs with now is ${whyUnmeasured(now)}`;
    const offered = agents
      .map((a) => {
        if (a.runs.mode === 'network')
          return `${agentLabel(a)} runs only through network(), whose routing agent is given the same raw keys`;
        const before = offeredNow(a);
        const after = a.prediction.offered.map((t) => t.wireName);
        return before.join(',') === after.join(',')
          ? `${agentLabel(a)} is offered the same names`
          : `${agentLabel(a)} is offered ${before.join(', ') || 'nothing'} now and ${after.join(', ') || 'nothing'} after`;
      })
      .join('; ');
    out.push({
      kind: 'upgrade',
      message: `moving from ${describeVersion(now)} to @mastra/core ${to} changes: ${changes}. ${offered}`,
      locations: agents.map((a) => a.location),
      agents: agents.map(agentLabel),
    });
  }
  out.push(...networkNotes(scan));
  return out;
}

/** The length of the folder path two files share. */
function shared(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n < x.length - 1 && n < y.length - 1 && x[n] === y[n]) n++;
  return n;
}

/**
 * A removed network class the app constructs, when the move removes it: the app no longer loads,
 * whatever the names. The move is that of the agent nearest to it in the tree (its package's).
 */
function networkNotes(scan: ScanResult): Finding[] {
  const moving = scan.agents.filter((a) => a.mastra.source === 'target' && a.mastra.now);
  return (scan.legacyNetworks ?? []).flatMap((net) => {
    const agent = [...moving].sort(
      (a, b) =>
        shared(b.location.file, net.location.file) - shared(a.location.file, net.location.file),
    )[0];
    const row = VERSION_TABLE.find((r) => r.rule === net.rule);
    if (!agent || !row?.removedIn) return [];
    const { now, version: to } = agent.mastra;
    if (!to || ruleHolds(row.rule, to)) return [];
    const from = measuredNow(now!);
    if (from && !ruleHolds(row.rule, from)) return [];
    return [
      {
        kind: 'upgrade',
        message: `moving from ${describeVersion(now!)} to @mastra/core ${to} removes ${net.className} (gone in ${row.removedIn}${from ? '' : '; the version it runs with now is not measured, so it may already be gone'}): its module no longer exists, so the app fails to load whatever the names. No edit of names undoes this: rebuild it as agent.network() on an agent given these agents as sub-agents`,
        locations: [net.location],
        agents: [],
      },
    ];
  });
}

/**
 * Why the version an agent runs now decides no row: a snapshot build (`0.0.0-ai-v5-20250813…`, cut
 * from a branch, so no release line says what it has), one older than the oldest measured, or none.
 */
function whyUnmeasured(now: { source: string; version?: string }): string {
  if (!now.version || (now.source !== 'installed' && now.source !== 'lockfile'))
    return 'not known exactly';
  if (/^0\.0\.0-/.test(now.version))
    return `a snapshot build (${now.version}), cut from a branch, which no measured release line describes`;
  return `older than ${OLDEST_MEASURED}, the oldest measured`;
}
