/**
 * `--mastra-core DIR`: the app runs with another installed @mastra/core than its own. ES imports go
 * through the module hooks of core-hooks.ts; `require()` (a CommonJS app, or tsx compiling to it)
 * through Node's resolver, given a parent inside that package. Both rely on the package naming
 * itself `@mastra/core` and mapping its subpaths with `exports`, as every measured line does.
 */
import Module, { register } from 'node:module';
import path from 'node:path';
import { isCore } from './core-hooks.ts';

type ResolveFilename = (request: string, parent: unknown, ...rest: unknown[]) => string;

export function redirectCore(dir: string, hooksUrl: string): void {
  register(hooksUrl, { data: { dir } });
  const resolver = Module as unknown as { _resolveFilename: ResolveFilename } & {
    _nodeModulePaths(dir: string): string[];
  };
  const original = resolver._resolveFilename;
  const file = path.join(dir, 'package.json');
  const parent = { id: file, filename: file, paths: resolver._nodeModulePaths(dir) };
  resolver._resolveFilename = function (request, from, ...rest) {
    return original.call(this, request, isCore(request) ? parent : from, ...rest);
  };
}
