/**
 * Applies plan edits to a parsed file. Edits are located by their start offset, which the scanner
 * (TypeScript) and the parser (Babel) count the same way; only the touched nodes are reprinted.
 */
import type { ASTNode, Collection, JSCodeshift } from 'jscodeshift';
import type { Edit } from '../../src/plan/model.ts';

export interface ApplyResult {
  applied: Edit[];
  /** Edits whose node was not found where the plan said: the file must be left as it is. */
  missing: Edit[];
}

type AnyNode = ASTNode & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function stringNode(j: JSCodeshift, value: string, raw: string): AnyNode {
  if (raw.startsWith('`')) return j.templateLiteral([j.templateElement({ raw: raw.slice(1, -1), cooked: value }, true)], []) as AnyNode;
  // A `Literal` carrying `extra.raw` prints exactly as the plan wrote it (recast prints a
  // StringLiteral with its own quote preference instead).
  const lit = j.literal(value) as AnyNode;
  lit.extra = { raw, rawValue: value };
  return lit;
}

function isProperty(n: AnyNode): boolean {
  return (n.type === 'ObjectProperty' || n.type === 'Property') && n.method !== true && n.kind !== 'get' && n.kind !== 'set';
}

function isString(n: AnyNode): boolean {
  return n.type === 'StringLiteral' || (n.type === 'Literal' && typeof n.value === 'string') || (n.type === 'TemplateLiteral' && n.expressions.length === 0);
}

export function applyEdits(j: JSCodeshift, root: Collection, edits: readonly Edit[]): ApplyResult {
  const pending = new Map(edits.map((e) => [e.location.start, e]));
  const applied: Edit[] = [];
  root.find(j.Node).forEach((path) => {
    const n = path.node as AnyNode;
    const edit = typeof n.start === 'number' ? pending.get(n.start) : undefined;
    if (!edit) return;
    if (edit.target === 'property-key' && isProperty(n)) {
      n.key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(edit.after) ? j.identifier(edit.value) : stringNode(j, edit.value, edit.after);
      n.computed = false;
      n.shorthand = false;
    } else if (edit.target === 'string-literal' && isString(n)) {
      path.replace(stringNode(j, edit.value, edit.after));
    } else {
      return;
    }
    pending.delete(edit.location.start);
    applied.push(edit);
  });
  return { applied, missing: [...pending.values()] };
}
