/** Builds the report model from a migration result. Pure. */
import { TOOL_VERSION } from '../version.ts';
import type { MigrateResult } from '../migrate/migrate.ts';
import type { FindingKind } from '../plan/model.ts';
import { NO_MASTRA, noMastraUnresolved } from '../scan/no-mastra.ts';
import { REPORT_SCHEMA_VERSION, type Report, type ReportFinding, type RunMode } from './model.ts';

const SEVERITY: Record<FindingKind, ReportFinding['severity']> = {
  collision: 'error',
  unparsable: 'error',
  'skipped-file': 'note',
  'unknown-name': 'warning',
  reference: 'warning',
  'prompt-mention': 'warning',
  'unknown-tool-mention': 'warning',
  'file-name-key': 'warning',
  'step-tools': 'warning',
  'skipped-rename': 'warning',
  unresolved: 'note',
  'array-tools': 'warning',
  'runtime-names': 'note',
  'ambiguous-mention': 'note',
  'mode-dependent-mention': 'note',
  'rename-kept': 'note',
  'rename-breaks': 'warning',
  'name-mapping': 'warning',
  unreached: 'note',
  'network-keys': 'note',
  'version-unknown': 'warning',
  'illegal-key': 'warning',
  'missing-in-version': 'warning',
  'unread-prompt': 'note',
  'delegation-id': 'warning',
  upgrade: 'note',
  'missing-dependency': 'warning',
};

export { TOOL_VERSION };

/** Findings a person has to act on (notes are information only). */
export function needsHuman(f: ReportFinding): boolean {
  return f.severity !== 'note';
}

export function buildReport(result: MigrateResult, mode: RunMode, target: string): Report {
  const applied = !result.dryRun;
  const byFile = new Map(result.files.map((f) => [f.file, f]));
  const changes = result.plan.edits
    .filter((e) => byFile.get(e.location.file)?.status === 'changed')
    .map((e) => ({
      file: e.location.file,
      line: e.location.line,
      column: e.location.column,
      start: e.location.start,
      end: e.location.end,
      rule: e.rule,
      target: e.target,
      before: e.before,
      after: e.after,
      reason: e.reason,
      effect: e.effect,
      confidence:
        e.rule === 'prompts' && e.target === 'text' ? ('high' as const) : ('n/a' as const),
      applied,
      agents: e.agents,
    }));
  const findings: ReportFinding[] = result.plan.findings.map(({ quiet, ...f }) => ({
    ...f,
    severity: quiet ? 'note' : SEVERITY[f.kind],
  }));
  for (const f of result.files.filter((x) => x.status === 'failed')) {
    findings.push({
      kind: 'unparsable',
      severity: 'error',
      message: `could not process: ${f.error}`,
      locations: [{ file: f.file, line: 1, column: 1, start: 0, end: 0 }],
      agents: [],
    });
  }
  for (const f of result.scan.files.skipped ?? []) {
    findings.push({
      kind: 'skipped-file',
      severity: 'note',
      message: `skipped: ${f.message}`,
      locations: [{ file: f.file, line: 1, column: 1, start: 0, end: 0 }],
      agents: [],
    });
  }
  const count = (effect: string) => changes.filter((c) => c.effect === effect).length;
  const unchecked = result.plan.unchecked;
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'mastra-tool-names', version: TOOL_VERSION },
    mode,
    target,
    mastra: result.scan.mastra,
    rules: result.rules,
    totals: {
      changes: changes.length,
      files: result.files.filter((f) => f.status === 'changed').length,
      preserved: count('preserved'),
      fixed: count('fixed'),
      renamed: count('renamed'),
      findings: findings.filter(needsHuman).length,
      notes: findings.filter((f) => !needsHuman(f)).length,
      failedFiles:
        result.files.filter((f) => f.status === 'failed').length +
        result.scan.files.unparsable.length,
      unchecked: unchecked.length,
    },
    unchecked,
    changes,
    findings,
    agents: result.plan.agents,
    renames: result.renames,
    ...(result.scan.files.noMastra
      ? {
          noMastraCode: result.scan.files.mastraUnresolved
            ? noMastraUnresolved(result.scan.files.mastraUnresolved)
            : NO_MASTRA,
        }
      : {}),
    files: result.files.map((f) => ({
      file: f.file,
      status: f.status,
      changes: f.edits.length,
      ...(f.diff ? { diff: f.diff } : {}),
      ...(f.error ? { error: f.error } : {}),
      ...(f.writtenAt ? { writtenAt: f.writtenAt } : {}),
      ...(f.linkedFrom ? { linkedFrom: f.linkedFrom } : {}),
      ...(f.missingPlugins ? { missingPlugins: f.missingPlugins } : {}),
    })),
  };
}
