/**
 * `this.agent` in a class that holds its agent in a field:
 *
 *   class TaxAgent {
 *     private agent: Agent;
 *     constructor() { this.agent = new Agent({...}); }
 *     chat(text) { return this.agent.stream(text); }
 *   }
 *
 * The field's value is its one write in the class (its initializer, or `this.agent = value` in a
 * constructor or method); with none or several, it is unknown. A `this` inside a nested `function`
 * (not an arrow function) is another object.
 */
import type { ClassDeclaration, ClassExpression, PropertyAccessExpression } from 'ts-morph';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { ownerClass } from '../ast.ts';

type ClassNode = ClassDeclaration | ClassExpression;

/** The class whose instance `this` is at `node` (`ownerClass`), not in a static member. */
function thisClass(node: Node): ClassNode | undefined {
  const member = node.getFirstAncestor(
    (a) => Node.isMethodDeclaration(a) || Node.isPropertyDeclaration(a),
  );
  // A static member's `this` is the class itself, not an instance.
  if ((Node.isMethodDeclaration(member) || Node.isPropertyDeclaration(member)) && member.isStatic())
    return undefined;
  const cls = ownerClass(node);
  return Node.isClassDeclaration(cls) || Node.isClassExpression(cls) ? cls : undefined;
}

export function thisMemberValue(expr: PropertyAccessExpression): Node | undefined {
  if (!Node.isThisExpression(expr.getExpression())) return undefined;
  const cls = thisClass(expr.getExpression());
  if (!cls) return undefined;
  const name = expr.getName();
  const writes: Node[] = [];
  const field = cls.getInstanceProperty(name);
  const init = Node.isPropertyDeclaration(field) ? field.getInitializer() : undefined;
  if (init) writes.push(init);
  for (const write of cls.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    const left = write.getLeft();
    if (
      !Node.isPropertyAccessExpression(left) ||
      left.getName() !== name ||
      !Node.isThisExpression(left.getExpression()) ||
      thisClass(left.getExpression()) !== cls
    )
      continue;
    if (write.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
    writes.push(write.getRight());
  }
  return writes.length === 1 ? writes[0] : undefined;
}
