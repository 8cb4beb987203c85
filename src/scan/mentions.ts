/**
 * Finds where a tool's names appear as text: in prompt fragments (whole-name matches only) and in
 * code that compares a tool name with a string literal (`toolName === 'x'`, `switch`, `includes`).
 */
import { Node, SyntaxKind, type SourceFile } from '../ts-morph.ts';
import { descendantsOfKind, locate, resolveValue, unwrap, type ScanContext } from './ast.ts';
import type { ToolOrigin } from '../names/normalise.ts';
import type { Location, Mention, MentionMatch, TextFragment } from './model.ts';
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

const NAME_CHAR = /[A-Za-z0-9_\-]/;

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

function fragmentLocation(fragment: TextFragment, offset: number, length: number): Location {
  const before = fragment.text.slice(0, offset);
  const lines = before.split('\n');
  const line = fragment.location.line + lines.length - 1;
  const column = lines.length > 1 ? lines[lines.length - 1]!.length + 1 : fragment.location.column + offset;
  const start = fragment.location.start + offset;
  return { file: fragment.location.file, line, column, start, end: start + length };
}

export function mentionsIn(fragments: TextFragment[], names: ToolName[], agentIndex?: number): Mention[] {
  const out = new Map<string, Mention>();
  for (const fragment of fragments) {
    for (const tn of names) {
      for (const at of findName(fragment.text, tn.name)) {
        const location = fragmentLocation(fragment, at, tn.name.length);
        const id = `${location.file}:${location.start}:${tn.name}`;
        const mention: Mention = out.get(id) ?? {
          name: tn.name,
          location,
          context: fragment.context,
          ...(agentIndex === undefined ? {} : { agentIndex }),
          matches: [],
          quoted: isQuoted(fragment.text, at, tn.name.length),
          inCodeBlock: inCodeBlock(fragment.text, at),
          in: fragment.quote === 'file' ? 'file' : 'code',
        };
        const match = mention.matches.find((m) => m.agentIndex === tn.agentIndex && m.origin === tn.origin && m.key === tn.key);
        if (match) {
          if (!match.as.includes(tn.as)) match.as.push(tn.as);
        } else {
          mention.matches.push({ agentIndex: tn.agentIndex, origin: tn.origin, key: tn.key, wireName: tn.wireName, as: [tn.as] });
        }
        out.set(id, mention);
      }
    }
  }
  // A longer name that contains a shorter one at the same place wins (`search.web` over `search`).
  const all = [...out.values()];
  return all.filter((m) => !all.some((o) => o !== m && o.location.file === m.location.file && o.location.start <= m.location.start && o.location.end >= m.location.end && o.name.length > m.name.length));
}

const TOOL_NAME_EXPR = /(^|\.)(toolName|tool_name)$/;

function isToolNameExpr(node: Node): boolean {
  return TOOL_NAME_EXPR.test(unwrap(node).getText().replace(/\?\./g, '.'));
}

/** String literals compared with a tool-name expression anywhere in a file. */
export function comparedLiterals(ctx: ScanContext, file: SourceFile): Array<{ value: string; raw: string; location: Location; provable: boolean }> {
  const out: Array<{ value: string; raw: string; location: Location; provable: boolean }> = [];
  // Every comparison read below has `toolName` or `tool_name` in its text: skip files without it.
  if (!/toolName|tool_name/.test(file.getFullText())) return out;
  const push = (node: Node, compared: Node) => {
    const n = unwrap(node);
    if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) out.push({ value: n.getLiteralValue(), raw: n.getText(), location: locate(ctx, n), provable: isProvableToolName(ctx, compared) });
  };
  for (const bin of descendantsOfKind(file, SyntaxKind.BinaryExpression)) {
    if (!['===', '!==', '==', '!='].includes(bin.getOperatorToken().getText())) continue;
    if (isToolNameExpr(bin.getLeft())) push(bin.getRight(), bin.getLeft());
    else if (isToolNameExpr(bin.getRight())) push(bin.getLeft(), bin.getRight());
  }
  for (const sw of descendantsOfKind(file, SyntaxKind.SwitchStatement)) {
    if (!isToolNameExpr(sw.getExpression())) continue;
    for (const clause of sw.getCaseBlock().getClauses()) if (Node.isCaseClause(clause)) push(clause.getExpression(), sw.getExpression());
  }
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const [arg] = call.getArguments();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'includes' || !arg || !isToolNameExpr(arg)) continue;
    const list = resolveValue(callee.getExpression());
    if (Node.isArrayLiteralExpression(list)) list.getElements().forEach((el) => push(el, arg));
  }
  return out;
}
