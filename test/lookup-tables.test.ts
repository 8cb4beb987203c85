/**
 * Tool names compared without `===` (fixtures/findings/lookup-tables/, after the tool-dependency
 * processors of a public workshop): the keys of a table looked up by a tool name, and strings
 * tested against a Set that only tool names go into. A stale one is reported (and fixed where the
 * compared value is typed by Mastra); tables and Sets of other things, and right names of the same
 * shape, are not. Real @mastra/core shows the stale prerequisite blocking a tool until it is fixed.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { startScriptedProvider, type ScriptedProvider } from './harness/scripted-provider.ts';
import { copyFixture } from './helpers/git-copy.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/findings/lookup-tables/', import.meta.url));

interface RealAgent {
  __updateModel(m: object): void;
  generate(prompt: string): Promise<unknown>;
}

/** The tools real Mastra offers on the second request, after the model called `lookupOrder`. */
async function offeredAfterLookup(root: string, scripted: ScriptedProvider, caseId: string) {
  const mod = (await import(
    pathToFileURL(path.join(root, 'src/mastra/agents/support.ts')).href
  )) as { supportAgent: RealAgent };
  mod.supportAgent.__updateModel({
    model: {
      id: 'openai/gpt-4o-mini',
      url: scripted.urlFor(caseId, [
        { toolCall: { name: 'lookupOrder', arguments: { orderId: 'ORD-12345' } } },
      ]),
      apiKey: 'sk-fake',
    },
  });
  await mod.supportAgent.generate('Refund order ORD-12345, it arrived broken.');
  const [, second] = scripted.requests(caseId);
  const tools = (second?.tools ?? []) as Array<{ function: { name: string } }>;
  return tools.map((t) => t.function.name);
}

describe('tool names in lookup tables and Sets', () => {
  let scripted: ScriptedProvider;
  before(async () => {
    scripted = await startScriptedProvider();
  });
  after(() => scripted.close());

  test('stale keys and Set members are reported or fixed; tables and Sets of other things are not', async () => {
    const copy = copyFixture('findings/lookup-tables');
    try {
      const result = await migrate(copy.root);
      assert.deepEqual(
        result.plan.edits.map(
          (e) => `${e.location.file}:${e.location.line} ${e.target} ${e.before} -> ${e.after}`,
        ),
        [
          "src/mastra/processors/tool-dependency-enforcer.ts:11 string-literal 'lookup_order' -> 'lookupOrder'",
          'src/ui/status.ts:8 property-key lookup_order -> lookupOrder',
        ],
      );
      assert.deepEqual(
        result.plan.findings.map(
          (f) => `${f.kind} ${f.locations.map((l) => `${l.file}:${l.line}`).join(',')}`,
        ),
        ['reference src/mastra/processors/tool-dependency-enforcer.ts:9'],
      );
      assert.match(
        result.plan.findings[0]!.message,
        /a table that code looks up by tool name has the key "create_order", but the model calls the tool "createOrder"/,
      );
      const again = await migrate(copy.root, { force: true, dryRun: true });
      assert.deepEqual(again.plan.edits, [], 'a second run changes nothing');

      // Real Mastra: toolName in a step's tool calls is the name the model called, so the stale
      // prerequisite keeps processRefund from the model; the fixed one offers it.
      const before = await offeredAfterLookup(FIXTURE, scripted, 'stale');
      assert.ok(before.includes('lookupOrder') && !before.includes('processRefund'), before.join());
      const fixed = await offeredAfterLookup(copy.root, scripted, 'fixed');
      assert.ok(fixed.includes('processRefund'), fixed.join());
    } finally {
      copy.cleanup();
    }
  });
});
