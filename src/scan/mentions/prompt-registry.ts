/**
 * Folder registries: a record or Map of prompts (or skills) built by listing a folder at run time
 * and reading each entry, keyed by the entry's name:
 *
 *   const prompts = Object.fromEntries(readdirSync(dir).map((f) => [basename(f, '.md'), readFileSync(join(dir, f), 'utf8')]));
 *   for (const name of readdirSync(skillsDir)) skills.set(name, readFileSync(join(skillsDir, name, 'SKILL.md'), 'utf8'));
 *
 * A lookup with a key known without running (`prompts['support']`, `prompts.support`,
 * `skills.get('triage')`) is the one entry named so (`support.md`, `triage/SKILL.md`, read the way
 * the registry reads its entries); taking every value (`Object.values(prompts)`) is every entry. A
 * key known only at run time ties no file to the agent, so nothing is read.
 */
import { readdirSync } from 'node:fs';
import { noteRead } from '../../cache/reads.ts';
import { Node, SyntaxKind } from '../../ts-morph.ts';
import { declaredSymbol, unwrap, type ScanContext } from '../ast.ts';
import { bindCall, isFunctionNode, resolveIn, type Env } from './bindings.ts';
import { locatePath, stringValue } from './prompt-paths.ts';

const LISTS = /^(readdirSync|readdir)$/;
export const READS = /^(readFileSync|readFile)$/;

export interface Registry {
  /** The folder listed. */
  dir: string;
  /** Its entries, as `readdir` lists them (hidden ones left out). */
  entries: string[];
  /** Extensions the code filters entries by (`.endsWith('.md')`), when it does. */
  extensions: string[];
  /** The path argument of the read inside the registry code, and its bindings. */
  read: { node: Node; env: Env };
  /** The file the registry code is in (a relative path is read from the working directory). */
  sourceFile: string;
}

function calledName(call: Node): string | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
}

/** Whether `statement` stores entries into the variable `name`. */
function storesInto(statement: Node, name: string): boolean {
  const owner = (n: Node) => unwrap(n).getText() === name;
  return (
    statement.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => {
      const callee = c.getExpression();
      return (
        Node.isPropertyAccessExpression(callee) &&
        callee.getName() === 'set' &&
        owner(callee.getExpression())
      );
    }) ||
    statement.getDescendantsOfKind(SyntaxKind.BinaryExpression).some((b) => {
      const left = b.getLeft();
      return (
        b.getOperatorToken().getKind() === SyntaxKind.EqualsToken &&
        (Node.isElementAccessExpression(left) || Node.isPropertyAccessExpression(left)) &&
        owner(left.getExpression())
      );
    })
  );
}

/** The code that builds the registry value `value` holds, and the bindings it runs with. */
function builderOf(value: Node, env: Env, holder?: Node): Array<{ scope: Node; env: Env }> {
  const scopes: Array<{ scope: Node; env: Env }> = [{ scope: value, env }];
  // `loadSkills(dir)`: the helper's body, with its parameters bound.
  if (Node.isCallExpression(value)) {
    const target = resolveIn(value.getExpression(), env);
    if (isFunctionNode(target.node))
      scopes.push({ scope: target.node, env: bindCall(target.node, value, target.env) });
  }
  // `const skills = new Map()` filled by statements beside it (a loop, a function called once):
  // statements that store into it (`skills.set(...)`, `skills[name] = ...`).
  if (holder && Node.isVariableDeclaration(holder)) {
    const list = holder.getFirstAncestor((a) => Node.isSourceFile(a) || Node.isBlock(a));
    const statements =
      list && (Node.isSourceFile(list) || Node.isBlock(list)) ? list.getStatements() : [];
    const name = holder.getName();
    for (const statement of statements)
      if (storesInto(statement, name)) scopes.push({ scope: statement, env });
  }
  return scopes;
}

/** The registry an expression holds, when the code shows it built from a folder listing. */
export function registryBehind(ctx: ScanContext, node: Node, env: Env): Registry | undefined {
  const start = resolveIn(node, env);
  // The declaration that holds the value, for registries filled by the statements beside it.
  const holder = Node.isIdentifier(node) ? declaredSymbol(node)?.getDeclarations()[0] : undefined;
  for (const { scope, env: scopeEnv } of builderOf(start.node, start.env, holder)) {
    // Cheap guard: a file that never lists a folder builds no registry.
    if (!scope.getSourceFile().getFullText().includes('readdir')) continue;
    const calls = [scope, ...scope.getDescendantsOfKind(SyntaxKind.CallExpression)].filter(
      Node.isCallExpression,
    );
    const list = calls.find((c) => LISTS.test(calledName(c) ?? ''));
    const dirArg = list?.getArguments()[0];
    const dirValue = dirArg ? stringValue(dirArg, scopeEnv) : undefined;
    if (dirValue === undefined) continue;
    const sourceFile = scope.getSourceFile().getFilePath();
    const [dir] = locatePath(ctx, sourceFile, dirValue, 'folder');
    if (!dir) continue;
    let entries: string[];
    noteRead(dir);
    try {
      entries = readdirSync(dir)
        .filter((e) => !e.startsWith('.'))
        .sort();
    } catch {
      continue;
    }
    // A registry reads its entries; one that only lists names (or paths) holds no prompt text.
    const readCall = calls.find((c) => READS.test(calledName(c) ?? ''));
    const readArg = readCall?.getArguments()[0];
    if (!readArg) continue;
    const extensions = [
      ...new Set(
        [
          ...scope.getDescendantsOfKind(SyntaxKind.StringLiteral).map((s) => s.getLiteralValue()),
          ...scope
            .getDescendantsOfKind(SyntaxKind.RegularExpressionLiteral)
            .map((r) => /\\(\.[A-Za-z0-9]+)\$/.exec(r.getText())?.[1] ?? ''),
        ].filter((s) => /^\.[A-Za-z0-9]+$/.test(s)),
      ),
    ];
    return {
      dir,
      entries,
      extensions,
      sourceFile,
      read: { node: readArg, env: scopeEnv },
    };
  }
  return undefined;
}

function fileOf(ctx: ScanContext, registry: Registry, entry: string): string | undefined {
  const value = stringValue(registry.read.node, registry.read.env, { free: entry });
  if (value === undefined) return undefined;
  const [file] = locatePath(ctx, registry.sourceFile, value);
  return file;
}

function wanted(registry: Registry, entry: string): boolean {
  return (
    registry.extensions.length === 0 ||
    registry.extensions.some((e) => entry.toLowerCase().endsWith(e.toLowerCase()))
  );
}

/** The file read for `key`: the one entry named `key`, with or without its extension. */
export function registryFile(
  ctx: ScanContext,
  registry: Registry,
  key: string,
): string | undefined {
  const named = registry.entries.filter(
    (e) => wanted(registry, e) && (e === key || e.replace(/\.[^.]+$/, '') === key),
  );
  const files = named.map((e) => fileOf(ctx, registry, e)).filter((f) => f !== undefined);
  return files.length === 1 ? files[0] : undefined;
}

/** Every file the registry reads. */
export function registryFiles(ctx: ScanContext, registry: Registry): string[] {
  return registry.entries
    .filter((e) => wanted(registry, e))
    .map((e) => fileOf(ctx, registry, e))
    .filter((f): f is string => f !== undefined);
}
