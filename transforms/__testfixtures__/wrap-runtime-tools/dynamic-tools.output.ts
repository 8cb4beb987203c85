import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';

const mcp = new MCPClient({
  servers: { 'linear.app': { command: 'node', args: ['./linear-server.js'] } },
});

export const triage = new Agent({
  id: 'triage',
  name: 'triage',
  instructions: 'Triage issues.',
  model: 'openai/gpt-4o-mini',
  tools: async ({ requestContext }) =>
    requestContext.get('offline') ? {} : { ...(await mcp.listTools()) },
});
