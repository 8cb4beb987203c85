/**
 * `verify` on the demo and on every fixture app: what it measures in its own child process (the
 * app's entry, offline) equals what the differential harness captures when the same agent module is
 * imported here and run against the fake provider. And where the scan predicts, verify agrees.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { ScanResult } from '../src/scan/model.ts';
import { scanRepository } from '../src/scan/scan.ts';
import type { AgentVerification, AppReport } from '../src/verify/model.ts';
import { verifyApp } from './helpers/verify-app.ts';
import { captureFixtureAgent } from './harness/fixture-agents.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { generatedEntry } from './helpers/verify-entry.ts';

interface Case {
  app: string;
  /** The app's own entry, when it is not src/mastra/index.ts. */
  entry?: string;
  /** No Mastra instance in the fixture: register every exported agent in a generated entry. */
  generated?: boolean;
  /** Agents the fixture defines, by instance key, and what verify says of each. */
  expect: Record<string, AgentVerification['status']>;
  env?: Record<string, string>;
  /** The harness imports agents in this process, whose tsx reads only the repository's tsconfig,
   * so aliases from the app's own tsconfig (`paths`) do not resolve there; the scan is the check. */
  harness?: false;
}

const CASES: Case[] = [
  {
    app: 'demo-app',
    expect: { supportAgent: 'match', researchAgent: 'unpredictable', plannerAgent: 'match' },
  },
  {
    app: 'scan/call-sites',
    entry: 'src/mastra.ts',
    expect: { searchAgent: 'match', defaultsAgent: 'match' },
  },
  { app: 'scan/clean', entry: 'src/mastra.ts', expect: { clerk: 'match' } },
  {
    app: 'scan/tool-maps',
    generated: true,
    expect: {
      literalKeysAgent: 'match',
      spreadsAgent: 'unpredictable',
      importedMapAgent: 'match',
      arrowToolsAgent: 'match',
      functionToolsAgent: 'match',
      asConstAgent: 'match',
      satisfiesAgent: 'match',
      fromEntriesAgent: 'match',
      randomKeyAgent: 'unpredictable',
    },
  },
  {
    app: 'scan/subagents-workflows',
    generated: true,
    expect: { editorAgent: 'match', factChecker: 'match', writer: 'match' },
  },
  {
    app: 'scan/mentions',
    generated: true,
    expect: {
      plainAgent: 'match',
      templateAgent: 'match',
      concatAgent: 'match',
      arrayAgent: 'match',
      functionAgent: 'match',
      importedAgent: 'match',
      fileAgent: 'match',
    },
  },
  {
    app: 'scan/runtime-tools',
    generated: true,
    expect: { opsAgent: 'unpredictable', mixedAgent: 'unpredictable' },
  },
  { app: 'scan/tool-values', generated: true, expect: { toolValuesAgent: 'match' } },
  {
    app: 'scan/monorepo/packages/agents',
    generated: true,
    expect: { researchAgent: 'match' },
    harness: false,
  },
  {
    app: 'scan/monorepo/apps/web',
    generated: true,
    expect: { webAgent: 'match', generatedAgent: 'match' },
    env: { TSX_TSCONFIG_PATH: 'tsconfig.app.json' },
    harness: false,
  },
  { app: 'verify/runtime-keys', expect: { catalogueAgent: 'unpredictable', fixedAgent: 'match' } },
  {
    app: 'verify/collision',
    expect: { collidingAgent: 'match', hiddenCollisionAgent: 'unpredictable', fineAgent: 'match' },
  },
  { app: 'verify/ai-sdk-model', expect: { responsesAgent: 'match', chatAgent: 'match' } },
  {
    app: 'verify/string-models',
    expect: {
      anthropicAgent: 'match',
      googleAgent: 'match',
      openrouterAgent: 'match',
      groqAgent: 'match',
    },
  },
];

const provider = useFakeProvider();

/** Random keys differ from one process to the next; everything else must be identical. */
const stable = (names: string[] | null | undefined) =>
  names?.map((n) => (/^_0_\d+$/.test(n) ? '<random>' : n)) ?? null;

function measuredNames(a: AgentVerification): string[] | null {
  // The harness reports a request without tools as null.
  return a.measurement.request?.tools.length ? a.measurement.request.tools : null;
}

async function run(c: Case): Promise<{ root: string; scan: ScanResult; report: AppReport }> {
  const root = fixturePath(c.app);
  const scan = await scanRepository(root);
  const entry = c.generated ? generatedEntry(c.app, root, scan) : c.entry;
  const saved = { ...process.env };
  Object.assign(process.env, c.env ?? {});
  try {
    const { report } = await verifyApp(root, { ...(entry ? { entry } : {}) });
    return { root, scan, report };
  } finally {
    for (const key of Object.keys(c.env ?? {}))
      if (saved[key] === undefined) delete process.env[key];
  }
}

for (const c of CASES) {
  describe(`verify ${c.app}`, () => {
    let result: Promise<Awaited<ReturnType<typeof run>>> | undefined;
    const once = () => (result ??= run(c));

    test('loads the app and measures every agent of the instance', async () => {
      const { report } = await once();
      assert.equal(report.outcome, 'verified', report.loadError?.reason);
      assert.equal(report.mastra.version, '1.71.0');
      assert.deepEqual(
        Object.fromEntries(report.agents.map((a) => [a.key, a.status])),
        c.expect,
        JSON.stringify(
          report.agents.map((a) => [a.key, a.status, a.reasons, a.difference?.summary]),
        ),
      );
      assert.equal(report.totals.differs + report.totals.unmeasured, 0);
      // The local reply is final: one provider request per call, nothing retried after it.
      for (const a of report.agents)
        if (a.measurement.request) assert.equal(a.measurement.requests, 1, a.key);
    });

    test(
      'measured lists equal the differential harness captures',
      {
        skip:
          c.harness === false && 'aliases from the app tsconfig do not resolve in the test process',
      },
      async () => {
        const { root, scan, report } = await once();
        for (const a of report.agents) {
          const info = scan.agents.find(
            (s) => s.location.file === a.scanAgent?.file && s.location.line === a.scanAgent.line,
          );
          assert.ok(info, `scan agent for ${a.key}`);
          const captured = await captureFixtureAgent(root, info, provider());
          if (a.measurement.error) {
            assert.equal(captured.toolNames, null, a.key);
            assert.equal(captured.error, a.measurement.error.message, a.key);
          } else {
            assert.deepEqual(stable(measuredNames(a)), stable(captured.toolNames), a.key);
          }
        }
      },
    );
  });
}

describe('verify on file-based agents', () => {
  test('they are assembled by the Mastra CLI, not by the entry: listed as found by the scan but not measured', async () => {
    const { report } = await verifyApp(fixturePath('scan/file-based'));
    assert.equal(report.outcome, 'verified');
    assert.deepEqual(report.agents, []);
    assert.deepEqual(report.notOnInstance.map((a) => a.label).sort(), ['billing', 'triage']);
  });
});

describe('verify on an app importing Agent from the package root (0.x style)', () => {
  test('with 1.x that export does not exist: the app cannot be loaded, and the one line says why', async () => {
    const { report } = await verifyApp(fixturePath('scan/agent-imports'), {
      entry: 'src/mastra.ts',
    });
    assert.equal(report.outcome, 'load-failed');
    assert.match(report.loadError!.reason, /does not provide an export named 'Agent'/);
    assert.doesNotMatch(report.loadError!.reason, /\n/);
    assert.equal(path.basename(report.entry), 'mastra.ts');
  });
});
