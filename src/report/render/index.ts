/** One printer interface: every output format renders the same report model. */
import type { Report } from '../model.ts';
import { PLAIN, type Style } from '../style.ts';
import { renderGithub, type GithubOptions } from './github.ts';
import { renderMarkdown, type MarkdownOptions } from './markdown.ts';
import { renderSarif } from './sarif.ts';
import { renderText } from './text.ts';
import { renderMigrateVerifyMarkdown, renderMigrateVerifyText } from '../verify-migrate.ts';

export const FORMATS = ['text', 'json', 'markdown', 'sarif', 'github'] as const;
export type Format = (typeof FORMATS)[number];

/** What some formats need beyond the report: see each renderer. */
export type RenderOptions = MarkdownOptions & GithubOptions;

const RENDERERS: Record<Format, (report: Report, style: Style, options: RenderOptions) => string> =
  {
    // `migrate --verify` adds its measured section after the report.
    text: (report, style) =>
      [renderText(report, style), report.verify && renderMigrateVerifyText(report.verify, style)]
        .filter(Boolean)
        .join('\n\n'),
    json: (report) => JSON.stringify(report, null, 2),
    markdown: (report, _style, options) =>
      [renderMarkdown(report, options), report.verify && renderMigrateVerifyMarkdown(report.verify)]
        .filter(Boolean)
        .join('\n'),
    sarif: (report) => renderSarif(report),
    github: (report, _style, options) => renderGithub(report, options),
  };

export function renderReport(
  report: Report,
  format: Format,
  style: Style = PLAIN,
  options: RenderOptions = {},
): string {
  return RENDERERS[format](report, style, options);
}

/** The format a report file's extension asks for, if any. */
export function formatForFile(file: string): Format | undefined {
  if (/\.sarif(\.json)?$/i.test(file)) return 'sarif';
  if (/\.json$/i.test(file)) return 'json';
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  if (/\.(txt|log)$/i.test(file)) return 'text';
  return undefined;
}
