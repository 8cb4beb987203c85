/**
 * `Object.fromEntries(Object.entries(tools).filter(...))`: a record that keeps some of another
 * record's entries under their own keys. It holds no key `tools` lacks, so it is read as `tools`
 * with every entry made conditional (the filter may drop it); a run-time source keeps its prefixes,
 * since every name it can still add starts with one of them.
 */
import type { CallExpression } from 'ts-morph';
import { Node } from '../../ts-morph.ts';
import { resolveValue, unwrap } from '../ast.ts';

/** The record whose entries a `fromEntries(entries(x).filter(...))` call keeps, if it is one. */
export function filteredRecord(call: CallExpression): Node | undefined {
  if (call.getExpression().getText() !== 'Object.fromEntries') return undefined;
  // `fromEntries(...) as Pick<T, 'deploy'>`: the cast says which keys it holds (helper-signature.ts).
  const parent = call.getParent();
  if (parent && (Node.isAsExpression(parent) || Node.isTypeAssertion(parent))) return undefined;
  let inner = call.getArguments()[0] && unwrap(call.getArguments()[0]!);
  let filtered = false;
  // Each `.filter(cb)` keeps a subset; anything else (`.map`) may rename the keys. A const between
  // them (`const entries = Object.entries(tools).filter(...)`) is read through.
  for (let hop = 0; inner && hop < 16; hop++) {
    if (Node.isIdentifier(inner)) {
      const value = unwrap(resolveValue(inner));
      if (value === inner) break;
      inner = value;
      continue;
    }
    const callee = Node.isCallExpression(inner) ? inner.getExpression() : undefined;
    if (!callee || !Node.isPropertyAccessExpression(callee) || callee.getName() !== 'filter') break;
    filtered = true;
    inner = unwrap(callee.getExpression());
  }
  if (
    !filtered ||
    !inner ||
    !Node.isCallExpression(inner) ||
    inner.getExpression().getText() !== 'Object.entries' ||
    inner.getArguments().length !== 1
  )
    return undefined;
  return inner.getArguments()[0];
}
