/**
 * Module hooks (registered by the preload with `--mastra-core DIR`): every import of `@mastra/core`
 * or one of its subpaths, from the app or any package it uses, resolves as if it came from inside
 * the given package, so Node's self-reference maps it through that package's own `exports`. One
 * copy of @mastra/core is loaded, the given one. Node built-ins only: loaded without the TypeScript
 * loader, in a thread of its own.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

interface ResolveContext {
  parentURL?: string;
  conditions: string[];
  importAttributes?: Record<string, string>;
}
type NextResolve = (specifier: string, context: ResolveContext) => unknown;

let parentURL: string | undefined;

/** Whether a specifier names @mastra/core itself or a subpath of it. */
export const isCore = (specifier: string) =>
  specifier === '@mastra/core' || specifier.startsWith('@mastra/core/');

export function initialize(data: { dir: string }): void {
  parentURL = pathToFileURL(path.join(data.dir, 'package.json')).href;
}

export function resolve(specifier: string, context: ResolveContext, next: NextResolve): unknown {
  return parentURL && isCore(specifier)
    ? next(specifier, { ...context, parentURL })
    : next(specifier, context);
}
