/** A report model for renderer tests: empty but valid, with the parts a test sets. */
import type { Report } from '../../src/report/model.ts';

export function reportWith(parts: Partial<Report>): Report {
  return {
    schemaVersion: 1,
    tool: { name: 'mastra-tool-names', version: '0.0.0-test' },
    mode: 'check',
    target: 'app',
    mastra: { builtinIds: 'bundled-table' },
    rules: ['rewrite-keys'],
    totals: {
      changes: 0,
      files: 0,
      preserved: 0,
      fixed: 0,
      renamed: 0,
      findings: 0,
      notes: 0,
      failedFiles: 0,
      unchecked: 0,
    },
    unchecked: [],
    changes: [],
    findings: [],
    agents: [],
    renames: [],
    files: [],
    ...parts,
  };
}
