/**
 * Compares what a call sent with what the scan predicts it sends. Pure. A call is a *match*, it
 * *differs* (with the difference), it is *not predictable statically* (some of its tools exist only
 * at run time), or it was *not measured* (no provider request and no tool error).
 */
import { EMPTY_KEY_MESSAGE, type ToolSources } from '../names/normalise.ts';
import { predictRequest, type ToolChoice } from '../names/request.ts';
import type { MastraBehaviour } from '../names/versions.ts';
import type { AgentInfo, CallOptionsInfo, Location, ToolSet } from '../scan/model.ts';
import { agentSources } from '../scan/registrations/sources.ts';
import { asText } from './child/text.ts';
import type {
  CallOptionsSeen,
  Measurement,
  PredictedWire,
  ToolChoiceView,
  Verification,
  WireDifference,
} from './model.ts';
import { failureText } from './failure-text.ts';

const at = (l: Location) => `${l.file}:${l.line}`;

/** Why a tool set cannot be known before the app runs. */
function setReasons(set: ToolSet): string[] {
  return [
    ...set.unresolved.map((u) => `${u.origin}: ${u.reason} (${at(u.location)})`),
    ...set.runtime.map((r) => `${r.origin}: ${r.reason} (${at(r.location)})`),
    ...set.entries
      .filter((e) => e.conditional)
      .map(
        (e) =>
          `${e.origin}: key ${JSON.stringify(e.key)} is there only on some paths (${at(e.keyLocation)})`,
      ),
  ];
}

function optionsReasons(options: CallOptionsInfo, label: string): string[] {
  const out = [
    ...setReasons(options.toolsets),
    ...setReasons(options.clientTools),
    ...options.unresolved.map((u) => `${label}: ${u}`),
  ];
  if (options.toolChoice && options.toolChoice.name === undefined)
    out.push(`${label}: toolChoice is computed at run time (${at(options.toolChoice.location)})`);
  for (const ref of options.activeTools)
    if (ref.name === undefined)
      out.push(`${label}: an activeTools entry is computed at run time (${at(ref.location)})`);
  const step = options.prepareStep;
  if (step.activeTools.length || step.toolChoice.length || step.tools.entries.length)
    out.push(`${label}: prepareStep changes the tools per step`);
  return out;
}

/** Why an agent's request cannot be predicted statically; empty when it can. */
export function agentReasons(agent: AgentInfo): string[] {
  return [
    ...setReasons(agent.tools),
    ...setReasons(agent.agents),
    ...setReasons(agent.workflows),
    ...(agent.defaultOptions ? optionsReasons(agent.defaultOptions, 'defaultOptions') : []),
  ];
}

function choiceView(choice: unknown): ToolChoiceView | undefined {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return { mode: choice };
  const o = choice as
    { type?: string; toolName?: unknown; function?: { name?: unknown } } | undefined;
  if (o?.function?.name !== undefined) return { mode: 'tool', toolName: asText(o.function.name) };
  if (o?.type === 'tool' && o.toolName !== undefined)
    return { mode: 'tool', toolName: asText(o.toolName) };
  return undefined;
}

/** A toolChoice as the normaliser takes it, or undefined when it has another shape. */
function asToolChoice(choice: unknown): ToolChoice | undefined {
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  const o = choice as { type?: unknown; toolName?: unknown } | undefined;
  return o?.type === 'tool' && typeof o.toolName === 'string'
    ? { type: 'tool', toolName: o.toolName }
    : undefined;
}

function defaultsOf(agent: AgentInfo): { toolChoice?: ToolChoice; activeTools?: string[] } {
  const d = agent.defaultOptions;
  if (!d) return {};
  const out: { toolChoice?: ToolChoice; activeTools?: string[] } = {};
  if (d.toolChoiceMode) out.toolChoice = d.toolChoiceMode;
  else if (d.toolChoice?.name !== undefined)
    out.toolChoice = { type: 'tool', toolName: d.toolChoice.name };
  if (d.activeTools.length) out.activeTools = d.activeTools.map((r) => r.name ?? '');
  return out;
}

function predictedWire(
  sources: ToolSources,
  call: { toolChoice?: ToolChoice; activeTools?: string[] },
  behaviour: MastraBehaviour,
): PredictedWire {
  const predicted = predictRequest(sources, call, behaviour);
  const providerTools = predicted.prediction.offered
    .filter((t) => t.providerDefined)
    .map((t) => t.wireName);
  const failure = predicted.prediction.failure;
  if (failure)
    return {
      tools: [],
      providerTools,
      failure: {
        kind: failure.kind,
        ...(failure.name !== undefined ? { name: failure.name } : {}),
        message: failure.message,
      },
    };
  const toolChoice = predicted.toolNames ? choiceView(predicted.toolChoice) : undefined;
  return { tools: predicted.toolNames ?? [], providerTools, ...(toolChoice ? { toolChoice } : {}) };
}

/** The prediction for the driver's own generate() of an agent (no options but the agent's defaults). */
export function predictAgent(agent: AgentInfo, behaviour: MastraBehaviour): PredictedWire {
  return predictedWire(agentSources(agent), defaultsOf(agent), behaviour);
}

/** The prediction for a scenario call: the agent's tools plus the keys its options passed. */
export function predictCall(
  agent: AgentInfo,
  options: CallOptionsSeen,
  behaviour: MastraBehaviour,
): { predicted?: PredictedWire; reasons: string[] } {
  const reasons = agentReasons(agent);
  const defaults = defaultsOf(agent);
  const choice =
    options.toolChoice === undefined ? defaults.toolChoice : asToolChoice(options.toolChoice);
  if (options.toolChoice !== undefined && choice === undefined)
    reasons.push(
      `toolChoice ${JSON.stringify(options.toolChoice)} has a shape the scan does not model`,
    );
  if (reasons.length) return { reasons };
  const sources: ToolSources = {
    ...agentSources(agent),
    toolsets: (options.toolsets ?? []).map((t) => ({ name: t.name, keys: t.keys })),
    clientTools: options.clientTools ?? [],
  };
  const activeTools = options.activeTools ?? defaults.activeTools;
  return {
    predicted: predictedWire(
      sources,
      { ...(choice ? { toolChoice: choice } : {}), ...(activeTools ? { activeTools } : {}) },
      behaviour,
    ),
    reasons: [],
  };
}

/** A tool error: the call failed because of its tool names, before any request. */
export function isToolFailure(m: Measurement): boolean {
  const e = m.error;
  return Boolean(
    e &&
    (e.causeCode === 'AGENT_TOOL_NAME_COLLISION' ||
      /resolve to the same name/.test(e.message) ||
      e.message.includes(EMPTY_KEY_MESSAGE)),
  );
}

function describeChoice(c: ToolChoiceView | undefined): string {
  if (!c) return 'none sent';
  return c.mode === 'tool' ? `tool ${c.toolName}` : c.mode;
}

/** The request's tool choice as the provider reads it: no tool choice with tools means auto. */
export function measuredChoice(m: Measurement): ToolChoiceView | undefined {
  const r = m.request;
  if (!r || r.tools.length + r.providerTools.length === 0) return r?.toolChoice;
  return r.toolChoice ?? { mode: 'auto' };
}

function sameChoice(a: ToolChoiceView | undefined, b: ToolChoiceView | undefined): boolean {
  return a?.mode === b?.mode && a?.toolName === b?.toolName;
}

export function compare(
  predicted: PredictedWire,
  m: Measurement,
): Pick<Verification, 'status' | 'difference' | 'reasons'> {
  if (!m.request && !isToolFailure(m))
    return {
      status: 'unmeasured',
      reasons: [
        m.error
          ? `the call failed before any provider request: ${m.error.message}`
          : 'no provider request was made',
      ],
    };
  const summary: string[] = [];
  const difference: WireDifference = { missing: [], unexpected: [], order: false, summary };
  if (predicted.failure || !m.request) {
    const expected = predicted.failure
      ? `generate() fails: ${predicted.failure.message}`
      : `a request with ${predicted.tools.join(', ') || 'no tools'}`;
    const seen = m.request
      ? `a request with ${m.request.tools.join(', ') || 'no tools'}`
      : failureText(m);
    const agree = Boolean(
      predicted.failure &&
      !m.request &&
      m.error &&
      (m.error.message.includes(predicted.failure.message) ||
        (predicted.failure.name !== undefined && m.error.causeToolName === predicted.failure.name)),
    );
    if (agree) return { status: 'match', reasons: [] };
    difference.outcome = { predicted: expected, measured: seen };
    summary.push(`predicted ${expected}; measured ${seen}`);
    return { status: 'differs', difference, reasons: [] };
  }
  const sent = m.request.tools;
  const sentSet = new Set(sent);
  const predictedSet = new Set(predicted.tools);
  difference.missing = predicted.tools.filter((n) => !sentSet.has(n));
  difference.unexpected = sent.filter((n) => !predictedSet.has(n));
  difference.order =
    difference.missing.length === 0 &&
    difference.unexpected.length === 0 &&
    sent.join('\0') !== predicted.tools.join('\0');
  if (difference.missing.length)
    summary.push(`predicted but not sent: ${difference.missing.join(', ')}`);
  if (difference.unexpected.length)
    summary.push(`sent but not predicted: ${difference.unexpected.join(', ')}`);
  if (difference.order)
    summary.push(
      `same names in another order: sent ${sent.join(', ')}; predicted ${predicted.tools.join(', ')}`,
    );
  const measured = measuredChoice(m);
  // Without function tools on either side there is no tool choice to compare.
  if (
    (predicted.tools.length > 0 || sent.length > 0) &&
    !sameChoice(predicted.toolChoice, measured)
  ) {
    difference.toolChoice = {
      ...(predicted.toolChoice ? { predicted: predicted.toolChoice } : {}),
      ...(measured ? { measured } : {}),
    };
    summary.push(
      `tool choice: predicted ${describeChoice(predicted.toolChoice)}, sent ${describeChoice(measured)}`,
    );
  }
  return summary.length
    ? { status: 'differs', difference, reasons: [] }
    : { status: 'match', reasons: [] };
}
