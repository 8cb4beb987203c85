/**
 * A membership test against a list written in the code: `['a', 'b'].includes(x)`, `LIST.includes(x)`
 * with `const LIST = [...]`, `new Set([...]).has(x)`. Each item is compared with `x`.
 */
import { Node, type ArrayLiteralExpression, type CallExpression } from '../../ts-morph.ts';
import { resolveValue } from '../ast.ts';

/** The methods that test membership: a cheap test on the compiler node comes first. */
export const MEMBERSHIP_METHODS: ReadonlySet<string> = new Set(['includes', 'has']);

/** The list a call tests its argument against, and that argument; undefined for anything else. */
export function membershipTest(
  call: CallExpression,
): { list: ArrayLiteralExpression; value: Node } | undefined {
  const callee = call.getExpression();
  const [value] = call.getArguments();
  if (!Node.isPropertyAccessExpression(callee) || !value || call.getArguments().length !== 1)
    return undefined;
  const holder = resolveValue(callee.getExpression());
  if (callee.getName() === 'includes')
    return Node.isArrayLiteralExpression(holder) ? { list: holder, value } : undefined;
  if (callee.getName() !== 'has' || !Node.isNewExpression(holder)) return undefined;
  if (holder.getExpression().getText() !== 'Set') return undefined;
  const [items] = holder.getArguments();
  const list = items && resolveValue(items);
  return list && Node.isArrayLiteralExpression(list) ? { list, value } : undefined;
}
