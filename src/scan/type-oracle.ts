/**
 * Questions that need the installed declarations (a built-in's `id` type, whether a value is typed
 * by @mastra/core or the AI SDK) are answered here, in a project built for the owning tsconfig only
 * when the first such question comes. Most repositories never pay for it: the scan project has no
 * node_modules types and no lib files.
 */
import { Project, type Node } from 'ts-morph';
import { isStackOverflow } from './isolate.ts';
import type { TsConfigs } from './tsconfigs.ts';

export interface TypeOracle {
  /** Runs `query` on the same node in a project that has the installed types. */
  withTypes<T>(node: Node, query: (typed: Node) => T): T | undefined;
}

/** For in-memory scans: the project itself is all there is. */
export const SAME_PROJECT: TypeOracle = { withTypes: (node, query) => query(node) };

/** The node with the same kind and span in another copy of the file. */
function sameNode(node: Node, copy: Node): Node | undefined {
  const start = node.getStart();
  const end = node.getEnd();
  for (let at: Node | undefined = copy.getSourceFile().getDescendantAtPos(start); at; at = at.getParent()) {
    if (at.getStart() === start && at.getEnd() === end && at.getKind() === node.getKind()) return at;
    if (at.getStart() < start || at.getEnd() > end) return undefined;
  }
  return undefined;
}

export function typedProjects(configs: TsConfigs): TypeOracle {
  const projects = new Map<string, Project>();
  return {
    withTypes(node, query) {
      const file = node.getSourceFile().getFilePath();
      const { configFile, options } = configs.ownerOf(file);
      let project = projects.get(configFile ?? '');
      if (!project) {
        project = new Project({ compilerOptions: { ...options, allowJs: true, noEmit: true }, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
        projects.set(configFile ?? '', project);
      }
      try {
        const copy = project.getSourceFile(file) ?? project.addSourceFileAtPath(file);
        const typed = sameNode(node, copy);
        return typed ? query(typed) : undefined;
      } catch (error) {
        // The typed project loads what the file imports: a deeply nested import leaves the question unanswered.
        if (isStackOverflow(error)) return undefined;
        throw error;
      }
    },
  };
}
