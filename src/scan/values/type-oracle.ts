/**
 * Questions that need the installed declarations (a built-in's `id` type, whether a value is typed
 * by @mastra/core or the AI SDK). A built-in's id is read from the package's export chain
 * (`package-tool-ids.ts`); anything that reader or the syntactic tracing cannot decide goes to a
 * type-checked program built for the owning tsconfig only when the first such question comes,
 * with the files asked about as its roots and the scan's parsed files shared (`typed-program.ts`).
 * Most repositories never pay for it: the scan project has no node_modules types and no lib files.
 */
import { createWrappedNode, type Node, type Project, type ts } from '../../ts-morph.ts';
import { isStackOverflow } from '../files/isolate.ts';
import { PackageToolIds, UNDECIDED, type ToolIdAnswer } from './package-tool-ids.ts';
import type { TsConfigs } from '../files/tsconfigs.ts';
import { ParsedFiles, typedProgram, type TypedProgram } from './typed-program.ts';

export interface TypeOracle {
  /**
   * False when no node_modules folder exists where the code could load declarations from
   * (installed.ts): no package's types can be seen. Undefined when not known.
   */
  installed?: boolean;
  /** Runs `query` on the same node in a program that has the installed types (and its checker). */
  withTypes<T>(node: Node, query: (typed: Node, checker: ts.TypeChecker) => T): T | undefined;
  /**
   * The literal `id` of a tool that `module` exports, as `fromFile` would see it, read from the
   * installed package's declarations without a type check; UNDECIDED sends the caller to withTypes.
   */
  packageToolId(fromFile: string, module: string, exportName: string): ToolIdAnswer;
  /** Files asked about with the checker so far (each loads the installed declarations it imports). */
  typeChecked?(): string[];
  /** Typed programs built so far (each with a new checker). */
  builds?(): number;
  /**
   * Files that will be asked about next: their program is built once with all of them, instead of
   * again for each (a new root makes a new program and checker).
   */
  expect?(files: readonly string[]): void;
  /** Files the typed projects loaded, outside node_modules (what their answers rest on). */
  loaded?(): string[];
}

/** For in-memory scans: the project itself is all there is (nothing installed is read). */
export const SAME_PROJECT: TypeOracle = {
  withTypes: (node, query) => query(node, node.getProject().getTypeChecker().compilerObject),
  packageToolId: () => UNDECIDED,
};

/** The node with the same kind and span in another copy of the file. */
function sameNode(node: Node, copy: Node): Node | undefined {
  const start = node.getStart();
  const end = node.getEnd();
  for (
    let at: Node | undefined = copy.getSourceFile().getDescendantAtPos(start);
    at;
    at = at.getParent()
  ) {
    if (at.getStart() === start && at.getEnd() === end && at.getKind() === node.getKind())
      return at;
    if (at.getStart() < start || at.getEnd() > end) return undefined;
  }
  return undefined;
}

export function typedProjects(configs: TsConfigs, scan?: Project, installed?: boolean): TypeOracle {
  const programs = new Map<string, TypedProgram>();
  const typedOptions = new Map<string, ts.CompilerOptions>();
  const parsed = new ParsedFiles();
  const ids = new PackageToolIds();
  const checked: string[] = [];
  // Wrapped copies for the current program of each tsconfig: ts-morph nodes whose types come from it.
  const wrapped = new WeakMap<ts.Program, Map<string, Node>>();
  const shared = (file: string) => scan?.getSourceFile(file)?.compilerNode;
  /** The options the typed program of a file's tsconfig is built with (one object per tsconfig). */
  const optionsFor = (file: string) => {
    const { configFile, options } = configs.ownerOf(file);
    let typed = typedOptions.get(configFile ?? '');
    if (!typed)
      typedOptions.set(configFile ?? '', (typed = { ...options, allowJs: true, noEmit: true }));
    return { key: configFile ?? '', options: typed };
  };
  const siblingsOf = (key: string) => () =>
    (scan?.getSourceFiles() ?? [])
      .map((sf) => sf.getFilePath() as string)
      .filter((f) => optionsFor(f).key === key);
  const typedCopy = (file: string) => {
    const { key, options } = optionsFor(file);
    let typed = programs.get(key);
    if (!typed) programs.set(key, (typed = typedProgram(options, shared, parsed, siblingsOf(key))));
    if (!checked.includes(file)) checked.push(file);
    const program = typed.programWith(file);
    let copies = wrapped.get(program);
    if (!copies) wrapped.set(program, (copies = new Map<string, Node>()));
    let copy = copies.get(file);
    if (!copy) {
      const sf = program.getSourceFile(file);
      if (!sf) return undefined;
      copy = createWrappedNode(sf, {
        compilerOptions: options,
        typeChecker: program.getTypeChecker(),
      });
      copies.set(file, copy);
    }
    return { copy, checker: program.getTypeChecker() };
  };
  return {
    ...(installed === undefined ? {} : { installed }),
    withTypes(node, query) {
      try {
        const found = typedCopy(node.getSourceFile().getFilePath());
        const typed = found && sameNode(node, found.copy);
        return typed ? query(typed, found.checker) : undefined;
      } catch (error) {
        // The typed program loads what the file imports: a deeply nested import leaves the question unanswered.
        if (isStackOverflow(error)) return undefined;
        throw error;
      }
    },
    loaded() {
      return [...programs.values()].flatMap(
        (p) =>
          p
            .current()
            ?.getSourceFiles()
            .map((sf) => sf.fileName)
            .filter((f) => !/[\\/]node_modules[\\/]/.test(f)) ?? [],
      );
    },
    packageToolId(fromFile, module, exportName) {
      return ids.idOf(fromFile, module, exportName, optionsFor(fromFile).options);
    },
    typeChecked: () => [...checked],
    builds: () => [...programs.values()].reduce((n, p) => n + p.builds(), 0),
    expect(files) {
      const byConfig = new Map<string, string[]>();
      for (const file of files) {
        const { key } = optionsFor(file);
        byConfig.set(key, [...(byConfig.get(key) ?? []), file]);
      }
      for (const [key, list] of byConfig) {
        const { options } = optionsFor(list[0]!);
        let typed = programs.get(key);
        if (!typed)
          programs.set(key, (typed = typedProgram(options, shared, parsed, siblingsOf(key))));
        typed.expect(list);
      }
    },
  };
}
