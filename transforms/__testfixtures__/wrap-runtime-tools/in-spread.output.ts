import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { normaliseTools } from 'mastra-tool-names/runtime';

const mcp = new MCPClient({
  servers: { 'linear.app': { command: 'node', args: ['./linear-server.js'] } },
});

const notes = { id: 'notes' };

export const triage = new Agent({
  id: 'triage',
  name: 'triage',
  instructions: 'Triage issues.',
  model: 'openai/gpt-4o-mini',
  tools: { ...(await normaliseTools(mcp.listTools())).tools, notes },
});
