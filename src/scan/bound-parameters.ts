/**
 * Parameters bound to one call's arguments while an agent built by a factory is read: inside
 * `createAgent(config) { return new Agent({ ...defaults, ...config }) }`, `config` stands for what
 * the call being read passes. Set only for the duration of one read (`withBoundParameters`), so
 * every other question about a parameter still answers "known only at run time".
 */
import type { Node } from '../ts-morph.ts';

let bound: ReadonlyMap<Node, Node> | undefined;

/** Runs `read` with each parameter declaration in `bindings` standing for its argument. */
export function withBoundParameters<T>(bindings: ReadonlyMap<Node, Node>, read: () => T): T {
  const outer = bound;
  bound = outer ? new Map([...outer, ...bindings]) : bindings;
  try {
    return read();
  } finally {
    bound = outer;
  }
}

/** The argument a parameter declaration stands for in the read under way. */
export function boundArgument(param: Node): Node | undefined {
  return bound?.get(param);
}
