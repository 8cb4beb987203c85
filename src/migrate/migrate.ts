/**
 * The migration engine: scan, plan, apply every file's edits in one parse, format like the repo,
 * and (unless it is a dry run) write atomically. Returns what it did; never prints or exits.
 *
 * Every phase is isolated per file: what goes wrong with one file (it does not parse, is not UTF-8,
 * leads out of the target, changed on disk, cannot be written) makes that file `failed` with a
 * one-line reason, and the run goes on with the others.
 */
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import writeFileAtomic from 'write-file-atomic';
import type { Edit, Plan, RuleId } from '../plan/model.ts';
import { buildPlan, wireChanges } from '../plan/plan.ts';
import type { Preference } from '../plan/rules/prompts.ts';
import { realRoot } from '../scan/files/discover.ts';
import { failureReason } from '../scan/files/isolate.ts';
import type { ScanResult } from '../scan/model.ts';
import { ioReason, readSource } from '../scan/files/read-source.ts';
import { promptFileText } from '../scan/mentions/prompt-text.ts';
import { scanWithInputs, type ScanOptions } from '../scan/scan.ts';
import { PhaseClock, type PhaseTiming } from '../progress.ts';
import { applyFileEdits } from './apply-file.ts';
import { applyTextFileEdits, isCodeFile } from '../../transforms/lib/apply-text.ts';
import { MigrateError } from './errors.ts';
import { formatLikeTheRepo, type ConfigCache, type FormatOutcome } from './format.ts';
import { gitState } from './git.ts';
import { selectRules, type RuleSelection } from './rules.ts';
import { staleNames } from './stale-names.ts';
import { changedSinceRead, writeTarget } from './write-guard.ts';
import type { RenameWarning } from './stale-names.ts';

/** Stops the write phase between two files: the CLI arms it with SIGINT/SIGTERM. */
export interface Interruption {
  readonly signal: AbortSignal;
  /** Removes what `arm` installed. */
  disarm(): void;
}

/** Seams for tests (and embedders): they run at fixed points, so no test depends on timing. */
export interface MigrateHooks {
  /** After the plan, before any file is read for rewriting. */
  afterPlan?(): void | Promise<void>;
  /** Just before a file is checked and written (its real path). */
  beforeWrite?(file: string): void | Promise<void>;
}

export interface MigrateOptions extends ScanOptions, RuleSelection {
  /** Compute and diff, write nothing. */
  dryRun?: boolean;
  /** Write even when the target has uncommitted changes or is not in git. */
  force?: boolean;
  /** Re-key tools or rewrite prompts, instead of deciding from the evidence. */
  prefer?: Preference;
  hooks?: MigrateHooks;
  /** Writes one finished file atomically (default: write-file-atomic, which keeps the file's mode and owner). */
  writeFile?: (file: string, text: string) => Promise<void>;
  /** Called when the write phase starts; once its signal aborts, no further file is written. */
  armInterruption?: () => Interruption;
}

export interface FileChange {
  file: string;
  status: 'changed' | 'failed';
  edits: Edit[];
  /** Unified diff (changed files, and files whose write failed). */
  diff?: string;
  formatting?: FormatOutcome['formatting'];
  /** Packages the file's prettier config needs (plugins, a shared config), not installed: left unformatted. */
  missingPlugins?: string[];
  error?: string;
  /** `file` is a link inside the target: the real file written (relative to the root). */
  writtenAt?: string;
  /** Links inside the target that lead to `file` (it is edited once, here). */
  linkedFrom?: string[];
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
  /** Set when the write phase was interrupted (the signal's name): the files after it were not written. */
  interrupted?: string;
  /** Wire renames, with the places where the old name still appears as text. */
  renames: RenameWarning[];
  /** How long each phase took (for `--verbose`). */
  timings: PhaseTiming[];
}

export async function ensureWritable(root: string, force: boolean | undefined): Promise<void> {
  if (force) return;
  const state = await gitState(root);
  if (state.kind === 'not-git') {
    throw new MigrateError(
      'unsafe-target',
      state.reason.startsWith('git could not be started')
        ? `${state.reason}, so whether ${root} has uncommitted changes could not be checked; use --dry-run, or pass --force`
        : `${root} is not inside a git work tree, so the changes could not be reviewed or undone; commit it to git first, use --dry-run, or pass --force`,
    );
  }
  if (state.kind === 'unknown') {
    throw new MigrateError(
      'unsafe-target',
      `could not tell whether ${root} has uncommitted changes (${state.reason}); use --dry-run, or pass --force`,
    );
  }
  if (state.kind === 'dirty') {
    const shown =
      state.files.join(', ') +
      (state.count > state.files.length
        ? `, and ${(state.count - state.files.length).toLocaleString('en-US')} more`
        : '');
    throw new MigrateError(
      'unsafe-target',
      `uncommitted changes in ${root} (${shown}); commit or stash them first, use --dry-run, or pass --force`,
    );
  }
}

const posix = (p: string) => p.split(path.sep).join('/');
const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

interface Rewritten {
  rel: string;
  abs: string;
  /** The real path it is written at. */
  real: string;
  /** The bytes read, to check again just before writing. */
  bytes: Buffer;
  before: string;
  after: string;
  applied: Edit[];
}

export async function migrate(
  target: string,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const root = realRoot(target);
  const rules = selectRules(options);
  const dryRun = Boolean(options.dryRun);
  if (!dryRun) await ensureWritable(root, options.force);

  const clock = options.clock ?? new PhaseClock();
  const inputs = await scanWithInputs(root, { ...options, clock });
  const { scan, discovered, texts } = inputs;

  clock.start('plan', scan.agents.length);
  const plan = buildPlan(scan, { rules, ...(options.prefer ? { prefer: options.prefer } : {}) });
  const byFile = new Map<string, Edit[]>();
  for (const edit of plan.edits)
    byFile.set(edit.location.file, [...(byFile.get(edit.location.file) ?? []), edit]);
  // The text the scan parsed (or read, for a prompt file) for each file to edit: what a file must
  // still hold to be rewritten.
  const parsed = new Map(
    [...byFile.keys()].map((rel) => [
      rel,
      inputs.parsedText(path.join(root, rel)) ?? promptFileText(scan.agents, scan.calls, rel),
    ]),
  );
  // A prompt file is edited only when it is one of the repository's files (git shows the change).
  const members = new Set([...discovered.sources, ...discovered.texts]);
  clock.end(plan.edits.length);
  await options.hooks?.afterPlan?.();

  const failed: FileChange[] = [];
  const fail = (rel: string, edits: Edit[], error: string, extra: Partial<FileChange> = {}) =>
    failed.push({ file: rel, status: 'failed', edits, error, ...extra });

  // Every file is rewritten, then formatted, before the first write.
  clock.start('rewrite', byFile.size);
  const rewritten: Rewritten[] = [];
  for (const [rel, edits] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    clock.tick();
    const abs = path.join(root, rel);
    const where = writeTarget(root, abs);
    if (!where.ok) {
      fail(rel, edits, where.reason);
      continue;
    }
    if (!isCodeFile(abs) && !members.has(abs) && !members.has(where.real)) {
      fail(
        rel,
        edits,
        "not rewritten: the prompt file is not one of the repository's files the scan takes (.md, .mdx, .txt, .json and .yaml files git does not ignore, outside node_modules, build output and --exclude), so the change could not be reviewed; change it by hand",
      );
      continue;
    }
    const read = readSource(where.real);
    if (!read.ok) {
      fail(rel, edits, `not rewritten: ${read.reason}`);
      continue;
    }
    const scanned = parsed.get(rel);
    if (scanned !== undefined && withoutBom(read.text) !== scanned) {
      fail(rel, edits, 'not rewritten: the file changed on disk after the scan; run migrate again');
      continue;
    }
    let outcome;
    try {
      outcome = isCodeFile(abs)
        ? applyFileEdits(abs, read.text, edits)
        : applyTextFileEdits(read.text, edits);
    } catch (error) {
      outcome = { ok: false as const, error: failureReason(error, 'rewrite') };
    }
    if (outcome.ok)
      rewritten.push({
        rel,
        abs,
        real: where.real,
        bytes: read.bytes,
        before: read.text,
        after: outcome.text,
        applied: outcome.applied,
      });
    else fail(rel, edits, outcome.error);
  }
  clock.end();

  clock.start('format', rewritten.length);
  const changed: FileChange[] = [];
  const outputs: Array<Rewritten & { text: string; change: FileChange }> = [];
  const configFiles: ConfigCache = new Map();
  const linksTo = new Map<string, string[]>();
  for (const l of scan.files.links ?? [])
    if (!l.outside) linksTo.set(l.target, [...(linksTo.get(l.target) ?? []), l.link]);
  for (const file of rewritten) {
    clock.tick();
    let formatted: FormatOutcome;
    try {
      formatted = isCodeFile(file.abs)
        ? await formatLikeTheRepo(root, file.abs, file.before, file.after, configFiles)
        : { text: file.after, formatting: 'no-config' };
    } catch (error) {
      fail(file.rel, file.applied, failureReason(error, 'format'));
      continue;
    }
    if (formatted.text === file.before) continue;
    const realRel = posix(path.relative(root, file.real));
    const change: FileChange = {
      file: file.rel,
      status: 'changed',
      edits: file.applied,
      diff: createTwoFilesPatch(`a/${file.rel}`, `b/${file.rel}`, file.before, formatted.text),
      formatting: formatted.formatting,
      ...(formatted.missingPlugins ? { missingPlugins: formatted.missingPlugins } : {}),
      ...(realRel !== file.rel ? { writtenAt: realRel } : {}),
      ...(linksTo.has(realRel) ? { linkedFrom: linksTo.get(realRel) } : {}),
    };
    changed.push(change);
    outputs.push({ ...file, text: formatted.text, change });
  }
  clock.end();

  const written: string[] = [];
  const writtenText = new Map<string, string>();
  let interrupted: string | undefined;
  if (!dryRun) {
    // Each write is a rename of a finished file, so a failure or a signal never leaves half a file.
    clock.start('write', outputs.length);
    const write =
      options.writeFile ?? ((file: string, text: string) => writeFileAtomic(file, text, 'utf8'));
    const interruption = options.armInterruption?.();
    try {
      for (const out of outputs) {
        const notWritten = (reason: string) => {
          changed.splice(changed.indexOf(out.change), 1);
          fail(out.rel, out.change.edits, reason, { diff: out.change.diff! });
        };
        if (interruption?.signal.aborted) {
          interrupted = String(interruption.signal.reason ?? 'interrupted');
          notWritten(`not written: interrupted (${interrupted}) before this file`);
          continue;
        }
        await options.hooks?.beforeWrite?.(out.real);
        // Resolve again just before writing: a link may have been swapped in since the rewrite.
        const where = writeTarget(root, out.abs);
        const problem = !where.ok
          ? where.reason
          : where.real !== out.real
            ? 'not written: the path leads elsewhere than when it was read'
            : changedSinceRead(out.real, out.bytes);
        if (problem) {
          notWritten(problem);
          continue;
        }
        try {
          await write(out.real, out.text);
        } catch (error) {
          notWritten(`not written: ${failureOfWrite(error)}`);
          continue;
        }
        written.push(posix(path.relative(root, out.real)));
        writtenText.set(out.abs, out.text);
        clock.tick();
      }
    } finally {
      interruption?.disarm();
    }
    clock.end();
  }
  const files = [...failed, ...changed].sort((a, b) => a.file.localeCompare(b.file));
  const renamedFiles = new Set(changed.map((f) => f.file));
  const searched = [...discovered.sources, ...discovered.tsconfigs, ...discovered.texts];
  clock.start('renames', searched.length);
  // What is on disk now: the written text for files this run wrote, else the text the scan read.
  const current = (abs: string) => writtenText.get(abs) ?? texts.read(abs);
  const renames = staleNames(
    root,
    plan.edits.filter((e) => renamedFiles.has(e.location.file)),
    searched,
    current,
  );
  clock.end(renames.length ? searched.length : 0);
  // What the model will see is what the edits of the files that could be (or were) written make of it.
  const appliedPlan = failed.length
    ? {
        ...plan,
        agents: wireChanges(
          scan,
          plan.edits.filter((e) => !failed.some((f) => f.file === e.location.file)),
        ),
      }
    : plan;
  return {
    root,
    dryRun,
    rules,
    scan,
    plan: appliedPlan,
    files,
    written,
    ...(interrupted ? { interrupted } : {}),
    renames,
    timings: clock.timings(),
  };
}

function failureOfWrite(error: unknown): string {
  // An errno is the disk's or the permissions' doing; anything else is ours.
  return (error as NodeJS.ErrnoException)?.code ? ioReason(error) : failureReason(error, 'write');
}
