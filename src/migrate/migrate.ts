/**
 * The migration engine: scan, plan, apply every file's edits in one parse, format like the repo,
 * and (unless it is a dry run) write atomically. Returns what it did; never prints or exits.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import writeFileAtomic from 'write-file-atomic';
import type { Edit, Plan, RuleId } from '../plan/model.ts';
import { buildPlan } from '../plan/plan.ts';
import type { Preference } from '../plan/rules/prompts.ts';
import type { ScanResult } from '../scan/model.ts';
import { scanWithInputs, type ScanOptions } from '../scan/scan.ts';
import { PhaseClock, type PhaseTiming } from '../progress.ts';
import { applyFileEdits } from './apply-file.ts';
import { applyTextFileEdits, isCodeFile } from './apply-text.ts';
import { MigrateError } from './errors.ts';
import { formatLikeTheRepo, type ConfigCache, type FormatOutcome } from './format.ts';
import { gitState } from './git.ts';
import { selectRules, type RuleSelection } from './rules.ts';
import { staleNames } from './stale-names.ts';
import type { RenameWarning } from '../report/model.ts';

export interface MigrateOptions extends ScanOptions, RuleSelection {
  /** Compute and diff, write nothing. */
  dryRun?: boolean;
  /** Write even when the target has uncommitted changes or is not in git. */
  force?: boolean;
  /** Re-key tools or rewrite prompts, instead of deciding from the evidence. */
  prefer?: Preference;
}

export interface FileChange {
  file: string;
  status: 'changed' | 'failed';
  edits: Edit[];
  /** Unified diff (changed files). */
  diff?: string;
  formatting?: FormatOutcome['formatting'];
  error?: string;
}

export interface MigrateResult {
  root: string;
  dryRun: boolean;
  rules: RuleId[];
  scan: ScanResult;
  plan: Plan;
  files: FileChange[];
  /** Files written to disk (empty in a dry run). */
  written: string[];
  /** Wire renames, with the places where the old name still appears as text. */
  renames: RenameWarning[];
  /** How long each phase took (for `--verbose`). */
  timings: PhaseTiming[];
}

export async function ensureWritable(root: string, force: boolean | undefined): Promise<void> {
  if (force) return;
  const state = await gitState(root);
  if (state.kind === 'not-git') {
    throw new MigrateError('unsafe-target', `${root} is not inside a git work tree, so the changes could not be reviewed or undone; commit it to git first, use --dry-run, or pass --force`);
  }
  if (state.kind === 'dirty') {
    const shown = state.files.slice(0, 5).join(', ') + (state.files.length > 5 ? `, and ${state.files.length - 5} more` : '');
    throw new MigrateError('unsafe-target', `uncommitted changes in ${root} (${shown}); commit or stash them first, use --dry-run, or pass --force`);
  }
}

export async function migrate(target: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const root = path.resolve(target);
  const rules = selectRules(options);
  const dryRun = Boolean(options.dryRun);
  if (!dryRun) await ensureWritable(root, options.force);

  const clock = options.clock ?? new PhaseClock();
  const { scan, discovered, texts } = await scanWithInputs(root, { ...options, clock });

  clock.start('plan', scan.agents.length);
  const plan = buildPlan(scan, { rules, ...(options.prefer ? { prefer: options.prefer } : {}) });
  const byFile = new Map<string, Edit[]>();
  for (const edit of plan.edits) byFile.set(edit.location.file, [...(byFile.get(edit.location.file) ?? []), edit]);
  clock.end(plan.edits.length);

  // Every file is rewritten, then formatted, before the first write.
  clock.start('rewrite', byFile.size);
  const rewritten: Array<{ rel: string; abs: string; before: string; after: string; applied: Edit[] }> = [];
  const failed: FileChange[] = [];
  for (const [rel, edits] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const abs = path.join(root, rel);
    const before = readFileSync(abs, 'utf8');
    const outcome = isCodeFile(abs) ? applyFileEdits(abs, before, edits) : applyTextFileEdits(before, edits);
    clock.tick();
    if (outcome.ok) rewritten.push({ rel, abs, before, after: outcome.text, applied: outcome.applied });
    else failed.push({ file: rel, status: 'failed', edits, error: outcome.error });
  }
  clock.end();

  clock.start('format', rewritten.length);
  const changed: FileChange[] = [];
  const outputs = new Map<string, string>();
  const configFiles: ConfigCache = new Map();
  for (const { rel, abs, before, after, applied } of rewritten) {
    const formatted = isCodeFile(abs) ? await formatLikeTheRepo(root, abs, before, after, configFiles) : { text: after, formatting: 'no-config' as const };
    clock.tick();
    if (formatted.text === before) continue;
    outputs.set(abs, formatted.text);
    changed.push({ file: rel, status: 'changed', edits: applied, diff: createTwoFilesPatch(`a/${rel}`, `b/${rel}`, before, formatted.text), formatting: formatted.formatting });
  }
  clock.end();
  const files = [...failed, ...changed].sort((a, b) => a.file.localeCompare(b.file));

  const written: string[] = [];
  if (!dryRun) {
    // Each write is a rename of a finished file, so a failure never leaves half a file.
    clock.start('write', outputs.size);
    for (const [abs, text] of outputs) {
      await writeFileAtomic(abs, text, 'utf8');
      written.push(path.relative(root, abs).split(path.sep).join('/'));
      clock.tick();
    }
    clock.end();
  }
  const renamedFiles = new Set(changed.map((f) => f.file));
  const searched = [...discovered.sources, ...discovered.tsconfigs, ...discovered.texts];
  clock.start('renames', searched.length);
  // What is on disk now: the written text for files this run wrote, else the text the scan read.
  const current = (abs: string) => (dryRun ? undefined : outputs.get(abs)) ?? texts.read(abs);
  const renames = staleNames(root, plan.edits.filter((e) => renamedFiles.has(e.location.file)), searched, current);
  clock.end(renames.length ? searched.length : 0);
  return { root, dryRun, rules, scan, plan, files, written, renames, timings: clock.timings() };
}
