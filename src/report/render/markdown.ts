/**
 * The report as a pull-request comment: summary, what each agent offers, findings, diffs folded.
 *
 * GitHub refuses a comment over 65,536 characters (a real repository's report came to 121 KB), so
 * a report that does not fit is shortened: the summary always stays; then, as room allows, the
 * agents, renames and findings that need a human, the notes and each file's list of changes, and
 * last the diffs. What is left out is counted in a note at the top, with a pointer to the full
 * report.
 */
import { introduced, placeless } from '../baseline.ts';
import { needsHuman } from '../build.ts';
import { uncheckedByReason, type Report, type ReportChange, type ReportFinding } from '../model.ts';

/** GitHub's limit for a pull-request comment, in characters. */
export const COMMENT_LIMIT = 65_536;

/** The first line of every Markdown report: lets a bot find and update its own comment. */
export const MARKER = '<!-- mastra-tool-names -->';

export interface MarkdownOptions {
  /** At most this many characters (default: COMMENT_LIMIT). */
  maxLength?: number;
  /** Where the full report is, named when the report had to be shortened. */
  fullReport?: string;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => (s ? `\`${s.replace(/`/g, 'ˋ')}\`` : '');
const list = (names: string[]) => names.map(code).join(', ') || '_none_';

/** Dropped first when room runs out: higher tiers go before lower ones. */
type Tier = 1 | 2 | 3;
interface Item {
  tier: Tier;
  lines: string[];
}
/** A heading and closing lines around items; shown only when one of its items is. */
interface Section {
  head: string[];
  items: Item[];
  tail: string[];
  /** What a left-out item is called in the note ("finding", "diff"...), by tier. */
  noun: string;
}

type Part = string[] | Section;

function documentParts(report: Report): Part[] {
  const t = report.totals;
  const parts: Part[] = [];
  const verb = report.mode === 'migrate' ? 'applied' : 'proposed';
  const b = report.baseline;
  parts.push([
    MARKER,
    b
      ? `## mastra-tool-names: this change introduces ${b.totals.introduced}, fixes ${b.totals.fixed}, leaves ${b.totals.unchanged} as they were`
      : `## mastra-tool-names: ${t.changes} changes ${verb}, ${t.findings} findings need a human`,
    '',
    '| | count |',
    '| --- | ---: |',
    `| edits that keep what the model sees | ${t.preserved} |`,
    `| edits that fix a broken request or prompt | ${t.fixed} |`,
    `| edits that **rename what the model sees** | ${t.renamed} |`,
    `| files changed | ${t.files} |`,
    `| findings that need a human | ${t.findings} |`,
    `| notes | ${t.notes} |`,
    `| files that could not be processed | ${t.failedFiles} |`,
    `| agents not checked in full | ${t.unchecked} |`,
    '',
    ...uncheckedByReason(report).map(
      ([reason, agents]) =>
        `Not checked in full (${reason}): ${agents.map((a) => `\`${a}\``).join(', ')}`,
    ),
    ...(t.unchecked ? [''] : []),
    ...(report.noMastraCode
      ? [`${report.noMastraCode[0]!.toUpperCase()}${report.noMastraCode.slice(1)}.`, '']
      : []),
  ]);
  // Only agents whose names change or that a finding is about: unchanged ones are noise in a PR.
  const concerned = new Set(report.findings.flatMap((f) => f.agents));
  const shown = report.agents.filter(
    (a) => a.before.join('\0') !== a.after.join('\0') || concerned.has(a.agent),
  );
  if (shown.length) {
    const rows = shown.map((a): Item => {
      const same = a.before.join('\0') === a.after.join('\0');
      return {
        tier: 1,
        lines: [
          `| ${cell(a.agent)} | ${cell(list(a.before))} | ${same ? '_unchanged_' : cell(list(a.after))} |`,
        ],
      };
    });
    parts.push({
      head: ['### What the model sees', '', '| agent | before | after |', '| --- | --- | --- |'],
      items: rows,
      tail:
        shown.length < report.agents.length
          ? [
              '',
              report.agents.length - shown.length === 1
                ? '_1 other agent offers the same names after the change and has no findings._'
                : `_${report.agents.length - shown.length} other agents offer the same names after the change and have no findings._`,
              '',
            ]
          : [''],
      noun: 'agent',
    });
  }
  if (report.renames.length) {
    const items = report.renames.map((r): Item => {
      const still = r.stillUsedAt.length
        ? ` The old name still appears at ${r.stillUsedAt.map((l) => code(`${l.file}:${l.line}`)).join(', ')}.`
        : '';
      return {
        tier: 1,
        lines: [`- ${code(r.from)} → ${code(r.to)} (${r.agents.join(', ')}).${still}`],
      };
    });
    parts.push({
      head: ['### Renamed on the wire', ''],
      items,
      tail: [
        '',
        '> Stored threads, traces, evals and approval lists may still hold the old names.',
        '',
      ],
      noun: 'rename',
    });
  }
  const finding = (f: Report['findings'][number], tier: Tier): Item => ({
    tier,
    lines: [
      `- **${f.kind}** ${f.locations.map((l) => code(`${l.file}:${l.line}`)).join(', ')}: ${cell(f.message)}`,
    ],
  });
  const human = report.findings.filter(needsHuman);
  const notes = report.findings.filter((f) => !needsHuman(f));
  if (b) parts.push(...baselineParts(report));
  else if (human.length)
    parts.push({
      head: ['### Needs a human', ''],
      items: human.map((f) => finding(f, 1)),
      tail: [''],
      noun: 'finding',
    });
  if (notes.length)
    parts.push({
      head: ['<details><summary>Notes</summary>', ''],
      items: notes.map((f) => finding(f, 2)),
      tail: ['', '</details>', ''],
      noun: 'note',
    });
  for (const f of report.files) {
    const changes = report.changes.filter((c) => c.file === f.file);
    const items: Item[] = changes.map((c) => ({
      tier: 2,
      lines: [
        `- line ${c.line}: ${c.target === 'import' ? `adds ${code(c.after.trim())}` : `${code(c.before)} → ${code(c.after)}`} (${c.rule}, ${c.effect}): ${cell(c.reason)}`,
      ],
    }));
    if (f.diff)
      items.push({
        tier: 3,
        lines: [
          '',
          '```diff',
          f.diff
            .split('\n')
            .filter((l) => !l.startsWith('===') && !l.startsWith('Index:'))
            .join('\n')
            .trimEnd(),
          '```',
        ],
      });
    if (f.error) items.push({ tier: 2, lines: ['', f.error] });
    const head = [
      `<details><summary>${f.file} (${f.status === 'failed' ? 'could not be processed' : `${changes.length} changes`})</summary>`,
      '',
    ];
    parts.push({ head, items, tail: ['', '</details>', ''], noun: 'file' });
  }
  if (report.mode !== 'migrate' && t.changes > 0)
    parts.push([`Apply with \`npx mastra-tool-names migrate ${report.target}\`.`, '']);
  return parts;
}

/** A change or finding, for the one-line-per-cause lists of `check --base`. */
type Listed = ReportChange | ReportFinding;

const placesOf = (item: Listed) =>
  'before' in item
    ? [`${item.file}:${item.line}`]
    : item.locations.map((l) => `${l.file}:${l.line}`);

/** One line per cause: the items that say the same thing, wherever they are. */
function byCause(items: Listed[], tier: Tier): Item[] {
  const groups = new Map<string, Listed[]>();
  for (const item of items) {
    const cause =
      'before' in item
        ? `${item.rule}\0${item.before}\0${item.after}\0${placeless(item.reason)}`
        : `${item.kind}\0${placeless(item.message)}`;
    groups.set(cause, [...(groups.get(cause) ?? []), item]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const places = group.flatMap(placesOf);
    const what =
      'before' in first
        ? `**${first.rule}** ${first.target === 'import' ? `adds ${code(first.after.trim())}` : `${code(first.before)} → ${code(first.after)}`} (${first.effect}): ${cell(first.reason)}`
        : `**${first.kind}** ${cell(first.message)}`;
    const shown = places.slice(0, 5).map(code).join(', ');
    const more = places.length > 5 ? ` and ${places.length - 5} more` : '';
    return { tier, lines: [`- ${what} (${shown}${more})`] };
  });
}

/** `check --base`: what the change introduces first, what it fixes, the backlog folded. */
function baselineParts(report: Report): Section[] {
  const b = report.baseline!;
  const items: Listed[] = [...report.changes, ...report.findings];
  const actionable = (i: Listed) => 'before' in i || needsHuman(i);
  const brought = items.filter((i) => introduced(i) && actionable(i));
  const kept = items.filter((i) => i.baseline === 'unchanged' && actionable(i));
  const fixed = [...b.fixed.changes, ...b.fixed.findings].filter(actionable);
  const sections: Array<[Listed[], string[], string[], Tier, string]> = [
    [
      brought,
      [`### Introduced by this change (${brought.length})`, ''],
      [''],
      1,
      'introduced cause',
    ],
    [fixed, [`### Fixed by this change (${fixed.length})`, ''], [''], 1, 'fixed cause'],
    [
      kept,
      [`<details><summary>Left as they were (${kept.length}, already on ${b.ref})</summary>`, ''],
      ['', '</details>', ''],
      2,
      'cause left as it was',
    ],
  ];
  return sections
    .filter(([listed]) => listed.length > 0)
    .map(([listed, head, tail, tier, noun]) => ({
      head,
      items: byCause(listed, tier),
      tail,
      noun,
    }));
}

const size = (lines: string[]) => lines.reduce((n, l) => n + l.length + 1, 0);

/** Chooses the items to keep within `budget` characters, most important tiers first. */
function choose(parts: Part[], budget: number): Set<Item> {
  const kept = new Set<Item>();
  const open = new Set<Section>();
  let used = parts.reduce((n, p) => n + (Array.isArray(p) ? size(p) : 0), 0);
  for (const tier of [1, 2, 3] as const) {
    for (const part of parts) {
      if (Array.isArray(part)) continue;
      for (const item of part.items) {
        if (item.tier !== tier) continue;
        const cost = size(item.lines) + (open.has(part) ? 0 : size(part.head) + size(part.tail));
        if (used + cost > budget) continue;
        used += cost;
        kept.add(item);
        open.add(part);
      }
    }
  }
  return kept;
}

function assemble(parts: Part[], kept: (item: Item) => boolean, notice: string[]): string {
  const out: string[] = [];
  parts.forEach((part, i) => {
    if (Array.isArray(part)) {
      out.push(...part);
      // The note goes right under the title.
      if (i === 0 && notice.length) out.splice(3, 0, ...notice);
      return;
    }
    const items = part.items.filter(kept);
    if (items.length === 0) return;
    out.push(...part.head, ...items.flatMap((it) => it.lines), ...part.tail);
  });
  return out.join('\n');
}

function omissions(parts: Part[], kept: Set<Item>): string {
  const counts = new Map<string, number>();
  const add = (noun: string, n: number) => n > 0 && counts.set(noun, (counts.get(noun) ?? 0) + n);
  for (const part of parts) {
    if (Array.isArray(part)) continue;
    const shown = part.items.filter((it) => kept.has(it));
    if (part.noun === 'file') {
      if (shown.length === 0) add('file', 1);
      else {
        add('diff', part.items.filter((it) => it.tier === 3 && !kept.has(it)).length);
        add('listed change', part.items.filter((it) => it.tier === 2 && !kept.has(it)).length);
      }
    } else {
      add(part.noun, part.items.length - shown.length);
    }
  }
  return [...counts]
    .map(([noun, n]) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`)
    .join(', ');
}

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const max = options.maxLength ?? COMMENT_LIMIT;
  const parts = documentParts(report);
  const everything = assemble(parts, () => true, []);
  if (everything.length <= max) return everything;
  const pointer =
    options.fullReport ??
    `\`npx mastra-tool-names ${report.mode === 'check' ? 'check' : 'migrate --dry-run'} ${report.target}\``;
  let reserve = 0;
  for (;;) {
    const kept = choose(parts, max - reserve);
    const notice = [
      `> **Shortened to fit GitHub's limit of ${max.toLocaleString('en-US')} characters.** Not shown: ${omissions(parts, kept)}. The full report: ${pointer}.`,
      '',
    ];
    const text = assemble(parts, (it) => kept.has(it), notice);
    if (text.length <= max) return text;
    if (reserve >= max) return text.slice(0, max); // only when the summary alone does not fit
    reserve += text.length - max;
  }
}
