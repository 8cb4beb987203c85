/**
 * The boundary where an MCP tool record enters the app: whether the runtime helper
 * (`normaliseTools` from `mastra-tool-names/runtime`) already names it there, and where the
 * `wrap-runtime-tools` rule could put it. Only shapes whose every use is a `tools` record are
 * offered: a record also read by key elsewhere relies on the keys the helper would change.
 */
import { Node, VariableDeclarationKind, type CallExpression } from '../../ts-morph.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import path from 'node:path';
import {
  importedFrom,
  lineAndColumn,
  locate,
  relativePath,
  unwrap,
  type ScanContext,
} from '../ast.ts';
import { packageReachable } from '../files/mastra-install.ts';
import type { RuntimeTools, WrapSite } from '../model.ts';
import type { Walk } from './map-walk.ts';
import { runtimeSource } from './runtime-tools.ts';

export const RUNTIME_MODULE = 'mastra-tool-names/runtime';
export const HELPER = 'normaliseTools';

/** Wrappers that keep the value: what a use is looked at through. */
function outer(node: Node): Node {
  let current = node;
  for (let parent = current.getParent(); parent; parent = current.getParent()) {
    if (
      Node.isParenthesizedExpression(parent) ||
      Node.isAsExpression(parent) ||
      Node.isSatisfiesExpression(parent) ||
      Node.isNonNullExpression(parent)
    )
      current = parent;
    else break;
  }
  return current;
}

function isHelperCall(node: Node): node is CallExpression {
  if (!Node.isCallExpression(node)) return false;
  const from = importedFrom(unwrap(node.getExpression()));
  return from?.module === RUNTIME_MODULE && from.exportName === HELPER;
}

/**
 * `(await normaliseTools(mcp.listTools(), options)).tools`: the MCP source inside, marked as
 * normalised. With options (a prefix, renames) its names are no longer `${server}_${tool}`.
 */
export function normalisedSource(
  ctx: ScanContext,
  expr: Node,
  origin: ToolOrigin,
): RuntimeTools | undefined {
  if (!Node.isPropertyAccessExpression(expr) || expr.getName() !== 'tools') return undefined;
  const awaited = unwrap(expr.getExpression());
  if (!Node.isAwaitExpression(awaited)) return undefined;
  const call = unwrap(awaited.getExpression());
  if (!isHelperCall(call)) return undefined;
  const [input, options] = call.getArguments();
  const inner = input ? unwrap(input) : undefined;
  const source = inner
    ? runtimeSource(
        ctx,
        Node.isAwaitExpression(inner) ? unwrap(inner.getExpression()) : inner,
        origin,
      )
    : undefined;
  if (!source) return undefined;
  return {
    ...source,
    ...(options ? { prefixes: [], bounded: false } : {}),
    normalised: true,
    reason: `${source.reason}; ${HELPER}() gives them legal, unique names where they enter${options ? ' (named by its options)' : ''}, and names.offered() says which`,
  };
}

const MAX_HOPS = 8;

/** The first use of `node`'s value that is not a `tools` record, as a reason; undefined if none. */
function otherUse(ctx: ScanContext, node: Node, hops = 0): string | undefined {
  const at = outer(node);
  const parent = at.getParent();
  const where = (n: Node) => {
    const l = locate(ctx, n);
    return `${l.file}:${l.line} (\`${n.getText().replace(/\s+/g, ' ').slice(0, 60)}\`)`;
  };
  if (!parent || hops > MAX_HOPS) return `it is used at ${where(at)}`;
  if (Node.isPropertyAssignment(parent) && parent.getInitializer() === at)
    return parent.getName() === 'tools'
      ? undefined
      : `it is the ${parent.getName()} of ${where(parent.getParentOrThrow())}, not a tools record`;
  if (Node.isSpreadAssignment(parent)) return otherUse(ctx, parent.getParentOrThrow(), hops + 1);
  if (Node.isConditionalExpression(parent) && parent.getCondition() !== at)
    return otherUse(ctx, parent, hops + 1);
  if (
    Node.isBinaryExpression(parent) &&
    ['??', '||', '&&'].includes(parent.getOperatorToken().getText())
  )
    return otherUse(ctx, parent, hops + 1);
  if (Node.isVariableDeclaration(parent) && parent.getInitializer() === at) {
    const name = parent.getNameNode();
    if (!Node.isIdentifier(name)) return `it is destructured at ${where(parent)}`;
    const statement = parent.getVariableStatement();
    if (!statement || statement.getDeclarationKind() !== VariableDeclarationKind.Const)
      return `${name.getText()} is not a const (${where(parent)})`;
    if (statement.hasExportKeyword())
      return `${name.getText()} is exported (${where(parent)}), and other modules may read it by key`;
    for (const ref of name.findReferencesAsNodes()) {
      if (ref === name) continue;
      const refParent = ref.getParent();
      if (
        refParent &&
        Node.isShorthandPropertyAssignment(refParent) &&
        refParent.getName() === 'tools'
      )
        continue;
      const use = otherUse(ctx, ref, hops + 1);
      if (use)
        return `${name.getText()} is also used at ${where(outer(ref).getParent() ?? ref)}, which may rely on the original keys`;
    }
    return undefined;
  }
  return `it is used at ${where(parent)}`;
}

/** Where the helper's import goes, or why it cannot be added. */
function importPlace(
  ctx: ScanContext,
  node: Node,
): Pick<Extract<WrapSite, { location: unknown }>, 'importAfter' | 'quote' | 'semicolon'> | string {
  const sf = node.getSourceFile();
  if (/\.c[jt]s$/i.test(sf.getFilePath()))
    return 'the file is CommonJS; the helper is required by hand there';
  const imports = sf.getImportDeclarations();
  const last = imports.at(-1);
  if (!last)
    return "the file has no import declaration to add the helper's import after (CommonJS?)";
  const quote = last.getModuleSpecifier().getText().startsWith('"') ? '"' : "'";
  const semicolon = last.getText().trimEnd().endsWith(';');
  const present = imports.some(
    (d) =>
      d.getModuleSpecifierValue() === RUNTIME_MODULE &&
      !d.isTypeOnly() &&
      d
        .getNamedImports()
        .some((n) => n.getName() === HELPER && !n.getAliasNode() && !n.isTypeOnly()),
  );
  if (present) return { quote, semicolon };
  if (new RegExp(`\\b${HELPER}\\b`).test(sf.getFullText()))
    return `the name ${HELPER} is already used in the file for something else`;
  const end = last.getEnd();
  const { line, column } = lineAndColumn(sf, end);
  const file = locate(ctx, last).file;
  return { importAfter: { file, line, column, start: end, end }, quote, semicolon };
}

/**
 * Where `normaliseTools` could wrap the MCP source found at `expr` (reached as `raw`), or why the
 * rule leaves it alone. Undefined for sources that are no tool record of an agent.
 */
export function wrapSite(
  ctx: ScanContext,
  source: RuntimeTools,
  raw: Node,
  expr: Node,
  walk: Walk,
): WrapSite | undefined {
  if (walk.origin !== 'tools' || walk.toolset !== undefined) return undefined;
  if (source.kind === 'registry')
    return {
      blocked: `${source.text} is not an MCP client the scan knows, so nothing shows it returns a tool record`,
    };
  if (source.kind !== 'mcp') return undefined;
  const call = expr.getText();
  if (!Node.isCallExpression(expr)) return undefined;
  const method = expr.getExpression();
  if (
    !Node.isPropertyAccessExpression(method) ||
    !['listTools', 'getTools'].includes(method.getName())
  )
    return { blocked: `${call} returns toolsets grouped by server, not one tool record` };
  if (walk.call) return { blocked: `it is inside ${walk.call.name}, a helper other code may call` };
  if (walk.dynamic)
    return {
      blocked: `it is inside a tools function Mastra calls for each request, which may build a different record each time; wrap it there by hand if you want`,
    };
  if (!Node.isAwaitExpression(raw))
    return { blocked: `${call} is not awaited where the agent gets it` };
  const use = otherUse(ctx, raw);
  if (use) return { blocked: use };
  const place = importPlace(ctx, raw);
  if (typeof place === 'string') return { blocked: place };
  // One level of parentheses is replaced with the call: `...(await x)` becomes `...(await h(x)).tools`.
  const parent = raw.getParent();
  const site =
    parent &&
    Node.isParenthesizedExpression(parent) &&
    !Node.isParenthesizedExpression(parent.getParentOrThrow())
      ? parent
      : raw;
  // The wrapped code imports the package at run time: say so where the app cannot reach it.
  const dir = path.dirname(raw.getSourceFile().getFilePath());
  const { manifest, reachable } = packageReachable(dir, 'mastra-tool-names');
  return {
    location: locate(ctx, site),
    text: site.getText(),
    call,
    ...place,
    ...(reachable ? {} : { missingDependency: manifest ? relativePath(ctx, manifest) : '.' }),
  };
}
