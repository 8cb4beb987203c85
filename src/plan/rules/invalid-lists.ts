/**
 * Names a prompt lists as ones NOT to use: `Invalid names:` followed by a bullet list, `Deprecated
 * tools: a, b`, `Do not use: x`. Such a name is right where it is, whatever the agent is offered:
 * rewriting it to an offered name makes the prompt call the right name wrong, and it is no stale
 * mention either.
 */

/** Words with which a prompt marks what follows as names not to use. */
const MARKED =
  /\b(invalid|forbidden|deprecated|obsolete|disallowed|prohibited|banned|not allowed|not available|unavailable|do not (use|call)|don'?t (use|call)|never (use|call)|must not (use|call)|avoid)\b/i;

const BULLET = /^\s*([-*+•]|\d+[.)])\s/;

/**
 * Is the name at `offset` of `text` in a list marked as names not to use: on a line that says so
 * before it, or an item of a bullet block whose introducing line (or heading) says so?
 */
export function inInvalidList(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  // "Do NOT use for: file reading (use read_file)": the aside names what to use instead, also
  // where it names two ("(use edit_file/write_file)", "(use a or b)").
  if (
    /\((?:use|call|try)\s+(?:the\s+)?(?:\\?[`'"]?[\w-]+\\?[`'"]?\s*(?:\/|,|\bor\b|\band\b)\s*)*\\?[`'"]?$/i.test(
      text.slice(lineStart, offset),
    )
  )
    return false;
  // On its own line, a list the clause introduces ("Deprecated tools: a, b", "FAKE ids (NEVER
  // use): x"); "Never call save-lead twice" is about the tool, and "Avoid retries; use fetch_page"
  // asks for fetch_page.
  const clause =
    text
      .slice(lineStart, offset)
      .split(/[.;!?](?:\s|$)|\s[—–]\s/)
      .pop() ?? '';
  const marked = MARKED.exec(clause);
  if (marked && clause.slice(marked.index).includes(':')) return true;
  const lines = text.slice(0, lineStart).split('\n');
  lines.pop(); // the empty piece after the last newline
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  if (!BULLET.test(line)) return false;
  // Walk up over the block's other items and blank lines to the line that introduces it.
  let i = lines.length - 1;
  while (i >= 0 && (BULLET.test(lines[i]!) || lines[i]!.trim() === '')) i--;
  return i >= 0 && MARKED.test(lines[i]!);
}
