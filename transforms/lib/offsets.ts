/**
 * The scanner (TypeScript) and the parser (recast + Babel) count offsets differently. Both skip a
 * leading BOM, but recast hands Babel a normalised copy of the text: every line break becomes LF,
 * and every line's leading whitespace is re-rendered as spaces (a tab counts up to the next multiple
 * of the tab width, `\v`, `\f`, `\r` and a BOM count nothing). This maps scanner offsets to parser
 * offsets, and tells the printer which line ending to write back.
 */

/** recast's default, which jscodeshift keeps. */
export const TAB_WIDTH = 4;

const LINE_BREAK = /\r\n|\r(?!\n)|\n|\u2028|\u2029/g;
const LEADING_SPACE = /^\s*/;

/** The width recast gives a line's leading whitespace. */
function indentWidth(spaces: string, tabWidth: number): number {
  let width = 0;
  for (const ch of spaces) {
    if (ch === '\t')
      width = width % tabWidth === 0 ? width + tabWidth : Math.ceil(width / tabWidth) * tabWidth;
    else if (ch !== '\v' && ch !== '\f' && ch !== '\r' && ch !== '\ufeff') width += 1;
  }
  return width;
}

interface Line {
  /** Offset of the line in the scanner's text, and in the parser's. */
  start: number;
  parserStart: number;
  /** Length of the leading whitespace in the scanner's text, and its width in the parser's. */
  indent: number;
  parserIndent: number;
}

export function toParserOffsets(source: string, tabWidth = TAB_WIDTH): (offset: number) => number {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  // The common case: LF only and no tab, \v, \f or BOM in any indentation: offsets agree.
  if (!/[\r\u2028\u2029]/.test(text) && !/(^|\n)[^\S\n]*[\t\v\f\ufeff]/.test(text))
    return (offset) => offset;
  const lines: Line[] = [];
  let start = 0;
  let parserStart = 0;
  const add = (end: number) => {
    const spaces = LEADING_SPACE.exec(text.slice(start, end))![0];
    const parserIndent = indentWidth(spaces, tabWidth);
    lines.push({ start, parserStart, indent: spaces.length, parserIndent });
    parserStart += parserIndent + (end - start - spaces.length) + 1;
  };
  for (const m of text.matchAll(LINE_BREAK)) {
    add(m.index);
    start = m.index + m[0].length;
  }
  add(text.length);
  return (offset) => {
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines[mid]!.start <= offset) lo = mid;
      else hi = mid - 1;
    }
    const line = lines[lo]!;
    const column = offset - line.start;
    // Offsets inside the indentation only occur at a line's start; they map to the content's start.
    return (
      line.parserStart +
      (column <= line.indent
        ? column === 0
          ? 0
          : line.parserIndent
        : line.parserIndent + column - line.indent)
    );
  };
}

/** The line ending the file uses, so recast does not rewrite every line of a CRLF file. */
export function lineTerminatorOf(source: string): '\r\n' | '\n' {
  const crlf = source.split('\r\n').length - 1;
  const lf = source.split('\n').length - 1 - crlf;
  return crlf > lf ? '\r\n' : '\n';
}
