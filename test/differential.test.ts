/**
 * Differential test: for generated key sets, the normaliser's prediction must equal what real
 * @mastra/core sends to a local fake provider (tool names in order, tool_choice) or the error it
 * rejects with. MTN_FC_RUNS (default 1000) cases run against the current line and MTN_FC_RUNS_OLD
 * (default 200) against each older line; MTN_FC_SEED makes a run reproducible.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { callSpec } from './harness/arbitraries.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { compareWithMastra, type Disagreement } from './harness/compare.ts';
import { MASTRA_LINES, CURRENT_LINE } from './harness/mastra-versions.ts';

const SEED = Number(process.env.MTN_FC_SEED ?? 20261202);
const RUNS = Number(process.env.MTN_FC_RUNS ?? 1000);
const RUNS_OLD = Number(process.env.MTN_FC_RUNS_OLD ?? 200);
const CONCURRENCY = 8;

const provider = useFakeProvider();

describe('normaliser agrees with real @mastra/core', () => {
  for (const line of MASTRA_LINES) {
    const runs = line === CURRENT_LINE ? RUNS : RUNS_OLD;
    test(
      `${runs} generated calls against @mastra/core ${line.version} (seed ${SEED})`,
      { timeout: 30 * 60_000 },
      async (t) => {
        // Cases are sampled up front (seeded) and run in parallel; a disagreement is then shrunk
        // sequentially by fast-check to the smallest key set that still disagrees.
        const cases = fc.sample(callSpec, { seed: SEED, numRuns: runs });
        const disagreements: Disagreement[] = [];
        let next = 0;
        const worker = async () => {
          while (next < cases.length) {
            const d = await compareWithMastra(line, provider(), cases[next++]!);
            if (d) disagreements.push(d);
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        t.diagnostic(
          `${cases.length} cases ran against ${line.version}, ${disagreements.length} disagreements`,
        );
        if (disagreements.length > 0) {
          const shrunk = await fc
            .check(
              fc.asyncProperty(
                callSpec,
                async (spec) => (await compareWithMastra(line, provider(), spec)) === undefined,
              ),
              { seed: SEED, numRuns: runs },
            )
            .then((r) => r.counterexample);
          assert.fail(
            `first disagreement: ${JSON.stringify(disagreements[0], null, 1)}\nshrunk: ${JSON.stringify(shrunk)}`,
          );
        }
        assert.equal(cases.length, runs);
      },
    );
  }
});
