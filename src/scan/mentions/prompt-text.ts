/**
 * Collects the literal text of prompts: strings, template literals (never what is inside `${...}`
 * unless it is itself prompt text we can read), concatenations, arrays, constants in other files,
 * properties of object literals, functions returning them, and the text that flows through the
 * functions a prompt is passed to or built by (`withSafety(BASE)`, `build({ role: '...' })`: their
 * parameters stand for the arguments of that call). Prompt files read at run time are read too:
 * `readFileSync` / `readFile` with a path known without running (see prompt-paths.ts), directly or
 * in a helper (`loadPrompt('support')`), and folder registries (see prompt-registry.ts).
 * Fragments keep the source text as written, so offsets map back exactly.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Node, QuoteKind, SyntaxKind, type CallExpression } from '../../ts-morph.ts';
import {
  isMastraExport,
  lineAndColumn,
  locate,
  relativePath,
  unwrap,
  type ScanContext,
} from '../ast.ts';
import type { Location, TextFragment, UnreadPrompt } from '../model.ts';
import { readSource } from '../files/read-source.ts';
import { returnedExpressions } from '../values/tool-map.ts';
import {
  bindArgs,
  bindCall,
  classMethod,
  elementsOf,
  isFunctionNode,
  memberOf,
  NO_BINDINGS,
  resolveIn,
  type Env,
} from './bindings.ts';
import {
  belowUnknownRoot,
  locateBelowUnknownRoot,
  locatePath,
  stringValue,
} from './prompt-paths.ts';
import {
  READS,
  registryBehind,
  registryFile,
  registryFiles,
  type Registry,
} from './prompt-registry.ts';

type Context = TextFragment['context'];

function span(ctx: ScanContext, node: Node, start: number, end: number): Location {
  const sf = node.getSourceFile();
  const { line, column } = lineAndColumn(sf, start);
  return { file: relativePath(ctx, sf.getFilePath()), line, column, start, end };
}

function literalPart(
  ctx: ScanContext,
  node: Node,
  openLen: number,
  closeLen: number,
  quote: TextFragment['quote'],
  context: Context,
): TextFragment {
  const start = node.getStart() + openLen;
  const end = node.getEnd() - closeLen;
  return {
    text: node.getSourceFile().getFullText().slice(start, end),
    location: span(ctx, node, start, end),
    quote,
    context,
  };
}

/**
 * A prompt file as one fragment. Only UTF-8 text is read (a binary file or another encoding is no
 * prompt we could check or edit faithfully); `missed` hears why a file was not.
 */
export function fileFragment(
  ctx: ScanContext,
  file: string,
  context: Context,
  missed?: (reason: string) => void,
  loadedAt?: Location,
): TextFragment[] {
  const read = readSource(file);
  if (!read.ok) {
    missed?.(`the prompt file ${relativePath(ctx, file)}, which is not read (${read.reason})`);
    return [];
  }
  const text = read.text;
  const location: Location = {
    file: relativePath(ctx, file),
    line: 1,
    column: 1,
    start: 0,
    end: text.length,
  };
  return [{ text, location, quote: 'file', context, ...(loadedAt && { loadedAt }) }];
}

interface Walk {
  ctx: ScanContext;
  context: Context;
  /** Functions being followed (a recursive helper is followed once). */
  active: Set<Node>;
  /** Nodes left to visit: text built in loops of helpers cannot make the walk explode. */
  budget: { left: number };
  /** The calls being followed, outermost first (what an unread prompt is reported at). */
  calls: Node[];
  /** Prompt text the code reads at run time that could not be read. */
  unread: UnreadPrompt[];
}

/** Records text the app reads at run time that the scan cannot, at the call the agent's code makes. */
function missed(walk: Walk, node: Node, reason: string): void {
  const at = walk.calls[0] ?? node;
  const where = locate(walk.ctx, node);
  walk.unread.push({
    location: locate(walk.ctx, at),
    text: at.getText().slice(0, 120),
    reason: at === node ? reason : `${reason} (${where.file}:${where.line})`,
  });
}

function calleeName(callee: Node): string {
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
}

/**
 * A file read under a root computed at run time (`resolve(projectRoot(), 'agents/x.md')`): read
 * when exactly one of the package folder and the loader's own folder holds it.
 */
function belowRootFiles(walk: Walk, call: Node, arg: Node | undefined, env: Env): string[] {
  const below = arg ? belowUnknownRoot(arg, env) : undefined;
  const found =
    below === undefined
      ? []
      : locateBelowUnknownRoot(walk.ctx, call.getSourceFile().getFilePath(), below);
  if (found.length === 1) return [found[0]!.file];
  missed(
    walk,
    call,
    below === undefined
      ? 'a prompt file whose path is known only at run time'
      : found.length === 0
        ? `a prompt file under a root known only at run time (${below}), found neither in the package folder nor in the loader's folder`
        : `a prompt file under a root known only at run time (${below}), found both in the package folder and in the loader's folder`,
  );
  return [];
}

/** The files a read call reads (`readFileSync(path, 'utf8')`, `await readFile(url)`). */
function readFiles(walk: Walk, call: Node, env: Env): string[] {
  if (!Node.isCallExpression(call)) return [];
  const [arg] = call.getArguments();
  const value = arg ? stringValue(arg, env) : undefined;
  if (value === undefined) return belowRootFiles(walk, call, arg, env);
  const files = locatePath(walk.ctx, call.getSourceFile().getFilePath(), value);
  if (files.length === 0)
    missed(
      walk,
      call,
      path.isAbsolute(value) || value.startsWith('file:')
        ? `a prompt file that is not there (${relativePath(walk.ctx, value.startsWith('file:') ? fileURLToPath(value) : value)})`
        : `a prompt file read relative to the working directory (${value}), found neither in the package folder nor in src/mastra/public/`,
    );
  return files;
}

function filesText(walk: Walk, node: Node, files: string[]): TextFragment[] {
  const loadedAt = locate(walk.ctx, walk.calls[0] ?? node);
  return files.flatMap((f) =>
    fileFragment(walk.ctx, f, walk.context, (reason) => missed(walk, node, reason), loadedAt),
  );
}

/** One entry of a folder registry, or why none can be tied to the agent. */
function registryText(walk: Walk, at: Node, registry: Registry, key: string | undefined) {
  const dir = relativePath(walk.ctx, registry.dir);
  if (key === undefined) {
    missed(walk, at, `an entry of the folder registry ${dir}/ chosen at run time`);
    return [];
  }
  const file = registryFile(walk.ctx, registry, key);
  if (!file)
    missed(
      walk,
      at,
      `the entry "${key}" of the folder registry ${dir}/, which holds no one file of that name`,
    );
  return file ? filesText(walk, at, [file]) : [];
}

/** `obj.key`, `obj['key']`: the property's text, or a folder registry's entry. */
function memberText(
  walk: Walk,
  at: Node,
  owner: Node,
  key: string | undefined,
  env: Env,
): TextFragment[] {
  const object = resolveIn(owner, env);
  const member = key === undefined ? undefined : memberOf(object.node, key);
  if (member) return collect(walk, member, object.env);
  // `registry.getPrompt({ promptId }).content`: that property of each object the function returns.
  if (key !== undefined && Node.isCallExpression(object.node)) {
    const call = object.node;
    const fn = calledFunction(call, object.env);
    if (fn)
      return following(walk, call, fn.node, () => {
        const inner = bindCall(fn.node, call, object.env);
        return returnedExpressions(fn.node).flatMap((r) => {
          const value = resolveIn(r, inner);
          const prop = memberOf(value.node, key);
          return prop ? collect(walk, prop, value.env) : [];
        });
      });
  }
  const registry = registryBehind(walk.ctx, owner, env);
  return registry ? registryText(walk, at, registry, key) : [];
}

/** A value, or each side of `a ?? b` / `a || b` (resolved), first the one written first. */
function alternatives(value: ReturnType<typeof resolveIn>): Array<ReturnType<typeof resolveIn>> {
  const node = value.node;
  if (!Node.isBinaryExpression(node) || !['??', '||'].includes(node.getOperatorToken().getText()))
    return [value];
  return [node.getLeft(), node.getRight()].flatMap((side) =>
    alternatives(resolveIn(side, value.env)),
  );
}

/**
 * The app's function a call runs: `build('x')`, a method of an object literal (`prompts.build('x')`;
 * of `(deps.prompts ?? defaultPrompts)`, the object the code itself gives: an injected one is not in
 * the code), or of a class (`this.load(id)`, `registry.getPrompt(...)` of a `new Registry()`).
 */
function calledFunction(call: CallExpression, env: Env): ReturnType<typeof resolveIn> | undefined {
  const callee = call.getExpression();
  let target = resolveIn(callee, env);
  if (Node.isPropertyAccessExpression(callee)) {
    for (const owner of alternatives(resolveIn(callee.getExpression(), env))) {
      const member =
        memberOf(owner.node, callee.getName()) ?? classMethod(owner.node, callee.getName());
      if (!member) continue;
      target = resolveIn(member, owner.env);
      break;
    }
  }
  return isFunctionNode(target.node) ? target : undefined;
}

function callText(walk: Walk, expr: Node, env: Env): TextFragment[] {
  if (!Node.isCallExpression(expr)) return [];
  const callee = expr.getExpression();
  const args = expr.getArguments();
  // A function of the app: its returned text, with its parameters bound to this call's arguments.
  const target = calledFunction(expr, env);
  if (target)
    return following(walk, expr, target.node, () =>
      collect(walk, target.node, bindCall(target.node, expr, env)),
    );
  const name = calleeName(callee);
  // `parts.map(loadPrompt)`, `duties.map((d) => `- ${d}`)`: the function on each known element.
  if (Node.isPropertyAccessExpression(callee) && name === 'map' && args[0]) {
    const items = elementsOf(callee.getExpression(), env);
    const fn = resolveIn(args[0], env);
    if (items && isFunctionNode(fn.node))
      return items.flatMap((item) =>
        following(walk, expr, fn.node, () =>
          collect(walk, fn.node, bindArgs(fn.node, [item], fn.env)),
        ),
      );
  }
  if (READS.test(name)) return filesText(walk, expr, readFiles(walk, expr, env));
  // Every value of a folder registry: `Object.values(prompts)`, `skills.values()`.
  const whole =
    /^Object\.(values|entries)$/.test(callee.getText()) && args[0]
      ? args[0]
      : Node.isPropertyAccessExpression(callee) && /^(values|entries)$/.test(name)
        ? callee.getExpression()
        : undefined;
  if (whole) {
    const object = resolveIn(whole, env);
    // `Object.values(PROMPTS)` of an object literal: every property's text.
    if (Node.isObjectLiteralExpression(object.node))
      return object.node.getProperties().flatMap((p) => {
        const value = Node.isPropertyAssignment(p)
          ? p.getInitializer()
          : Node.isShorthandPropertyAssignment(p)
            ? p.getNameNode()
            : undefined;
        return value ? collect(walk, value, object.env) : [];
      });
    const registry = registryBehind(walk.ctx, whole, env);
    if (registry) return filesText(walk, expr, registryFiles(walk.ctx, registry));
  }
  // `Promise.all([...])`, `Promise.resolve(text)`: the text is in the arguments.
  if (/^Promise\.(all|allSettled|resolve)$/.test(callee.getText()))
    return args.flatMap((a) => collect(walk, a, env));
  if (Node.isPropertyAccessExpression(callee)) {
    // `skills.get('triage')`: one entry of a registry.
    if (name === 'get' && args[0]) {
      const registry = registryBehind(walk.ctx, callee.getExpression(), env);
      if (registry) return registryText(walk, expr, registry, stringValue(args[0], env));
    }
    // `[...].join('\n')`, `text.trim()`, `.replace(...)`: the text is in the receiver.
    return collect(walk, callee.getExpression(), env);
  }
  // `dedent('...')` and other library functions: the text is in the arguments.
  return args.flatMap((a) => collect(walk, a, env));
}

/** Follows a function once per chain of calls (a recursive helper is not followed again). */
function following(walk: Walk, call: Node, fn: Node, read: () => TextFragment[]): TextFragment[] {
  if (walk.active.has(fn)) return [];
  walk.active.add(fn);
  walk.calls.push(call);
  try {
    return read();
  } finally {
    walk.active.delete(fn);
    walk.calls.pop();
  }
}

/**
 * `${searchTool}` in a template: a tool made by createTool() is an object, and a template turns
 * it into "[object Object]" (measured with @mastra/core 1.71.0): the model never reads a name there.
 */
function toolObject(walk: Walk, expr: Node, env: Env): TextFragment | undefined {
  const value = resolveIn(expr, env).node;
  if (!Node.isCallExpression(value) || !isMastraExport(value.getExpression(), ['createTool']))
    return undefined;
  return {
    text: '',
    location: locate(walk.ctx, expr),
    quote: '`',
    context: walk.context,
    toolObject: expr.getText(),
  };
}

const NOT_LOCATED = /^a prompt file under a root known only at run time \(.*\), found neither/;

/**
 * The text a function returns, each `return` an alternative. A loader that returns a prompt file
 * the code locates (`../../prompts/${key}.md` beside it), and otherwise one under a folder set at
 * run time that holds no such file in the repository (an operator's override dir), leaves nothing
 * of the repository unread: that alternative's miss is dropped.
 */
function returnedText(walk: Walk, fn: Node, env: Env): TextFragment[] {
  const returns = returnedExpressions(fn).map((r) => {
    const from = walk.unread.length;
    const text = collect(walk, r, env);
    return { text, unread: walk.unread.splice(from) };
  });
  const located = returns.some(
    (r) => r.unread.length === 0 && r.text.some((f) => f.quote === 'file'),
  );
  for (const r of returns)
    walk.unread.push(
      ...r.unread.filter((u) => !(located && r.text.length === 0 && NOT_LOCATED.test(u.reason))),
    );
  return returns.flatMap((r) => r.text);
}

function collect(walk: Walk, node: Node, env: Env): TextFragment[] {
  if (--walk.budget.left < 0) return [];
  const resolved = resolveIn(node, env);
  // A rest parameter: every argument it collected.
  if (resolved.items) return resolved.items.flatMap((i) => collect(walk, i.node, i.env));
  const { node: expr, env: at } = resolved;
  const { ctx, context } = walk;
  const recurse = (n: Node, e: Env = at) => collect(walk, n, e);

  if (Node.isStringLiteral(expr))
    return [
      literalPart(ctx, expr, 1, 1, expr.getQuoteKind() === QuoteKind.Double ? '"' : "'", context),
    ];
  if (Node.isNoSubstitutionTemplateLiteral(expr))
    return [literalPart(ctx, expr, 1, 1, '`', context)];
  if (Node.isTemplateExpression(expr)) {
    const out = [literalPart(ctx, expr.getHead(), 1, 2, '`', context)];
    for (const s of expr.getTemplateSpans()) {
      const lit = s.getLiteral();
      const object = toolObject(walk, s.getExpression(), at);
      if (object) out.push(object);
      else out.push(...recurse(s.getExpression()));
      out.push(literalPart(ctx, lit, 1, Node.isTemplateTail(lit) ? 1 : 2, '`', context));
    }
    return out.filter((f) => f.text.length > 0 || f.toolObject !== undefined);
  }
  if (
    Node.isBinaryExpression(expr) &&
    ['+', '??', '||'].includes(expr.getOperatorToken().getText())
  )
    return [...recurse(expr.getLeft()), ...recurse(expr.getRight())];
  if (Node.isArrayLiteralExpression(expr)) return expr.getElements().flatMap((e) => recurse(e));
  if (Node.isSpreadElement(expr)) return recurse(expr.getExpression());
  if (Node.isObjectLiteralExpression(expr)) {
    // A system message object: { role: 'system', content: '...' }
    const content = memberOf(expr, 'content');
    const role = memberOf(expr, 'role');
    const isSystem = role !== undefined && stringValue(role, at) === 'system';
    if (!content) return [];
    // In a call's messages it is a system message; as an agent's instructions it stays instructions.
    return isSystem && context === 'prompt'
      ? collect({ ...walk, context: 'system' }, content, at)
      : recurse(content);
  }
  if (Node.isPropertyAccessExpression(expr))
    return memberText(walk, expr, expr.getExpression(), expr.getName(), at);
  if (Node.isElementAccessExpression(expr)) {
    const arg = expr.getArgumentExpression();
    const items = elementsOf(expr.getExpression(), at);
    if (items && arg && Node.isNumericLiteral(arg)) {
      const item = items[Number(arg.getLiteralValue())];
      return item ? collect(walk, item.node, item.env) : [];
    }
    return memberText(walk, expr, expr.getExpression(), arg ? stringValue(arg, at) : undefined, at);
  }
  if (isFunctionNode(expr)) return returnedText(walk, expr, at);
  if (Node.isAwaitExpression(expr)) return recurse(expr.getExpression());
  if (Node.isConditionalExpression(expr))
    return [...recurse(expr.getWhenTrue()), ...recurse(expr.getWhenFalse())];
  if (Node.isCallExpression(expr)) return callText(walk, expr, at);
  if (Node.isTaggedTemplateExpression(expr)) return recurse(expr.getTemplate());
  if (Node.isIdentifier(expr)) return letText(walk, expr, at);
  return [];
}

/**
 * A `let` the code rewrites in place (`body = body.replace(FRONT_MATTER, '')`, `prompt += EXTRA`):
 * its first value and every piece appended. Any other write leaves it unread.
 */
function letText(walk: Walk, id: Node, env: Env): TextFragment[] {
  const decl = id.getSymbol()?.getDeclarations()[0];
  // `const { content } = registry.getPrompt(...)`: that property of what the call returns.
  if (decl && Node.isBindingElement(decl) && !decl.getDotDotDotToken()) {
    const pattern = decl.getParent();
    const holder = pattern.getParent();
    const init = Node.isVariableDeclaration(holder) ? holder.getInitializer() : undefined;
    const key = decl.getPropertyNameNode()?.getText() ?? decl.getName();
    if (Node.isObjectBindingPattern(pattern) && init)
      return memberText(walk, id, unwrapAwait(init), key, env);
  }
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode()))
    return [];
  const init = decl.getInitializer();
  const scope = decl.getFirstAncestor((n) => isFunctionNode(n) || Node.isSourceFile(n));
  if (!init || !scope) return [];
  const symbol = decl.getNameNode().getSymbol();
  const appended: Node[] = [];
  for (const write of scope.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    const left = write.getLeft();
    if (!Node.isIdentifier(left) || left.getSymbol() !== symbol) continue;
    const op = write.getOperatorToken().getText();
    const right = unwrap(write.getRight());
    if (op === '+=') appended.push(right);
    else if (op !== '=' || !rewritesItself(right, symbol)) return [];
  }
  return [init, ...appended].flatMap((n) => collect(walk, n, env));
}

function unwrapAwait(node: Node): Node {
  const bare = unwrap(node);
  return Node.isAwaitExpression(bare) ? unwrap(bare.getExpression()) : bare;
}

/** `x.replace(...).trim()`: a chain of method calls on the variable itself. */
function rewritesItself(node: Node, symbol: unknown): boolean {
  let at = unwrap(node);
  let calls = 0;
  for (; Node.isCallExpression(at); calls++) {
    const callee = at.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) return false;
    at = unwrap(callee.getExpression());
  }
  return calls > 0 && Node.isIdentifier(at) && at.getSymbol() === symbol;
}

/**
 * The prompt text an expression holds, in source order, each piece once. `unread` receives the
 * text the code reads at run time that could not be read, with why.
 */
export function textFragments(
  ctx: ScanContext,
  node: Node,
  context: Context,
  unread: UnreadPrompt[] = [],
): TextFragment[] {
  const walk: Walk = {
    ctx,
    context,
    active: new Set(),
    budget: { left: 5000 },
    calls: [],
    unread: [],
  };
  const once = <T>(items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    return items.filter((item) => !seen.has(key(item)) && Boolean(seen.add(key(item))));
  };
  const fragments = once(
    collect(walk, node, NO_BINDINGS),
    (f) => `${f.location.file}:${f.location.start}:${f.location.end}:${f.context}`,
  );
  unread.push(...once(walk.unread, (u) => `${u.location.file}:${u.location.start}:${u.reason}`));
  return fragments;
}

/**
 * The text the scan read from a prompt file (relative to the root), without a BOM; undefined when
 * no prompt was read from it. An edit of the file is only made on that text.
 */
export function promptFileText(
  sources: Array<{ instructions: TextFragment[]; descriptions?: TextFragment[] }>,
  calls: Array<{ prompts: TextFragment[] }>,
  rel: string,
): string | undefined {
  for (const f of [
    ...sources.flatMap((s) => [...s.instructions, ...(s.descriptions ?? [])]),
    ...calls.flatMap((c) => c.prompts),
  ])
    if (f.quote === 'file' && f.location.file === rel) return f.text.replace(/^\uFEFF/, '');
  return undefined;
}
