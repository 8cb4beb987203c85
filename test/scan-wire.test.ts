/**
 * The scanner's prediction for every agent of the fixture apps equals what real @mastra/core sends
 * when the fixture's own code is imported and run against the fake provider.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { predictRequest } from '../src/names/request.ts';
import { agentSources, scanRepository } from '../src/scan/scan.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
// Fixtures whose agents can be imported offline. agent-imports imports Agent from the package root
// (0.x style, absent in 1.x), tool-values needs @ai-sdk/openai, and runtime-tools has only agents
// whose tools are known at run time, so none of those three runs here.
const APPS = [
  'demo-app',
  'scan/tool-maps',
  'scan/subagents-workflows',
  'scan/call-sites',
  'scan/mentions',
  'scan/clean',
  'scan/file-based',
  'scan/comparisons',
  'scan/builtin-keys',
];

const provider = useFakeProvider();

for (const app of APPS) {
  describe(`fixture ${app}: predicted wire lists equal real Mastra`, async () => {
    const root = path.join(FIXTURES, app);
    const scan = await scanRepository(root);
    test('the scan finds agents', () => assert.ok(scan.agents.length > 0));
    for (const agent of scan.agents.filter((a) => a.kind === 'constructor' && a.variable)) {
      const sets = [agent.tools, agent.agents, agent.workflows];
      // A prediction is only exact when the whole set is known: no conditional or unresolved entries.
      const partial = sets.some(
        (s) =>
          s.unresolved.length > 0 || s.runtime.length > 0 || s.entries.some((e) => e.conditional),
      );
      test(
        `${agent.id ?? agent.variable} (${agent.location.file})`,
        { skip: partial && 'tool set only partly known statically' },
        async () => {
          const predicted = predictRequest(agentSources(agent));
          const captured = await captureFixtureAgent(root, agent, provider());
          if (predicted.prediction.failure) {
            assert.equal(captured.toolNames, null);
            assert.equal(captured.error, predicted.prediction.failure.message);
          } else {
            assert.deepEqual(captured.toolNames, predicted.toolNames);
          }
        },
      );
    }
  });
}
