/**
 * Finds where a tool's names appear as text: in prompt fragments (whole-name matches only) and in
 * code that compares a tool name with a string literal (`toolName === 'x'`, `switch`, `includes`).
 */
import { Node, SyntaxKind, type CallExpression, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, locate, resolveValue, unwrap, type ScanContext } from '../ast.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import type { Location, Mention, MentionMatch, TextFragment } from '../model.ts';
import { isProvableToolName } from './provable-tool-name.ts';

/** One name a tool can be called by, and which of its names it is. */
export interface ToolName {
  agentIndex: number;
  origin: ToolOrigin;
  key: string;
  wireName: string;
  name: string;
  as: MentionMatch;
}

const NAME_CHAR = /[A-Za-z0-9_-]/;

/**
 * Whole-name occurrences: not inside a longer name, a path, a URL or a domain. Fragments hold source
 * text, so an escape (`\n`, `` \` ``) next to a name is a boundary, not part of it.
 */
export function findName(text: string, name: string): number[] {
  const hits: number[] = [];
  if (!name) return hits;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    const before = text[at - 1] ?? '';
    const escapedBefore = /[ntr]/.test(before) && text[at - 2] === '\\';
    const after = text[end] ?? '';
    const afterNext = text[end + 1] ?? '';
    if (!escapedBefore && (NAME_CHAR.test(before) || /[./:@\\]/.test(before))) continue;
    if (NAME_CHAR.test(after) || /[/@]/.test(after)) continue;
    if (after === '\\' && !/[`'"ntr]/.test(afterNext)) continue;
    if (/[.:]/.test(after) && NAME_CHAR.test(afterNext)) continue; // search.web.com, a:b:c
    hits.push(at);
  }
  return hits;
}

/** `name`, 'name', "name" (escaped quotes in source text count too). */
function isQuoted(text: string, at: number, length: number): boolean {
  const before = text.slice(Math.max(0, at - 2), at).replace(/^\\/, '');
  const after = text.slice(at + length, at + length + 2).replace(/^\\/, '');
  const open = before.at(-1);
  return open !== undefined && /[`'"]/.test(open) && after.replace(/^\\/, '')[0] === open;
}

/** Inside a ``` fence: an odd number of fences before the offset. */
function inCodeBlock(text: string, at: number): boolean {
  return ((text.slice(0, at).match(/```/g) ?? []).length & 1) === 1;
}

/** Inside the `---` front matter a prompt file starts with (a BOM before it is allowed). */
function inFrontMatter(fragment: TextFragment, at: number): boolean {
  if (fragment.quote !== 'file') return false;
  const open = /^\uFEFF?---\r?\n/.exec(fragment.text);
  if (!open) return false;
  const close = /^---[ \t\r]*$/m.exec(fragment.text.slice(open[0].length));
  return close !== null && at < open[0].length + close.index;
}

/**
 * Descriptions are prose about a tool: only a name shaped like code (`-`, `_`, `.`, `:`, an inner
 * capital) or quoted counts there, and a description naming what it describes is no mention.
 */
function countsIn(fragment: TextFragment, tn: ToolName, quoted: boolean): boolean {
  if (!fragment.context.endsWith('-description')) return true;
  const self = fragment.describes;
  if (self && self.origin === tn.origin && self.key === tn.key) return false;
  return quoted || /[-_.:]/.test(tn.name) || /[a-z][A-Z]/.test(tn.name);
}

export function fragmentLocation(fragment: TextFragment, offset: number, length: number): Location {
  const before = fragment.text.slice(0, offset);
  const lines = before.split('\n');
  const line = fragment.location.line + lines.length - 1;
  const column =
    lines.length > 1 ? lines[lines.length - 1]!.length + 1 : fragment.location.column + offset;
  const start = fragment.location.start + offset;
  return { file: fragment.location.file, line, column, start, end: start + length };
}

export function mentionsIn(
  fragments: TextFragment[],
  names: ToolName[],
  agentIndex?: number,
): Mention[] {
  const out = new Map<string, Mention>();
  for (const fragment of fragments) {
    for (const tn of names) {
      for (const at of findName(fragment.text, tn.name)) {
        const quoted = isQuoted(fragment.text, at, tn.name.length);
        if (!countsIn(fragment, tn, quoted)) continue;
        const location = fragmentLocation(fragment, at, tn.name.length);
        const id = `${location.file}:${location.start}:${tn.name}`;
        const mention: Mention = out.get(id) ?? {
          name: tn.name,
          location,
          context: fragment.context,
          ...(agentIndex === undefined ? {} : { agentIndex }),
          matches: [],
          quoted,
          inCodeBlock: inCodeBlock(fragment.text, at),
          ...(inFrontMatter(fragment, at) ? { inFrontMatter: true } : {}),
          in: fragment.quote === 'file' ? 'file' : 'code',
        };
        const match = mention.matches.find(
          (m) => m.agentIndex === tn.agentIndex && m.origin === tn.origin && m.key === tn.key,
        );
        if (match) {
          if (!match.as.includes(tn.as)) match.as.push(tn.as);
        } else {
          mention.matches.push({
            agentIndex: tn.agentIndex,
            origin: tn.origin,
            key: tn.key,
            wireName: tn.wireName,
            as: [tn.as],
          });
        }
        out.set(id, mention);
      }
    }
  }
  // A longer name that contains a shorter one at the same place wins (`search.web` over `search`).
  const all = [...out.values()];
  return all.filter(
    (m) =>
      !all.some(
        (o) =>
          o !== m &&
          o.location.file === m.location.file &&
          o.location.start <= m.location.start &&
          o.location.end >= m.location.end &&
          o.name.length > m.name.length,
      ),
  );
}

const TOOL_NAME_EXPR = /(^|\.)(toolName|tool_name)$/;

function isToolNameExpr(node: Node): boolean {
  return TOOL_NAME_EXPR.test(unwrap(node).getText().replace(/\?\./g, '.'));
}

/** A method call that turns wire names back into other names: `name.replace(/_/g, '.')`. */
function isConversion(node: Node): boolean {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  return (
    Node.isPropertyAccessExpression(callee) &&
    /^(replace|replaceAll)$/.test(callee.getName()) &&
    isToolNameExpr(callee.getExpression())
  );
}

/** A lookup keyed by a tool name: `LABELS[toolName]`, `names.get(toolName)`. */
function isLookup(node: Node): boolean {
  if (Node.isElementAccessExpression(node))
    return isToolNameExpr(node.getArgumentExpressionOrThrow());
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  const [arg] = node.getArguments();
  return (
    Node.isPropertyAccessExpression(callee) &&
    callee.getName() === 'get' &&
    arg !== undefined &&
    isToolNameExpr(arg)
  );
}

/**
 * The compared value is a tool name already mapped to another name (`const toolName =
 * part.toolName.replace(/_/g, '.')`, or a display-name map): comparing it with a dotted or
 * display name is right, so it is not a comparison with a tool name.
 */
export function behindMapping(compared: Node): boolean {
  const expr = unwrap(compared);
  if (!Node.isIdentifier(expr)) return false;
  const value = resolveValue(expr);
  if (value === expr) return false;
  const sides = (n: Node): Node[] => {
    const u = unwrap(n);
    return Node.isBinaryExpression(u) && ['??', '||'].includes(u.getOperatorToken().getText())
      ? [...sides(u.getLeft()), ...sides(u.getRight())]
      : [u];
  };
  return sides(value).some((n) => isConversion(n) || isLookup(n));
}

/** `x.toolName.replace(/_/g, '.')` and the like: code that converts wire names back. */
export function nameConversions(
  ctx: ScanContext,
  file: SourceFile,
): Array<{ location: Location; text: string }> {
  if (!/toolName|tool_name/.test(file.getFullText())) return [];
  return descendantsOfKind(file, SyntaxKind.CallExpression)
    .filter(isConversion)
    .map((call) => ({ location: locate(ctx, call), text: call.getText().slice(0, 120) }));
}

/** The call whose result a compared value comes from, when the code shows it (for `tiedTo`). */
function sourceCall(compared: Node): Node | undefined {
  let root: Node = unwrap(compared);
  for (let hop = 0; hop < 12; hop++) {
    while (Node.isPropertyAccessExpression(root) || Node.isElementAccessExpression(root))
      root = unwrap(root.getExpression());
    if (Node.isAwaitExpression(root)) root = unwrap(root.getExpression());
    if (Node.isCallExpression(root)) return root;
    if (!Node.isIdentifier(root)) return undefined;
    const decl = root.getSymbol()?.getDeclarations()[0];
    if (!decl) return undefined;
    if (Node.isVariableDeclaration(decl)) {
      const loop = decl.getParent()?.getParent();
      const init = decl.getInitializer();
      if (loop && Node.isForOfStatement(loop)) root = loop.getExpression();
      else if (init) root = init;
      else return undefined;
    } else if (Node.isParameterDeclaration(decl)) {
      // `result.toolCalls.some((c) => c.toolName === 'x')`: the callback's array.
      const fn = decl.getParent();
      const call = fn?.getParent();
      const callee = call && Node.isCallExpression(call) ? call.getExpression() : undefined;
      if (!callee || !Node.isPropertyAccessExpression(callee)) return undefined;
      root = callee.getExpression();
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** The agent whose results a compared value comes from, through variables, loops and callbacks. */
export function tiedTo(
  compared: Node,
  agentOfCall: (call: Node) => number | undefined,
): number | undefined {
  let call = sourceCall(compared);
  // `(await agent.stream(...)).fullStream` and `agent.stream(...).then(...)` chains.
  for (let hop = 0; call && hop < 6; hop++) {
    const index = agentOfCall(call);
    if (index !== undefined) return index;
    const callee = (call as CallExpression).getExpression();
    call = Node.isPropertyAccessExpression(callee) ? sourceCall(callee.getExpression()) : undefined;
  }
  return undefined;
}

export interface ComparedLiteral {
  value: string;
  raw: string;
  location: Location;
  provable: boolean;
  /** The compared expression, for tying the comparison to an agent. */
  compared: Node;
}

/** String literals compared with a tool-name expression anywhere in a file. */
export function comparedLiterals(ctx: ScanContext, file: SourceFile): ComparedLiteral[] {
  const out: ComparedLiteral[] = [];
  // Every comparison read below has `toolName` or `tool_name` in its text: skip files without it.
  if (!/toolName|tool_name/.test(file.getFullText())) return out;
  const push = (node: Node, compared: Node) => {
    const n = unwrap(node);
    if (behindMapping(compared)) return;
    if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n))
      out.push({
        value: n.getLiteralValue(),
        raw: n.getText(),
        location: locate(ctx, n),
        provable: isProvableToolName(ctx, compared),
        compared,
      });
  };
  for (const bin of descendantsOfKind(file, SyntaxKind.BinaryExpression)) {
    if (!['===', '!==', '==', '!='].includes(bin.getOperatorToken().getText())) continue;
    if (isToolNameExpr(bin.getLeft())) push(bin.getRight(), bin.getLeft());
    else if (isToolNameExpr(bin.getRight())) push(bin.getLeft(), bin.getRight());
  }
  for (const sw of descendantsOfKind(file, SyntaxKind.SwitchStatement)) {
    if (!isToolNameExpr(sw.getExpression())) continue;
    for (const clause of sw.getCaseBlock().getClauses())
      if (Node.isCaseClause(clause)) push(clause.getExpression(), sw.getExpression());
  }
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const [arg] = call.getArguments();
    if (
      !Node.isPropertyAccessExpression(callee) ||
      callee.getName() !== 'includes' ||
      !arg ||
      !isToolNameExpr(arg)
    )
      continue;
    const list = resolveValue(callee.getExpression());
    if (Node.isArrayLiteralExpression(list)) list.getElements().forEach((el) => push(el, arg));
  }
  return out;
}
