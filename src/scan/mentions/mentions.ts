/**
 * Finds where a tool's names appear as text: in prompt fragments (whole-name matches only) and in
 * code that compares a tool name with a string literal (`toolName === 'x'`, `switch`, `includes`).
 */
import { Node, SyntaxKind, ts, type CallExpression, type SourceFile } from '../../ts-morph.ts';
import {
  calledMethod,
  descendantsOfKind,
  locate,
  resolveValue,
  unwrap,
  type ScanContext,
} from '../ast.ts';
import type { ToolOrigin } from '../../names/normalise.ts';
import type { Comparison, Location, Mention, MentionMatch, TextFragment } from '../model.ts';
import { isProvableToolName } from './provable-tool-name.ts';
import { lookupGroups } from './lookup-tables.ts';
import { MEMBERSHIP_METHODS, membershipTest } from '../values/membership.ts';
import { slashPair } from './word-shape.ts';
import { castTool, createToolId, type CastTo } from './stale-comparisons.ts';

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

/** The prefix of a tool part's `type` in AI SDK 5 UI messages (`tool-${toolName}`). */
export const UI_TOOL_PART = 'tool-';

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
    // `@web_search`, `[@web_search]`: a prompt convention for naming a tool. Not an e-mail
    // address (a name character before the `@`) and not a package scope (`/` after the name).
    const handle = before === '@' && !/[\w./:@\\-]/.test(text[at - 2] ?? '');
    const after = text[end] ?? '';
    const afterNext = text[end + 1] ?? '';
    const paired = slashPair(text, at, end);
    if (
      !escapedBefore &&
      !handle &&
      (NAME_CHAR.test(before) || (/[./:@\\]/.test(before) && !(before === '/' && paired)))
    )
      continue;
    if (NAME_CHAR.test(after) || after === '@' || (after === '/' && !paired)) continue;
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
export function inCodeBlock(text: string, at: number): boolean {
  return ((text.slice(0, at).match(/```/g) ?? []).length & 1) === 1;
}

/** Inside the `---` front matter a prompt file starts with (a BOM before it is allowed). */
export function inFrontMatter(fragment: TextFragment, at: number): boolean {
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
  if (!fragment.context.endsWith('-description') && fragment.context !== 'tool-result') return true;
  const self = fragment.describes;
  if (self && self.origin === tn.origin && self.key === tn.key) return false;
  if (fragment.values?.includes(tn.name)) return false;
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
    // A tool id of words (`Get trending tokens`) is no name a model can call, so a prompt may
    // capitalise it at will: quoted (`call "Get Trending Tokens"`), it is found in any case.
    const lower = fragment.text.toLowerCase();
    const sameLength = lower.length === fragment.text.length;
    for (const tn of names) {
      const anyCase =
        tn.as === 'id' && tn.origin === 'tools' && tn.name.includes(' ') && sameLength;
      const hits = anyCase
        ? findName(lower, tn.name.toLowerCase())
        : findName(fragment.text, tn.name);
      for (const at of hits) {
        const written = fragment.text.slice(at, at + tn.name.length);
        const quoted = isQuoted(fragment.text, at, tn.name.length);
        if (written !== tn.name && !quoted) continue;
        if (!countsIn(fragment, tn, quoted)) continue;
        const location = fragmentLocation(fragment, at, tn.name.length);
        const id = `${location.file}:${location.start}:${written}`;
        const mention: Mention = out.get(id) ?? {
          name: written,
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
const REPLACE = /^(replace|replaceAll)$/;

function isConversion(node: Node): boolean {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  return (
    Node.isPropertyAccessExpression(callee) &&
    REPLACE.test(callee.getName()) &&
    isToolNameExpr(callee.getExpression())
  );
}

/** `x.replace(...)` on anything: a value rebuilt from a name is no longer the name Mastra sent. */
function isReplace(node: Node): boolean {
  if (!Node.isCallExpression(node)) return false;
  const callee = node.getExpression();
  return Node.isPropertyAccessExpression(callee) && /^(replace|replaceAll)$/.test(callee.getName());
}

/**
 * A conversion that turns the `_` Mastra wrote back into the character it replaced
 * (`replace(/_/g, '.')`): stripping a prefix (`replace('mastra_workspace_', '')`) maps nothing back.
 */
function mapsUnderscoresBack(call: Node): boolean {
  if (!Node.isCallExpression(call)) return false;
  const [pattern, replacement] = call.getArguments();
  const to = replacement ? unwrap(replacement) : undefined;
  const toText =
    to && (Node.isStringLiteral(to) || Node.isNoSubstitutionTemplateLiteral(to))
      ? to.getLiteralValue()
      : undefined;
  if (toText === undefined || toText.trim() === '' || toText === '_') return false;
  const from = pattern ? unwrap(pattern) : undefined;
  if (!from) return false;
  if (Node.isRegularExpressionLiteral(from))
    return /^\/(_|\[_\]|\\_)\/[gimsuy]*$/.test(from.getText());
  return (
    (Node.isStringLiteral(from) || Node.isNoSubstitutionTemplateLiteral(from)) &&
    from.getLiteralValue() === '_'
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
  return sides(value).some((n) => isReplace(n) || isLookup(n));
}

/**
 * A conversion whose result is for people to read: it puts spaces in (`replace(/_/g, ' ')`),
 * changes case, or lives in a function named for display (`formatToolName`, `toolLabel`). Such a
 * name is never compared with another tool name, so it mangles nothing.
 */
function displayOnly(call: Node): boolean {
  if (!Node.isCallExpression(call)) return false;
  const replacement = call.getArguments()[1];
  const value = replacement ? unwrap(replacement) : undefined;
  if (
    value &&
    (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)) &&
    /\s/.test(value.getLiteralValue())
  )
    return true;
  // `.replace(/_/g, '-').toUpperCase()`, `.replace(/\b\w/g, (c) => c.toUpperCase())`: case for display.
  for (let up: Node | undefined = call.getParent(); up; up = up.getParent()) {
    if (!Node.isPropertyAccessExpression(up) && !Node.isCallExpression(up)) break;
    if (Node.isPropertyAccessExpression(up) && /^to(Locale)?(Upper|Lower)Case$/.test(up.getName()))
      return true;
    if (
      Node.isCallExpression(up) &&
      /toUpperCase|toLowerCase/.test(up.getArguments()[1]?.getText() ?? '')
    )
      return true;
  }
  const fn = call.getFirstAncestor(
    (a) =>
      Node.isFunctionDeclaration(a) ||
      Node.isArrowFunction(a) ||
      Node.isFunctionExpression(a) ||
      Node.isMethodDeclaration(a),
  );
  const fnName = !fn
    ? undefined
    : Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn)
      ? fn.getName()
      : (() => {
          const holder = fn.getParent();
          return holder && Node.isVariableDeclaration(holder) ? holder.getName() : undefined;
        })();
  if (!fn || !fnName || !/(format|display|label|pretty|humani[sz]e|title)/i.test(fnName))
    return false;
  // `stepLabel` that tests the converted name (`if (toolName === 'style.lint')`) decides with it.
  return !comparedInside(fn, call);
}

/** The conversion's result, held in a variable, is compared with a string in `scope`. */
function comparedInside(scope: Node, call: Node): boolean {
  const holder = call.getParent();
  if (!holder || !Node.isVariableDeclaration(holder)) return false;
  const name = holder.getName();
  const isString = (n: Node) =>
    Node.isStringLiteral(unwrap(n)) || Node.isNoSubstitutionTemplateLiteral(unwrap(n));
  const isHolder = (n: Node) => unwrap(n).getText() === name;
  return (
    scope.getDescendantsOfKind(SyntaxKind.BinaryExpression).some((b) => {
      if (!/^[!=]==?$/.test(b.getOperatorToken().getText())) return false;
      const [l, r] = [b.getLeft(), b.getRight()];
      return (isHolder(l) && isString(r)) || (isHolder(r) && isString(l));
    }) ||
    scope.getDescendantsOfKind(SyntaxKind.SwitchStatement).some(
      (sw) =>
        isHolder(sw.getExpression()) &&
        sw
          .getCaseBlock()
          .getClauses()
          .some((c) => Node.isCaseClause(c) && isString(c.getExpression())),
    )
  );
}

/** `x.toolName.replace(/_/g, '.')` and the like: code that converts wire names back. */
export function nameConversions(
  ctx: ScanContext,
  file: SourceFile,
): Array<{ location: Location; text: string }> {
  if (!/toolName|tool_name/.test(file.getFullText())) return [];
  const replace = (n: ts.Node) => REPLACE.test(calledMethod(n) ?? '');
  return descendantsOfKind(file, SyntaxKind.CallExpression, replace)
    .filter((call) => isConversion(call) && mapsUnderscoresBack(call) && !displayOnly(call))
    .map((call) => ({ location: locate(ctx, call), text: call.getText().slice(0, 120) }));
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const isEquality = (n: ts.Node) => ts.isBinaryExpression(n) && EQUALITY.has(n.operatorToken.kind);

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

export interface ComparedLiteral extends Omit<Comparison, 'provable'> {
  /**
   * Whether the compared value is provably a name Mastra produced. Asked (of the syntax, else the
   * type checker) only where the answer decides something: a comparison with a known tool's name,
   * or a string that may stand for one. Remembered once asked.
   */
  provable: () => boolean;
  /** The compared expression, for tying the comparison to an agent. */
  compared: Node;
  /** Where the one tool is defined that the branch this test guards casts its data to. */
  castTo?: CastTo;
}

/** The top of a chain of `||` / `&&` tests around a comparison. */
function testChain(bin: Node): Node {
  let top = bin;
  for (;;) {
    const parent = top.getParent();
    if (parent && Node.isParenthesizedExpression(parent)) {
      top = parent;
      continue;
    }
    if (
      parent &&
      Node.isBinaryExpression(parent) &&
      ['||', '&&'].includes(parent.getOperatorToken().getText())
    ) {
      top = parent;
      continue;
    }
    return top;
  }
}

function literalValue(node: Node): string | undefined {
  const n = unwrap(node);
  return Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)
    ? n.getLiteralValue()
    : undefined;
}

/**
 * The string a constant holds: an enum member with a string initializer (`WorkflowId.Generate`),
 * or a `const` (or a property of a `const` object) initialised with a string literal.
 */
function constantValue(node: Node): string | undefined {
  const n = unwrap(node);
  if (!Node.isPropertyAccessExpression(n) && !Node.isIdentifier(n)) return undefined;
  const symbol = n.getSymbol();
  const target = symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol;
  const decl = target?.getDeclarations()[0];
  if (decl && Node.isEnumMember(decl)) {
    const init = decl.getInitializer();
    return init ? literalValue(init) : undefined;
  }
  const value = resolveValue(n);
  return value !== n ? literalValue(value) : undefined;
}

/** AI SDK stream chunk types that start with `tool-` but name no tool. */
const CHUNK_TYPE = /^tool-(call|result|error|input|output|approval)/;

/** `part.type` compared with `'tool-NAME'`: an AI SDK 5 UI message part of the tool NAME. */
function isToolPartType(node: Node, literal: Node): boolean {
  const value = literalValue(literal);
  return (
    value !== undefined &&
    value.startsWith(UI_TOOL_PART) &&
    value.length > UI_TOOL_PART.length &&
    !CHUNK_TYPE.test(value) &&
    /(^|\.)type$/.test(unwrap(node).getText().replace(/\?\./g, '.'))
  );
}

function castAt(ctx: ScanContext, literal: Node): { castTo?: CastTo } {
  const tool = castTool(literal);
  if (!tool) return {};
  const id = createToolId(tool.definition);
  return {
    castTo: {
      ...locate(ctx, tool.definition),
      name: tool.name,
      ...(id === undefined ? {} : { id }),
    },
  };
}

/** String literals compared with a tool-name expression anywhere in a file. */
/**
 * Text a file must hold for `comparedLiterals` (and `nameConversions`) to find anything: every
 * comparison they read has `toolName` or `tool_name` in its text, or a `tool-…` part type.
 */
export const COMPARISON_TEXT = /toolName|tool_name|['"`]tool-/;

/** A function that runs at most once and then returns what it returned. */
function once<T>(fn: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = fn();
      done = true;
    }
    return value;
  };
}

/** A table's key as written (`cercaLead` of `{ cercaLead: 'Ricerca' }`), not the value it holds. */
function keyText(n: Node): string | undefined {
  const holder = n.getParent();
  if (!Node.isPropertyAssignment(holder) || holder.getNameNode() !== n) return undefined;
  return Node.isIdentifier(n) ? n.getText() : literalValue(n);
}

export function comparedLiterals(ctx: ScanContext, file: SourceFile): ComparedLiteral[] {
  const out: ComparedLiteral[] = [];
  if (!COMPARISON_TEXT.test(file.getFullText())) return out;
  const push = (node: Node, compared: Node, group: readonly Node[]) => {
    const n = unwrap(node);
    if (behindMapping(compared)) return;
    const partType = !isToolNameExpr(compared);
    const holder = n.getParent();
    const isKey = Node.isPropertyAssignment(holder) && holder.getNameNode() === n;
    const constant = isKey ? undefined : constantValue(n);
    const keyOrString =
      Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)
        ? n.getLiteralValue()
        : isKey && Node.isIdentifier(n)
          ? n.getText()
          : constant;
    if (keyOrString !== undefined)
      out.push({
        value: partType ? keyOrString.slice(UI_TOOL_PART.length) : keyOrString,
        ...(partType ? { prefix: UI_TOOL_PART } : {}),
        raw: n.getText(),
        location: locate(ctx, n),
        provable: once(() => isProvableToolName(ctx, compared)),
        alternatives: group
          .filter((g) => g !== node)
          .flatMap(
            (g) =>
              keyText(g) ??
              literalValue(g) ??
              constantValue(g) ??
              (Node.isIdentifier(g) ? g.getText() : []),
          )
          .map((v) => (partType ? v.slice(UI_TOOL_PART.length) : v))
          .filter((v) => v !== keyOrString),
        // A key of a table looked up by a tool name (`{ create_order: [...] }[toolName]`).
        ...(isKey ? { objectKey: true } : {}),
        ...(constant !== undefined ? { via: n.getText() } : {}),
        ...castAt(ctx, n),
        compared,
      });
  };
  const same = (a: Node, b: Node) =>
    unwrap(a).getText().replace(/\?\./g, '.') === unwrap(b).getText().replace(/\?\./g, '.');
  const named = (n: Node, other: Node) => isToolNameExpr(n) || isToolPartType(n, other);
  // Text a comparison `named` keeps must hold (an escape can spell `tool-` in a literal).
  const mayName = (n: ts.Node) => isEquality(n) && /toolName|tool_name|tool-|\\/.test(n.getText());
  const equality = descendantsOfKind(file, SyntaxKind.BinaryExpression, mayName).filter(
    (bin) => named(bin.getLeft(), bin.getRight()) || named(bin.getRight(), bin.getLeft()),
  );
  const sides = (bin: (typeof equality)[number]) =>
    named(bin.getLeft(), bin.getRight())
      ? { compared: bin.getLeft(), literal: bin.getRight() }
      : { compared: bin.getRight(), literal: bin.getLeft() };
  for (const bin of equality) {
    const { compared, literal } = sides(bin);
    // The other literals the same value is tested against in the same chain of || / &&.
    const chain = testChain(bin);
    const group = equality
      .filter((o) => o === bin || (testChain(o) === chain && same(sides(o).compared, compared)))
      .map((o) => sides(o).literal);
    push(literal, compared, group);
  }
  for (const sw of descendantsOfKind(file, SyntaxKind.SwitchStatement)) {
    const cases = sw
      .getCaseBlock()
      .getClauses()
      .flatMap((c) => (Node.isCaseClause(c) ? [c.getExpression()] : []));
    if (isToolNameExpr(sw.getExpression()))
      for (const c of cases) push(c, sw.getExpression(), cases);
    else
      for (const c of cases.filter((x) => isToolPartType(sw.getExpression(), x)))
        push(c, sw.getExpression(), cases);
  }
  const tests = (n: ts.Node) => MEMBERSHIP_METHODS.has(calledMethod(n) ?? '');
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, tests)) {
    const test = membershipTest(call);
    if (!test || !isToolNameExpr(test.value)) continue;
    const elements = test.list.getElements();
    elements.forEach((el) => push(el, test.value, elements));
  }
  for (const { compared, members } of lookupGroups(file, isToolNameExpr))
    for (const m of members) push(m, compared, members);
  // A string reached twice (a table read by two lookups, or also compared with `===`) counts once.
  return out.filter((c, i) => out.findIndex((o) => o.location.start === c.location.start) === i);
}
