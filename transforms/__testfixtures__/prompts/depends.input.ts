import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const weatherTool = createTool({ id: 'get-weather', description: 'weather', execute: async () => ({}) });

// activeTools uses the current name, so the prompt is rewritten instead of re-keying.
export const agent = new Agent({
  id: 'a',
  name: 'a',
  instructions: 'Always call "get-weather" first; ' + `then answer in ${'English'} with get-weather's result.`,
  model: 'openai/gpt-4o-mini',
  tools: { weatherTool },
});

export const run = () => agent.generate('Oslo?', { activeTools: ['weatherTool'] });
