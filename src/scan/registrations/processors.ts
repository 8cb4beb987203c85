/**
 * The agents each processor class runs for: `new Agent({ inputProcessors: [new Enforcer()] })`.
 * A processor's `processInputStep` / `processOutputResult` sees that agent's steps, so a tool name it
 * compares is one of that agent's names.
 */
import { Node, type NewExpression } from '../../ts-morph.ts';
import { propertyValue, resolveValue, unwrap } from '../ast.ts';

const LISTS = ['inputProcessors', 'outputProcessors'];

/** The class a `new X()` constructs, through imports. */
function classOf(made: Node): Node | undefined {
  if (!Node.isNewExpression(made)) return undefined;
  const symbol = made.getExpression().getSymbol();
  const target = symbol?.isAlias() ? symbol.getAliasedSymbol() : symbol;
  const decls = target?.getDeclarations() ?? [];
  return decls.length === 1 && Node.isClassDeclaration(decls[0]) ? decls[0] : undefined;
}

/** Processor class declaration -> the indexes of the agents whose processor lists construct it. */
export function processorOwners(constructors: readonly NewExpression[]): Map<Node, Set<number>> {
  const out = new Map<Node, Set<number>>();
  constructors.forEach((node, index) => {
    const [arg] = node.getArguments();
    const config = arg ? resolveValue(arg) : undefined;
    if (!config || !Node.isObjectLiteralExpression(config)) return;
    for (const name of LISTS) {
      const value = propertyValue(config, name);
      const list = value ? resolveValue(value) : undefined;
      if (!list || !Node.isArrayLiteralExpression(list)) continue;
      for (const element of list.getElements()) {
        const cls = classOf(resolveValue(unwrap(element)));
        if (!cls) continue;
        const owners = out.get(cls) ?? new Set<number>();
        owners.add(index);
        out.set(cls, owners);
      }
    }
  });
  return out;
}

/** The one agent a node inside a processor class runs for, if exactly one agent uses the class. */
export function processorAgent(owners: Map<Node, Set<number>>, node: Node): number | undefined {
  const cls = node.getFirstAncestor((a) => Node.isClassDeclaration(a));
  const set = cls ? owners.get(cls) : undefined;
  return set?.size === 1 ? [...set][0] : undefined;
}
