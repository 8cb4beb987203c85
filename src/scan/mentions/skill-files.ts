/**
 * The `SKILL.md` files a workspace's `skills` paths hold. The model reads a skill's text when it
 * loads it with the `skill` tool, so a tool name written there is one the agent is told to call.
 * A path is read where it is written: a string (relative to the package folder the app runs in, or
 * `src/mastra/public/`), or a join below a root computed at run time (`join(PROJECT_ROOT, 'skills')`,
 * found under the package folder or the folder of the file that builds the workspace). A path that
 * cannot be read, or that matches no folder, adds nothing: no skill is guessed at.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Node } from '../../ts-morph.ts';
import { resolveValue, type ScanContext } from '../ast.ts';
import { NO_BINDINGS } from './bindings.ts';
import { belowUnknownRoot, locatePath, packageRoot, stringValue } from './prompt-paths.ts';

const isFolder = (p: string) => existsSync(p) && statSync(p).isDirectory();

/**
 * `join(ROOT, 'skills')` where ROOT is found by walking up at run time: the literal parts after
 * the root (a static reading of such a walk gives only its fallback, which is rarely where it ends).
 */
function literalTail(entry: Node): string | undefined {
  const call = resolveValue(entry);
  if (!Node.isCallExpression(call)) return undefined;
  if (!/(^|\.)(join|resolve)$/.test(call.getExpression().getText())) return undefined;
  const rest = call
    .getArguments()
    .slice(1)
    .map((a) => stringValue(a, NO_BINDINGS));
  if (!rest.length || rest.some((r) => r === undefined || path.isAbsolute(r))) return undefined;
  const below = path.normalize(path.join(...(rest as string[])));
  return below.startsWith('..') ? undefined : below;
}

/** The folders one `skills` entry can be. */
function folders(ctx: ScanContext, entry: Node): string[] {
  const file = entry.getSourceFile().getFilePath();
  const value = stringValue(entry, NO_BINDINGS);
  const found = value === undefined ? [] : locatePath(ctx, file, value, 'folder');
  if (found.length) return found;
  const below = belowUnknownRoot(entry, NO_BINDINGS) ?? literalTail(entry);
  if (below === undefined) return [];
  const pkg = packageRoot(ctx.root, path.dirname(file));
  return [...new Set([path.join(pkg, below), path.join(path.dirname(file), below)])].filter(
    isFolder,
  );
}

/** `SKILL.md` in a folder, and in each folder directly inside it (one skill per folder). */
function skillsIn(folder: string): string[] {
  const out: string[] = [];
  const own = path.join(folder, 'SKILL.md');
  if (existsSync(own)) out.push(own);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    const file = path.join(folder, name, 'SKILL.md');
    if (existsSync(file)) out.push(file);
  }
  return out;
}

/** The skill files a `skills` option (an array of paths) names, absolute, inside the scanned root. */
export function skillFiles(ctx: ScanContext, option: Node): string[] {
  const list = resolveValue(option);
  if (!Node.isArrayLiteralExpression(list)) return [];
  const root = path.resolve(ctx.root);
  const files = list
    .getElements()
    .flatMap((e) => folders(ctx, e))
    .flatMap(skillsIn)
    .filter((f) => !path.relative(root, f).startsWith('..'));
  return [...new Set(files)];
}
