/** Type errors of a project folder by its own tsconfig, as `file: message` lines (for before/after checks). */
import path from 'node:path';
import ts from 'typescript';

export function diagnostics(root: string, options: ts.CompilerOptions = {}): string[] {
  const configFile = ts.findConfigFile(root, (f) => ts.sys.fileExists(f))!;
  const parsed = ts.getParsedCommandLineOfConfigFile(configFile, options, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  })!;
  const program = ts.createProgram(parsed.fileNames, parsed.options);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}
