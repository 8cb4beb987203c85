/**
 * Strings compared with `primitiveId` in delegation hooks (`onDelegationStart`,
 * `onDelegationComplete`, `messageFilter`...): Mastra passes the delegated sub-agent's or workflow's
 * **id** there (read in @mastra/core 1.71.0: `primitiveId: agent.id`), not the key it is registered
 * under, so a comparison with the key never matches. Each is tied to the agent whose options hold
 * the hook when the code shows it.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { calledMethod, descendantsOfKind, locate, unwrap, type ScanContext } from '../ast.ts';
import { MEMBERSHIP_METHODS, membershipTest } from '../values/membership.ts';
import type { DelegationIdComparison } from '../model.ts';

const PRIMITIVE_ID = /(^|\.)primitiveId$/;

/** Text a file must hold for `delegationIdComparisons` to find anything in it. */
export const DELEGATION_TEXT = /primitiveId/;

const isPrimitiveId = (n: Node) => PRIMITIVE_ID.test(unwrap(n).getText().replace(/\?\./g, '.'));

export interface FoundDelegationId extends Omit<DelegationIdComparison, 'agentIndex'> {
  /** The node to tie it to an agent: the comparison itself (its ancestors are searched). */
  node: Node;
}

export function delegationIdComparisons(ctx: ScanContext, file: SourceFile): FoundDelegationId[] {
  if (!DELEGATION_TEXT.test(file.getFullText())) return [];
  const out: FoundDelegationId[] = [];
  const push = (literal: Node, node: Node) => {
    const n = unwrap(literal);
    if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n))
      out.push({ value: n.getLiteralValue(), raw: n.getText(), location: locate(ctx, n), node });
  };
  for (const bin of descendantsOfKind(file, SyntaxKind.BinaryExpression)) {
    if (!['===', '==', '!==', '!='].includes(bin.getOperatorToken().getText())) continue;
    if (isPrimitiveId(bin.getLeft())) push(bin.getRight(), bin);
    else if (isPrimitiveId(bin.getRight())) push(bin.getLeft(), bin);
  }
  // `['idea_clarification', …].includes(primitiveId)`, `new Set([…]).has(primitiveId)`: an allow-list.
  const tests = (n: ts.Node) => MEMBERSHIP_METHODS.has(calledMethod(n) ?? '');
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, tests)) {
    const test = membershipTest(call);
    if (test && isPrimitiveId(test.value))
      for (const element of test.list.getElements()) push(element, call);
  }
  for (const sw of descendantsOfKind(file, SyntaxKind.SwitchStatement)) {
    if (!isPrimitiveId(sw.getExpression())) continue;
    for (const c of sw.getCaseBlock().getClauses())
      if (Node.isCaseClause(c)) push(c.getExpression(), sw);
  }
  return out;
}

/** The agent constructor or call whose options hold the hook, nearest first. */
export function hookOwner(node: Node): Node[] {
  return node.getAncestors().filter((a) => Node.isNewExpression(a) || Node.isCallExpression(a));
}
