/**
 * The tools an agent's `signals` add: the Agent merges each provider's `getTools()` into its
 * toolset (1.71.0, `signals?: SignalProvider[]`). `TaskSignalProvider` gives the four task tools;
 * the other providers of @mastra/core/signals give none. A class of the app that extends one adds
 * the same tools unless it overrides `getTools()` with something other than what `super.getTools()`
 * returned; a provider the scan cannot read may add any name.
 */
import { Node, SyntaxKind, type ClassDeclaration } from '../../ts-morph.ts';
import {
  locate,
  mastraExport,
  ownerClass,
  resolveValue,
  unwrap,
  type ScanContext,
} from '../ast.ts';
import type { RuntimeTools } from '../model.ts';
import { isFunctionNode } from '../mentions/bindings.ts';

/** `TaskSignalProvider.getTools()` in @mastra/core 1.71.0 (dist/signals/task-signal-provider.d.ts). */
export const TASK_SIGNAL_TOOLS = ['task_write', 'task_update', 'task_complete', 'task_check'];

/** The tools of the Mastra signal providers, by export name. */
const PROVIDERS: Record<string, readonly string[]> = {
  TaskSignalProvider: TASK_SIGNAL_TOOLS,
  WebhookSignalProvider: [],
  GoalSignalProvider: [],
};

/** Whether an override of `getTools()` returns what `super.getTools()` gave (changed in place). */
function returnsSuper(method: Node): boolean {
  // The method's own returns, not those of the functions inside it.
  const returns = method
    .getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor(isFunctionNode) === method);
  const isSuperCall = (n: Node | undefined) => {
    const e = n && unwrap(n);
    return (
      e !== undefined &&
      Node.isCallExpression(e) &&
      e.getExpression().getText() === 'super.getTools'
    );
  };
  return (
    returns.length > 0 &&
    returns.every((r) => {
      const value = r.getExpression();
      if (!value) return false;
      if (isSuperCall(value)) return true;
      return Node.isIdentifier(value) && isSuperCall(resolveValue(value));
    })
  );
}

/** The names a provider class adds, through the classes it extends; undefined when unknown. */
function classTools(cls: ClassDeclaration, depth = 0): readonly string[] | undefined {
  if (depth > 5) return undefined;
  const own = cls.getMethod('getTools');
  const base = cls.getExtends()?.getExpression();
  if (!base) return undefined;
  const exported = mastraExport(base);
  const inherited = exported
    ? PROVIDERS[exported.exportName]
    : (() => {
        const parent = ownerClass(base);
        return parent && Node.isClassDeclaration(parent)
          ? classTools(parent, depth + 1)
          : undefined;
      })();
  if (own && !returnsSuper(own)) return undefined;
  return inherited;
}

/** The names one element of `signals` adds; undefined when the scan cannot tell. */
function providerTools(element: Node): readonly string[] | undefined {
  const made = resolveValue(unwrap(element));
  if (!Node.isNewExpression(made)) return undefined;
  const callee = made.getExpression();
  const exported = mastraExport(callee);
  if (exported) return PROVIDERS[exported.exportName];
  const cls = ownerClass(callee);
  return cls && Node.isClassDeclaration(cls) ? classTools(cls) : undefined;
}

export function signalTools(ctx: ScanContext, node: Node): RuntimeTools[] {
  const list = resolveValue(node);
  const elements = Node.isArrayLiteralExpression(list) ? list.getElements() : undefined;
  const names = elements?.map(providerTools);
  const known = names?.every((n) => n !== undefined) ? [...new Set(names.flat())] : undefined;
  if (known && known.length === 0) return [];
  return [
    {
      origin: 'tools',
      location: locate(ctx, node),
      text: node.getText().slice(0, 120),
      kind: 'signals',
      prefixes: [],
      ...(known ? { names: known } : {}),
      bounded: known !== undefined,
      reason: known
        ? `its signal providers add the tools ${known.join(', ')} when the agent runs`
        : 'its signal providers add tools the scan cannot list (their getTools())',
    },
  ];
}
