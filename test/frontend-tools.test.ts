/**
 * A CopilotKit front end's actions (`useCopilotAction({ name })`, `useFrontendTool`) reach an agent
 * served through `@ag-ui/mastra` as client tools with each request: a prompt naming one names a tool
 * the agent may be offered (eval: GiordanoSouza/Clinical-Lens). Without an AG-UI server the same
 * page sends nothing to a Mastra agent, and the prompt's name is still reported.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/index.ts';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({
  name: 'app',
  dependencies: { '@mastra/core': '1.71.0', '@copilotkit/react-core': '1.51.0' },
});

const AGENT = `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const searchGuidelines = createTool({ id: 'search-guidelines', description: 'Search.', execute: async () => ({}) });
export const copilot = new Agent({
  id: 'copilot',
  name: 'copilot',
  instructions: 'Search with searchGuidelines, then you MUST call renderGuidelines with the results.',
  model: 'openai/gpt-4o-mini',
  tools: { searchGuidelines },
});
`;

const MASTRA = `import { Mastra } from '@mastra/core/mastra';
import { copilot } from './agent';
export const mastra = new Mastra({ agents: { copilot } });
`;

const PAGE = `import { useCopilotAction as useAction } from '@copilotkit/react-core';
export function Chat() {
  useAction({ name: 'renderGuidelines', parameters: [], handler: async () => {} });
  return null;
}
`;

const ROUTE = `import { MastraAgent } from '@ag-ui/mastra';
import { mastra } from '../../src/mastra';
export const agents = () => MastraAgent.getLocalAgents({ mastra });
`;

async function unknownNames(files: Record<string, string>): Promise<string[]> {
  const app = tempProject({ 'package.json': PACKAGE, ...files });
  try {
    const scan = await scanRepository(app.root);
    return buildPlan(scan)
      .findings.filter((f) => f.kind === 'unknown-tool-mention')
      .map((f) => /name[s]? "([^"]+)"/.exec(f.message)?.[1] ?? f.message);
  } finally {
    app.cleanup();
  }
}

describe("a CopilotKit front end's actions", () => {
  const files = {
    'src/mastra/agent.ts': AGENT,
    'src/mastra/index.ts': MASTRA,
    'components/chat.tsx': PAGE,
  };

  test('are client tools of the agents an AG-UI server serves', async () => {
    assert.deepEqual(await unknownNames({ ...files, 'app/api/copilotkit/route.ts': ROUTE }), []);
  });

  test('reach no agent without an AG-UI server', async () => {
    assert.deepEqual(await unknownNames(files), ['renderGuidelines']);
  });
});
