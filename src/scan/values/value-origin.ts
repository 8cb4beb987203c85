/**
 * Where a value comes from, traced through the syntax of the scan project (no type check, no
 * installed declarations): produced by Mastra or the AI SDK (what an agent's `generate()`/`stream()`
 * returns, its stream chunks, the arguments of `onChunk`/`onStepFinish`/`requireToolApproval`,
 * `useChat` messages), typed by a type the app writes itself (an interface, a type literal), typed
 * `any`, or unknown. Only shapes whose answer the type checker is known to share are decided;
 * everything else is `undefined`, and the caller asks the checker.
 */
import { Node, SyntaxKind, VariableDeclarationKind, type TypeNode } from '../../ts-morph.ts';
import { isMastraExport, resolveValue, unwrap } from '../ast.ts';

export type Origin =
  /** Produced by Mastra or the AI SDK. */
  | { kind: 'mastra' }
  /** Typed `any` or `unknown`: no declaration stands behind it. */
  | { kind: 'any' }
  /** Typed by a type the app declares: a type literal, an array of one, or a plain interface. */
  | { kind: 'app'; type: TypeNode | Node };

const MASTRA: Origin = { kind: 'mastra' };
const ANY: Origin = { kind: 'any' };
const MAX_DEPTH = 16;

/** Agent methods whose results, chunks and callbacks Mastra types. */
const AGENT_CALLS = new Set([
  'generate',
  'stream',
  'generateLegacy',
  'streamLegacy',
  'streamVNext',
  'generateVNext',
  'resumeStream',
]);
/** Call options whose function receives a value Mastra builds (a chunk, a step, the approval context). */
const CALLBACK_OPTIONS = new Set([
  'onChunk',
  'onStepFinish',
  'onFinish',
  'requireToolApproval',
  'prepareStep',
]);
/** Agent options that hold call options. */
const DEFAULT_OPTIONS = new Set([
  'defaultOptions',
  'defaultGenerateOptions',
  'defaultStreamOptions',
]);
/** Members of Mastra results that lead, through Mastra's own types, to tool calls. */
const MASTRA_MEMBERS = new Set([
  'payload',
  'toolCalls',
  'toolResults',
  'steps',
  'fullStream',
  'response',
  'messages',
  'content',
  'parts',
  'toolInvocation',
  'toolInvocations',
]);
/** Array methods whose callback's first argument is an element of the array. */
const ELEMENT_CALLBACKS = new Set([
  'map',
  'flatMap',
  'forEach',
  'filter',
  'find',
  'findLast',
  'findIndex',
  'findLastIndex',
  'some',
  'every',
]);
/** Array methods that return one element, and ones that return an array of the same elements. */
const ELEMENT_RESULTS = new Set(['find', 'findLast', 'at']);
const SAME_RESULTS = new Set(['filter', 'slice']);
/** AI SDK UI hooks whose `messages` carry tool invocations. */
const CHAT_HOOK = /^(@ai-sdk\/(react|vue|svelte|solid)|ai\/(react|vue|svelte|solid))$/;

const JS_FILE = /\.[cm]?jsx?$/i;
/** Packages whose types make a value provably theirs. */
const TYPES_FROM_MASTRA = /^(ai|@ai-sdk\/[^/]+|@mastra\/[^/]+)(\/|$)/;

export function originOf(node: Node, depth = 0): Origin | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Node.isParenthesizedExpression(node) || Node.isNonNullExpression(node))
    return originOf(node.getExpression(), depth + 1);
  if (Node.isAwaitExpression(node)) {
    const inner = originOf(node.getExpression(), depth + 1);
    return inner?.kind === 'app' ? undefined : inner;
  }
  if (Node.isIdentifier(node)) return identifierOrigin(node, depth + 1);
  if (Node.isPropertyAccessExpression(node))
    return memberOrigin(originOf(node.getExpression(), depth + 1), node.getName(), depth + 1);
  if (Node.isElementAccessExpression(node))
    return elementOrigin(originOf(node.getExpression(), depth + 1), depth + 1);
  if (Node.isCallExpression(node)) return callOrigin(node, depth + 1);
  if (Node.isSatisfiesExpression(node)) return originOf(node.getExpression(), depth + 1);
  if (Node.isAsExpression(node) || Node.isTypeAssertion(node)) {
    const type = node.getTypeNode();
    return type && type.getText() !== 'const' ? typeOrigin(type, depth + 1) : undefined;
  }
  if (Node.isBinaryExpression(node) && ['??', '||'].includes(node.getOperatorToken().getText())) {
    // `message.parts ?? []`: an empty array adds no type of its own.
    const right = node.getRight();
    return Node.isArrayLiteralExpression(right) && right.getElements().length === 0
      ? originOf(node.getLeft(), depth + 1)
      : undefined;
  }
  return undefined;
}

/**
 * `agent.generate()` / `agent.stream()` on a Mastra Agent and an AI SDK `useChat()` produce Mastra
 * values; `find()` and `filter()` on an array keep its element type.
 */
function callOrigin(call: Node, depth: number): Origin | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  if (Node.isPropertyAccessExpression(callee)) {
    const name = callee.getName();
    if (AGENT_CALLS.has(name)) return isMastraAgent(callee.getExpression()) ? MASTRA : undefined;
    if (ELEMENT_RESULTS.has(name))
      return elementOrigin(originOf(callee.getExpression(), depth + 1), depth + 1);
    if (SAME_RESULTS.has(name)) {
      const owner = originOf(callee.getExpression(), depth + 1);
      return owner && (owner.kind !== 'app' || elementType(owner.type)) ? owner : undefined;
    }
    return undefined;
  }
  if (Node.isIdentifier(callee) && callee.getText() === 'useChat') {
    const fromHook = (callee.getSymbol()?.getDeclarations() ?? []).some(
      (d) =>
        Node.isImportSpecifier(d) &&
        CHAT_HOOK.test(d.getImportDeclaration().getModuleSpecifierValue()),
    );
    return fromHook ? MASTRA : undefined;
  }
  return undefined;
}

/** `new Agent()` from @mastra/core, or `mastra.getAgent()` on `new Mastra()`. */
export function isMastraAgent(receiver: Node): boolean {
  const bare = unwrap(receiver);
  const value = resolveValue(Node.isAwaitExpression(bare) ? bare.getExpression() : bare);
  if (Node.isNewExpression(value)) return isMastraExport(value.getExpression(), ['Agent']);
  if (Node.isCallExpression(value)) {
    const callee = value.getExpression();
    if (
      !Node.isPropertyAccessExpression(callee) ||
      !['getAgent', 'getAgentById'].includes(callee.getName())
    )
      return false;
    const owner = resolveValue(callee.getExpression());
    return Node.isNewExpression(owner) && isMastraExport(owner.getExpression(), ['Mastra']);
  }
  return false;
}

function memberOrigin(owner: Origin | undefined, name: string, depth: number): Origin | undefined {
  if (!owner) return undefined;
  if (owner.kind === 'mastra') return MASTRA_MEMBERS.has(name) ? MASTRA : undefined;
  if (owner.kind === 'any') return ANY;
  const member = memberType(owner.type, name);
  return member === undefined ? undefined : member === 'none' ? ANY : typeOrigin(member, depth + 1);
}

function elementOrigin(owner: Origin | undefined, depth: number): Origin | undefined {
  if (!owner || owner.kind !== 'app') return owner;
  const element = elementType(owner.type);
  return element ? typeOrigin(element, depth + 1) : undefined;
}

/** The members of an app type: an interface's or a type literal's. */
function membersOf(type: Node): Node[] | undefined {
  if (Node.isInterfaceDeclaration(type) || Node.isTypeLiteral(type)) return type.getMembers();
  return undefined;
}

/** The declared type of member `name`; 'none' when the type has no such member (the access is an error, typed any). */
function memberType(type: Node, name: string): Node | 'none' | undefined {
  const members = membersOf(type);
  if (!members) return undefined;
  if (members.some((m) => !Node.isPropertySignature(m) && !Node.isMethodSignature(m)))
    return undefined;
  const found = members.filter((m) => Node.isPropertySignature(m) && m.getName() === name);
  if (found.length === 0)
    return members.some((m) => Node.isMethodSignature(m) && m.getName() === name)
      ? undefined
      : 'none';
  const [prop] = found;
  if (found.length > 1 || !prop || !Node.isPropertySignature(prop)) return undefined;
  return prop.getTypeNode() ?? 'none';
}

function elementType(type: Node): Node | undefined {
  if (Node.isArrayTypeNode(type)) return type.getElementTypeNode();
  if (Node.isTypeOperatorTypeNode(type) && type.getOperator() === SyntaxKind.ReadonlyKeyword)
    return elementType(type.getTypeNode());
  if (
    Node.isTypeReference(type) &&
    ['Array', 'ReadonlyArray'].includes(type.getTypeName().getText()) &&
    !appDeclared(type.getTypeName())
  ) {
    const [arg] = type.getTypeArguments();
    return type.getTypeArguments().length === 1 ? arg : undefined;
  }
  return undefined;
}

/** Whether a type name is declared by the app (so `Array` is not the global one). */
function appDeclared(name: Node): boolean {
  return (name.getSymbol()?.getDeclarations() ?? []).length > 0;
}

/** What a type written in the app stands for. */
export function typeOrigin(type: Node, depth = 0): Origin | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const kind = type.getKind();
  if (kind === SyntaxKind.AnyKeyword || kind === SyntaxKind.UnknownKeyword) return ANY;
  if (Node.isParenthesizedTypeNode(type)) return typeOrigin(type.getTypeNode(), depth + 1);
  if (Node.isTypeLiteral(type) || Node.isArrayTypeNode(type)) return { kind: 'app', type };
  if (
    Node.isTypeOperatorTypeNode(type) &&
    type.getOperator() === SyntaxKind.ReadonlyKeyword &&
    Node.isArrayTypeNode(type.getTypeNode())
  )
    return { kind: 'app', type };
  if (Node.isUnionTypeNode(type)) {
    // `X | undefined` and `X | null`: the checker looks through the nullish members.
    const rest = type.getTypeNodes().filter((t) => !isNullish(t));
    return rest.length === 1 ? typeOrigin(rest[0]!, depth + 1) : undefined;
  }
  if (!Node.isTypeReference(type)) return undefined;
  const name = type.getTypeName();
  if (!Node.isIdentifier(name)) return undefined;
  if (['Array', 'ReadonlyArray'].includes(name.getText()) && !appDeclared(name))
    return type.getTypeArguments().length === 1 ? { kind: 'app', type } : undefined;
  if (importedFromMastra(name)) return MASTRA;
  if (type.getTypeArguments().length > 0) return undefined;
  const decls = declarationsOf(name);
  if (!decls || decls.length !== 1) return undefined;
  const [decl] = decls;
  if (
    Node.isInterfaceDeclaration(decl) &&
    decl.getHeritageClauses().length === 0 &&
    decl.getTypeParameters().length === 0
  )
    return { kind: 'app', type: decl };
  if (Node.isTypeAliasDeclaration(decl) && decl.getTypeParameters().length === 0) {
    const aliased = decl.getTypeNode();
    // The alias is what the checker names, so only aliases of plain shapes are decided.
    return aliased && (Node.isTypeLiteral(aliased) || Node.isArrayTypeNode(aliased))
      ? { kind: 'app', type: aliased }
      : undefined;
  }
  return undefined;
}

/** A type imported from @mastra/*, `ai` or @ai-sdk/*: the app declares its value as theirs. */
function importedFromMastra(name: Node): boolean {
  return (name.getSymbol()?.getDeclarations() ?? []).some(
    (d) =>
      Node.isImportSpecifier(d) &&
      TYPES_FROM_MASTRA.test(d.getImportDeclaration().getModuleSpecifierValue()),
  );
}

function isNullish(type: Node): boolean {
  const kind = type.getKind();
  return (
    kind === SyntaxKind.UndefinedKeyword ||
    (Node.isLiteralTypeNode(type) && type.getLiteral().getKind() === SyntaxKind.NullKeyword)
  );
}

/** Declarations behind a name, followed through the app's own imports; undefined when any is outside the app. */
function declarationsOf(name: Node): Node[] | undefined {
  let symbol = name.getSymbol();
  if (!symbol) return undefined;
  if (symbol.isAlias()) symbol = symbol.getAliasedSymbol();
  const decls = symbol?.getDeclarations() ?? [];
  if (decls.length === 0) return undefined;
  if (decls.some((d) => /[\\/]node_modules[\\/]/.test(d.getSourceFile().getFilePath())))
    return undefined;
  return decls;
}

function identifierOrigin(id: Node, depth: number): Origin | undefined {
  const decls = id.getSymbol()?.getDeclarations() ?? [];
  if (decls.length !== 1) return undefined;
  return declarationOrigin(decls[0]!, depth);
}

/** The origin of what a declaration binds: a parameter, a `const`, a `for...of` variable, a destructured name. */
export function declarationOrigin(decl: Node, depth: number): Origin | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Node.isParameterDeclaration(decl)) return parameterOrigin(decl, depth + 1);
  if (Node.isVariableDeclaration(decl)) return variableOrigin(decl, depth + 1);
  if (Node.isBindingElement(decl)) {
    if (decl.getDotDotDotToken() || decl.getInitializer()) return undefined;
    const pattern = decl.getParent();
    const container = pattern.getParent();
    const whole = container ? declarationOrigin(container, depth + 1) : undefined;
    if (Node.isArrayBindingPattern(pattern)) return elementOrigin(whole, depth + 1);
    const key = decl.getPropertyNameNode();
    if (key && !Node.isIdentifier(key)) return undefined;
    return memberOrigin(whole, key ? key.getText() : decl.getName(), depth + 1);
  }
  return undefined;
}

function variableOrigin(decl: Node, depth: number): Origin | undefined {
  if (!Node.isVariableDeclaration(decl)) return undefined;
  const list = decl.getParent();
  const statement = list.getParent();
  if (statement && Node.isForOfStatement(statement)) {
    // The element of what the loop iterates (an array, or an agent's stream with `for await`).
    if (decl.getTypeNode()) return undefined;
    return elementOrigin(originOf(statement.getExpression(), depth + 1), depth + 1);
  }
  // Only `const`: a `let` can be narrowed by later assignments.
  if (
    !Node.isVariableDeclarationList(list) ||
    list.getDeclarationKind() !== VariableDeclarationKind.Const
  )
    return undefined;
  const annotated = decl.getTypeNode();
  if (annotated) return typeOrigin(annotated, depth + 1);
  const init = decl.getInitializer();
  return init ? originOf(init, depth + 1) : undefined;
}

function parameterOrigin(param: Node, depth: number): Origin | undefined {
  if (!Node.isParameterDeclaration(param)) return undefined;
  // JavaScript files can type parameters in JSDoc, which only the checker reads.
  if (JS_FILE.test(param.getSourceFile().getFilePath())) return undefined;
  if (param.getDotDotDotToken()) return undefined;
  const annotated = param.getTypeNode();
  if (annotated) return typeOrigin(annotated, depth + 1);
  if (param.getInitializer()) return undefined;
  const fn = param.getParent();
  // Not contextually typed: an unannotated parameter is `any`.
  if (
    Node.isFunctionDeclaration(fn) ||
    (Node.isMethodDeclaration(fn) && Node.isClassDeclaration(fn.getParent()))
  )
    return ANY;
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn) && !Node.isMethodDeclaration(fn))
    return undefined;
  return callbackArgument(fn, fn.getParameters().indexOf(param), depth + 1);
}

/** The origin of argument `index` of a function passed as a callback whose caller we know. */
function callbackArgument(fn: Node, index: number, depth: number): Origin | undefined {
  const parent = fn.getParent();
  if (!parent) return undefined;
  // `items.map((item) => ...)`: the first argument is an element of `items`.
  if (Node.isCallExpression(parent) && parent.getArguments()[0] === fn) {
    const callee = parent.getExpression();
    if (
      index === 0 &&
      Node.isPropertyAccessExpression(callee) &&
      ELEMENT_CALLBACKS.has(callee.getName())
    )
      return elementOrigin(originOf(callee.getExpression(), depth + 1), depth + 1);
    return undefined;
  }
  // `{ onChunk: (chunk) => ... }` passed to an agent's generate()/stream() or as an Agent's default options.
  const option = Node.isPropertyAssignment(parent)
    ? parent
    : Node.isMethodDeclaration(fn)
      ? fn
      : undefined;
  if (!option || index !== 0 || !CALLBACK_OPTIONS.has(option.getName())) return undefined;
  const options = option.getParent();
  return options && Node.isObjectLiteralExpression(options) && isMastraCallOptions(options)
    ? MASTRA
    : undefined;
}

/** The options object of an agent's generate()/stream(), or an Agent's default options. */
function isMastraCallOptions(options: Node): boolean {
  const holder = options.getParent();
  if (holder && Node.isCallExpression(holder) && holder.getArguments()[1] === options) {
    const callee = holder.getExpression();
    return (
      Node.isPropertyAccessExpression(callee) &&
      AGENT_CALLS.has(callee.getName()) &&
      isMastraAgent(callee.getExpression())
    );
  }
  if (holder && Node.isPropertyAssignment(holder) && DEFAULT_OPTIONS.has(holder.getName())) {
    const config = holder.getParent();
    const created = config?.getParent();
    return Boolean(
      created &&
      Node.isNewExpression(created) &&
      created.getArguments()[0] === config &&
      isMastraExport(created.getExpression(), ['Agent']),
    );
  }
  return false;
}
