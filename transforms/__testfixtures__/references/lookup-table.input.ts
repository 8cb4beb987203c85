import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const lookupOrder = createTool({ id: 'lookup_order', description: 'Look up an order', execute: async () => ({}) });
const searchProducts = createTool({ id: 'search_products', description: 'Search', execute: async () => ({}) });
export const support = new Agent({
  id: 'support',
  name: 'Support',
  instructions: 'Help with orders.',
  model: 'openai/gpt-4o-mini',
  tools: { lookupOrder, searchProducts },
});

// Keyed by the name the model calls each tool; the stale id key is never looked up.
const STATUS: Record<string, string> = {
  searchProducts: 'Searching the catalog…',
  lookup_order: 'Looking up your order…',
};

// A table of other things keyed the same way is left alone.
const LABELS: Record<string, string> = { order_id: 'Order', lookup_order: 'Lookup' };
export const label = (field: string) => LABELS[field];

export async function streamWithStatus(question: string, show: (line: string) => void) {
  const stream = await support.stream(question);
  for await (const chunk of stream.fullStream) {
    if (chunk.type === 'tool-call') show(STATUS[chunk.payload.toolName] ?? 'Working…');
  }
}
