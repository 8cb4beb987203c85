import { createRequire } from 'node:module';

/** The jscodeshift parser for a file, by extension: `<T>x` casts break the tsx parser on .ts files. */
export function parserFor(file: string): 'ts' | 'tsx' | 'babel' {
  if (/\.tsx$/i.test(file)) return 'tsx';
  if (/\.[mc]?ts$/i.test(file)) return 'ts';
  return 'babel';
}

const require = createRequire(import.meta.url);
type GetParser = (name: string) => { parse(code: string): unknown };
// Loaded at the first check, not with this module: a run that rewrites nothing never loads babel.
let getParser: GetParser | undefined;
const parsers = new Map<string, { parse(code: string): unknown }>();

/**
 * Parses with the very parser jscodeshift uses for the file, without recast's copy of the tree:
 * for checking that a result still parses, at a fraction of the cost of `j(text)`. Throws on a
 * syntax error.
 */
export function checkParses(file: string, text: string): void {
  const name = parserFor(file);
  let parser = parsers.get(name);
  if (!parser) {
    getParser ??= require('jscodeshift/src/getParser.js') as GetParser;
    parsers.set(name, (parser = getParser(name)));
  }
  parser.parse(text);
}
