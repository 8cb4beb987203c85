/** The report as SARIF 2.1.0 for code scanning: one result per change or finding, rules with help. */
import { changeMessage } from '../display.ts';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { RULE_IDS, type FindingKind, type RuleId } from '../../plan/model.ts';
import type { BaselineState, Report, ReportChange, ReportFinding } from '../model.ts';
import { changeLevel, ranked } from '../rank.ts';

const RULE_HELP: Record<RuleId, string> = {
  'rewrite-keys':
    'Mastra rewrites tool keys outside a-zA-Z0-9_- (and over 63 characters) before sending them; toolChoice and activeTools are not rewritten. Write the key as the name Mastra sends.',
  'rekey-builtins':
    'A built-in registered by shorthand is offered under its export name, not under the id Mastra documents. Key it by its id.',
  prompts:
    'A prompt names a tool by a name the model is not offered (its id, its key before the rewrite, its export name).',
  'tool-choice':
    'toolChoice and activeTools are compared with the rewritten names; a raw key, id or export name there names no offered tool.',
  references:
    'Tool names in Mastra results are wire names; a comparison with another spelling never matches.',
  'rekey-by-id': 'Key the tool by its createTool id (opt-in).',
  'wrap-runtime-tools':
    "Wrap an MCP client's listTools() in normaliseTools from mastra-tool-names/runtime, so its tools are named where they enter the app (opt-in). Legal names stay the same; other names get the names Mastra would have sent, and a clash fails at the await instead of at every call.",
};

const FINDING_HELP: Record<FindingKind, string> = {
  collision:
    'Two keys end on one wire name: Mastra fails every call of the agent. Rename one of them.',
  unresolved: 'Part of a tool map cannot be read statically; its names are not checked.',
  'array-tools':
    'Tools are given as an array: Mastra offers each under its index ("_0", "_1", …), which tells the model nothing, and fails on a string in it. Give them as an object keyed by the names the model should see.',
  'missing-dependency':
    'The wrap imports mastra-tool-names/runtime, which this package does not list: install it, or the app fails to load.',
  'runtime-names':
    'Tool names known only at run time (MCP servers, registries); normalise them where they enter.',
  'unknown-name': 'A toolChoice or activeTools name matches no offered tool.',
  'file-name-key':
    'A file-based tool is keyed by its file name; rename the file to a legal tool name.',
  'step-tools': 'Tools returned by prepareStep reach the provider under their raw key.',
  'skipped-rename': 'A re-key was skipped because the agent already offers that name.',
  unparsable:
    'A file could not be processed (parsed, read, analysed or written); it was left unchanged.',
  'skipped-file':
    'A file was left alone on purpose (binary, or a link to a folder outside the target); it was not read.',
  'prompt-mention':
    'A prompt may name a tool by a name it is not offered under; not edited because it is ambiguous.',
  'unknown-tool-mention': 'A prompt names a tool that no agent offers.',
  reference:
    'Code compares a tool name with a string the model never sends; not provably a Mastra value, so not edited.',
  'ambiguous-mention':
    'A prompt word may name a tool but could be prose, a code sample or JSON data; not edited.',
  'mode-dependent-mention':
    'A prompt names a sub-agent, workflow or tool by a name that is right for one way of running the agent (network() or generate()/stream()) and not the other.',
  'rename-kept':
    'A re-key was not made because the current wire name is still used in code, data, prompts or by another agent.',
  'rename-breaks':
    'A re-key requested with --prefer rekey leaves uses of the old wire name behind.',
  'name-mapping':
    'Code converts wire names back to other names; it also changes legal names that contain the replaced character.',
  unreached:
    'An agent that nothing registers, calls or uses as a sub-agent; its edits change code nothing runs.',
  'network-keys':
    'An agent run only with network() is given raw keys by its routing agent; function-name rules do not apply to it.',
  'version-unknown':
    'A name depends on the @mastra/core version (the agent- and workflow- prefixes came in 0.22.0, the key rewrite in 0.13.2), and no install, lockfile or exact package.json range tells which; not edited.',
  'illegal-key':
    'A key that @mastra/core before 0.13.2 sends as written; providers reject tool names outside a-zA-Z0-9_-. Rename the key.',
  'missing-in-version':
    "The agent's code asks for what its @mastra/core version does not have: sub-agents offered as tools (0.21.1) or agent.network() (0.16.3).",
  'unread-prompt':
    'Instructions the app reads at run time could not be read without running it; tool names in them are not checked.',
  upgrade:
    'With --to-mastra: what moving to the target @mastra/core version changes for the model, by the rows of the measured version table.',
  'delegation-id':
    "A delegation hook compares primitiveId with a sub-agent's key or tool name; Mastra passes the sub-agent's id, so the test never matches.",
};

function rule(id: string, help: string): ReportingDescriptor {
  return {
    id,
    name: id.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()),
    shortDescription: { text: help.split('. ')[0]! },
    fullDescription: { text: help },
    help: { text: help },
  };
}

function changeResult(c: ReportChange): Result {
  const singleLine = !c.before.includes('\n');
  return {
    ruleId: c.rule,
    level: changeLevel(c),
    kind: c.applied ? 'informational' : 'fail',
    message: { text: changeMessage(c) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: c.file },
          region: {
            startLine: c.line,
            startColumn: c.column,
            ...(singleLine ? { endLine: c.line, endColumn: c.column + c.before.length } : {}),
            charOffset: c.start,
            charLength: c.end - c.start,
          },
        },
      },
    ],
    ...(c.applied
      ? {}
      : {
          fixes: [
            {
              description: {
                text:
                  c.target === 'import'
                    ? `insert ${c.after.trim()}`
                    : `replace ${c.before} with ${c.after}`,
              },
              artifactChanges: [
                {
                  artifactLocation: { uri: c.file },
                  replacements: [
                    {
                      deletedRegion: { charOffset: c.start, charLength: c.end - c.start },
                      insertedContent: { text: c.after },
                    },
                  ],
                },
              ],
            },
          ],
        }),
  };
}

function findingResult(f: ReportFinding): Result {
  return {
    ruleId: f.kind,
    level: f.severity,
    message: { text: f.message },
    locations: f.locations.map((l) => ({
      physicalLocation: {
        artifactLocation: { uri: l.file },
        region: { startLine: l.line, startColumn: l.column },
      },
    })),
  };
}

/**
 * Code scanning keeps the top 5,000 results of a run, takes at most 25,000 and a file of at most
 * 10 MB (GitHub's "SARIF results exceed limit"). Past that, the most deserving results are kept
 * (rank.ts) and the run says how many were left out.
 */
export const SARIF_RESULT_LIMIT = 5_000;
export const SARIF_BYTE_LIMIT = 10_000_000;

export interface SarifOptions {
  maxResults?: number;
  maxBytes?: number;
}

function resultsOf(report: Report): Result[] {
  const state = (item: { baseline?: BaselineState }) =>
    item.baseline ? { baselineState: item.baseline } : {};
  return [
    ...report.changes.map((c) => ({ ...changeResult(c), ...state(c) })),
    ...report.findings.map((f) => ({ ...findingResult(f), ...state(f) })),
  ];
}

export function renderSarif(report: Report, options: SarifOptions = {}): string {
  const maxResults = options.maxResults ?? SARIF_RESULT_LIMIT;
  const maxBytes = options.maxBytes ?? SARIF_BYTE_LIMIT;
  const all = report.changes.length + report.findings.length;
  let keep = Math.min(all, maxResults);
  for (;;) {
    const text = sarifText(report, keep, all);
    if (Buffer.byteLength(text) <= maxBytes || keep === 0) return text;
    // Cut in proportion to the excess, at least one result a round.
    keep = Math.max(0, Math.min(keep - 1, Math.floor((keep * maxBytes) / Buffer.byteLength(text))));
  }
}

function sarifText(report: Report, keep: number, all: number): string {
  let results = resultsOf(report);
  if (keep < all) {
    const rank = new Map<object, number>(ranked(report).map((r, i) => [r.item, i]));
    const items: object[] = [...report.changes, ...report.findings];
    results = results
      .map((r, i) => ({ r, at: rank.get(items[i]!)! }))
      .sort((a, b) => a.at - b.at)
      .slice(0, keep)
      .map(({ r }) => r);
  }
  const cut = all - results.length;
  const kinds = [...new Set(report.findings.map((f) => f.kind))];
  const log: Log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: {
          driver: {
            name: report.tool.name,
            version: report.tool.version,
            rules: [
              ...RULE_IDS.map((id) => rule(id, RULE_HELP[id])),
              ...kinds.map((k) => rule(k, FINDING_HELP[k])),
            ],
          },
        },
        // The same counts as the other formats, for readers of the whole run.
        properties: {
          changes: report.totals.changes,
          findings: report.totals.findings,
          notes: report.totals.notes,
          uncheckedAgents: report.unchecked,
          ...(report.noMastraCode ? { noMastraCode: report.noMastraCode } : {}),
          ...(report.baseline ? { baseline: { ...report.baseline, fixed: undefined } } : {}),
          ...(cut ? { resultsLeftOut: cut } : {}),
        },
        ...(cut
          ? {
              invocations: [
                {
                  executionSuccessful: true,
                  toolExecutionNotifications: [
                    {
                      level: 'warning',
                      message: {
                        text: `${cut} of ${all} results left out to stay within code scanning's limits (${SARIF_RESULT_LIMIT.toLocaleString('en-US')} results, 10 MB); the ones kept come first by what this change introduced, the lines it touched and severity. Every result is in the JSON report (--report FILE.json).`,
                      },
                    },
                  ],
                },
              ],
            }
          : {}),
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2);
}
