/**
 * Agents an AgentController runs (`Harness` before @mastra/core renamed it; `@mastra/core/harness`,
 * `@mastra/core/agent-controller`): the `agent` of each of its `modes` (and its own `agent`) is run
 * with stream() and toolsets the controller builds for every message: its built-in tools, and the
 * tools of its `tools` option (a record, or a function returning one). Read in the published
 * builds (`buildToolsets`): 1.6.0 adds ask_user, submit_plan, task_write and task_check, 1.71.0
 * also task_update and task_complete; both add `subagent` when `subagents` are given.
 */
import type { NewExpression } from 'ts-morph';
import { Node, SyntaxKind, type SourceFile } from '../../ts-morph.ts';
import { descendantsOfKind, isMastraExport, locate, propertyValue, resolveValue } from '../ast.ts';
import type { RuntimeTools, ToolSet } from '../model.ts';
import { isFunction, returnedExpressions } from '../values/map-walk.ts';
import { readToolMap, type MapContext } from '../values/tool-map.ts';

const BUILTINS = [
  'ask_user',
  'submit_plan',
  'task_write',
  'task_update',
  'task_complete',
  'task_check',
];
const CONTROLLERS = ['Harness', 'AgentController'];

export interface HarnessRun {
  agentIndex: number;
  source: RuntimeTools;
  /** The tools of its `tools` option, whose descriptions the model reads. */
  tools: ToolSet;
  at: Node;
}

/** The record the `tools` option gives: itself, or what a function returning one returns. */
function toolsRecord(option: Node): Node | undefined {
  const value = resolveValue(option);
  if (!isFunction(value)) return value;
  const returned = returnedExpressions(value);
  if (returned.length !== 1) return undefined;
  const record = resolveValue(returned[0]!);
  return Node.isParenthesizedExpression(record) ? record.getExpression() : record;
}

function runsOf(ctx: MapContext, made: NewExpression): HarnessRun[] {
  const [arg] = made.getArguments();
  const config = arg ? resolveValue(arg) : undefined;
  if (!config || !Node.isObjectLiteralExpression(config)) return [];
  const agents: Node[] = [];
  const own = propertyValue(config, 'agent');
  if (own) agents.push(own);
  const modes = propertyValue(config, 'modes');
  const list = modes ? resolveValue(modes) : undefined;
  if (list && Node.isArrayLiteralExpression(list))
    for (const mode of list.getElements()) {
      const agent = propertyValue(resolveValue(mode), 'agent');
      if (agent) agents.push(agent);
    }
  const indexes = [...new Set(agents.flatMap((a) => ctx.agentIndexOf(resolveValue(a)) ?? []))];
  if (!indexes.length) return [];
  const option = propertyValue(config, 'tools');
  const record = option ? toolsRecord(option) : undefined;
  const tools: ToolSet = record
    ? readToolMap(ctx, record, 'tools')
    : { entries: [], unresolved: [], runtime: [] };
  const subagents = propertyValue(config, 'subagents') !== undefined;
  const names = [
    ...BUILTINS,
    ...(subagents ? ['subagent'] : []),
    ...tools.entries.map((e) => e.key),
  ];
  const bounded =
    (option === undefined || record !== undefined) &&
    tools.unresolved.length === 0 &&
    tools.runtime.every((r) => r.bounded);
  const source: RuntimeTools = {
    origin: 'tools',
    location: locate(ctx, made),
    text: made.getText().slice(0, 120),
    kind: 'harness',
    prefixes: [...new Set(tools.runtime.flatMap((r) => r.prefixes))],
    names: [...new Set([...names, ...tools.runtime.flatMap((r) => r.names ?? [])])],
    bounded,
    reason: `the ${made.getExpression().getText()} that runs it passes its built-in tools (${BUILTINS.join(', ')}${subagents ? ', subagent' : ''})${tools.entries.length ? ` and its tools (${tools.entries.map((e) => e.key).join(', ')})` : ''}${bounded ? '' : ', and tools the scan cannot list,'} with every message`,
  };
  return indexes.map((agentIndex) => ({ agentIndex, source, tools, at: made }));
}

/** Every agent an AgentController of the file runs, with what the controller adds. */
export function harnessRuns(ctx: MapContext, file: SourceFile): HarnessRun[] {
  const text = file.getFullText();
  if (!/\b(Harness|AgentController)\s*\(/.test(text)) return [];
  const out: HarnessRun[] = [];
  for (const made of descendantsOfKind(file, SyntaxKind.NewExpression)) {
    const callee = made.getExpression();
    if (!isMastraExport(callee, CONTROLLERS)) continue;
    out.push(...runsOf(ctx, made));
  }
  return out;
}
