/**
 * Plain-text edits for prompt files (.md, .txt): spliced from the end, each checked against the text
 * it replaces, all or nothing.
 */
import type { Edit } from '../../src/plan/model.ts';

export { isSourceFile as isCodeFile } from '../../src/scan/files/discover.ts';

/** A file's new text and the edits in it, or why none was made. */
export type FileOutcome =
  { ok: true; text: string; applied: Edit[] } | { ok: false; error: string };

export function applyTextFileEdits(source: string, edits: readonly Edit[]): FileOutcome {
  let text = source;
  for (const e of [...edits].sort((a, b) => b.location.start - a.location.start)) {
    if (e.target !== 'text' || text.slice(e.location.start, e.location.end) !== e.before) {
      return {
        ok: false,
        error: `planned edit not found at ${e.location.line}:${e.location.column} (${e.before}); the file changed since the scan?`,
      };
    }
    text = text.slice(0, e.location.start) + e.after + text.slice(e.location.end);
  }
  return { ok: true, text, applied: [...edits] };
}
