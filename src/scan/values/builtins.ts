/**
 * Mastra's built-in tools. Their ids are read from the @mastra/core installed in the scanned repo
 * (the `id` type argument in its declarations); this table is the fallback when it is not installed.
 */
import type { Node } from '../../ts-morph.ts';
import type { MastraExport } from '../ast.ts';
import { UNDECIDED } from './package-tool-ids.ts';
import { fromUnresolvedPackage } from './unresolved-package.ts';
import type { TypeOracle } from './type-oracle.ts';

/**
 * Measured on @mastra/core 1.67.0 and 1.71.0; `test/package-tool-ids.test.ts` checks that it equals
 * the tools exported by the installed package (its declarations and its runtime objects).
 */
export const BUNDLED_BUILTIN_IDS: Readonly<Record<string, string>> = {
  // @mastra/core/tools (the first six also from /harness and /agent-controller)
  askUserTool: 'ask_user',
  submitPlanTool: 'submit_plan',
  taskWriteTool: 'task_write',
  taskUpdateTool: 'task_update',
  taskCompleteTool: 'task_complete',
  taskCheckTool: 'task_check',
  webFetchTool: 'web_fetch',
  // @mastra/core/workspace
  readFileTool: 'mastra_workspace_read_file',
  writeFileTool: 'mastra_workspace_write_file',
  editFileTool: 'mastra_workspace_edit_file',
  listFilesTool: 'mastra_workspace_list_files',
  deleteFileTool: 'mastra_workspace_delete',
  fileStatTool: 'mastra_workspace_file_stat',
  mkdirTool: 'mastra_workspace_mkdir',
  searchTool: 'mastra_workspace_search',
  indexContentTool: 'mastra_workspace_index',
  executeCommandTool: 'mastra_workspace_execute_command',
};

/** A marker that becomes a provider-defined tool: it has no id and must never be re-keyed. */
export const WEB_SEARCH_MARKER = 'webSearchTool';

/** The literal `id` type of a tool value, as the installed declarations type it. */
export function declaredToolId(types: TypeOracle, node: Node): string | undefined {
  // A package's declarations are all the checker could read the id from: none are installed.
  if (types.installed === false && fromUnresolvedPackage(node)) return undefined;
  return types.withTypes(node, (typed) => {
    try {
      const idProp = typed.getType().getProperty('id');
      const idType = idProp?.getTypeAtLocation(typed);
      const id = idType?.isStringLiteral() ? idType.getLiteralValue() : undefined;
      if (typeof id === 'string') return id;
    } catch {
      // Unresolvable types (package not installed, broken code) fall back to the bundled table.
    }
    return undefined;
  });
}

/**
 * The id of a tool exported by an installed Mastra package, read along its export chain; the type
 * checker is asked only when that chain holds something the reader does not understand.
 */
export function installedToolId(
  types: TypeOracle,
  node: Node,
  exported: MastraExport,
): string | undefined {
  const answer = types.packageToolId(
    node.getSourceFile().getFilePath(),
    exported.module,
    exported.exportName,
  );
  return answer === UNDECIDED ? declaredToolId(types, node) : answer;
}
