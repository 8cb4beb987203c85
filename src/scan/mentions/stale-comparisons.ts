/**
 * A string compared with a tool name that names no tool at all (`toolName ===
 * 'github-list-repositories'`) is often a stale name of a real tool. It is tied to one only on
 * evidence from the code, never on likeness alone:
 * - the branch the test guards treats the value as that tool's data (`latest.input as
 *   ListRepositoriesUITool['input']`, where `ListRepositoriesUITool = InferUITool<typeof
 *   listRepositories>`) and the string shares a word with the tool's id or key; or
 * - the string's words are exactly the words of one tool's id or key (`github-list-repositories`,
 *   `github:listRepositories`).
 * Whether the compared value holds the names of known agents is decided where the names are known
 * (analyse.ts).
 */
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { resolveValue, unwrap } from '../ast.ts';
import type { AgentInfo, Comparison, Location, ToolEntry } from '../model.ts';

/** Where the tool a branch casts to is defined, its name there, and its id when it is a createTool. */
export interface CastTo extends Location {
  name: string;
  id?: string;
}

/** `listRepositories`, `github:list-repositories` -> ['github', 'list', 'repositories']. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words that tell tools apart: not `tool`, not one or two letters. */
export function significantWords(name: string): string[] {
  return nameWords(name).filter((w) => w.length > 2 && w !== 'tool' && w !== 'tools');
}

/** The statements a comparison guards: the `then` of an `if`, or the statements of a `case`. */
function guardedBranch(literal: Node): Node | undefined {
  const clause = literal.getParent();
  if (clause && Node.isCaseClause(clause) && clause.getExpression() === literal) return clause;
  let top: Node = literal.getParentOrThrow();
  for (;;) {
    const parent = top.getParent();
    if (!parent) return undefined;
    if (
      Node.isParenthesizedExpression(parent) ||
      (Node.isBinaryExpression(parent) && parent.getOperatorToken().getText() === '&&')
    ) {
      top = parent;
      continue;
    }
    return Node.isIfStatement(parent) && parent.getExpression() === top
      ? parent.getThenStatement()
      : undefined;
  }
}

/** `InferUITool<typeof x>` behind a type name (a type alias), or undefined. */
function inferredTool(typeName: Node): { definition: Node; name: string } | undefined {
  const symbol = typeName.getSymbol();
  const target = symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol;
  const decls = target?.getDeclarations() ?? [];
  const alias = decls.length === 1 ? decls[0] : undefined;
  if (!alias || !Node.isTypeAliasDeclaration(alias)) return undefined;
  const type = alias.getTypeNode();
  if (
    !type ||
    !Node.isTypeReference(type) ||
    !/(^|\.)InferUITool$/.test(type.getTypeName().getText())
  )
    return undefined;
  const [arg] = type.getTypeArguments();
  if (!arg || !Node.isTypeQuery(arg)) return undefined;
  const value = resolveValue(arg.getExprName());
  return Node.isIdentifier(value)
    ? undefined
    : { definition: value, name: arg.getExprName().getText() };
}

/**
 * The definition of the one tool the guarded branch casts the value's data to, through
 * `as X['input']` / `as X['output']` / `as X` with `type X = InferUITool<typeof tool>`.
 */
export function castTool(literal: Node): { definition: Node; name: string } | undefined {
  const branch = guardedBranch(unwrap(literal));
  if (!branch) return undefined;
  const found = new Map<Node, string>();
  for (const cast of branch.getDescendantsOfKind(SyntaxKind.AsExpression)) {
    let type = cast.getTypeNode();
    if (type && Node.isIndexedAccessTypeNode(type)) type = type.getObjectTypeNode();
    if (!type || !Node.isTypeReference(type)) continue;
    const tool = inferredTool(type.getTypeName());
    if (tool) found.set(tool.definition, tool.name);
  }
  const [only] = found;
  return found.size === 1 && only ? { definition: only[0], name: only[1] } : undefined;
}

/** `createTool({ id: 'x', ... })`: its static id. */
export function createToolId(definition: Node): string | undefined {
  if (
    !Node.isCallExpression(definition) ||
    !/(^|\.)createTool$/.test(definition.getExpression().getText())
  )
    return undefined;
  const [config] = definition.getArguments();
  const object = config ? resolveValue(config) : undefined;
  const id =
    object && Node.isObjectLiteralExpression(object) ? object.getProperty('id') : undefined;
  const value =
    id && Node.isPropertyAssignment(id) ? unwrap(id.getInitializerOrThrow()) : undefined;
  return value && (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value))
    ? value.getLiteralValue()
    : undefined;
}

/**
 * A name that is a workspace tool's own name (or its default once the config renames it) for the
 * agents whose workspace has that tool, when every one of them offers it under the same other name
 * and no agent's run-time sources can add the name itself (all bounded, none listing it or a
 * prefix of it): a test against it cannot match.
 */
function aliasOf(
  value: string,
  agents: readonly AgentInfo[],
): { as: string; agentIndexes: number[] } | undefined {
  const as = new Set<string>();
  const agentIndexes: number[] = [];
  for (const agent of agents) {
    for (const source of agent.tools.runtime) {
      if (
        !source.bounded ||
        source.names?.includes(value) ||
        source.prefixes.some((p) => value.startsWith(p))
      )
        return undefined;
      const found = source.aliases?.find((a) => a.name === value);
      if (found) {
        as.add(found.as);
        if (!agentIndexes.includes(agent.index)) agentIndexes.push(agent.index);
      }
    }
  }
  return as.size === 1 ? { as: [...as][0]!, agentIndexes } : undefined;
}

/** The prefix of every tool a workspace adds (src/scan/values/workspace-tools.ts). */
const WORKSPACE_PREFIX = 'mastra_workspace_';

/**
 * `mastra_workspace_shell`: a name only a workspace could add, when some agent has a workspace, none
 * of them offers it, and no agent's run-time source could add it (all bounded, none listing it or a
 * prefix of it).
 */
function outsideWorkspaces(
  value: string,
  agents: readonly AgentInfo[],
): { agentIndexes: number[] } | undefined {
  if (!value.startsWith(WORKSPACE_PREFIX) || value.length === WORKSPACE_PREFIX.length)
    return undefined;
  const agentIndexes: number[] = [];
  for (const agent of agents)
    for (const set of [agent.tools, agent.agents, agent.workflows]) {
      if (set.unresolved.length) return undefined;
      for (const source of set.runtime) {
        if (
          !source.bounded ||
          source.names?.includes(value) ||
          source.prefixes.some((p) => p !== '' && value.startsWith(p))
        )
          return undefined;
        if (source.kind === 'workspace' && !agentIndexes.includes(agent.index))
          agentIndexes.push(agent.index);
      }
    }
  return agentIndexes.length ? { agentIndexes } : undefined;
}

/**
 * The tool an unmatched compared string stands for, on the evidence above: by the branch's cast
 * (`castTo`, where the cast tool is defined) or by equal words; undefined without evidence or when
 * the words fit more than one tool.
 */
export function staleOf(
  value: string,
  castTo: CastTo | undefined,
  agents: readonly AgentInfo[],
): Comparison['staleOf'] {
  const entries = agents.flatMap((a) => a.tools.entries.map((entry) => ({ agent: a, entry })));
  const idOf = (e: ToolEntry) => ('id' in e.value ? e.value.id : undefined);
  const names = (e: ToolEntry) => [e.key, idOf(e)].filter((n): n is string => n !== undefined);
  const pick = (found: typeof entries, evidence: 'cast' | 'words') =>
    found.length && new Set(found.map((f) => f.entry.valueRef ?? f.entry.key)).size === 1
      ? {
          evidence,
          tools: found.map((f) => ({
            agentIndex: f.agent.index,
            origin: f.entry.origin,
            key: f.entry.key,
          })),
        }
      : undefined;
  if (castTo) {
    const words = new Set(significantWords(value));
    const cast = entries.filter(
      (f) =>
        f.entry.valueLocation?.file === castTo.file &&
        f.entry.valueLocation.start === castTo.start &&
        names(f.entry).some((n) => significantWords(n).some((w) => words.has(w))),
    );
    if (cast.length) return pick(cast, 'cast');
    // A tool the project defines but no agent offers: the test cannot match either.
    const own = [castTo.name, castTo.id].filter((n): n is string => n !== undefined);
    const offered = entries.some(
      (f) =>
        f.entry.valueLocation?.file === castTo.file && f.entry.valueLocation.start === castTo.start,
    );
    if (!offered && castTo.id && own.some((n) => significantWords(n).some((w) => words.has(w))))
      return { evidence: 'cast', tools: [], unoffered: { name: castTo.name, id: castTo.id } };
  }
  const alias = aliasOf(value, agents);
  if (alias) return { evidence: 'alias', tools: [], alias };
  const workspace = outsideWorkspaces(value, agents);
  if (workspace) return { evidence: 'workspace', tools: [], workspace };
  const words = nameWords(value).join(' ');
  if (nameWords(value).length < 2) return undefined;
  return pick(
    entries.filter((f) => names(f.entry).some((n) => nameWords(n).join(' ') === words)),
    'words',
  );
}
