/**
 * Words the repository uses as data: the fields of its schemas (`z.object({ patch_json: ... })`, a
 * JSON schema's `properties`, an interface or type literal's properties) and the values of its
 * enums (`z.enum(['review_phase', ...])`, `z.literal('x')`). A prompt that names one of them names
 * a parameter, a field or a phase, not a tool. Only words shaped like a tool name are kept.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { calledMethod, descendantsOfKind, resolveValue, unwrap } from '../ast.ts';
import { keyOf } from '../values/tool-map.ts';
import { isNameShaped as SHAPED } from './word-shape.ts';

function objectKeys(node: Node | undefined, into: Set<string>): void {
  const obj = node ? unwrap(node) : undefined;
  if (!obj || !Node.isObjectLiteralExpression(obj)) return;
  for (const p of obj.getProperties()) {
    const name =
      Node.isPropertyAssignment(p) || Node.isMethodDeclaration(p)
        ? keyOf(p.getNameNode()).value
        : Node.isShorthandPropertyAssignment(p)
          ? p.getName()
          : undefined;
    if (name && SHAPED(name)) into.add(name);
  }
}

function stringsIn(node: Node | undefined, into: Set<string>, depth = 0): void {
  const n = node ? unwrap(node) : undefined;
  if (!n || depth > 3) return;
  if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) {
    if (SHAPED(n.getLiteralValue())) into.add(n.getLiteralValue());
  } else if (Node.isArrayLiteralExpression(n))
    for (const el of n.getElements()) stringsIn(el, into, depth + 1);
  // `z.enum(SUB_AGENT_NAMES)`: the values of the constant it names (here or imported).
  else if (Node.isIdentifier(n)) {
    const value = resolveValue(n);
    if (value !== n) stringsIn(value, into, depth + 1);
  }
}

/** Schema builders whose argument lists field names (`z.object({...})`) or values (`z.enum([...])`). */
const OBJECT_CALL = /^(object|strictObject|looseObject|extend)$/;
const SCHEMA_CALL = /^(object|strictObject|looseObject|extend|enum|literal)$/;

/**
 * `weatherTool: { input: In; output: Out }`: the AI SDK's UI typing of a tool
 * (`ToolUIPart<{ weatherTool: {...} }>`, a `UITools` record) names a tool, not a field.
 */
function typesATool(node: ts.Node): boolean {
  if (!ts.isPropertySignature(node)) return false;
  const type = node.type;
  if (!type || !ts.isTypeLiteralNode(type)) return false;
  const members = new Set(
    type.members.map((m) => (m.name && ts.isIdentifier(m.name) ? m.name.text : '')),
  );
  return members.has('input') && members.has('output');
}

/** A signature whose name may be a word shaped like a tool name (`keyOf` decides; others are skipped unwrapped). */
function mayBeShaped(node: ts.Node): boolean {
  if (!ts.isPropertySignature(node) || typesATool(node)) return false;
  const name = node.name;
  // Either spelling of an identifier (`\u0061b_c` is `ab_c`): the filter only needs to keep all keyOf may.
  if (ts.isIdentifier(name)) return SHAPED(name.text) || SHAPED(name.getText());
  if (ts.isStringLiteral(name)) return SHAPED(name.text);
  return ts.isComputedPropertyName(name);
}

/** Text a file must hold for `dataWords` to read its schemas (its interfaces are read in any file). */
export const SCHEMA_TEXT = /\.(object|enum|literal|strictObject|looseObject)\s*\(|properties\s*:/;

export function dataWords(file: SourceFile): string[] {
  const out = new Set<string>();
  const text = file.getFullText();
  if (SCHEMA_TEXT.test(text)) {
    const schema = (n: ts.Node) => SCHEMA_CALL.test(calledMethod(n) ?? '');
    for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, schema)) {
      const callee = call.getExpression();
      if (!Node.isPropertyAccessExpression(callee)) continue;
      const [arg] = call.getArguments();
      const method = callee.getName();
      if (OBJECT_CALL.test(method)) objectKeys(arg, out);
      else if (method === 'enum' || method === 'literal') stringsIn(arg, out);
    }
    const sf = file.compilerNode;
    const properties = (n: ts.Node) =>
      ts.isPropertyAssignment(n) && n.name.getText(sf) === 'properties';
    for (const p of descendantsOfKind(file, SyntaxKind.PropertyAssignment, properties))
      objectKeys(p.getInitializer(), out);
  }
  for (const sig of descendantsOfKind(file, SyntaxKind.PropertySignature, mayBeShaped)) {
    const name = keyOf(sig.getNameNode()).value;
    if (name && SHAPED(name)) out.add(name);
  }
  return [...out];
}

const EQUALITY = new Set([
  SyntaxKind.EqualsEqualsEqualsToken,
  SyntaxKind.ExclamationEqualsEqualsToken,
  SyntaxKind.EqualsEqualsToken,
  SyntaxKind.ExclamationEqualsToken,
]);

/**
 * Values the code gives one of the app's data fields (`fields`, from `dataWords`): written as the
 * field's value (`{ correction_type: 'manual_override' }`) or compared with it
 * (`row.correction_type !== 'manual_override'`). Such a value is a record's content, even where it
 * spells a tool's name another way (`manual_override` beside the tool `manualOverride`), unless it
 * is a tool's name itself (`appDataWords` in analyse.ts leaves those out).
 */
export function fieldValues(file: SourceFile, fields: ReadonlySet<string>): string[] {
  if (fields.size === 0) return [];
  const out = new Set<string>();
  const literal = (n: ts.Node) =>
    ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) ? n.text : undefined;
  const fieldName = (n: ts.Node) =>
    ts.isPropertyAccessExpression(n)
      ? n.name.text
      : ts.isElementAccessExpression(n)
        ? literal(n.argumentExpression)
        : undefined;
  const add = (value: string | undefined) => {
    if (value !== undefined && SHAPED(value)) out.add(value);
  };
  for (const p of descendantsOfKind(file, SyntaxKind.PropertyAssignment)) {
    const node = p.compilerNode;
    const key = ts.isIdentifier(node.name) ? node.name.text : literal(node.name);
    if (key !== undefined && fields.has(key)) add(literal(node.initializer));
  }
  for (const b of descendantsOfKind(file, SyntaxKind.BinaryExpression)) {
    const node = b.compilerNode;
    if (!EQUALITY.has(node.operatorToken.kind)) continue;
    for (const [side, other] of [
      [node.left, node.right],
      [node.right, node.left],
    ] as const) {
      const field = fieldName(side);
      if (field !== undefined && fields.has(field)) add(literal(other));
    }
  }
  return [...out];
}

/**
 * The ids written in the `createTool({ id })` calls of a file: a field whose value is one of them
 * holds tool names (`toolId: 'coding_run_test'`), not data.
 */
export function createToolIds(file: SourceFile): string[] {
  const out: string[] = [];
  if (!file.getFullText().includes('createTool')) return out;
  const named = (n: ts.Node) => {
    if (!ts.isCallExpression(n)) return false;
    const callee = n.expression;
    return ts.isIdentifier(callee)
      ? callee.text === 'createTool'
      : ts.isPropertyAccessExpression(callee) && callee.name.text === 'createTool';
  };
  for (const call of descendantsOfKind(file, SyntaxKind.CallExpression, named)) {
    const arg = call.compilerNode.arguments[0];
    if (!arg || !ts.isObjectLiteralExpression(arg)) continue;
    for (const p of arg.properties)
      if (
        ts.isPropertyAssignment(p) &&
        ts.isIdentifier(p.name) &&
        p.name.text === 'id' &&
        (ts.isStringLiteral(p.initializer) || ts.isNoSubstitutionTemplateLiteral(p.initializer))
      )
        out.push(p.initializer.text);
  }
  return out;
}
