import { Agent as MastraAgent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const t = createTool({ id: 'noop', description: 'does nothing', execute: async () => ({}) });
const KEY = 'const.key';
const thisIsAVeryLongToolVariableNameThatGoesOnAndOnPastTheSixtyThreeLimit = t;

export const agent = new MastraAgent({
  id: 'keys',
  name: 'keys',
  instructions: 'Use the tools.',
  model: 'openai/gpt-4o-mini',
  tools: {
    plain: t, // legal: untouched
    'search.web':   t, // spacing and comment kept
    "fetch:page": t,
    'weather-eu.x': t,
    1: t,
    [KEY]: t,
    [`tpl.${'x'}`]: t,
    thisIsAVeryLongToolVariableNameThatGoesOnAndOnPastTheSixtyThreeLimit,
  },
  agents: { 'fact.checker': t as never },
  workflows: { 'nightly.report': t as never },
});

export async function run() {
  return agent.generate('hi', {
    toolsets: { extra: { 'kb.lookup': t } },
    clientTools: { 'ui.confirm': t },
  });
}
