/**
 * verify against the older @mastra/core lines the tests install (1.0.4, 0.24.9, 0.21.1 as npm aliases): an
 * app whose own node_modules/@mastra/core is that line is measured with it, and what it sends equals
 * the differential harness's capture for the same keys on the same line.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { verifyApp } from './helpers/verify-app.ts';
import { captureCall } from './harness/mastra-capture.ts';
import { MASTRA_LINES } from './harness/mastra-versions.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const provider = useFakeProvider();
const MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));

/** The keys each fixture agent registers, as the harness takes them. */
const KEYS: Record<string, string[]> = {
  fixedAgent: ['searchTool', 'fetch.page'],
  catalogueAgent: ['web.search', 'fetch-page', 'notes save'],
  collidingAgent: ['search.web', 'search_web'],
  hiddenCollisionAgent: ['notes.save', 'notes_save'],
  fineAgent: ['search_web'],
};

// The fixture apps give their agents a model-router config, which lines before 0.19 do not accept.
for (const line of MASTRA_LINES.slice(1).filter((l) => l.model === 'router')) {
  describe(`verify with @mastra/core ${line.version} installed in the app`, () => {
    for (const app of ['runtime-keys', 'collision']) {
      test(`${app}: measured with that line, equal to the harness on that line`, async (t) => {
        const project = tempProject({});
        t.after(() => project.cleanup());
        cpSync(fixturePath(`verify/${app}`), project.root, { recursive: true });
        mkdirSync(path.join(project.root, 'node_modules', '@mastra'), { recursive: true });
        symlinkSync(
          path.join(MODULES, line.pkg),
          path.join(project.root, 'node_modules', '@mastra', 'core'),
        );

        const { report } = await verifyApp(project.root);
        assert.equal(report.outcome, 'verified', report.loadError?.reason);
        assert.equal(report.mastra.version, line.version);
        for (const a of report.agents) {
          const captured = await captureCall(line, provider(), { tools: KEYS[a.key]! });
          if (captured.error) {
            assert.equal(a.measurement.error?.id, captured.error.id, a.key);
            assert.equal(a.measurement.error?.causeCode, captured.error.causeCode, a.key);
          } else {
            assert.deepEqual(a.measurement.request?.tools, captured.toolNames, a.key);
          }
          assert.notEqual(a.status, 'differs', `${a.key}: ${a.difference?.summary.join('; ')}`);
          // One provider request per call on this line too: nothing retried after the local reply.
          if (a.measurement.request) assert.equal(a.measurement.requests, 1, a.key);
        }
      });
    }
  });
}
