/**
 * Agents an AgentController runs (`Harness` before @mastra/core renamed it; `@mastra/core/harness`,
 * `@mastra/core/agent-controller`): the `agent` of each of its `modes` (and its own `agent`) is run
 * with stream() and toolsets the controller builds for every message: its built-in tools, and the
 * tools of its `tools` option (a record, or a function returning one). Read in the published
 * builds (`buildToolsets`): 1.5.0 adds ask_user and submit_plan, 1.6.0 also task_write and
 * task_check, 1.33.0 also task_update and task_complete (1.32.1 has not); each adds `subagent`
 * when `subagents` are given. 1.71.0's are captured by test/harness-tools.test.ts.
 */
import type { NewExpression } from 'ts-morph';
import { Node, SyntaxKind, type SourceFile } from '../../ts-morph.ts';
import { sideOf } from '../../names/versions.ts';
import { descendantsOfKind, isMastraExport, locate, propertyValue, resolveValue } from '../ast.ts';
import type { MastraVersion, RuntimeTools, ToolSet } from '../model.ts';
import { isFunction, returnedExpressions } from '../values/map-walk.ts';
import { readToolMap, type MapContext } from '../values/tool-map.ts';

const BUILTINS: ReadonlyArray<{ name: string; since: string }> = [
  { name: 'ask_user', since: '1.5.0' },
  { name: 'submit_plan', since: '1.5.0' },
  { name: 'task_write', since: '1.6.0' },
  { name: 'task_update', since: '1.33.0' },
  { name: 'task_complete', since: '1.33.0' },
  { name: 'task_check', since: '1.6.0' },
];

/** The built-ins its version may have: all but those every version it may be predates. */
function builtinsOf(mastra: MastraVersion): string[] {
  return BUILTINS.filter((b) => sideOf(mastra, b.since) !== 'before').map((b) => b.name);
}

const CONTROLLERS = ['Harness', 'AgentController'];

export interface HarnessRun {
  agentIndex: number;
  /** The tools of its `tools` option, whose descriptions the model reads. */
  tools: ToolSet;
  at: NewExpression;
  subagents: boolean;
  /** Every tool of its `tools` option is read. */
  readable: boolean;
}

/** What the controller gives an agent of `mastra`'s version. */
export function harnessSource(
  ctx: MapContext,
  run: HarnessRun,
  mastra: MastraVersion,
): RuntimeTools {
  const { tools, at, subagents } = run;
  const builtins = [...builtinsOf(mastra), ...(subagents ? ['subagent'] : [])];
  const keys = tools.entries.map((e) => e.key);
  const bounded =
    run.readable && tools.unresolved.length === 0 && tools.runtime.every((r) => r.bounded);
  return {
    origin: 'tools',
    location: locate(ctx, at),
    text: at.getText().slice(0, 120),
    kind: 'harness',
    prefixes: [...new Set(tools.runtime.flatMap((r) => r.prefixes))],
    names: [...new Set([...builtins, ...keys, ...tools.runtime.flatMap((r) => r.names ?? [])])],
    bounded,
    reason: `the ${at.getExpression().getText()} that runs it passes its built-in tools (${builtins.join(', ')})${keys.length ? ` and its tools (${keys.join(', ')})` : ''}${bounded ? '' : ', and tools the scan cannot list,'} with every message`,
  };
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
  const readable = option === undefined || record !== undefined;
  return indexes.map((agentIndex) => ({ agentIndex, tools, at: made, subagents, readable }));
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
