/**
 * Where a prompt file read at run time lives, when the code says so without running: a path built
 * from literals, constants, the arguments of the call being followed, `__dirname`,
 * `import.meta.dirname` / `import.meta.url`, `path.join` / `path.resolve` / `path.dirname`,
 * `fileURLToPath`, `new URL(rel, import.meta.url)` and `process.cwd()`.
 *
 * A path relative to the working directory depends on where the app runs. Scripts, tests and
 * servers started by the package's own npm scripts run in the package folder; `mastra dev` and the
 * server `mastra build` makes run in `.mastra/output`, into which Mastra copies `src/mastra/public/`
 * (read in the mastra CLI: `startServer` runs with `cwd: .mastra/output`, `copyPublic`). A
 * relative path is read at whichever of the two exists; when neither does, it is not read. The
 * bundle's `__dirname` is `.mastra/output` too, so a path beside a source file under `src/mastra/`
 * that is not there is read below `src/mastra/public/`.
 */
import { existsSync, statSync } from 'node:fs';
import { noteRead } from '../../cache/reads.ts';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { importedFrom, type ScanContext } from '../ast.ts';
import { staticString } from '../values/static-value.ts';
import { returnedExpressions } from '../values/tool-map.ts';
import {
  bindCall,
  classMethod,
  elementsOf,
  isFunctionNode,
  memberOf,
  resolveIn,
  thisField,
  type Env,
} from './bindings.ts';

const PATH_MODULES = new Set(['path', 'node:path', 'path/posix', 'node:path/posix', 'pathe']);
const PATH_FUNCTIONS = new Set(['join', 'resolve', 'dirname', 'basename', 'normalize']);
/** `process.cwd()`, kept relative: what it is depends on where the app runs (see above). */
const CWD = '.';

export interface PathOptions {
  /** The value of an identifier that has none in the code (the folder entry a loop reads). */
  free?: string;
}

/** `path.join`, `join` imported from `node:path`, `posix.join`: the function's name, else undefined. */
function pathFunction(callee: Node): string | undefined {
  if (Node.isPropertyAccessExpression(callee)) {
    const owner = callee.getExpression();
    const name = callee.getName();
    if (!PATH_FUNCTIONS.has(name)) return undefined;
    const from = importedFrom(owner);
    const ownerText = owner.getText();
    return (from && PATH_MODULES.has(from.module)) || /^(path|posix|nodePath)$/.test(ownerText)
      ? name
      : undefined;
  }
  if (!Node.isIdentifier(callee)) return undefined;
  const from = importedFrom(callee);
  return from && PATH_MODULES.has(from.module) && PATH_FUNCTIONS.has(from.exportName)
    ? from.exportName
    : undefined;
}

function calleeName(callee: Node): string {
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
}

/** `path.resolve` without running it: a relative result stays relative to the working directory. */
function resolvePath(parts: string[]): string {
  let out = '';
  for (const part of parts) out = path.isAbsolute(part) ? part : path.join(out, part);
  return path.normalize(out || CWD);
}

function fromUrl(value: string): string {
  return value.startsWith('file:') ? fileURLToPath(value) : value;
}

/**
 * The string an expression evaluates to, following bound parameters, constants, string and path
 * operations; undefined when it depends on something known only at run time.
 */
export function stringValue(
  node: Node,
  env: Env,
  options: PathOptions = {},
  depth = 0,
): string | undefined {
  if (depth > 40) return undefined;
  const { node: expr, env: at } = resolveIn(node, env);
  const value = (n: Node, e: Env = at) => stringValue(n, e, options, depth + 1);
  const file = expr.getSourceFile().getFilePath();

  if (Node.isStringLiteral(expr) || Node.isNoSubstitutionTemplateLiteral(expr))
    return expr.getLiteralValue();
  if (Node.isTemplateExpression(expr)) {
    let out = expr.getHead().getLiteralText();
    for (const span of expr.getTemplateSpans()) {
      const part = value(span.getExpression());
      if (part === undefined) return undefined;
      out += part + span.getLiteral().getLiteralText();
    }
    return out;
  }
  if (Node.isBinaryExpression(expr) && expr.getOperatorToken().getText() === '+') {
    const left = value(expr.getLeft());
    const right = left === undefined ? undefined : value(expr.getRight());
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  if (Node.isIdentifier(expr)) {
    if (expr.getText() === '__dirname') return path.dirname(file);
    if (expr.getText() === '__filename') return file;
    return options.free;
  }
  if (Node.isPropertyAccessExpression(expr)) {
    const text = expr.getText();
    if (text === 'import.meta.url') return pathToFileURL(file).href;
    if (text === 'import.meta.dirname') return path.dirname(file);
    if (text === 'import.meta.filename') return file;
    const owner = resolveIn(expr.getExpression(), at);
    const member = memberOf(owner.node, expr.getName());
    if (member) return value(member, owner.env);
    const field = Node.isThisExpression(owner.node)
      ? thisField(owner.node, expr.getName())
      : undefined;
    if (field) return value(field.node, field.env);
    // `entry.name` of a folder entry listed `withFileTypes` (a Dirent).
    if (options.free !== undefined && Node.isIdentifier(owner.node) && expr.getName() === 'name')
      return value(owner.node);
    return staticString(expr);
  }
  if (Node.isElementAccessExpression(expr)) {
    // `candidates[0]`, `PATHS['prompts']`
    const arg = expr.getArgumentExpression();
    const items = elementsOf(expr.getExpression(), at);
    if (items && arg && Node.isNumericLiteral(arg)) {
      const item = items[Number(arg.getLiteralValue())];
      return item ? value(item.node, item.env) : undefined;
    }
    const key = arg ? value(arg) : undefined;
    const owner = resolveIn(expr.getExpression(), at);
    const member = key === undefined ? undefined : memberOf(owner.node, key);
    return member ? value(member, owner.env) : undefined;
  }
  if (Node.isConditionalExpression(expr)) {
    // `name.endsWith('.md') ? name : `${name}.md``: the branch the condition picks, when it is known.
    const test = condition(expr.getCondition(), at, options, depth + 1);
    if (test !== undefined) return value(test ? expr.getWhenTrue() : expr.getWhenFalse());
    const [yes, no] = [value(expr.getWhenTrue()), value(expr.getWhenFalse())];
    return yes === no ? yes : undefined;
  }
  if (Node.isNewExpression(expr) && expr.getExpression().getText() === 'URL') {
    const [rel, base] = expr.getArguments();
    const relText = rel ? value(rel) : undefined;
    const baseText = base ? value(base) : undefined;
    if (relText === undefined || (base && baseText === undefined)) return undefined;
    try {
      return new URL(relText, baseText).href;
    } catch {
      return undefined;
    }
  }
  if (Node.isCallExpression(expr)) {
    const callee = expr.getExpression();
    const args = expr.getArguments();
    if (callee.getText() === 'process.cwd' && args.length === 0) return CWD;
    const fn = pathFunction(callee);
    if (fn) {
      const parts = args.map((a) => value(a));
      if (parts.some((p) => p === undefined)) return undefined;
      const strings = (parts as string[]).map(fromUrl);
      if (fn === 'join') return path.join(...strings);
      if (fn === 'resolve') return resolvePath(strings);
      if (fn === 'normalize')
        return strings[0] === undefined ? undefined : path.normalize(strings[0]);
      if (fn === 'dirname') return strings[0] === undefined ? undefined : path.dirname(strings[0]);
      return strings[0] === undefined ? undefined : path.basename(strings[0], strings[1]);
    }
    if (calleeName(callee) === 'fileURLToPath') {
      const url = args[0] ? value(args[0]) : undefined;
      return url === undefined ? undefined : fromUrl(url);
    }
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'toString')
      return value(callee.getExpression());
    // `id.substring(0, id.indexOf('.'))`: the folder a dotted prompt id names.
    if (Node.isPropertyAccessExpression(callee) && /^(substring|slice)$/.test(callee.getName())) {
      const text = value(callee.getExpression());
      const bounds = args.map((a) => numberValue(a, at, options, depth + 1));
      if (text === undefined || bounds.length === 0 || bounds.some((b) => b === undefined))
        return undefined;
      const [from, to] = bounds as number[];
      return callee.getName() === 'slice' ? text.slice(from, to) : text.substring(from!, to);
    }
    // A helper that builds the path: `promptPath('support')`. Of its return values, those known
    // without running must agree (a first-existing-candidate loop falls back to its default).
    // A method: `this.resolvePath(id)`, `registry.pathOf(id)`.
    const owner = Node.isPropertyAccessExpression(callee)
      ? resolveIn(callee.getExpression(), at)
      : undefined;
    const method =
      owner && Node.isPropertyAccessExpression(callee)
        ? (memberOf(owner.node, callee.getName()) ?? classMethod(owner.node, callee.getName()))
        : undefined;
    const target = method && owner ? resolveIn(method, owner.env) : resolveIn(callee, at);
    if (isFunctionNode(target.node)) {
      const inner = bindCall(target.node, expr, at);
      const results = new Set(
        returnedExpressions(target.node)
          .map((r) => value(r, inner))
          .filter((r) => r !== undefined),
      );
      if (results.size === 1) return [...results][0];
      // Candidates it tries in turn (`statSync` each, return the first): the one that exists.
      const existing = [...results].filter((r) => path.isAbsolute(r) && isKind(r, 'file'));
      return existing.length === 1 ? existing[0] : undefined;
    }
    return undefined;
  }
  return staticString(expr);
}

/** A number known without running: a literal, `-1`, `text.length`, `text.indexOf('.')`. */
function numberValue(
  node: Node,
  env: Env,
  options: PathOptions,
  depth: number,
): number | undefined {
  if (depth > 40) return undefined;
  const { node: expr, env: at } = resolveIn(node, env);
  if (Node.isNumericLiteral(expr)) return expr.getLiteralValue();
  if (Node.isPrefixUnaryExpression(expr) && expr.getOperatorToken() === SyntaxKind.MinusToken) {
    const operand = expr.getOperand();
    return Node.isNumericLiteral(operand) ? -operand.getLiteralValue() : undefined;
  }
  if (Node.isPropertyAccessExpression(expr) && expr.getName() === 'length') {
    const text = stringValue(expr.getExpression(), at, options, depth + 1);
    return text?.length;
  }
  if (Node.isCallExpression(expr)) {
    const callee = expr.getExpression();
    const [arg] = expr.getArguments();
    if (!Node.isPropertyAccessExpression(callee) || !arg) return undefined;
    if (!/^(indexOf|lastIndexOf)$/.test(callee.getName())) return undefined;
    const text = stringValue(callee.getExpression(), at, options, depth + 1);
    const part = stringValue(arg, at, options, depth + 1);
    if (text === undefined || part === undefined) return undefined;
    return callee.getName() === 'indexOf' ? text.indexOf(part) : text.lastIndexOf(part);
  }
  return undefined;
}

/** A condition on strings known without running: `s.endsWith('.md')`, `a === b`, `!c`. */
function condition(node: Node, env: Env, options: PathOptions, depth: number): boolean | undefined {
  const { node: expr, env: at } = resolveIn(node, env);
  const value = (n: Node) => stringValue(n, at, options, depth + 1);
  if (
    Node.isPrefixUnaryExpression(expr) &&
    expr.getOperatorToken() === SyntaxKind.ExclamationToken
  ) {
    const inner = condition(expr.getOperand(), at, options, depth + 1);
    return inner === undefined ? undefined : !inner;
  }
  if (Node.isBinaryExpression(expr)) {
    const op = expr.getOperatorToken().getText();
    if (!['===', '!==', '==', '!='].includes(op)) return undefined;
    const [left, right] = [value(expr.getLeft()), value(expr.getRight())];
    if (left === undefined || right === undefined) return undefined;
    return op.startsWith('!') ? left !== right : left === right;
  }
  if (Node.isCallExpression(expr)) {
    const callee = expr.getExpression();
    const [arg] = expr.getArguments();
    if (!Node.isPropertyAccessExpression(callee) || !arg) return undefined;
    const method = callee.getName();
    if (!['endsWith', 'startsWith', 'includes'].includes(method)) return undefined;
    const [text, part] = [value(callee.getExpression()), value(arg)];
    if (text === undefined || part === undefined) return undefined;
    return method === 'endsWith'
      ? text.endsWith(part)
      : method === 'startsWith'
        ? text.startsWith(part)
        : text.includes(part);
  }
  return undefined;
}

const packageRoots = new Map<string, string>();

/** The folder of the nearest package.json at or above `dir`, within the root (else the root). */
export function packageRoot(root: string, dir: string): string {
  const cached = packageRoots.get(`${root}\0${dir}`);
  if (cached) return cached;
  let found = root;
  for (let at = dir; at.startsWith(root); at = path.dirname(at)) {
    if (existsSync(path.join(at, 'package.json'))) {
      found = at;
      break;
    }
    if (at === root || path.dirname(at) === at) break;
  }
  packageRoots.set(`${root}\0${dir}`, found);
  return found;
}

function isKind(file: string, kind: 'file' | 'folder'): boolean {
  noteRead(file);
  try {
    const stats = statSync(file);
    return kind === 'file' ? stats.isFile() : stats.isDirectory();
  } catch {
    return false;
  }
}

/**
 * The files (or folders) a path read from `sourceFile` can be: itself when absolute, or, relative
 * to the working directory, under the package folder and under `src/mastra/public/` (what
 * `mastra dev` and `mastra build` run in); only those that exist.
 */
export function locatePath(
  ctx: ScanContext,
  sourceFile: string,
  value: string,
  kind: 'file' | 'folder' = 'file',
): string[] {
  const target = fromUrl(value);
  const pkg = packageRoot(ctx.root, path.dirname(sourceFile));
  if (path.isAbsolute(target))
    return isKind(target, kind) ? [target] : bundledPublic(pkg, sourceFile, target, kind);
  return [path.join(pkg, target), path.join(pkg, 'src', 'mastra', 'public', target)].filter((f) =>
    isKind(f, kind),
  );
}

/**
 * `join(__dirname, 'prompts', 'x.md')` in code `mastra build` bundles (under `src/mastra/`): the
 * deployer's rollup build shims `__dirname` in its ESM output (its `esmShim` plugin) as the folder
 * of the bundle file, `.mastra/output`, into which Mastra copies `src/mastra/public/`. When the
 * path beside the source file is not there, the one below `src/mastra/public/` is what the bundle
 * reads. (Read in Mastra's deployer source; not run here: `@mastra/deployer` is not installed.)
 */
function bundledPublic(pkg: string, sourceFile: string, target: string, kind: 'file' | 'folder') {
  const mastraDir = path.join(pkg, 'src', 'mastra');
  const rel = path.relative(path.dirname(sourceFile), target);
  if (!sourceFile.startsWith(mastraDir + path.sep) || rel.startsWith('..') || path.isAbsolute(rel))
    return [];
  const copied = path.join(mastraDir, 'public', rel);
  return isKind(copied, kind) ? [copied] : [];
}

/**
 * The part of a path below a root known only at run time: `resolve(projectRoot(), 'agents/x.md')`,
 * `join(APP_ROOT, 'prompts', name)`, `` `${root()}/prompts/x.md` ``. Undefined when the path is
 * known (ask `stringValue`), when more than its first part is unknown, or when the rest is absolute.
 */
export function belowUnknownRoot(node: Node, env: Env, depth = 0): string | undefined {
  if (depth > 8) return undefined;
  const { node: expr, env: at } = resolveIn(node, env);
  const known = (n: Node) => stringValue(n, at);
  let first: Node | undefined;
  let rest: (string | undefined)[];
  if (Node.isCallExpression(expr)) {
    const fn = pathFunction(expr.getExpression());
    if (fn !== 'join' && fn !== 'resolve') return undefined;
    const args = expr.getArguments();
    first = args[0];
    rest = args.slice(1).map((a) => known(a));
  } else if (Node.isTemplateExpression(expr) && expr.getHead().getLiteralText() === '') {
    const [span, ...spans] = expr.getTemplateSpans();
    if (!span) return undefined;
    first = span.getExpression();
    let tail = span.getLiteral().getLiteralText();
    for (const s of spans) {
      const part = known(s.getExpression());
      if (part === undefined) return undefined;
      tail += part + s.getLiteral().getLiteralText();
    }
    rest = [tail.replace(/^\/+/, '')];
  } else return undefined;
  if (!first || known(first) !== undefined) return undefined;
  if (rest.length === 0 || rest.some((p) => p === undefined || path.isAbsolute(p)))
    return undefined;
  const below = path.normalize(path.join(...(rest as string[])));
  if (below.startsWith('..')) return undefined;
  // The root may itself be a path below an unknown root: `join(PROMPTS_DIR, name)`.
  const inner = belowUnknownRoot(first, at, depth + 1);
  return inner === undefined ? below : path.join(inner, below);
}

/**
 * Where a path below a root computed at run time can be: under the package folder of the file that
 * reads it, or under that file's own folder. Only those that exist, with the root each was found under.
 */
export function locateBelowUnknownRoot(
  ctx: ScanContext,
  readerFile: string,
  below: string,
): { file: string; root: 'package folder' | "loader's folder" }[] {
  const pkg = packageRoot(ctx.root, path.dirname(readerFile));
  const found = new Map<string, 'package folder' | "loader's folder">();
  for (const [dir, root] of [
    [pkg, 'package folder'],
    [path.dirname(readerFile), "loader's folder"],
  ] as const) {
    const file = path.join(dir, below);
    if (!found.has(file) && isKind(file, 'file')) found.set(file, root);
  }
  return [...found].map(([file, root]) => ({ file, root }));
}
