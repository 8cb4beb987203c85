/**
 * Workflows the app defines (`createWorkflow({ id })`). An agent is offered a workflow only through
 * its own `workflows` (as `workflow-KEY`); one registered on `new Mastra()` alone, or given to another
 * agent, is not a tool it can call, so a prompt of an agent without it that names its id names
 * something the model was never offered.
 */
import { Node, SyntaxKind, ts, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, isMastraExport, locate, type ScanContext } from '../ast.ts';
import type { Location } from '../model.ts';
import { idFromArgument } from '../values/tool-value.ts';

/** A call of a name (`createWorkflow(...)`, or an alias of it): only those are wrapped. */
const CREATE_WORKFLOW = (n: ts.Node) => ts.isCallExpression(n) && ts.isIdentifier(n.expression);

export function appWorkflows(
  ctx: ScanContext,
  files: readonly SourceFile[],
): Array<{ name: string; location: Location }> {
  const out: Array<{ name: string; location: Location }> = [];
  for (const sf of files) {
    if (!sf.getFullText().includes('createWorkflow')) continue;
    for (const call of descendantsOfKind(sf, SyntaxKind.CallExpression, CREATE_WORKFLOW)) {
      const callee = call.getExpression();
      if (!Node.isIdentifier(callee) || !isMastraExport(callee, ['createWorkflow'])) continue;
      const id = idFromArgument(call);
      if (id) out.push({ name: id, location: locate(ctx, call) });
    }
  }
  return out;
}
