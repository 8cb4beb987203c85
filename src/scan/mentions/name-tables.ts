/**
 * Tables in the app's code that translate a tool's offered name into another of its names
 * (`{ codeExecuteTool: 'code-execute', ... }`, read by a `resolveToolName(raw)` before the UI
 * looks tool parts up by id). A value compared with the name a table gives is that translation,
 * not a stale name the model never calls: the app maps the offered name to it itself.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, locate, type ScanContext } from '../ast.ts';
import type { Location } from '../model.ts';

export interface NameTableEntry {
  /** The name the table is looked up by (a key or wire name the model is offered). */
  from: string;
  /** The name it gives (another name of the same tool: its id). */
  to: string;
  location: Location;
}

/**
 * Entries `from: 'to'` of object literals where `to` is another name of the tool `from` names
 * (`sameTool(from)` gives a tool's other names). A table needs two such entries: one pair alone
 * is as likely a coincidence in a larger record.
 */
export function nameTables(
  ctx: ScanContext,
  file: SourceFile,
  sameTool: (name: string) => ReadonlySet<string> | undefined,
): NameTableEntry[] {
  const plain = (n: ts.Node) =>
    ts.isPropertyAssignment(n) &&
    ts.isStringLiteral(n.initializer) &&
    (ts.isIdentifier(n.name) || ts.isStringLiteral(n.name));
  const tables = new Map<Node, NameTableEntry[]>();
  for (const prop of descendantsOfKind(file, SyntaxKind.PropertyAssignment, plain)) {
    const key = prop.getNameNode();
    const from = Node.isStringLiteral(key) ? key.getLiteralValue() : key.getText();
    const value = prop.getInitializerOrThrow();
    const to = Node.isStringLiteral(value) ? value.getLiteralValue() : undefined;
    if (to === undefined || to === from || !sameTool(from)?.has(to)) continue;
    const table = prop.getParentOrThrow();
    tables.set(table, [...(tables.get(table) ?? []), { from, to, location: locate(ctx, prop) }]);
  }
  return [...tables.values()].filter((entries) => entries.length >= 2).flat();
}
