/**
 * A local MCP server over stdio, started by test/runtime-helper-capture.test.ts through a real
 * @mastra/mcp MCPClient. Its tool names are the kind remote servers hand over: dots, colons, a
 * slash, and two long names that only differ after Mastra's 63-character cut once the client puts
 * the server name in front (`--no-clash` leaves the second one out).
 */
import { createTool } from '@mastra/core/tools';
import { MCPServer } from '@mastra/mcp';
import { z } from 'zod';

export const TOOL_NAMES = [
  'get-team',
  'search.issues',
  'issue:create',
  'projects/list',
  'list_issues_assigned_to_the_current_user_in_the_active_cycle_open',
  'list_issues_assigned_to_the_current_user_in_the_active_cycle_closed',
];

// `--no-clash` leaves out the second long name, so the set is one Mastra can send.
const offered = process.argv.includes('--no-clash') ? TOOL_NAMES.slice(0, -1) : TOOL_NAMES;

const tools = Object.fromEntries(
  offered.map((name) => [
    name,
    createTool({
      id: name,
      description: `Linear: ${name}`,
      inputSchema: z.object({ q: z.string() }),
      execute: () => Promise.resolve({ ok: true }),
    }),
  ]),
);

const server = new MCPServer({ name: 'linear', version: '1.0.0', tools });
await server.startStdio();
