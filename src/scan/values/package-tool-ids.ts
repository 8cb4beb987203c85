/**
 * The `id` of a tool exported by an installed package (a Mastra built-in such as `webFetchTool`),
 * read from the package's declaration files along the export chain only: the entry point, the
 * files it re-exports the name from, and the declaration of the tool's class. A type-checked
 * program over the whole package would load all of its declarations (1,054 files for
 * @mastra/core 1.71). Parsing here is syntactic; whatever this reader does not fully understand is
 * UNDECIDED, and the caller then asks the type checker, so an answer given here is the checker's.
 */
import { readFileSync } from 'node:fs';
import { noteRead } from '../../cache/reads.ts';
import path from 'node:path';
import { ts } from '../../ts-morph.ts';

/** The declarations could not be read with certainty; ask the type checker. */
export const UNDECIDED = Symbol('undecided');
/** A literal id, undefined when the value has none (or the package is not installed), or UNDECIDED. */
export type ToolIdAnswer = string | undefined | typeof UNDECIDED;

const MAX_HOPS = 32;
const DECLARATION = /\.d\.[cm]?ts$/;

type Found =
  | { kind: 'value'; type: ts.TypeNode; file: ts.SourceFile }
  | { kind: 'type'; decl: ts.ClassDeclaration | ts.InterfaceDeclaration; file: ts.SourceFile }
  | { kind: 'absent' };

type Lookup = Found | typeof UNDECIDED;

/** The name a declaration statement declares, if it is a named one. */
function declaredName(st: ts.Statement): string | undefined {
  const name =
    ts.isClassDeclaration(st) ||
    ts.isInterfaceDeclaration(st) ||
    ts.isFunctionDeclaration(st) ||
    ts.isEnumDeclaration(st) ||
    ts.isTypeAliasDeclaration(st) ||
    ts.isModuleDeclaration(st)
      ? st.name
      : undefined;
  return name && ts.isIdentifier(name) ? name.text : undefined;
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

export class PackageToolIds {
  readonly #files = new Map<string, ts.SourceFile | undefined>();
  readonly #answers = new Map<ts.CompilerOptions, Map<string, ToolIdAnswer>>();
  readonly #caches = new Map<ts.CompilerOptions, ts.ModuleResolutionCache>();

  /**
   * The id of `exportName` from `module` as imported by `fromFile` compiled with `options` (the
   * options of the tsconfig that owns it). Answers are cached per resolved declaration file, so per
   * installed copy and version of the package.
   */
  idOf(
    fromFile: string,
    module: string,
    exportName: string,
    options: ts.CompilerOptions,
  ): ToolIdAnswer {
    // Like the ts-morph program that answered before, files carry no implied module format.
    const entry = this.#resolve(module, fromFile, options, undefined);
    // Not installed (or not resolvable as the compiler would): the checker sees no type, so no id.
    if (entry === undefined) return undefined;
    if (!DECLARATION.test(entry)) return UNDECIDED;
    let answers = this.#answers.get(options);
    if (!answers) this.#answers.set(options, (answers = new Map<string, ToolIdAnswer>()));
    const key = `${entry}\0${exportName}`;
    if (!answers.has(key)) answers.set(key, this.#answer(entry, exportName, options));
    return answers.get(key);
  }

  #answer(entry: string, exportName: string, options: ts.CompilerOptions): ToolIdAnswer {
    const found = this.#exported(entry, exportName, options, 'value', 0);
    if (found === UNDECIDED) return UNDECIDED;
    if (found.kind === 'absent') return undefined;
    if (found.kind !== 'value') return UNDECIDED;
    return this.#idOfType(found.type, found.file, options, 0);
  }

  #resolve(
    spec: string,
    fromFile: string,
    options: ts.CompilerOptions,
    mode: ts.ResolutionMode,
  ): string | undefined {
    let cache = this.#caches.get(options);
    if (!cache)
      this.#caches.set(
        options,
        (cache = ts.createModuleResolutionCache(path.dirname(fromFile), (f) => f, options)),
      );
    return ts.resolveModuleName(spec, fromFile, options, ts.sys, cache, undefined, mode)
      .resolvedModule?.resolvedFileName;
  }

  #file(file: string): ts.SourceFile | undefined {
    if (this.#files.has(file)) return this.#files.get(file);
    let sf: ts.SourceFile | undefined;
    noteRead(file);
    try {
      sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    } catch {
      sf = undefined;
    }
    this.#files.set(file, sf);
    return sf;
  }

  /** The declaration file a module specifier inside `from` leads to, resolved as the compiler does. */
  #follow(
    from: ts.SourceFile,
    spec: ts.StringLiteralLike,
    options: ts.CompilerOptions,
  ): string | undefined {
    const mode = ts.getModeForUsageLocation(from, spec, options);
    const target = this.#resolve(spec.text, from.fileName, options, mode);
    return target && DECLARATION.test(target) ? target : undefined;
  }

  /** What `name` is, as exported by the declaration file `file`. */
  #exported(
    file: string,
    name: string,
    options: ts.CompilerOptions,
    meaning: 'value' | 'type',
    hops: number,
  ): Lookup {
    if (hops > MAX_HOPS) return UNDECIDED;
    const sf = this.#file(file);
    if (!sf) return UNDECIDED;
    const stars: ts.StringLiteralLike[] = [];
    for (const st of sf.statements) {
      if (ts.isExportDeclaration(st)) {
        const spec =
          st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)
            ? st.moduleSpecifier
            : undefined;
        if (!st.exportClause) {
          if (spec) stars.push(spec);
          continue;
        }
        if (ts.isNamespaceExport(st.exportClause)) {
          if (st.exportClause.name.text === name) return UNDECIDED;
          continue;
        }
        for (const el of st.exportClause.elements) {
          if (el.name.text !== name) continue;
          if (meaning === 'value' && (st.isTypeOnly || el.isTypeOnly)) return UNDECIDED;
          const original = (el.propertyName ?? el.name).text;
          if (!spec) return this.#local(sf, original, options, meaning, hops + 1);
          const target = this.#follow(sf, spec, options);
          return target ? this.#exported(target, original, options, meaning, hops + 1) : UNDECIDED;
        }
        continue;
      }
      if (ts.isExportAssignment(st)) {
        if (st.isExportEquals || name === 'default') return UNDECIDED;
        continue;
      }
      if (hasModifier(st, ts.SyntaxKind.ExportKeyword)) {
        if (hasModifier(st, ts.SyntaxKind.DefaultKeyword)) {
          if (name === 'default') return UNDECIDED;
          continue;
        }
        const own = this.#declared(sf, st, name, meaning);
        if (own) return own;
      }
    }
    // `export *` from several files: the name must come from exactly one of them.
    let result: Lookup = { kind: 'absent' };
    for (const spec of stars) {
      const target = this.#follow(sf, spec, options);
      if (!target) return UNDECIDED;
      const found = this.#exported(target, name, options, meaning, hops + 1);
      if (found === UNDECIDED) return UNDECIDED;
      if (found.kind === 'absent') continue;
      if (result.kind !== 'absent') return UNDECIDED;
      result = found;
    }
    return result;
  }

  /** A statement of `sf` that declares `name` itself (not through an import). */
  #declared(
    sf: ts.SourceFile,
    st: ts.Statement,
    name: string,
    meaning: 'value' | 'type',
  ): Lookup | undefined {
    if (ts.isImportEqualsDeclaration(st)) return st.name.text === name ? UNDECIDED : undefined;
    if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (!ts.isIdentifier(d.name) || d.name.text !== name) continue;
        if (meaning === 'type' || !d.type) return UNDECIDED;
        return { kind: 'value', type: d.type, file: sf };
      }
      return undefined;
    }
    if (declaredName(st) !== name) return undefined;
    if (meaning === 'type' && (ts.isClassDeclaration(st) || ts.isInterfaceDeclaration(st))) {
      // Declaration merging (two interfaces, a class and a namespace) is the checker's job.
      const merged = sf.statements.filter((s) => s !== st && declaredName(s) === name);
      return merged.length ? UNDECIDED : { kind: 'type', decl: st, file: sf };
    }
    return UNDECIDED;
  }

  /** `name` as it is known inside `sf`: declared there, or imported. */
  #local(
    sf: ts.SourceFile,
    name: string,
    options: ts.CompilerOptions,
    meaning: 'value' | 'type',
    hops: number,
  ): Lookup {
    for (const st of sf.statements) {
      if (ts.isImportDeclaration(st)) {
        const bindings = st.importClause?.namedBindings;
        if (st.importClause?.name?.text === name) return UNDECIDED;
        if (!bindings) continue;
        if (ts.isNamespaceImport(bindings)) {
          if (bindings.name.text === name) return UNDECIDED;
          continue;
        }
        for (const el of bindings.elements) {
          if (el.name.text !== name) continue;
          if (meaning === 'value' && (st.importClause?.isTypeOnly || el.isTypeOnly))
            return UNDECIDED;
          const spec = st.moduleSpecifier;
          const target = ts.isStringLiteral(spec) ? this.#follow(sf, spec, options) : undefined;
          return target
            ? this.#exported(target, (el.propertyName ?? el.name).text, options, meaning, hops + 1)
            : UNDECIDED;
        }
        continue;
      }
      const own = this.#declared(sf, st, name, meaning);
      if (own) return own;
    }
    return UNDECIDED;
  }

  /** The literal type of the `id` property of a value declared with type `type`. */
  #idOfType(
    type: ts.TypeNode,
    file: ts.SourceFile,
    options: ts.CompilerOptions,
    hops: number,
  ): ToolIdAnswer {
    if (ts.isTypeLiteralNode(type)) return this.#idOfMembers(type.members, [], []);
    let found: Lookup;
    let args: readonly ts.TypeNode[];
    if (
      ts.isImportTypeNode(type) &&
      !type.isTypeOf &&
      type.qualifier &&
      ts.isIdentifier(type.qualifier)
    ) {
      const arg = type.argument;
      const spec =
        ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal) ? arg.literal : undefined;
      const target = spec ? this.#follow(file, spec, options) : undefined;
      if (!target) return UNDECIDED;
      found = this.#exported(target, type.qualifier.text, options, 'type', hops + 1);
      args = type.typeArguments ?? [];
    } else if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      found = this.#local(file, type.typeName.text, options, 'type', hops + 1);
      args = type.typeArguments ?? [];
    } else {
      return UNDECIDED;
    }
    if (found === UNDECIDED || found.kind !== 'type') return UNDECIDED;
    const { decl } = found;
    if (decl.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword))
      return UNDECIDED;
    const members = ts.isClassDeclaration(decl)
      ? decl.members.filter((m) => !hasModifier(m, ts.SyntaxKind.StaticKeyword))
      : decl.members;
    return this.#idOfMembers(members, decl.typeParameters ?? [], args);
  }

  /** `id: "x"`, `id: string`, or `id: TId` with TId given (or defaulted) by the reference. */
  #idOfMembers(
    members: readonly ts.Node[],
    params: readonly ts.TypeParameterDeclaration[],
    args: readonly ts.TypeNode[],
  ): ToolIdAnswer {
    const named = members.filter(
      (m) =>
        (ts.isPropertyDeclaration(m) ||
          ts.isPropertySignature(m) ||
          ts.isGetAccessorDeclaration(m) ||
          ts.isMethodDeclaration(m) ||
          ts.isMethodSignature(m)) &&
        m.name &&
        ts.isIdentifier(m.name) &&
        m.name.text === 'id',
    );
    if (named.length === 0)
      return members.some((m) => ts.isIndexSignatureDeclaration(m)) ? UNDECIDED : undefined;
    const [member] = named;
    if (
      named.length > 1 ||
      !member ||
      !(ts.isPropertyDeclaration(member) || ts.isPropertySignature(member)) ||
      member.questionToken
    )
      return UNDECIDED;
    let type = member.type;
    if (
      type &&
      ts.isTypeReferenceNode(type) &&
      ts.isIdentifier(type.typeName) &&
      !type.typeArguments
    ) {
      const index = params.findIndex(
        (p) =>
          p.name.text ===
          (type as ts.TypeReferenceNode & { typeName: ts.Identifier }).typeName.text,
      );
      if (index >= 0) type = args[index] ?? params[index]!.default;
    }
    if (!type) return UNDECIDED;
    if (ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal)) return type.literal.text;
    if (type.kind === ts.SyntaxKind.StringKeyword) return undefined;
    return UNDECIDED;
  }
}
