import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const search = createTool({ id: 'web-search', description: 'search', execute: async () => ({}) });
const fetchPage = createTool({ id: 'fetch-page', description: 'fetch', execute: async () => ({}) });
const FORCED = 'search.web' as const;

export const agent = new Agent({
  id: 'tc',
  name: 'tc',
  instructions: 'x',
  model: 'openai/gpt-4o-mini',
  tools: { 'search.web': search, fetchPage },
  defaultOptions: { toolChoice: { type: 'tool', toolName: "search.web" } },
});

export async function run() {
  await agent.generate('a', { toolChoice: { type: 'tool', toolName: FORCED } });
  await agent.generate('b', { activeTools: ['search.web', 'fetchPage', 'fetch-page'] });
  await agent.generate('c', {
    prepareStep: async ({ stepNumber }) => (stepNumber === 0 ? { activeTools: ['search.web'] } : {}),
  });
  // Not changed: a mode, an already-correct name, and a name no tool has (reported).
  await agent.generate('d', { toolChoice: 'required', activeTools: ['search_web', 'nothing-like-it'] });
}
