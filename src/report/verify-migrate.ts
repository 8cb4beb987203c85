/** The `migrate --verify` section of a report: per agent, the planned change next to the measured one. */
import type {
  MigrateAppVerification,
  MigrateVerification,
  PlannedAgentCheck,
  WireSnapshot,
} from '../verify/model.ts';
import { names } from './verify-text.ts';
import { PLAIN, type Style } from './style.ts';

function wire(s: WireSnapshot): string {
  if (s.unmeasured) return `not measured (${s.unmeasured})`;
  if (s.error) return `generate() fails: ${s.error}`;
  const choice =
    s.toolChoice && s.toolChoice.mode !== 'auto'
      ? `  (tool choice ${s.toolChoice.mode === 'tool' ? s.toolChoice.toolName : s.toolChoice.mode})`
      : '';
  return `${names(s.tools ?? [])}${choice}`;
}

const same = (a: readonly string[], b: readonly string[]) => a.join('\0') === b.join('\0');

function plannedLine(a: PlannedAgentCheck): string {
  if (!a.planned) return 'no plan entry';
  return same(a.planned.before, a.planned.after)
    ? `unchanged: ${names(a.planned.after)}`
    : `${names(a.planned.before)} -> ${names(a.planned.after)}`;
}

function measuredLine(a: {
  measured?: { before: WireSnapshot; after: WireSnapshot };
  before?: WireSnapshot;
  after?: WireSnapshot;
}): string {
  const before = a.measured?.before ?? a.before!;
  const after = a.measured?.after ?? a.after!;
  const [b, c] = [wire(before), wire(after)];
  return b === c ? `unchanged: ${c}` : `${b} -> ${c}`;
}

function appText(v: MigrateAppVerification, single: boolean, style: Style): string[] {
  const name = single ? '' : `${v.path}: `;
  if (v.notInstalled)
    return [
      style.warn(
        `${name || 'The app: '}not measured, so its changes are not verified: ${v.notInstalled.reason}; install them with \`${v.notInstalled.command}\`${v.notInstalled.cwd === v.path ? '' : ` in ${v.notInstalled.cwd}`}`,
      ),
    ];
  const out = [
    `${name}Measured with the app's own @mastra/core ${v.mastra.version ?? '(version unknown)'}${v.measuredAgain ? ', before and after the changes' : ' (nothing was written, so once)'}`,
  ];
  if (v.loadErrorAfter)
    out.push(
      style.bad(`  ! the app no longer loads after the migration: ${v.loadErrorAfter.reason}`),
    );
  for (const a of v.agents) {
    const status =
      a.status === 'as-planned'
        ? style.good('as planned')
        : a.status === 'unmeasured'
          ? style.warn('not measured')
          : style.bad('differs from the plan');
    out.push(
      `  ${a.key}${a.agent && a.agent !== a.key ? ` (${a.agent})` : ''}  ${status}${a.predictable ? '' : style.dim('  (tools known only at run time: the change is compared)')}`,
    );
    out.push(`    planned:  ${plannedLine(a)}`, `    measured: ${measuredLine(a)}`);
    for (const e of a.errors) out.push(style.bad(`    ! ${e}`));
  }
  for (const c of v.calls) {
    out.push(
      `  ${c.location ? `${c.location.file}:${c.location.line} ` : ''}${c.agent}.${c.method}()  ${c.errors.length ? style.bad('error') : style.good('ok')}`,
      `    measured: ${measuredLine(c)}`,
    );
    for (const e of c.errors) out.push(style.bad(`    ! ${e}`));
  }
  return out;
}

const single = (v: MigrateVerification) => v.apps.length === 1 && v.apps[0]!.path === '.';

export function renderMigrateVerifyText(v: MigrateVerification, style: Style = PLAIN): string {
  const out = v.apps.flatMap((app) => appText(app, single(v), style));
  if (v.notMeasured)
    out.push(
      style.warn(
        `${v.notMeasured} ${v.notMeasured === 1 ? 'app was' : 'apps were'} not measured, so ${v.notMeasured === 1 ? 'its' : 'their'} changes are not verified`,
      ),
    );
  out.push(
    v.errors
      ? style.bad(`${v.errors} ${v.errors === 1 ? 'difference' : 'differences'} from the plan`)
      : style.good('Every measured change is the planned one.'),
  );
  return out.join('\n');
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function appMarkdown(v: MigrateAppVerification, single: boolean): string[] {
  const out: string[] = single ? [] : [`#### \`${v.path}\``, ''];
  if (v.notInstalled)
    return [
      ...out,
      `Not measured, so its changes are not verified: ${cell(v.notInstalled.reason)}; install them with \`${v.notInstalled.command}\`${v.notInstalled.cwd === v.path ? '' : ` in \`${v.notInstalled.cwd}\``}.`,
      '',
    ];
  out.push(
    `With the app's own \`@mastra/core\` ${v.mastra.version ?? '(version unknown)'}, offline.${v.errors ? ` **${v.errors} ${v.errors === 1 ? 'difference' : 'differences'} from the plan.**` : ' Every measured change is the planned one.'}`,
    '',
  );
  if (v.loadErrorAfter)
    out.push(
      `> **The app no longer loads after the migration:** ${cell(v.loadErrorAfter.reason)}`,
      '',
    );
  out.push('| agent | planned | measured | status |', '| --- | --- | --- | --- |');
  for (const a of v.agents)
    out.push(
      `| ${cell(a.key)} | ${cell(plannedLine(a))} | ${cell(measuredLine(a))} | ${a.status === 'differs-from-plan' ? `**differs**: ${cell(a.errors.join('; '))}` : a.status.replace(/-/g, ' ')} |`,
    );
  for (const c of v.calls)
    out.push(
      `| ${cell(`${c.location ? `${c.location.file}:${c.location.line} ` : ''}${c.agent}.${c.method}()`)} | | ${cell(measuredLine(c))} | ${c.errors.length ? `**error**: ${cell(c.errors.join('; '))}` : 'ok'} |`,
    );
  out.push('');
  return out;
}

export function renderMigrateVerifyMarkdown(v: MigrateVerification): string {
  const out = ['### Measured before and after', ''];
  out.push(...v.apps.flatMap((app) => appMarkdown(app, single(v))));
  if (v.notMeasured)
    out.push(
      `**${v.notMeasured} ${v.notMeasured === 1 ? 'app was' : 'apps were'} not measured**, so ${v.notMeasured === 1 ? 'its' : 'their'} changes are not verified.`,
      '',
    );
  return out.join('\n');
}
