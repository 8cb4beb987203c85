import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const t = createTool({ id: 'web-search', description: 'search', execute: async () => ({}) });
export const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { 'search.web': t } });

// A locally typed value: not provably a Mastra tool name, so it is reported, never edited.
interface Part {
  toolName: string;
}
export const isSearch = (part: Part) => part.toolName === 'search.web';
