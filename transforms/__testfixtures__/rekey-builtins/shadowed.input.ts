// A user tool that happens to be called askUserTool is not the built-in: its key stays.
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const askUserTool = createTool({ id: 'ask-the-user', description: 'mine', execute: async () => ({}) });

export const agent = new Agent({ id: 'a', name: 'a', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { askUserTool } });
