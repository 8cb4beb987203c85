import { Agent } from '@mastra/core/agent';
import { askUserTool, webFetchTool, webSearchTool } from '@mastra/core/tools';
import { submitPlanTool as plan } from '@mastra/core/harness';

export const agent = new Agent({
  id: 'builtins',
  name: 'builtins',
  instructions: 'Ask with ask_user.',
  model: 'openai/gpt-4o-mini',
  tools: {
    ask_user: askUserTool,
    web_fetch: webFetchTool,
    submit_plan: plan,
    webSearchTool, // a marker for the provider's own search: never re-keyed
  },
});

// Keys already chosen by the user stay.
export const chosen = new Agent({ id: 'chosen', name: 'chosen', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { ask_user: askUserTool, fetcher: webFetchTool } });
