/**
 * The scanner's prediction for every agent of the fixture apps equals what real @mastra/core sends
 * when the fixture's own code is imported and run against the fake provider.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { predictRequest } from '../src/names/request.js';
import { agentSources, scanRepository } from '../src/scan/scan.js';
import { muteConsole } from './harness/compare.js';
import { startFakeProvider, type FakeProvider } from './harness/fake-provider.js';
import { captureFixtureAgent } from './harness/fixture-agents.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const APPS = ['demo-app'];

let provider: FakeProvider;
let unmute: () => void;
before(async () => {
  provider = await startFakeProvider();
  unmute = muteConsole();
});
after(async () => {
  unmute();
  await provider.close();
});

for (const app of APPS) {
  describe(`fixture ${app}: predicted wire lists equal real Mastra`, async () => {
    const root = path.join(FIXTURES, app);
    const scan = await scanRepository(root);
    test('the scan finds agents', () => assert.ok(scan.agents.length > 0));
    for (const agent of scan.agents.filter((a) => a.kind === 'constructor' && a.variable)) {
      test(`${agent.id ?? agent.variable} (${agent.location.file})`, async () => {
        const predicted = predictRequest(agentSources(agent));
        const captured = await captureFixtureAgent(root, agent, provider);
        if (predicted.prediction.failure) {
          assert.equal(captured.toolNames, null);
          assert.equal(captured.error, predicted.prediction.failure.message);
        } else {
          assert.deepEqual(captured.toolNames, predicted.toolNames);
        }
      });
    }
  });
}
