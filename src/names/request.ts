/**
 * What the provider request of one call carries, given Mastra's prediction: `activeTools` filters by
 * the rewritten names, `toolChoice` is passed through without the rewrite.
 */
import { predictTools, type Prediction, type ToolSources } from './normalise.ts';
import { LATEST_BEHAVIOUR, type MastraBehaviour } from './versions.ts';

export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'tool'; toolName: string };

export interface CallOptions {
  toolChoice?: ToolChoice;
  activeTools?: readonly string[];
}

export interface PredictedRequest {
  prediction: Prediction;
  /** `tools[].function.name` in order; null when no request is sent or it carries no tools. */
  toolNames: string[] | null;
  /** `tool_choice` as the OpenAI-compatible request carries it; undefined when absent. */
  toolChoice: unknown;
  /** A named toolChoice or activeTools entry that is not among the offered names. */
  unknownNames: Array<{ option: 'toolChoice' | 'activeTools'; name: string }>;
}

function wireToolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string'
    ? choice
    : { type: 'function', function: { name: choice.toolName } };
}

export function predictRequest(
  sources: ToolSources,
  call: CallOptions = {},
  behaviour: MastraBehaviour = LATEST_BEHAVIOUR,
): PredictedRequest {
  const prediction = predictTools(sources, behaviour);
  const offered = new Set(prediction.offered.map((tool) => tool.wireName));
  const offeredNames = prediction.offered
    .filter((tool) => !tool.providerDefined)
    .map((tool) => tool.wireName);
  const unknownNames: PredictedRequest['unknownNames'] = [];
  if (
    call.toolChoice &&
    typeof call.toolChoice === 'object' &&
    !offered.has(call.toolChoice.toolName)
  ) {
    unknownNames.push({ option: 'toolChoice', name: call.toolChoice.toolName });
  }
  for (const name of call.activeTools ?? [])
    if (!offered.has(name)) unknownNames.push({ option: 'activeTools', name });

  if (prediction.failure)
    return { prediction, toolNames: null, toolChoice: undefined, unknownNames };
  const none = { prediction, toolNames: null, toolChoice: undefined, unknownNames };
  if (call.toolChoice === 'none' && behaviour.toolChoiceNoneOmitsTools) return none;
  const active =
    call.activeTools && behaviour.honoursActiveTools ? new Set(call.activeTools) : undefined;
  const toolNames = active ? offeredNames.filter((name) => active.has(name)) : offeredNames;
  if (toolNames.length === 0) return none;
  return {
    prediction,
    toolNames,
    toolChoice: wireToolChoice(call.toolChoice ?? 'auto'),
    unknownNames,
  };
}
