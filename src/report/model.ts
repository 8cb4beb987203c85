/**
 * The report model: one structure per run, rendered as text, JSON, Markdown or SARIF. Versioned
 * (REPORT_SCHEMA_VERSION); its JSON Schema is schema/report.schema.json.
 */
import type {
  EditTarget,
  FindingKind,
  RuleId,
  Suggestion,
  UncheckedAgent,
  WireEffect,
} from '../plan/model.ts';
import type { Location } from '../scan/model.ts';
import type { RenameWarning } from '../migrate/stale-names.ts';

export type { RenameWarning };
import type { MigrateVerification } from '../verify/model.ts';

export const REPORT_SCHEMA_VERSION = 1;

export type RunMode = 'migrate' | 'dry-run' | 'check';

export interface ReportChange {
  file: string;
  line: number;
  column: number;
  /** 0-based offsets in the file, end exclusive. */
  start: number;
  end: number;
  rule: RuleId;
  target: EditTarget;
  before: string;
  after: string;
  reason: string;
  effect: WireEffect;
  /** Prompt edits: a confident mention (the only kind edited by default). */
  confidence: 'high' | 'n/a';
  /** Written to disk (migrate), or only proposed (dry run, check). */
  applied: boolean;
  agents: string[];
  /** `check --base`: how this change stands against the base commit. */
  baseline?: BaselineState;
}

/**
 * `check --base`: an item the head has and the base does not (`new`), one both have (`unchanged`),
 * or one both have whose message changed (`updated`). SARIF's `baselineState` values.
 */
export type BaselineState = 'new' | 'unchanged' | 'updated';

/** `check --base`: what the head introduces and fixes against the base commit. */
export interface Baseline {
  /** The base as given (`--base`), and the commit it named. */
  ref: string;
  commit: string;
  /**
   * Counted over changes and over findings that need a human (notes are information only):
   * `introduced` = new + updated; `unchanged` = the backlog this change left as it was.
   */
  totals: { introduced: number; updated: number; fixed: number; unchanged: number };
  /** What the base had and the head no longer has. */
  fixed: { changes: ReportChange[]; findings: ReportFinding[] };
  /** The base run's totals, for readers of both sets. */
  base: Report['totals'];
  /** What the base was judged with (the head's install, borrowed: see `check --base`). */
  mastra: Report['mastra'];
}

export interface ReportFinding {
  kind: FindingKind;
  rule?: RuleId;
  severity: 'error' | 'warning' | 'note';
  message: string;
  locations: Location[];
  agents: string[];
  /** Fixes a human chooses from (an editor's suggestions); never applied by `migrate`. */
  suggestions?: Suggestion[];
  /** `check --base`: how this finding stands against the base commit. */
  baseline?: BaselineState;
}

export interface AgentWire {
  agent: string;
  file: string;
  /** Wire names the model is offered now, and after the changes. */
  before: string[];
  after: string[];
}

export interface ReportFile {
  file: string;
  status: 'changed' | 'failed';
  changes: number;
  diff?: string;
  error?: string;
  /** `file` is a symbolic link inside the target: the real file that is (or would be) written. */
  writtenAt?: string;
  /** Links inside the target that lead to `file`: it is edited once, here. */
  linkedFrom?: string[];
  /** Packages its prettier config needs (plugins, a shared config) that are not installed: left unformatted. */
  missingPlugins?: string[];
}

export interface Report {
  schemaVersion: typeof REPORT_SCHEMA_VERSION;
  tool: { name: 'mastra-tool-names'; version: string };
  mode: RunMode;
  /** The target as given on the command line. */
  target: string;
  mastra: { version?: string; builtinIds: 'installed-declarations' | 'bundled-table' };
  rules: RuleId[];
  totals: {
    changes: number;
    files: number;
    preserved: number;
    fixed: number;
    renamed: number;
    /** Findings that need a human (errors and warnings): what "Needs a human" lists. */
    findings: number;
    /** Findings that are information only. */
    notes: number;
    failedFiles: number;
    /** Agents something may run whose names could not all be checked (`unchecked`). */
    unchecked: number;
  };
  /**
   * Agents whose offered names or prompts the scan could not read whole, with why: what the
   * findings do not cover, so a clean report is not taken for a checked one.
   */
  unchecked: UncheckedAgent[];
  changes: ReportChange[];
  findings: ReportFinding[];
  agents: AgentWire[];
  renames: RenameWarning[];
  files: ReportFile[];
  /** `migrate --verify`: the app measured before and after, next to the plan. */
  verify?: MigrateVerification;
  /** The tree holds no Mastra code, and why the scan can say so (nothing was parsed). */
  noMastraCode?: string;
  /** `check --base REF`: the comparison with the base commit. */
  baseline?: Baseline;
}

/** The unchecked agents by reason, in report order: `[reason, agents]`. */
export function uncheckedByReason(report: Pick<Report, 'unchecked'>): Array<[string, string[]]> {
  const by = new Map<string, string[]>();
  for (const u of report.unchecked)
    for (const r of u.reasons) by.set(r, [...(by.get(r) ?? []), u.agent]);
  return [...by];
}
