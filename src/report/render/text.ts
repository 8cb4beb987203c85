/** The report for people in a terminal: grouped by file, the diff in dry runs, colour on a TTY. */
import { changeSummary } from '../display.ts';
import {
  uncheckedByReason,
  type BaselineState,
  type Report,
  type ReportFinding,
} from '../model.ts';
import { needsHuman } from '../build.ts';
import { PLAIN, type Style } from '../style.ts';

/** A finding's places: the file once per run of places in it, the first five, then a count. */
const SHOWN_PLACES = 5;
const where = (f: ReportFinding) => {
  let file = '';
  const shown = f.locations.slice(0, SHOWN_PLACES).map((l) => {
    const place = `${l.line}:${l.column}`;
    if (l.file === file) return place;
    file = l.file;
    return `${l.file}:${place}`;
  });
  const more = f.locations.length - shown.length;
  return shown.join(', ') + (more > 0 ? ` and ${more} more (every place is in --format json)` : '');
};

function colourDiff(diff: string, style: Style): string {
  return diff
    .split('\n')
    .filter((l) => !l.startsWith('==='))
    .map((l) =>
      l.startsWith('+') && !l.startsWith('+++')
        ? style.good(l)
        : l.startsWith('-') && !l.startsWith('---')
          ? style.bad(l)
          : l.startsWith('@@')
            ? style.dim(l)
            : l,
    )
    .join('\n');
}

/** Where a link's edits land, or which links lead to the file (each file is edited once, at its real path). */
function linkNote(report: Report, file: string, style: Style): string {
  const f = report.files.find((x) => x.file === file);
  if (f?.writtenAt)
    return style.dim(
      `  (a link: ${report.mode === 'migrate' ? 'written' : 'to be written'} at ${f.writtenAt})`,
    );
  if (f?.linkedFrom?.length)
    return style.dim(
      `  (also reached through the link${f.linkedFrom.length > 1 ? 's' : ''} ${f.linkedFrom.join(', ')}; edited once, here)`,
    );
  if (f?.missingPlugins?.length)
    return style.warn(
      `  (left unformatted: its prettier config names ${f.missingPlugins.join(', ')}, not installed)`,
    );
  return '';
}

/** `check --base`: how an item stands against the base, after its kind. */
function stateTag(item: { baseline?: BaselineState }, style: Style): string {
  if (item.baseline === 'new') return ` ${style.bad('[new]')}`;
  if (item.baseline === 'updated') return ` ${style.warn('[changed]')}`;
  return '';
}

/** `check --base`: what the base had that is gone, and the one-line verdict. */
function baselineLines(report: Report, style: Style): string[] {
  const b = report.baseline!;
  const out: string[] = [];
  const fixedChanges = b.fixed.changes;
  const fixedFindings = b.fixed.findings.filter(needsHuman);
  if (fixedChanges.length + fixedFindings.length) {
    out.push('', `Fixed by this change (on ${b.ref}, gone now)`);
    for (const c of fixedChanges)
      out.push(`  ${style.good(c.rule)}  ${changeSummary(c)}  ${style.dim(`${c.file}:${c.line}`)}`);
    for (const f of fixedFindings)
      out.push(`  ${style.good(f.kind)}  ${f.message}  ${style.dim(where(f))}`);
  }
  out.push(
    '',
    `Against ${b.ref} (${b.commit.slice(0, 12)}): this change introduces ${b.totals.introduced}, fixes ${b.totals.fixed}, leaves ${b.totals.unchanged} as they were.`,
  );
  return out;
}

export function renderText(report: Report, style: Style = PLAIN): string {
  const out: string[] = [];
  const proposed = report.mode !== 'migrate';
  if (proposed)
    for (const f of report.files.filter((x) => x.diff))
      out.push(colourDiff(f.diff!, style).trimEnd());

  if (report.changes.length) {
    out.push('', proposed ? 'Changes (not written: dry run)' : 'Changes written');
    for (const file of [...new Set(report.changes.map((c) => c.file))]) {
      out.push(`  ${file}${linkNote(report, file, style)}`);
      for (const c of report.changes.filter((x) => x.file === file)) {
        const tag =
          c.effect === 'renamed'
            ? style.warn('renamed')
            : c.effect === 'fixed'
              ? style.good('fixed')
              : style.dim('preserved');
        out.push(
          `    ${c.line}:${c.column}  ${c.rule}  ${changeSummary(c)}  [${tag}]${stateTag(c, style)}`,
        );
        out.push(style.dim(`      ${c.reason}`));
      }
    }
  }
  if (report.renames.length) {
    out.push('', style.warn('The model will see new names:'));
    for (const r of report.renames) {
      out.push(`  ${r.from} -> ${r.to} (${r.agents.join(', ')})`);
      for (const l of r.stillUsedAt)
        out.push(style.dim(`    "${r.from}" still appears at ${l.file}:${l.line}:${l.column}`));
    }
    out.push(
      style.dim('  Stored threads, traces, evals and approval lists may still hold the old names.'),
    );
  }
  for (const a of report.agents) {
    const same = a.before.join('\0') === a.after.join('\0');
    if (!same)
      out.push(
        '',
        style.dim(
          `What ${a.agent} offers: ${a.before.join(', ') || '(nothing)'} -> ${a.after.join(', ') || '(nothing)'}`,
        ),
      );
  }
  // The summary counts what "Needs a human" lists; notes are information only.
  const human = report.findings.filter(needsHuman);
  const notes = report.findings.filter((f) => !needsHuman(f));
  if (human.length) {
    out.push('', 'Needs a human');
    for (const f of human)
      out.push(
        `  ${f.severity === 'error' ? style.bad(f.kind) : style.warn(f.kind)}${stateTag(f, style)}  ${f.message}  ${style.dim(where(f))}`,
      );
  }
  if (notes.length) {
    out.push('', 'Notes');
    for (const f of notes) out.push(`  ${style.dim(f.kind)}  ${f.message}  ${style.dim(where(f))}`);
  }
  const t = report.totals;
  if (report.unchecked.length) {
    out.push('', 'Not checked in full');
    for (const [reason, agents] of uncheckedByReason(report))
      out.push(`  ${reason}: ${agents.join(', ')}`);
  }
  // "0 findings need a human" only where every agent could be checked.
  const unchecked = t.unchecked
    ? ` (${t.unchecked} ${t.unchecked === 1 ? 'agent' : 'agents'} not checked in full)`
    : '';
  if (report.noMastraCode)
    out.push('', `${report.noMastraCode[0]!.toUpperCase()}${report.noMastraCode.slice(1)}.`);
  if (report.baseline) out.push(...baselineLines(report, style));
  out.push(
    '',
    `${t.changes} ${t.changes === 1 ? 'edit' : 'edits'} in ${t.files} ${t.files === 1 ? 'file' : 'files'} (${t.preserved} keep the names the model sees, ${t.fixed} fix a request or a prompt, ${t.renamed} change a name the model sees); ` +
      `${t.findings} findings need a human${unchecked}, ${t.notes} ${t.notes === 1 ? 'note' : 'notes'}; ${t.failedFiles} files could not be processed.` +
      (report.mode === 'migrate' ? ` ${t.files} files written.` : ' Dry run: nothing was written.'),
  );
  return out.join('\n').replace(/^\n+/, '');
}
