import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const skillSearch = createTool({ id: 'skill-search', description: 'search skills', execute: async () => ({}) });

// The names under "Invalid names:" are listed as wrong on purpose: they stay. The instruction that
// names the tool by its id is stale; "skillSearch" is used in code, so the prompt is rewritten.
export const agent = new Agent({
  id: 'librarian',
  name: 'librarian',
  instructions: `Find a skill with \`skill-search\` before you answer.

Invalid names:

- \`skill-search\`
- \`skill:search\``,
  model: 'openai/gpt-4o-mini',
  tools: { skillSearch },
});

export const isSearch = (name: string) => name === 'skillSearch';
