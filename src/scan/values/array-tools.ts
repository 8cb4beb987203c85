/**
 * What @mastra/core (1.71.0, measured) does with an array given as `tools`: it enumerates the
 * array's own keys, so a tool in it is offered as its index, and a string in it makes the call fail.
 * An array's methods (`map`, `push`) are never keys.
 */
export const ARRAY_TOOLS =
  'Mastra offers a tool in it under its index ("_0", "_1", …) and fails on a string in it; give tools as an object';
