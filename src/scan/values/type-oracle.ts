/**
 * Questions that need the installed declarations (a built-in's `id` type, whether a value is typed
 * by @mastra/core or the AI SDK). A built-in's id is read from the package's export chain
 * (`package-tool-ids.ts`); anything that reader or the syntactic tracing cannot decide goes to a
 * type-checked project built for the owning tsconfig only when the first such question comes,
 * with only the file asked about as its root. Most repositories never pay for it: the scan project
 * has no node_modules types and no lib files.
 */
import { Project, type Node, type ts } from '../../ts-morph.ts';
import { isStackOverflow } from '../files/isolate.ts';
import { PackageToolIds, UNDECIDED, type ToolIdAnswer } from './package-tool-ids.ts';
import type { TsConfigs } from '../files/tsconfigs.ts';

export interface TypeOracle {
  /** Runs `query` on the same node in a project that has the installed types. */
  withTypes<T>(node: Node, query: (typed: Node) => T): T | undefined;
  /**
   * The literal `id` of a tool that `module` exports, as `fromFile` would see it, read from the
   * installed package's declarations without a type check; UNDECIDED sends the caller to withTypes.
   */
  packageToolId(fromFile: string, module: string, exportName: string): ToolIdAnswer;
  /** Files a typed project was built for so far (each loads the installed declarations it imports). */
  typeChecked?(): string[];
  /** Files the typed projects loaded, outside node_modules (what their answers rest on). */
  loaded?(): string[];
}

/** For in-memory scans: the project itself is all there is (nothing installed is read). */
export const SAME_PROJECT: TypeOracle = {
  withTypes: (node, query) => query(node),
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

export function typedProjects(configs: TsConfigs): TypeOracle {
  const projects = new Map<string, Project>();
  const typedOptions = new Map<string, ts.CompilerOptions>();
  const ids = new PackageToolIds();
  const checked: string[] = [];
  /** The options the typed project of a file's tsconfig is built with (one object per tsconfig). */
  const optionsFor = (file: string) => {
    const { configFile, options } = configs.ownerOf(file);
    let typed = typedOptions.get(configFile ?? '');
    if (!typed)
      typedOptions.set(configFile ?? '', (typed = { ...options, allowJs: true, noEmit: true }));
    return { key: configFile ?? '', options: typed };
  };
  return {
    withTypes(node, query) {
      const file = node.getSourceFile().getFilePath();
      const { key, options } = optionsFor(file);
      let project = projects.get(key);
      if (!project) {
        project = new Project({
          compilerOptions: options,
          skipAddingFilesFromTsConfig: true,
          skipFileDependencyResolution: true,
        });
        projects.set(key, project);
      }
      try {
        let copy = project.getSourceFile(file);
        if (!copy) {
          copy = project.addSourceFileAtPath(file);
          checked.push(file);
        }
        const typed = sameNode(node, copy);
        return typed ? query(typed) : undefined;
      } catch (error) {
        // The typed project loads what the file imports: a deeply nested import leaves the question unanswered.
        if (isStackOverflow(error)) return undefined;
        throw error;
      }
    },
    loaded() {
      return [...projects.values()].flatMap((p) =>
        p
          .getProgram()
          .compilerObject.getSourceFiles()
          .map((sf) => sf.fileName)
          .filter((f) => !/[\\/]node_modules[\\/]/.test(f)),
      );
    },
    packageToolId(fromFile, module, exportName) {
      return ids.idOf(fromFile, module, exportName, optionsFor(fromFile).options);
    },
    typeChecked: () => [...checked],
  };
}
