import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const weatherTool = createTool({ id: 'get-weather', description: 'weather', execute: async () => ({}) });
const refundTool = createTool({ id: 'issue-refund', description: 'refund', execute: async () => ({}) });

// The prompt names both tools by id; nothing in this file depends on their current names.
export const agent = new Agent({
  id: 'support',
  name: 'support',
  instructions: `Check the weather with \`get-weather\`. Call issue-refund only after approval.
Example (not an instruction):
\`\`\`
issue-refund { "order": 1 }
\`\`\``,
  model: 'openai/gpt-4o-mini',
  tools: { 'get-weather': weatherTool, 'issue-refund': refundTool },
});

// Plain words that happen to be ids are prose: left alone.
const searchTool = createTool({ id: 'search', description: 'search', execute: async () => ({}) });
export const prose = new Agent({ id: 'prose', name: 'prose', instructions: 'You search the web for people.', model: 'openai/gpt-4o-mini', tools: { searchTool } });
