/**
 * The report's items and ESLint's problems as comparable lines, `file:line:column message`: a change
 * as the plugin words it (the SARIF wording), a finding at each of its locations. Findings about a
 * file rather than a name (an unparsable file, one left alone) have no rule and are left out.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { ESLint } from 'eslint';
import { changeMessage } from '../../src/report/display.ts';
import type { Report } from '../../src/report/model.ts';
import { FINDING_RULES } from '../../src/eslint/rules.ts';

export function expectedProblems(report: Report): string[] {
  return [
    ...report.changes.map((c) => `${c.file}:${c.line}:${c.column} ${changeMessage(c)}`),
    ...report.findings
      .filter((f) => FINDING_RULES[f.kind] !== null)
      .flatMap((f) => f.locations.map((l) => `${l.file}:${l.line}:${l.column} ${f.message}`)),
  ].sort();
}

export function eslintProblems(results: ESLint.LintResult[], root: string): string[] {
  return results
    .flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId?.startsWith('mastra-tool-names/'))
        .map((m) => `${path.relative(root, r.filePath)}:${m.line}:${m.column} ${m.message}`),
    )
    .sort();
}

/** The fixture apps: folders under fixtures/ with a package.json (a transform's `expected` copy is no app). */
export function fixtureApps(dir = 'fixtures'): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules' && e.name !== 'expected')
    .flatMap((e) => {
      const sub = path.join(dir, e.name);
      return existsSync(path.join(sub, 'package.json')) ? [sub] : fixtureApps(sub);
    })
    .sort();
}
