/**
 * ts-morph, loaded with `require`. ts-morph is CommonJS; Node's ESM loader imports such a package
 * at a higher cost (it lexes its source for export names and wraps it), about 130 ms of CPU per run
 * for ts-morph and jscodeshift here, measured with `process.cpuUsage()`. Values come from the
 * required module; the types are ts-morph's own.
 */
import { createRequire } from 'node:module';
import type * as TsMorph from 'ts-morph';

const tsMorph = createRequire(import.meta.url)('ts-morph') as typeof TsMorph;

export const Node = tsMorph.Node;
export type Node<T extends TsMorph.ts.Node = TsMorph.ts.Node> = TsMorph.Node<T>;
export const Project = tsMorph.Project;
export const createWrappedNode = tsMorph.createWrappedNode;
export type Project = TsMorph.Project;
export const SyntaxKind = tsMorph.SyntaxKind;
export type SyntaxKind = TsMorph.SyntaxKind;
export const QuoteKind = tsMorph.QuoteKind;
export type QuoteKind = TsMorph.QuoteKind;
export const VariableDeclarationKind = tsMorph.VariableDeclarationKind;
export type VariableDeclarationKind = TsMorph.VariableDeclarationKind;
export const ts = tsMorph.ts;
/** The compiler types the scanner names (a namespace of types merges with the `ts` value). */
// eslint-disable-next-line @typescript-eslint/no-namespace -- a type namespace is how `ts.X` names both a value and types
export declare namespace ts {
  export type CallExpression = TsMorph.ts.CallExpression;
  export type ClassDeclaration = TsMorph.ts.ClassDeclaration;
  export type CompilerHost = TsMorph.ts.CompilerHost;
  export type CompilerOptions = TsMorph.ts.CompilerOptions;
  export type Declaration = TsMorph.ts.Declaration;
  export type Expression = TsMorph.ts.Expression;
  export type ExtendedConfigCacheEntry = TsMorph.ts.ExtendedConfigCacheEntry;
  export type FunctionLikeDeclaration = TsMorph.ts.FunctionLikeDeclaration;
  export type Identifier = TsMorph.ts.Identifier;
  export type ImportDeclaration = TsMorph.ts.ImportDeclaration;
  export type InterfaceDeclaration = TsMorph.ts.InterfaceDeclaration;
  export type ModuleResolutionCache = TsMorph.ts.ModuleResolutionCache;
  export type Node = TsMorph.ts.Node;
  export type ObjectLiteralExpression = TsMorph.ts.ObjectLiteralExpression;
  export type ParseConfigFileHost = TsMorph.ts.ParseConfigFileHost;
  export type Program = TsMorph.ts.Program;
  export type ReturnStatement = TsMorph.ts.ReturnStatement;
  export type ResolutionMode = TsMorph.ts.ResolutionMode;
  export type ResolvedModuleFull = TsMorph.ts.ResolvedModuleFull;
  export type ScriptKind = TsMorph.ts.ScriptKind;
  export type ScriptTarget = TsMorph.ts.ScriptTarget;
  export type SourceFile = TsMorph.ts.SourceFile;
  export type Statement = TsMorph.ts.Statement;
  export type Symbol = TsMorph.ts.Symbol;
  export type SyntaxKind = TsMorph.ts.SyntaxKind;
  export type StringLiteralLike = TsMorph.ts.StringLiteralLike;
  export type Type = TsMorph.ts.Type;
  export type ThrowStatement = TsMorph.ts.ThrowStatement;
  export type TypeChecker = TsMorph.ts.TypeChecker;
  export type TypeNode = TsMorph.ts.TypeNode;
  export type TypeParameterDeclaration = TsMorph.ts.TypeParameterDeclaration;
  export type TypeReferenceNode = TsMorph.ts.TypeReferenceNode;
}
export type {
  ArrayLiteralExpression,
  ArrowFunction,
  CallExpression,
  ClassDeclaration,
  Expression,
  FunctionDeclaration,
  FunctionExpression,
  MethodDeclaration,
  NewExpression,
  ObjectLiteralExpression,
  SourceFile,
  Symbol,
  TypeNode,
} from 'ts-morph';
