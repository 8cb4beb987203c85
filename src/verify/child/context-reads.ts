/**
 * Records which request-context keys each measured call reads: the class's `get` is wrapped, and a
 * read made while a call runs (AsyncLocalStorage) is added to that call's measurement with whether
 * the key held a value, when the app's own code (not a package) made the read. That names what an
 * agent's `instructions`, `tools` or `model` function needed when generate() fails before any
 * request. Runs in the child: Node built-ins only.
 */
import type { ContextApi } from './core-package.ts';
import { calledFromApp, currentCall } from './state.ts';

const WRAPPED = Symbol.for('mastra-tool-names.verify.context-get');
/** Mastra's own keys (`mastra__threadId`, `__mastra_requireToolApproval`, `MastraMemory`). */
const MASTRA_KEY = /^(mastra__|__mastra|MastraMemory$)/;

export function watchContextReads(api: ContextApi): void {
  for (const cls of api.classes) {
    const proto = cls.prototype as { get: ((key: unknown) => unknown) & { [WRAPPED]?: true } };
    const original = proto.get;
    if (typeof original !== 'function' || original[WRAPPED]) continue;
    const get = function (this: unknown, key: unknown): unknown {
      const value = original.call(this, key);
      const call = currentCall.getStore();
      // Only the app's own reads: Mastra reads keys of its own features on every call.
      if (call && typeof key === 'string' && !MASTRA_KEY.test(key) && calledFromApp()) {
        const reads = (call.measurement.contextReads ??= []);
        const known = reads.find((r) => r.key === key);
        if (known) known.set ||= value !== undefined;
        else reads.push({ key, set: value !== undefined });
      }
      return value;
    };
    Object.defineProperty(get, WRAPPED, { value: true });
    proto.get = get;
  }
}
