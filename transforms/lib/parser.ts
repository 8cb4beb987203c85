/** The jscodeshift parser for a file, by extension: `<T>x` casts break the tsx parser on .ts files. */
export function parserFor(file: string): 'ts' | 'tsx' | 'babel' {
  if (/\.tsx$/i.test(file)) return 'tsx';
  if (/\.[mc]?ts$/i.test(file)) return 'ts';
  return 'babel';
}
