/**
 * What differs between @mastra/core versions in how an agent's tools are named, one row per rule,
 * each with the version that introduced (or removed) it and how that is known. "Captured" means a
 * test sends a real request from that installed version to the local fake provider
 * (test/version-table.test.ts, test/differential.test.ts); "read" means read in the published build
 * of every minor from 0.10 to 1.71 and bisected to the patch release.
 */
import semver from 'semver';
import { TargetVersionError } from './target-error.ts';

/** A rule whose presence depends on the version. */
export type VersionedRule =
  | 'key-rewrite'
  | 'collision'
  | 'sub-agent-tools'
  | 'agent-prefix'
  | 'workflow-prefix'
  | 'call-by-id'
  | 'agent-network'
  | 'legacy-agent-network'
  | 'vnext-agent-network'
  | 'network-runs-by-id';

export interface VersionRow {
  rule: VersionedRule;
  what: string;
  /** First version that has it. */
  since?: string;
  /** Last version before `since` without it. */
  lastWithout?: string;
  /** First version without it again (for what was removed). */
  removedIn?: string;
  /** Last version with it, before `removedIn`. */
  lastWith?: string;
  /** How the boundary is known, and where a test checks it against the real package. */
  source: string;
}

/** The oldest line measured; older versions are treated as unknown. */
export const OLDEST_MEASURED = '0.10.0';
/** The newest line measured; newer versions are assumed to behave like it. */
export const NEWEST_MEASURED = '1.71.0';

export const VERSION_TABLE: readonly VersionRow[] = [
  {
    rule: 'key-rewrite',
    what: 'keys outside a-zA-Z0-9_-, not starting with a letter or _, or longer than 63 are rewritten (and move to the end of the list); before it, keys go to the provider as written',
    since: '0.13.2',
    lastWithout: '0.13.1',
    source:
      'captured both sides in a scratch bisect (0.13.1 sends "search.web", 0.13.2 "search_web"); test/version-table.test.ts "key-rewrite" checks 0.10.15 (without) and 0.16.3, 0.21.1, 0.24.9, 1.0.4, 1.71.0 (with)',
  },
  {
    rule: 'collision',
    what: 'two keys that rewrite to one name fail generate()/stream() before any request',
    since: '0.13.2',
    lastWithout: '0.13.1',
    source:
      'captured both sides in a scratch bisect (0.13.1 sends "a.b" and "a_b", 0.13.2 throws AGENT_TOOL_NAME_COLLISION); test/version-table.test.ts "collision" checks 0.10.15 (without) and 0.16.3 to 1.71.0 (with)',
  },
  {
    rule: 'sub-agent-tools',
    what: 'sub-agents given as `agents: { KEY: agent }` are offered as tools; before it, generate()/stream() offer them nothing',
    since: '0.21.1',
    lastWithout: '0.21.0',
    source:
      'captured both sides in a scratch bisect (0.21.0 offers no tool for a sub-agent, 0.21.1 offers "helper"); test/version-table.test.ts "sub-agent-tools, agent-prefix" checks 0.10.15, 0.16.3 (without) and 0.21.1 to 1.71.0 (with)',
  },
  {
    rule: 'agent-prefix',
    what: 'a sub-agent is offered as `agent-KEY`; before it (0.21.1 only), under its plain KEY',
    since: '0.22.0',
    lastWithout: '0.21.1',
    source:
      'captured both sides in a scratch bisect (0.21.1 offers "helper", 0.22.0 "agent-helper"); test/version-table.test.ts "sub-agent-tools, agent-prefix" checks 0.21.1 (without) and 0.24.9, 1.0.4, 1.71.0 (with)',
  },
  {
    rule: 'workflow-prefix',
    what: 'a workflow is offered as `workflow-KEY`; before it, under its plain KEY (0.10.15 builds `memo[workflowName]`)',
    since: '0.22.0',
    lastWithout: '0.21.1',
    source:
      'captured both sides in a scratch bisect (0.21.1 offers "myFlow", 0.22.0 "workflow-myFlow"); test/version-table.test.ts "workflow-prefix" checks 0.10.15, 0.16.3, 0.21.1 (without) and 0.24.9, 1.0.4, 1.71.0 (with)',
  },
  {
    rule: 'call-by-id',
    what: "generate()/stream() run a tool the model calls by the tool's id instead of its offered name; before it, such a call fails as an unavailable tool (generateVNext()/streamVNext() look tools up by id from 0.14.0, read; captured on 0.16.3)",
    since: '0.20.0',
    lastWithout: '0.19.1',
    source:
      'captured both sides in a scratch bisect (0.19.1 generate() fails "Model tried to call unavailable tool", 0.20.0 runs the tool: generate() became the vNext loop in 0.20.0); test/version-table.test.ts "call-by-id" checks 0.10.15, 0.16.3 (without) and 0.21.1 to 1.71.0 (with)',
  },
  {
    rule: 'agent-network',
    what: "agent.network() exists and lists the agent's sub-agents, workflows and tools to a routing agent by raw key",
    since: '0.16.3',
    lastWithout: '0.16.2',
    source:
      'captured both sides in a scratch bisect (0.16.2 has no network() method, 0.16.3 lists raw keys); test/version-table.test.ts "agent-network" checks the method on every line and captures the listing on every line that has it (0.16.3 to 1.71.0)',
  },
  {
    rule: 'legacy-agent-network',
    what: 'legacy `AgentNetwork` (@mastra/core/network) lists its agents by name with characters outside a-zA-Z0-9_- made `_`, and offers one `transmit` tool',
    removedIn: '0.17.0',
    lastWith: '0.16.3',
    source:
      'captured both sides in a scratch bisect (0.16.3 lists "Research_Agent" for an agent named "Research Agent", importing it from 0.17.0 fails); test/version-table.test.ts "legacy-agent-network" checks 0.10.15, 0.16.3 (with) and 0.21.1 to 1.71.0 (without)',
  },
  {
    rule: 'vnext-agent-network',
    what: 'vNext `NewAgentNetwork` (@mastra/core/network/vNext) lists its agents, workflows and tools by raw key, as agent.network() does',
    removedIn: '0.20.0',
    lastWith: '0.19.1',
    source:
      'captured both sides in a scratch bisect (0.19.1 lists raw keys, importing it from 0.20.0 fails); test/version-table.test.ts "vnext-agent-network" checks 0.10.15, 0.16.3 (with) and 0.21.1 to 1.71.0 (without)',
  },
  {
    rule: 'network-runs-by-id',
    what: "network() reports a tool it runs by the tool's id (the `tool-execution-end` chunk's toolName), though the routing agent picks it by raw key; before it, by that raw key",
    since: '0.24.6',
    lastWithout: '0.24.5',
    source:
      'read in the published builds: 0.16.3 to 0.18.0 write `toolName: inputData.resourceId`, 0.19.1 to 0.24.5 `toolName: toolId` with `toolId = inputData.primitiveId` (both the raw key), 0.24.6 and every later line `toolId = tool.id` (0.24.3 and 0.24.4 were never published); captured on 0.16.3, 0.21.1 (the key) and 0.24.9, 1.0.4, 1.71.0 (the id) by test/version-table.test.ts "network-runs-by-id"',
  },
];

/** Rules every version from 0.10 to 1.71 shares, for the record (measured on every installed line). */
export const SHARED_RULES: readonly string[] = [
  "a tool is offered under its record key, not its id (shorthand `{ weatherTool }` is 'weatherTool')",
  'a legal key (a-zA-Z0-9_-, starting with a letter or _, at most 63) is sent as written',
  'identical raw keys from later sources replace earlier ones without an error',
  'toolChoice names are sent as written',
];

/**
 * Request-building behaviour of one agent's @mastra/core. The prefix and key-rule fields follow
 * VERSION_TABLE; `honoursActiveTools` and `toolChoiceNoneOmitsTools` are measured per installed
 * line by the differential test (see MEASURED_LINES).
 */
export interface MastraBehaviour {
  /** Filters the offered tools by `activeTools`. */
  honoursActiveTools: boolean;
  /** `toolChoice: 'none'` sends no tools and no tool_choice (1.71); older lines send both. */
  toolChoiceNoneOmitsTools: boolean;
  /** Illegal keys are rewritten and collisions fail the call (`key-rewrite`, `collision`). */
  rewritesKeys: boolean;
  /** `agents` are offered as tools (`sub-agent-tools`). */
  offersSubAgents: boolean;
  /** What goes before a sub-agent's and a workflow's key (`agent-prefix`, `workflow-prefix`). */
  prefix: { agents: string; workflows: string };
  /** The model may call a tool by its id (`call-by-id`). */
  callsById: boolean;
  /** `agent.network()` exists (`agent-network`). */
  agentNetwork: boolean;
  /** network() reports the tools it runs by their ids, not the keys it offers (`network-runs-by-id`). */
  networkRunsById: boolean;
  /**
   * Rules the version does not decide: the version is unknown, outside the measured lines, or a
   * range that spans a row's boundary. The fields above then hold the newest line's value, and
   * nothing that depends on them may be edited.
   */
  unknown: VersionedRule[];
}

/**
 * `activeTools` and `toolChoice: 'none'`, measured by the differential test on each installed
 * line; a version takes the nearest measured line below it.
 */
const MEASURED_LINES: ReadonlyArray<{
  version: string;
  honoursActiveTools: boolean;
  toolChoiceNoneOmitsTools: boolean;
}> = [
  { version: '0.10.15', honoursActiveTools: false, toolChoiceNoneOmitsTools: false },
  { version: '0.16.3', honoursActiveTools: false, toolChoiceNoneOmitsTools: false },
  { version: '0.21.1', honoursActiveTools: true, toolChoiceNoneOmitsTools: false },
  { version: '0.24.9', honoursActiveTools: true, toolChoiceNoneOmitsTools: false },
  { version: '1.0.4', honoursActiveTools: false, toolChoiceNoneOmitsTools: false },
  { version: '1.71.0', honoursActiveTools: true, toolChoiceNoneOmitsTools: true },
];

const ALL_RULES = VERSION_TABLE.map((r) => r.rule);

function rowHolds(row: VersionRow, version: string): boolean {
  return (
    (!row.since || semver.gte(version, row.since)) &&
    (!row.removedIn || semver.lt(version, row.removedIn))
  );
}

/** Whether an exact version has the rule of a row (by the table's boundaries). */
export function ruleHolds(rule: VersionedRule, version: string): boolean {
  return rowHolds(rowOf(rule), version);
}

function measuredLine(version: string) {
  let found = MEASURED_LINES[0]!;
  for (const line of MEASURED_LINES) if (semver.gte(version, line.version)) found = line;
  return found;
}

function behaviourFrom(
  holds: (rule: VersionedRule) => boolean,
  line: (typeof MEASURED_LINES)[number],
  unknown: VersionedRule[],
): MastraBehaviour {
  return {
    honoursActiveTools: line.honoursActiveTools,
    toolChoiceNoneOmitsTools: line.toolChoiceNoneOmitsTools,
    rewritesKeys: holds('key-rewrite'),
    offersSubAgents: holds('sub-agent-tools'),
    prefix: {
      agents: holds('agent-prefix') ? 'agent-' : '',
      workflows: holds('workflow-prefix') ? 'workflow-' : '',
    },
    callsById: holds('call-by-id'),
    agentNetwork: holds('agent-network'),
    networkRunsById: holds('network-runs-by-id'),
    unknown,
  };
}

function rowOf(rule: VersionedRule): VersionRow {
  return VERSION_TABLE.find((r) => r.rule === rule)!;
}

/** The newest measured line: what every rule does today. */
export const LATEST_BEHAVIOUR: MastraBehaviour = behaviourFrom(
  (rule) => rowHolds(rowOf(rule), NEWEST_MEASURED),
  measuredLine(NEWEST_MEASURED),
  [],
);

/** Unknown version: the newest line's values, with every versioned rule marked unknown. */
export const UNKNOWN_BEHAVIOUR: MastraBehaviour = { ...LATEST_BEHAVIOUR, unknown: [...ALL_RULES] };

/** Behaviour of an exact @mastra/core version; unknown when absent, invalid or older than 0.10. */
export function behaviourFor(version: string | undefined): MastraBehaviour {
  const v = version ? semver.valid(semver.coerce(version, { includePrerelease: true })) : null;
  if (!v || semver.lt(v, OLDEST_MEASURED)) return UNKNOWN_BEHAVIOUR;
  return behaviourFrom((rule) => rowHolds(rowOf(rule), v), measuredLine(v), []);
}

/** The boundary versions of a row: a range decides the row when it lies on one side of each. */
function boundaries(row: VersionRow): string[] {
  return [row.since, row.removedIn].filter((v): v is string => v !== undefined);
}

/**
 * Behaviour of a dependency range (`^0.10.15`): each rule takes the value its lowest version has,
 * and is unknown when the range also allows a version on the other side of that rule's boundary.
 */
export function behaviourForRange(range: string): MastraBehaviour {
  const valid = semver.validRange(range);
  const min = valid ? semver.minVersion(valid) : null;
  if (!valid || !min || semver.lt(min, OLDEST_MEASURED)) return UNKNOWN_BEHAVIOUR;
  const unknown = VERSION_TABLE.filter((row) =>
    boundaries(row).some(
      (b) => semver.intersects(valid, `>=${b}`) && semver.intersects(valid, `<${b}`),
    ),
  ).map((row) => row.rule);
  const line = measuredLine(min.version);
  const behaviour = behaviourFrom((rule) => rowHolds(rowOf(rule), min.version), line, unknown);
  // Where the range spans a rule's boundary, the newest line's value stands in (see `unknown`).
  for (const rule of unknown) Object.assign(behaviour, pick(LATEST_BEHAVIOUR, rule));
  return behaviour;
}

function pick(b: MastraBehaviour, rule: VersionedRule): Partial<MastraBehaviour> {
  switch (rule) {
    case 'key-rewrite':
    case 'collision':
      return { rewritesKeys: b.rewritesKeys };
    case 'sub-agent-tools':
      return { offersSubAgents: b.offersSubAgents };
    case 'agent-prefix':
    case 'workflow-prefix':
      return { prefix: { ...b.prefix } };
    case 'call-by-id':
      return { callsById: b.callsById };
    case 'agent-network':
      return { agentNetwork: b.agentNetwork };
    case 'network-runs-by-id':
      return { networkRunsById: b.networkRunsById };
    default:
      return {};
  }
}

/** Whether the prefix Mastra puts before this origin's keys is decided for this behaviour. */
export function prefixKnown(behaviour: MastraBehaviour, origin: string): boolean {
  if (origin === 'agents')
    return (
      !behaviour.unknown.includes('agent-prefix') && !behaviour.unknown.includes('sub-agent-tools')
    );
  if (origin === 'workflows') return !behaviour.unknown.includes('workflow-prefix');
  return true;
}

const memo = new Map<string, MastraBehaviour>();

/** Behaviour of an agent's resolved version (see MastraVersion in src/scan/model.ts). */
export function behaviourOf(mastra: {
  source: string;
  version?: string;
  range?: string;
}): MastraBehaviour {
  const key = `${mastra.source}\0${mastra.version ?? ''}\0${mastra.range ?? ''}`;
  let found = memo.get(key);
  if (!found) {
    found =
      mastra.source === 'installed' || mastra.source === 'lockfile' || mastra.source === 'target'
        ? behaviourFor(mastra.version)
        : mastra.source === 'range' && mastra.range !== undefined
          ? behaviourForRange(mastra.range.replace(/^npm:@mastra\/core@/, ''))
          : UNKNOWN_BEHAVIOUR;
    memo.set(key, found);
  }
  return found;
}

/**
 * Whether every version an agent's @mastra/core may be is on one side of `boundary`: `from` (at or
 * after it), `before`, or `either` (unknown, or a range that spans it). For facts read in the
 * published builds that the version table does not hold (the names of skill and harness tools).
 */
export function sideOf(
  mastra: { version?: string; range?: string },
  boundary: string,
): 'from' | 'before' | 'either' {
  const exact = mastra.version ? semver.valid(semver.coerce(mastra.version)) : null;
  const span =
    exact ??
    (mastra.range ? semver.validRange(mastra.range.replace(/^npm:@mastra\/core@/, '')) : null);
  if (span === null) return 'either';
  if (semver.subset(span, `>=${boundary}`)) return 'from';
  if (semver.subset(span, `<${boundary}`)) return 'before';
  return 'either';
}

/** How to say which version an agent was judged by, for reasons and findings. */
export function describeVersion(mastra: {
  source: string;
  version?: string;
  range?: string;
  file?: string;
}): string {
  switch (mastra.source) {
    case 'target':
      return `@mastra/core ${mastra.version} (the --to-mastra target)`;
    case 'installed':
      return `@mastra/core ${mastra.version} (installed, ${mastra.file})`;
    case 'lockfile':
      return `@mastra/core ${mastra.version} (from ${mastra.file})`;
    case 'range':
      return `@mastra/core ${mastra.range} (the range in ${mastra.file}; nothing installed or locked)`;
    default:
      return mastra.range !== undefined
        ? `@mastra/core "${mastra.range}" (${mastra.file}), which names no version`
        : 'an unknown @mastra/core version (no install, lockfile or package.json names it)';
  }
}

/**
 * The version `--to-mastra` names: `latest` is the newest measured; a version newer than that is
 * refused (nothing says how it names tools), as is one older than the oldest measured line.
 */
export function targetVersion(input: string): string {
  const wanted = input === 'latest' ? NEWEST_MEASURED : semver.valid(input);
  if (!wanted)
    throw new TargetVersionError(
      `--to-mastra ${input}: not a version (write one such as 1.71.0, or latest)`,
    );
  if (semver.gt(wanted, NEWEST_MEASURED))
    throw new TargetVersionError(
      `--to-mastra ${input}: newer than ${NEWEST_MEASURED}, the newest @mastra/core whose tool naming is measured`,
    );
  if (semver.lt(wanted, OLDEST_MEASURED))
    throw new TargetVersionError(
      `--to-mastra ${input}: older than ${OLDEST_MEASURED}, the oldest @mastra/core whose tool naming is measured`,
    );
  return wanted;
}
