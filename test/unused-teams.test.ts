/**
 * Agents that never run, found through what uses them: a team offered only as sub-agents of a
 * network agent in a file nothing imports, and an agent built in a factory nothing calls. Their
 * prompt findings are notes. Each beside the same shape where something does use them: a
 * registered network, a second importer, a factory that is called.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/index.ts';
import { scanRepository } from '../src/scan/index.ts';
import { tempProject } from './helpers/temp-project.ts';

const PACKAGE = JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } });

const TOOLS = `import { createTool } from '@mastra/core/tools';
export const riskScoreTool = createTool({ id: 'risk-score', description: 'Score risk.', execute: async () => ({}) });
`;
const ADVISOR = `import { Agent } from '@mastra/core/agent';
import { riskScoreTool } from './tools';
export const advisor = new Agent({ id: 'advisor', name: 'advisor', instructions: 'Score it with the risk_score tool.', model: 'openai/gpt-4o-mini', tools: { riskScoreTool } });
`;
const NETWORK = `import { Agent } from '@mastra/core/agent';
import { advisor } from './advisor';
export const team = new Agent({ id: 'team', name: 'team', instructions: 'Route work.', model: 'openai/gpt-4o-mini', agents: { advisor } });
`;
const FACTORY = `import { Agent } from '@mastra/core/agent';
import { riskScoreTool } from './tools';
export const makeReviewer = (tag: string) =>
  new Agent({ id: 'reviewer', name: 'reviewer', instructions: \`Review \${tag} with the risk_score tool.\`, model: 'openai/gpt-4o-mini', tools: { riskScoreTool } });
`;

async function severities(files: Record<string, string>, agent: string): Promise<string[]> {
  const app = tempProject({ 'package.json': PACKAGE, 'src/mastra/tools.ts': TOOLS, ...files });
  try {
    const plan = buildPlan(await scanRepository(app.root));
    return plan.findings
      .filter((f) => f.kind === 'unknown-tool-mention' && f.agents.includes(agent))
      .map((f) => (f.quiet ? 'note' : 'warning'));
  } finally {
    app.cleanup();
  }
}

describe('a team under a network agent nothing imports', () => {
  test('never runs: its prompt finding is a note', async () => {
    assert.deepEqual(
      await severities(
        { 'src/mastra/advisor.ts': ADVISOR, 'src/mastra/network.ts': NETWORK },
        'advisor',
      ),
      ['note'],
    );
  });
  test('registered network: the team runs, and the finding is a warning', async () => {
    const index = `import { Mastra } from '@mastra/core/mastra';
import { team } from './network';
export const mastra = new Mastra({ agents: { team } });
`;
    assert.deepEqual(
      await severities(
        {
          'src/mastra/advisor.ts': ADVISOR,
          'src/mastra/network.ts': NETWORK,
          'src/mastra/index.ts': index,
        },
        'advisor',
      ),
      ['warning'],
    );
  });
  test('imported by another file too: it may run there, and the finding is a warning', async () => {
    const other = `import { advisor } from './advisor';
export async function ask(q: string) { return advisor; }
`;
    assert.deepEqual(
      await severities(
        {
          'src/mastra/advisor.ts': ADVISOR,
          'src/mastra/network.ts': NETWORK,
          'src/mastra/other.ts': other,
        },
        'advisor',
      ),
      ['warning'],
    );
  });
});

describe('an agent built in a factory', () => {
  test('nothing calls or imports the factory: a note', async () => {
    assert.deepEqual(await severities({ 'src/mastra/reviewer.ts': FACTORY }, 'reviewer'), ['note']);
  });
  test('the factory is imported and called: a warning', async () => {
    const index = `import { Mastra } from '@mastra/core/mastra';
import { makeReviewer } from './reviewer';
export const mastra = new Mastra({ agents: { reviewer: makeReviewer('code') } });
`;
    assert.deepEqual(
      await severities(
        { 'src/mastra/reviewer.ts': FACTORY, 'src/mastra/index.ts': index },
        'reviewer',
      ),
      ['warning'],
    );
  });
});
