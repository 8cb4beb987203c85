/**
 * Turns a rule into a jscodeshift transform that works on its own (`npx jscodeshift -t
 * transforms/<rule>.ts src/`). With `--plan=FILE` (a JSON array of plan edits) it applies those;
 * otherwise it analyses each file alone: no imports are followed and built-in ids come from the
 * bundled table, so cross-file maps and call sites in other files are out of its sight.
 */
import './babel-scope.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { API, FileInfo, Options } from 'jscodeshift';
import type { Edit, RuleId } from '../../src/plan/model.ts';
import { buildPlan } from '../../src/plan/plan.ts';
import { scanSource } from '../../src/scan/analyse.ts';
import { applyEdits, spliceEdits } from './apply-edits.ts';
import { parserFor } from './parser.ts';

function planned(rule: RuleId, file: FileInfo, options: Options): Edit[] {
  if (typeof options.plan === 'string') {
    const all = JSON.parse(readFileSync(options.plan, 'utf8')) as Edit[];
    const root = typeof options.root === 'string' ? options.root : process.cwd();
    const rel = path.relative(root, path.resolve(file.path)).split(path.sep).join('/');
    return all.filter((e) => e.rule === rule && e.location.file === rel);
  }
  // TypeScript drops a leading BOM when it reads a file; do the same for in-memory analysis.
  const scan = scanSource(file.path, file.source.replace(/^\uFEFF/, ''));
  const rel = path.basename(file.path);
  return buildPlan(scan, { rules: [rule] }).edits.filter((e) => e.rule === rule && e.location.file === rel);
}

export function standaloneTransform(rule: RuleId) {
  return function transformer(file: FileInfo, api: API, options: Options): string | undefined {
    // Cheap guard: a file that mentions no tool map or tool option cannot need this rule.
    if (!/tools|toolChoice|activeTools|agents|workflows|toolsets|clientTools/.test(file.source)) return undefined;
    const edits = planned(rule, file, options);
    if (edits.length === 0) return undefined;
    const j = api.jscodeshift.withParser(parserFor(file.path));
    const root = j(file.source);
    const result = applyEdits(j, root, edits, file.source);
    if (result.missing.length > 0) throw new Error(`${file.path}: ${result.missing.length} planned edit(s) not found; is the plan older than the file?`);
    // Plan offsets count after a BOM; the edits are written over their spans (see spliceEdits).
    const bom = file.source.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    const text = spliceEdits(file.source.slice(bom.length), result.applied);
    if (text === undefined) throw new Error(`${file.path}: planned edits overlap or do not hold the text they replace`);
    return bom + text;
  };
}
