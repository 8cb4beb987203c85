/** The formats of a verify report: the same model as text, JSON or Markdown. */
import type { VerifyReport } from '../verify/model.ts';
import { renderVerifyMarkdown } from './verify-markdown.ts';
import { renderVerifyText } from './verify-text.ts';
import { PLAIN, type Style } from './style.ts';

export const VERIFY_FORMATS = ['text', 'json', 'markdown'] as const;
export type VerifyFormat = (typeof VERIFY_FORMATS)[number];

/** Stacks and the app's output stay out unless asked for (--verbose). */
function withoutDetail(report: VerifyReport): VerifyReport {
  const strip = <T extends { detail?: string }>(e: T): T => {
    const { detail: _detail, ...rest } = e;
    return rest as T;
  };
  return {
    ...report,
    apps: report.apps.map((app) => ({
      ...app,
      ...(app.loadError ? { loadError: strip(app.loadError) } : {}),
      ...(app.scenarioError ? { scenarioError: strip(app.scenarioError) } : {}),
    })),
  };
}

export function renderVerifyReport(
  report: VerifyReport,
  format: VerifyFormat,
  style: Style = PLAIN,
  verbose = false,
): string {
  switch (format) {
    case 'json':
      return JSON.stringify(verbose ? report : withoutDetail(report), null, 2);
    case 'markdown':
      return renderVerifyMarkdown(report);
    case 'text':
      return renderVerifyText(report, style, verbose);
  }
}
