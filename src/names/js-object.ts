/**
 * Emulation of the plain-object semantics Mastra's tool records depend on. Mastra builds its tool
 * record with object spreads and assignments, so enumeration order, the `__proto__` key and
 * inherited members of Object.prototype all leak into what the model is offered.
 */

const MAX_ARRAY_INDEX = 2 ** 32 - 2;

/** A canonical array index ("0", "7", "4294967294") enumerates before every other string key. */
export function isArrayIndex(key: string): boolean {
  return /^(?:0|[1-9][0-9]*)$/.test(key) && Number(key) <= MAX_ARRAY_INDEX;
}

/** Members every plain object inherits; `record[name]` is truthy for each of them. */
export const OBJECT_PROTOTYPE_MEMBERS: ReadonlySet<string> = new Set([
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
]);

/**
 * An insertion-ordered record that enumerates like a plain object: array-index keys first in
 * ascending numeric order, then the other keys in insertion order. Re-setting a key keeps its
 * place and replaces its value.
 */
export class PlainRecord<V> {
  readonly #values = new Map<string, V>();

  has(key: string): boolean {
    return this.#values.has(key);
  }

  get(key: string): V | undefined {
    return this.#values.get(key);
  }

  set(key: string, value: V): void {
    this.#values.set(key, value);
  }

  delete(key: string): void {
    this.#values.delete(key);
  }

  keys(): string[] {
    const all = [...this.#values.keys()];
    const indices = all.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
    return [...indices, ...all.filter((key) => !isArrayIndex(key))];
  }

  entries(): Array<[string, V]> {
    return this.keys().map((key) => [key, this.#values.get(key) as V]);
  }
}
