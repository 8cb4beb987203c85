/**
 * Mastra's built-in tools. Their ids are read from the @mastra/core installed in the scanned repo
 * (the `id` type argument in its declarations); this table is the fallback when it is not installed.
 */
import { Node, VariableDeclarationKind } from '../../ts-morph.ts';
import { declaredSymbol, type MastraExport } from '../ast.ts';
import { UNDECIDED } from './package-tool-ids.ts';
import { typedAnyByChecker } from './unresolved-package.ts';
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

/** Answers already given, by the node asked about (one question per definition). */
const answered = new WeakMap<Node, string | null>();

/**
 * Where the id of the value an identifier names is asked: the name in its `const` declaration,
 * which has the type every use of it has. Ten agents that register one tool then ask about one
 * file, not ten (each new file asked about rebuilds the typed program and its checker).
 */
function definitionOf(node: Node): Node {
  if (!Node.isIdentifier(node)) return node;
  const decls = declaredSymbol(node)?.getDeclarations() ?? [];
  const decl = decls.length === 1 ? decls[0] : undefined;
  if (!decl || !Node.isVariableDeclaration(decl)) return node;
  const list = decl.getParent();
  const name = decl.getNameNode();
  return Node.isVariableDeclarationList(list) &&
    list.getDeclarationKind() === VariableDeclarationKind.Const &&
    Node.isIdentifier(name)
    ? name
    : node;
}

/** The literal `id` type of a tool value, as the installed declarations type it. */
export function declaredToolId(types: TypeOracle, use: Node): string | undefined {
  // A package's declarations are all the checker could read the id from: none are installed.
  if (typedAnyByChecker(use, types.installed)) return undefined;
  const node = definitionOf(use);
  const known = answered.get(node);
  if (known !== undefined) return known ?? undefined;
  const id = askId(types, node);
  answered.set(node, id ?? null);
  return id;
}

function askId(types: TypeOracle, node: Node): string | undefined {
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
