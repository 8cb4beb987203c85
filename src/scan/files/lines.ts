import { lowerBound } from '../../sorted.ts';

/**
 * Line and column (1-based; lines split at `\n`) of offsets in one text. The line breaks are found
 * once, on the first question, and each offset is placed by a binary search: a file with thousands
 * of hits is not walked from its start for each one.
 */
export function lineLocator(text: string): (at: number) => { line: number; column: number } {
  let breaks: number[] | undefined;
  return (at) => {
    if (!breaks) {
      breaks = [];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) breaks.push(i);
    }
    // How many line breaks come before `at`.
    const lo = lowerBound(breaks, at);
    return { line: lo + 1, column: at - (lo === 0 ? 0 : breaks[lo - 1]! + 1) + 1 };
  };
}

/**
 * ts-morph's `getLineAndColumnAtPos` (the line counts `\n`s; the column starts after the last `\n`
 * or `\r`), placing each offset by `lineLocator` instead of counting from the start of the text.
 */
export function morphLineLocator(text: string): (at: number) => { line: number; column: number } {
  const locate = lineLocator(text);
  return (at) => {
    const { line, column } = locate(at);
    for (let i = at - 1; i > at - column; i--)
      if (text.charCodeAt(i) === 13) return { line, column: at - i };
    return { line, column };
  };
}
