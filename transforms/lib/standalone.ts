/**
 * Turns a rule into a jscodeshift transform that works on its own (`npx jscodeshift -t
 * transforms/<rule>.ts src/`; loaded through ./entry.ts). With `--plan=FILE` it applies the plan's
 * edits of this rule (see ./plan-file.ts); otherwise it analyses each file alone: no imports are
 * followed and built-in ids come from the bundled table, so cross-file maps and call sites in other
 * files are out of its sight.
 */
import path from 'node:path';
import type { API, FileInfo, Options } from 'jscodeshift';
import { isCodeFile, applyTextFileEdits } from './apply-text.ts';
import type { Edit, RuleId } from '../../src/plan/model.ts';
import { buildPlan } from '../../src/plan/plan.ts';
import { scanSource } from '../../src/scan/analyse.ts';
import { applyEdits, spliceEdits } from './apply-edits.ts';
import { parserFor } from './parser.ts';
import { editsInFile, loadPlan, PlanMismatch } from './plan-file.ts';

// TypeScript drops a leading BOM when it reads a file, so the scanner's offsets start after it.
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

function analysed(rule: RuleId, file: FileInfo): Edit[] {
  const scan = scanSource(file.path, withoutBom(file.source));
  const rel = path.basename(file.path);
  return buildPlan(scan, { rules: [rule] }).edits.filter(
    (e) => e.rule === rule && e.location.file === rel,
  );
}

function planned(rule: RuleId, file: FileInfo, options: Options): Edit[] {
  if (typeof options.plan !== 'string' || options.plan === '')
    throw new PlanMismatch('--plan needs a file: --plan=FILE');
  const plan = loadPlan(options.plan, typeof options.root === 'string' ? options.root : undefined);
  const rel = path.relative(plan.root, path.resolve(file.path)).split(path.sep).join('/');
  return editsInFile(
    plan,
    rule,
    rel,
    isCodeFile(file.path) ? withoutBom(file.source) : file.source,
  );
}

export function standaloneTransform(rule: RuleId) {
  return function transformer(file: FileInfo, api: API, options: Options): string | undefined {
    const fromPlan = options.plan !== undefined;
    // Cheap guard: without a plan, a file that mentions no tool map or option cannot need this rule.
    if (
      !fromPlan &&
      !/tools|toolChoice|activeTools|agents|workflows|toolsets|clientTools/.test(file.source)
    )
      return undefined;
    const edits = fromPlan ? planned(rule, file, options) : analysed(rule, file);
    if (edits.length === 0) return undefined;
    if (!isCodeFile(file.path)) {
      // A prompt file (.md, .txt) named by the plan: plain text.
      const out = applyTextFileEdits(file.source, edits);
      if (!out.ok) throw new PlanMismatch(`${file.path}: ${out.error}`);
      return out.text;
    }
    const j = api.jscodeshift.withParser(parserFor(file.path));
    const root = j(file.source);
    const result = applyEdits(j, root, edits, file.source);
    if (result.missing.length > 0) {
      const m = result.missing[0]!;
      const message = `${file.path}:${m.location.line}:${m.location.column}: ${result.missing.length} planned edit(s) not found (${m.before})`;
      throw fromPlan
        ? new PlanMismatch(`${message}; the plan does not fit the file`)
        : new Error(message);
    }
    // Plan offsets count after a BOM; the edits are written over their spans (see spliceEdits).
    const bom = file.source.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    const text = spliceEdits(file.source.slice(bom.length), result.applied, result.shorthand);
    if (text === undefined)
      throw new PlanMismatch(
        `${file.path}: planned edits overlap or do not hold the text they replace`,
      );
    return bom + text;
  };
}
