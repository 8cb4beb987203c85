/**
 * A record built from its literal and `Object.assign` calls, with keys maybe deleted:
 *
 *   const tools = { ...CONTROL_PLANE_TOOLS };
 *   for (const id of toolsets) Object.assign(tools, ROLE_TOOLS[id]);
 *   if (!mail) delete tools.sendToAgentTool;
 *   return tools;
 *
 * It holds the literal's entries (each possibly gone when code deletes keys) and, possibly, each
 * merged source's. Any other change (`tools[k] = v`, `Object.assign` used as a value, a spread of
 * sources) is left to the readers of loops and tables.
 */
import type { Node as TsNode, ObjectLiteralExpression } from 'ts-morph';
import { Node } from '../../ts-morph.ts';
import { unwrap } from '../ast.ts';
import { recordChanges } from './record-changes.ts';

export interface AssignedRecord {
  literal: ObjectLiteralExpression;
  /** The records merged in by `Object.assign(record, a, b)`: a, b. */
  sources: TsNode[];
  /** Whether code deletes keys of the record (its literal's entries are then only possible). */
  deletes: boolean;
}

export function assignedRecord(id: TsNode): AssignedRecord | undefined {
  const found = recordChanges(id);
  if (!found || found.changes.length === 0) return undefined;
  const init = found.decl.getInitializer();
  const literal = init ? unwrap(init) : undefined;
  if (!literal || !Node.isObjectLiteralExpression(literal)) return undefined;
  const sources: TsNode[] = [];
  let deletes = false;
  for (const change of found.changes) {
    if (change.kind !== 'other') return undefined;
    const parent = change.ref.getParent();
    if (
      Node.isCallExpression(parent) &&
      parent.getExpression().getText() === 'Object.assign' &&
      Node.isExpressionStatement(parent.getParent())
    ) {
      const merged = parent.getArguments().slice(1);
      if (merged.some(Node.isSpreadElement)) return undefined;
      sources.push(...merged);
      continue;
    }
    if (Node.isDeleteExpression(parent?.getParent())) {
      deletes = true;
      continue;
    }
    return undefined;
  }
  return { literal, sources, deletes };
}
