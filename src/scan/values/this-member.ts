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

type ClassNode = ClassDeclaration | ClassExpression;

/** The class whose instance `this` is at `node`, or undefined (a function's own `this`, top level). */
function thisClass(node: Node): ClassNode | undefined {
  for (let at = node.getParent(); at; at = at.getParent()) {
    if (Node.isClassDeclaration(at) || Node.isClassExpression(at)) return at;
    if (Node.isFunctionDeclaration(at) || Node.isFunctionExpression(at)) return undefined;
    // A static member's `this` is the class itself, not an instance.
    if ((Node.isMethodDeclaration(at) || Node.isPropertyDeclaration(at)) && at.isStatic())
      return undefined;
  }
  return undefined;
}

export function thisMemberValue(expr: PropertyAccessExpression): Node | undefined {
  if (!Node.isThisExpression(expr.getExpression())) return undefined;
  const cls = thisClass(expr);
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
      thisClass(left) !== cls
    )
      continue;
    if (write.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
    writes.push(write.getRight());
  }
  return writes.length === 1 ? writes[0] : undefined;
}
