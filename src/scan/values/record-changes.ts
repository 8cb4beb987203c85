/**
 * What code does to a record after its literal, in the scope that declares it (its function, or
 * its file for a module-level one): each write to one of its keys (`r[k] = v`, `r.k += v`), and
 * any other change (`delete r.k`, `Object.assign(r, ...)`). The readers of loops and tables
 * (entries-loop.ts, spec-loop.ts) and filledByCode ask this one question.
 */
import type { BinaryExpression, Identifier, VariableDeclaration } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { identifiersNamed } from '../ast.ts';
import { isFunction } from './map-walk.ts';

export type RecordChange =
  | { kind: 'write'; ref: Identifier; access: Node; assignment: BinaryExpression }
  | { kind: 'other'; ref: Identifier };

export interface RecordChanges {
  decl: VariableDeclaration;
  /** The declaring function, when it is one (undefined for a module-level record). */
  fn: Node | undefined;
  changes: RecordChange[];
}

export function recordChanges(id: Node): RecordChanges | undefined {
  if (!Node.isIdentifier(id)) return undefined;
  const symbol = id.getSymbol();
  const decl = symbol?.getDeclarations().find(Node.isVariableDeclaration);
  if (!symbol || !decl) return undefined;
  const fn = decl.getFirstAncestor(isFunction);
  const changes: RecordChange[] = [];
  for (const ref of identifiersNamed(fn ?? decl.getSourceFile(), id.getText())) {
    if (ref === decl.getNameNode()) continue;
    const access = ref.getParent();
    const outer = access?.getParent();
    const accessed =
      (Node.isElementAccessExpression(access) || Node.isPropertyAccessExpression(access)) &&
      access.getExpression() === ref;
    const assigned =
      accessed &&
      Node.isBinaryExpression(outer) &&
      outer.getLeft() === access &&
      outer.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment &&
      outer.getOperatorToken().getKind() <= SyntaxKind.LastAssignment;
    const other =
      (accessed && Node.isDeleteExpression(outer)) ||
      (Node.isCallExpression(access) &&
        access.getArguments()[0] === ref &&
        /^Object\.(assign|defineProperty|defineProperties)$/.test(
          access.getExpression().getText(),
        ));
    if (!assigned && !other) continue;
    if (ref.getSymbol() !== symbol) continue;
    changes.push(
      assigned ? { kind: 'write', ref, access: access, assignment: outer } : { kind: 'other', ref },
    );
  }
  return { decl, fn, changes };
}
