/**
 * Findings a reviewer trusts (fixtures/findings/): every finding asks what THIS agent is offered,
 * in the mode it runs; on each fixture the exact findings and edits are listed (every finding true,
 * every planted drift reported, nothing else), a second run changes nothing, and the claims behind
 * them are checked against what real @mastra/core 1.71.0 sends or passes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { migrate, type MigrateResult } from '../src/migrate/migrate.ts';
import type { AgentInfo, ScanResult } from '../src/scan/model.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { captureFixtureAgent, captureFixtureNetwork } from './harness/fixture-agents.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { startScriptedProvider, type ScriptedProvider } from './harness/scripted-provider.ts';
import { copyFixture } from './helpers/git-copy.ts';

const provider = useFakeProvider();

function agentIn(scan: ScanResult, id: string): AgentInfo {
  const found = scan.agents.find((a) => a.id === id);
  assert.ok(found, `agent ${id} among ${scan.agents.map((a) => a.id).join(', ')}`);
  return found;
}

/** Migrates a git copy of a findings fixture, checks a second run changes nothing, then hands over. */
async function checked(
  name: string,
  check: (r: MigrateResult, root: string, after: ScanResult) => Promise<void> | void,
): Promise<void> {
  const copy = copyFixture(`findings/${name}`);
  try {
    const result = await migrate(copy.root);
    const again = await migrate(copy.root, { force: true, dryRun: true });
    assert.deepEqual(again.plan.edits, [], 'a second run changes nothing');
    await check(result, copy.root, await scanRepository(copy.root));
  } finally {
    copy.cleanup();
  }
}

const edits = (r: MigrateResult) =>
  r.plan.edits.map((e) => `${e.location.file}:${e.location.line} ${e.before} -> ${e.after}`);

/** `kind "name" file:line,...` for every finding: the exact list a fixture must produce. */
const findings = (r: MigrateResult) =>
  r.plan.findings
    .map(
      (f) =>
        `${f.kind} ${/"([^"]+)"/.exec(f.message)?.[1] ?? ''} ${f.locations.map((l) => `${l.file}:${l.line}`).join(',')}`,
    )
    .sort();

const message = (r: MigrateResult, text: string) =>
  r.plan.findings.find((f) => f.message.includes(text))?.message ?? '';

describe('the mode each agent runs in, from the evidence', () => {
  test('a chat route, a network route, an MCPServer, registration only, nothing: decided, reported once, or left', () =>
    checked('run-modes', async (r, root, after) => {
      const modes = Object.fromEntries(after.agents.map((a) => [a.id ?? '', a.runs.mode] as const));
      assert.equal(modes['support-agent'], 'function');
      assert.equal(modes['planner'], 'network');
      assert.equal(modes['triage'], 'function');
      assert.equal(modes['ops'], 'unknown');
      assert.equal(modes['drafts'], 'unreached');
      assert.deepEqual(edits(r), [
        'src/mastra/agents/support.ts:9 billing -> agent-billing',
        'src/mastra/agents/triage.ts:8 classifier -> agent-classifier',
      ]);
      const [billing, classifier] = r.plan.edits;
      assert.match(billing!.reason, /served by a chat route at src\/mastra\/index\.ts:11/);
      assert.match(classifier!.reason, /exposed by an MCPServer .* at src\/mcp\/server\.ts:5/);
      // One note per agent whose names depend on a mode nothing decides; none for planner.
      assert.deepEqual(findings(r), [
        'mode-dependent-mention editor src/mastra/agents/drafts.ts:8',
        'mode-dependent-mention monitor src/mastra/agents/ops.ts:9,src/mastra/agents/ops.ts:10',
      ]);
      assert.match(
        message(r, 'ops is registered'),
        /"monitor", "pager" \(sub-agents, which generate\(\)\/stream\(\) offers as agent-KEY\)/,
      );

      // What real Mastra sends: the rewritten prompts name what generate()/stream() offers ...
      const support = agentIn(after, 'support-agent');
      assert.deepEqual((await captureFixtureAgent(root, support, provider())).toolNames, [
        'agent-billing',
      ]);
      assert.match(
        readFileSync(path.join(root, support.location.file), 'utf8'),
        /delegate to \\`agent-billing\\`/,
      );
      const triage = agentIn(after, 'triage');
      assert.deepEqual((await captureFixtureAgent(root, triage, provider())).toolNames, [
        'agent-classifier',
      ]);
      // ... and the network route's planner is given the raw keys its prompt already names.
      const planner = agentIn(after, 'planner');
      const listed = await captureFixtureNetwork(root, planner, provider());
      assert.deepEqual(listed.agents, ['researcher', 'writer']);
      assert.match(listed.system, /`researcher` and drafting to `writer`/);
    }));

  test('a chat route and a handler serving every registered agent by id decide the mode for all of them', () =>
    checked('chat-server', (r, _root, after) => {
      for (const id of ['docs-agent', 'release-agent']) {
        const agent = agentIn(after, id);
        assert.equal(agent.runs.mode, 'function', id);
        assert.deepEqual(
          agent.runs.evidence.map((e) => `${e.kind}${e.anyAgent ? ' (any agent)' : ''}`),
          ['chat-route (any agent)', 'dynamic-call (any agent)'],
        );
      }
      assert.equal(agentIn(after, 'archive-agent').runs.mode, 'unreached');
      assert.deepEqual(edits(r), [
        'src/mastra/agents/docs.ts:24 writer -> agent-writer',
        'src/mastra/agents/docs.ts:33 writer -> agent-writer',
      ]);
      assert.deepEqual(findings(r), ['mode-dependent-mention writer src/mastra/agents/docs.ts:42']);
    }));
});

describe('what THIS agent is offered', () => {
  test('a name only another agent offers is reported with that agent and how this one reaches it; lines about that agent are not', () =>
    checked('per-agent', async (r, root, after) => {
      assert.deepEqual(edits(r), []);
      assert.deepEqual(findings(r), [
        'unknown-tool-mention applyPatch src/mastra/agents/coder.ts:10',
        'unknown-tool-mention createFile src/mastra/agents/coder.ts:11',
        'unknown-tool-mention runTests src/mastra/agents/lead.ts:11',
      ]);
      assert.match(
        message(r, '"applyPatch"'),
        /coder is not offered \(reviewer offers it, and coder does not delegate to it\)/,
      );
      assert.match(
        message(r, '"runTests"'),
        /coder offers it, and lead reaches it only by delegating to coder/,
      );
      // No guess between two equally close names (readFile, writeFile).
      assert.doesNotMatch(message(r, '"createFile"'), /did you mean/);
      // The wire: coder is not offered applyPatch, lead is not offered runTests.
      const coder = await captureFixtureAgent(root, agentIn(after, 'coder'), provider());
      assert.deepEqual(coder.toolNames, ['readFile', 'writeFile', 'runTests']);
      const lead = await captureFixtureAgent(root, agentIn(after, 'lead'), provider());
      assert.deepEqual(lead.toolNames, ['agent-coder', 'agent-reviewer']);
    }));

  test('prose, schema fields, enum values, JSON examples and data are not tool names; stale names of the same shapes are', () =>
    checked('prose', async (r, root, after) => {
      assert.deepEqual(edits(r), []);
      // "Use `lookup_order` for order numbers": nothing the app defines is spelled so, and nothing
      // calls it a tool (unlike "Call fetch-page", "the archive_doc tool"): not a tool mention.
      // test/unknown-mentions.test.ts pairs it with names the app's own tools make stale.
      assert.deepEqual(findings(r), [
        'ambiguous-mention translate src/mastra/agents/research.ts:16',
        'unknown-tool-mention archive_doc src/mastra/agents/research.ts:24',
        'unknown-tool-mention fetch-page src/mastra/agents/research.ts:22',
      ]);
      const sent = await captureFixtureAgent(root, agentIn(after, 'research-desk'), provider());
      assert.deepEqual(sent.toolNames, ['searchDocs', 'summarize', 'lookupItem', 'translateTool']);
    }));
});

describe('names in code', () => {
  let scripted: ScriptedProvider;
  before(async () => {
    scripted = await startScriptedProvider();
  });
  after(() => scripted.close());

  test('primitiveId compared with a key, comparisons that accept the offered name, UI part types, display formatters', () =>
    checked('code-names', async (r, root, after) => {
      assert.deepEqual(edits(r), []);
      assert.deepEqual(findings(r), [
        'delegation-id researchAgent src/mastra/agents/travel.ts:45',
        'reference search-flights src/ui/ToolStatus.tsx:13',
        'reference tool-search-flights src/ui/ToolStatus.tsx:24',
      ]);
      assert.match(message(r, 'primitiveId'), /has the id "research-agent", so this never matches/);

      // Real Mastra, driven through a delegation: the hook receives the sub-agent's id.
      const concierge = agentIn(after, 'concierge');
      const mod = (await import(
        pathToFileURL(path.join(root, concierge.location.file)).href
      )) as Record<
        string,
        {
          __updateModel(m: object): void;
          generate(prompt: string, options: object): Promise<unknown>;
        }
      >;
      const real = mod[concierge.variable!]!;
      real.__updateModel({
        model: {
          id: 'openai/gpt-4o-mini',
          url: scripted.urlFor('delegate', [
            {
              toolCall: { name: 'agent-researchAgent', arguments: { prompt: 'Weather in Rome?' } },
            },
          ]),
          apiKey: 'sk-fake',
        },
      });
      const seen: string[] = [];
      await real.generate('Plan a weekend in Rome', {
        delegation: {
          onDelegationStart: ({ primitiveId }: { primitiveId: string }) => {
            seen.push(primitiveId);
            return { proceed: false, rejectionReason: 'recorded by the test' };
          },
        },
      });
      assert.deepEqual(seen, ['research-agent']);
    }));
});
