/**
 * An agent picked from a table at run time: `CHAT_AGENTS[req.params.id].agent`, `AGENTS[name]`, or
 * `tool.agent` in `for (const tool of TOOLS)`. Any entry can be picked, so a call of the picked
 * agent is a call of each agent the table holds. Read only when the table is a literal the code
 * shows whole (no spread, no computed key): otherwise some entry may be something else.
 */
import { Node, type Expression } from '../../ts-morph.ts';
import { propertyValue, resolveValue, unwrap } from '../ast.ts';
import { staticString } from './static-value.ts';

/** Every value of a literal table: an array's elements, an object's property values. */
function entriesOf(table: Node): Node[] | undefined {
  if (Node.isArrayLiteralExpression(table)) {
    const elements = table.getElements();
    return elements.some((e) => Node.isSpreadElement(e)) ? undefined : elements;
  }
  if (!Node.isObjectLiteralExpression(table)) return undefined;
  const out: Node[] = [];
  for (const p of table.getProperties()) {
    if (Node.isPropertyAssignment(p) && !Node.isComputedPropertyName(p.getNameNode())) {
      const init = p.getInitializer();
      if (!init) return undefined;
      out.push(init);
    } else if (Node.isShorthandPropertyAssignment(p)) out.push(p.getNameNode());
    else return undefined;
  }
  return out;
}

/** `T` itself, or the `T` of `Object.values(T)`. */
function tableOf(expression: Expression): Node {
  const value = resolveValue(expression);
  if (Node.isCallExpression(value) && value.getExpression().getText() === 'Object.values') {
    const [arg] = value.getArguments();
    if (arg) return resolveValue(arg);
  }
  return value;
}

/** The entries the expression may be, when it picks one from a literal table. */
export function picked(node: Node): Node[] | undefined {
  const value = resolveValue(unwrap(node));
  if (Node.isElementAccessExpression(value)) {
    const key = value.getArgumentExpression();
    if (!key) return undefined;
    const table = tableOf(value.getExpression());
    // `AGENTS['writer']`: that entry alone, when the table writes it.
    const name = staticString(key);
    if (name === undefined) return entriesOf(table);
    const entry = Node.isObjectLiteralExpression(table) ? propertyValue(table, name) : undefined;
    return entry ? [entry] : undefined;
  }
  if (!Node.isIdentifier(value)) return undefined;
  // The variable of `for (const x of T)`.
  const decl = value.getSymbol()?.getDeclarations()[0];
  const list = decl?.getParent();
  const loop = list?.getParent();
  if (
    !decl ||
    !Node.isVariableDeclaration(decl) ||
    !Node.isIdentifier(decl.getNameNode()) ||
    !list ||
    !Node.isVariableDeclarationList(list) ||
    !loop ||
    !Node.isForOfStatement(loop) ||
    loop.getInitializer() !== list
  )
    return undefined;
  return entriesOf(tableOf(loop.getExpression()));
}

/**
 * The values `receiver` may be when it is an entry of a literal table, or a member of one
 * (`entry.agent`): each resolved; undefined when it picks from no such table.
 */
export function tableValues(receiver: Node): Node[] | undefined {
  const value = resolveValue(unwrap(receiver));
  if (Node.isPropertyAccessExpression(value)) {
    const entries = picked(value.getExpression());
    if (!entries) return undefined;
    const members = entries.map((e) => propertyValue(resolveValue(e), value.getName()));
    return members.every((m) => m !== undefined) ? members.map((m) => resolveValue(m)) : undefined;
  }
  return picked(value)?.map((e) => resolveValue(e));
}
