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
    search_web:   t, // spacing and comment kept
    fetch_page: t,
    'weather-eu_x': t,
    _1: t,
    const_key: t,
    tpl_x: t,
    thisIsAVeryLongToolVariableNameThatGoesOnAndOnPastTheSixtyThree: thisIsAVeryLongToolVariableNameThatGoesOnAndOnPastTheSixtyThreeLimit,
  },
  agents: { fact_checker: t as never },
  workflows: { nightly_report: t as never },
});

export async function run() {
  return agent.generate('hi', {
    toolsets: { extra: { kb_lookup: t } },
    clientTools: { ui_confirm: t },
  });
}
