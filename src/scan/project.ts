/** Builds the ts-morph project for a scan: candidate files plus what they import, no type check. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Project, ts } from 'ts-morph';

export function createProject(root: string, files: string[]): Project {
  const tsConfigFilePath = path.join(root, 'tsconfig.json');
  const project = new Project({
    ...(existsSync(tsConfigFilePath) ? { tsConfigFilePath } : {}),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      allowJs: true,
      noEmit: true,
      jsx: ts.JsxEmit.Preserve,
      ...(existsSync(tsConfigFilePath) ? {} : { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022 }),
    },
  });
  for (const file of files) project.addSourceFileAtPath(file);
  // Pull in the user's own modules these files import (tool maps in files that never mention Mastra).
  project.resolveSourceFileDependencies();
  return project;
}

/** A project on an in-memory file system: nothing is read from disk, nothing resolves. */
export function createInMemoryProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    compilerOptions: { allowJs: true, noEmit: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
  });
}

/** Syntax errors of one file, as one readable line; undefined when it parses. */
export function syntaxError(project: Project, file: string): string | undefined {
  const sf = project.getSourceFile(file);
  if (!sf) return 'not loaded';
  const diagnostics = project.getProgram().compilerObject.getSyntacticDiagnostics(sf.compilerNode);
  const first = diagnostics[0];
  if (!first) return undefined;
  const { line, character } = first.file && first.start !== undefined ? first.file.getLineAndCharacterOfPosition(first.start) : { line: 0, character: 0 };
  return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(first.messageText, '\n')}`;
}
