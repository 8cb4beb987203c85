/**
 * The scanner (TypeScript) and the parser (recast + Babel) count offsets differently: both skip a
 * leading BOM, but recast hands Babel the text with every CRLF turned into LF. This maps scanner
 * offsets to parser offsets, and tells the printer which line ending to write back.
 */
export function toParserOffsets(source: string): (offset: number) => number {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const crlf: number[] = [];
  for (let at = text.indexOf('\r\n'); at !== -1; at = text.indexOf('\r\n', at + 2)) crlf.push(at);
  if (crlf.length === 0) return (offset) => offset;
  return (offset) => {
    let before = 0;
    while (before < crlf.length && crlf[before]! < offset) before++;
    return offset - before;
  };
}

/** The line ending the file uses, so recast does not rewrite every line of a CRLF file. */
export function lineTerminatorOf(source: string): '\r\n' | '\n' {
  const crlf = source.split('\r\n').length - 1;
  const lf = source.split('\n').length - 1 - crlf;
  return crlf > lf ? '\r\n' : '\n';
}
