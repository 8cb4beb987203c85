import { Agent } from '@mastra/core/agent';
import { askUserTool, createTool } from '@mastra/core/tools';

const weatherTool = createTool({ id: 'get-weather', description: 'weather', execute: async () => ({}) });
const searchTool = createTool({ id: 'search.web', description: 'id is not a legal name', execute: async () => ({}) });
const notesTool = createTool({ id: 'notes', description: 'key already equals id', execute: async () => ({}) });

export const agent = new Agent({
  id: 'by-id',
  name: 'by-id',
  instructions: 'x',
  model: 'openai/gpt-4o-mini',
  tools: { 'get-weather': weatherTool, search: searchTool, notes: notesTool, askUserTool },
});
