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

/** The findings of an app whose page renders, and does not send, the calls of `names`. */
async function renderFindings(page: string): Promise<string[]> {
  const app = tempProject({
    'package.json': PACKAGE,
    'src/mastra/agent.ts': `${AGENT}export const portfolioTool = createTool({ id: 'portfolio', description: 'P.', execute: async () => ({}) });
`,
    'src/mastra/index.ts': MASTRA,
    'app/api/copilotkit/route.ts': ROUTE,
    'components/cards.tsx': page,
  });
  try {
    const scan = await scanRepository(app.root);
    return buildPlan(scan)
      .findings.filter((f) => f.kind === 'reference' || f.kind === 'unknown-tool-mention')
      .map((f) => `${f.kind} ${/"([^"]+)"/.exec(f.message)?.[1]}`);
  } finally {
    app.cleanup();
  }
}

describe('a front end that only renders the calls of a tool (eval: kephothoX/SokoAnalyst)', () => {
  const cards = (
    spec: string,
  ) => `import { useCopilotAction, useRenderToolCall } from '@copilotkit/react-core';
export function Cards() {
  ${spec}
  return null;
}
`;

  test('sends no client tool: the prompt naming it still names a tool the agent lacks', async () => {
    assert.deepEqual(
      await renderFindings(
        cards(
          `useCopilotAction({ name: 'renderGuidelines', available: 'frontend', render: () => null });`,
        ),
      ),
      ['unknown-tool-mention renderGuidelines'],
    );
  });

  test('of a tool the app declares but the served agent is not offered: it never renders', async () => {
    assert.deepEqual(
      await renderFindings(
        cards(`useRenderToolCall({ name: 'portfolioTool', render: () => null });`),
      ),
      ['unknown-tool-mention renderGuidelines', 'reference portfolioTool'],
    );
    assert.deepEqual(
      await renderFindings(
        cards(
          `useCopilotAction({ name: 'updateWorkingMemory', available: 'frontend', render: () => null });`,
        ),
      ),
      ['unknown-tool-mention renderGuidelines', 'reference updateWorkingMemory'],
    );
  });

  test('of a tool it is offered, or of a name nothing in the app defines: nothing said', async () => {
    assert.deepEqual(
      await renderFindings(
        cards(`useRenderToolCall({ name: 'searchGuidelines', render: () => null });
  useCopilotAction({ name: 'market_intelligence', available: 'frontend', render: () => null });
  useCopilotAction({ name: 'renderGuidelines', handler: async () => {} });`),
      ),
      [],
    );
  });
});

describe('an assistant-ui front end (eval: Michsantozz/karaforcasper)', () => {
  const page = (
    spec: string,
  ) => `import { makeAssistantTool, makeAssistantToolUI } from '@assistant-ui/react';
${spec}
`;
  // The app's chat route hands the tools the transport puts in the body to the agent.
  const route = `import { handleChatStream } from '@mastra/ai-sdk';
import { mastra } from '../../src/mastra';
export async function POST(req: Request) {
  const { messages, tools } = await req.json();
  return handleChatStream({ mastra, agentId: 'copilot', params: { messages, clientTools: tools } });
}
`;
  const tool = `export const Render = makeAssistantTool({ toolName: 'renderGuidelines', type: 'frontend', execute: async () => ({}) });`;
  const base = { 'src/mastra/agent.ts': AGENT, 'src/mastra/index.ts': MASTRA };

  test('sends its tools as client tools when the chat route passes them on', async () => {
    assert.deepEqual(
      await unknownNames({
        ...base,
        'components/tools.tsx': page(tool),
        'app/api/chat/route.ts': route,
      }),
      [],
    );
  });

  test('reaches no agent when no route passes clientTools', async () => {
    assert.deepEqual(await unknownNames({ ...base, 'components/tools.tsx': page(tool) }), [
      'renderGuidelines',
    ]);
  });

  test('a backend tool or a tool UI only renders: the prompt still names a tool the agent lacks', async () => {
    for (const spec of [
      `export const Render = makeAssistantTool({ toolName: 'renderGuidelines', type: 'backend' });`,
      `export const Render = makeAssistantToolUI({ toolName: 'renderGuidelines', render: () => null });`,
    ])
      assert.deepEqual(
        await unknownNames({
          ...base,
          'components/tools.tsx': page(spec),
          'app/api/chat/route.ts': route,
        }),
        ['renderGuidelines'],
      );
  });
});
