/** Renders a migration for people: the diff per file (dry run), what changed and why, what is left. */
import type { MigrateResult } from '../migrate/migrate.ts';
import type { Finding } from '../plan/model.ts';
import { PLAIN, type Style } from './names-text.ts';

const where = (f: Finding) => f.locations.map((l) => `${l.file}:${l.line}:${l.column}`).join(', ');

function colourDiff(diff: string, style: Style): string {
  return diff
    .split('\n')
    .filter((l) => !l.startsWith('==='))
    .map((l) => (l.startsWith('+') && !l.startsWith('+++') ? style.good(l) : l.startsWith('-') && !l.startsWith('---') ? style.bad(l) : l.startsWith('@@') ? style.dim(l) : l))
    .join('\n');
}

export function renderMigrateText(result: MigrateResult, style: Style = PLAIN): string {
  const out: string[] = [];
  const changed = result.files.filter((f) => f.status === 'changed');
  if (result.dryRun) for (const f of changed) out.push(colourDiff(f.diff ?? '', style).trimEnd());

  const edits = changed.flatMap((f) => f.edits);
  if (edits.length) {
    out.push('', result.dryRun ? 'Changes (not written: dry run)' : 'Changes written');
    for (const e of edits) {
      const tag = e.effect === 'renamed' ? style.warn('renamed') : e.effect === 'fixed' ? style.good('fixed') : style.dim('preserved');
      out.push(`  ${e.location.file}:${e.location.line}:${e.location.column}  ${e.rule}  ${e.before} -> ${e.after}  [${tag}]`);
      out.push(style.dim(`    ${e.reason}`));
    }
  }
  const renames = edits.filter((e) => e.effect === 'renamed');
  if (renames.length) {
    out.push('', style.warn('The model will see new names:'));
    for (const e of renames) out.push(`  ${e.wire.before} -> ${e.wire.after} (${e.agents.join(', ')})`);
    out.push(style.dim('  Stored threads, traces, evals and approval lists may still hold the old names.'));
  }
  for (const o of result.plan.orderChanges) out.push('', style.dim(`Order for ${o.agent} changes (rewritten keys no longer move to the end): ${o.before.join(', ')} -> ${o.after.join(', ')}`));

  const failed = result.files.filter((f) => f.status === 'failed');
  for (const f of failed) out.push(style.bad(`Could not process ${f.file}: ${f.error} (left unchanged)`));
  if (result.plan.findings.length) {
    out.push('', 'Needs a human');
    for (const f of result.plan.findings) out.push(`  ${style.warn(f.kind)}  ${f.message}  ${style.dim(where(f))}`);
  }
  const count = (effect: string) => edits.filter((e) => e.effect === effect).length;
  out.push(
    '',
    `${edits.length} edits in ${changed.length} files (${count('preserved')} preserve the wire, ${count('fixed')} fix a request, ${count('renamed')} rename what the model sees); ` +
      `${result.plan.findings.length} findings need a human; ${failed.length} files could not be processed.` +
      (result.dryRun ? ' Dry run: nothing was written.' : ` ${result.written.length} files written.`),
  );
  return out.join('\n').replace(/^\n+/, '');
}
