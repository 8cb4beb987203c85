// Negative cases: nothing here is a Mastra tool map that needs a rewrite.
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const t = createTool({ id: 'noop', description: 'does nothing', execute: async () => ({}) });

// Look-alike: a plain object with a `tools` property is not an agent.
export const notAnAgent = { tools: { 'x.y': t } };

// A local class named like Mastra's is not Mastra's.
class LocalAgent {
  constructor(readonly config: unknown) {}
}
export const local = new LocalAgent({ tools: { 'x.y': t } });

// Two keys Mastra would refuse (both become a_b): reported, never renamed by invention.
export const colliding = new Agent({ id: 'c', name: 'c', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { 'a.b': t, 'a b': t } });

// Already legal.
export const legal = new Agent({ id: 'l', name: 'l', instructions: 'x', model: 'openai/gpt-4o-mini', tools: { search_web: t, 'weather-EU': t } });
