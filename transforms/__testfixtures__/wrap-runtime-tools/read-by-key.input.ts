import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';

const mcp = new MCPClient({
  servers: { 'linear.app': { command: 'node', args: ['./linear-server.js'] } },
});

const mcpTools = await mcp.listTools();

export const triage = new Agent({
  id: 'triage',
  name: 'triage',
  instructions: 'Triage issues.',
  model: 'openai/gpt-4o-mini',
  tools: mcpTools,
});

// Approval list by the client's own keys: normalising would break it.
export const needsApproval = mcpTools['linear.app_issue:create'];
