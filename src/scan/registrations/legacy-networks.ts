/**
 * The network classes @mastra/core removed: `AgentNetwork` (`@mastra/core/network`, gone in 0.17.0)
 * and `NewAgentNetwork` (`@mastra/core/network/vNext`, gone in 0.20.0). An app that constructs one
 * fails to load on a version without it; no edit of names undoes that (the upgrade note says so).
 */
import { Node, SyntaxKind, type SourceFile } from '../../ts-morph.ts';
import { locate, mastraExport, type ScanContext } from '../ast.ts';
import type { LegacyNetwork } from '../model.ts';

const CLASSES: Record<string, LegacyNetwork['rule']> = {
  AgentNetwork: 'legacy-agent-network',
  NewAgentNetwork: 'vnext-agent-network',
};

export function legacyNetworks(ctx: ScanContext, sf: SourceFile): LegacyNetwork[] {
  if (!sf.getFullText().includes('AgentNetwork')) return [];
  return sf.getDescendantsOfKind(SyntaxKind.NewExpression).flatMap((made) => {
    const callee = made.getExpression();
    if (!Node.isIdentifier(callee) && !Node.isPropertyAccessExpression(callee)) return [];
    const exported = mastraExport(callee);
    const rule =
      exported && exported.module.startsWith('@mastra/core')
        ? CLASSES[exported.exportName]
        : undefined;
    return rule ? [{ rule, className: exported!.exportName, location: locate(ctx, made) }] : [];
  });
}
