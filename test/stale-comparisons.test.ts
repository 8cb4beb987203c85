/**
 * Strings compared with a tool name that name no tool at all (fixtures/findings/ui-stale-names/,
 * after a public chat UI): reported only when the code shows which tool they stand for (the branch
 * casts the part's data to that tool's `InferUITool` type, or the string has exactly the words of
 * the tool's id) and the compared value is also compared with a name the agents offer. A custom
 * data part, a string with no tool's words, and an app's own action names are left alone. Real
 * Mastra shows the tool name the UI receives is the one the model calls.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { startScriptedProvider, type ScriptedProvider } from './harness/scripted-provider.ts';
import { copyFixture } from './helpers/git-copy.ts';

describe('stale tool names in UI comparisons', () => {
  let scripted: ScriptedProvider;
  before(async () => {
    scripted = await startScriptedProvider();
  });
  after(() => scripted.close());

  test('reported with the tool the code shows; other strings of the same shape are not', async () => {
    const copy = copyFixture('findings/ui-stale-names');
    try {
      const result = await migrate(copy.root);
      assert.deepEqual(result.plan.edits, [], 'a name that matches no tool is never edited');
      const found = result.plan.findings.map(
        (f) =>
          `${f.kind} ${/"([^"]+)"/.exec(f.message)?.[1]} ${f.locations.map((l) => `${l.file}:${l.line}`).join(',')}`,
      );
      assert.deepEqual(found, [
        'reference github-list-repositories src/ui/ToolCards.tsx:14',
        'reference arxiv-search src/ui/ToolCards.tsx:19',
        'reference github-get-issue src/ui/ToolCards.tsx:23',
        'reference github:list-repositories src/ui/ToolCards.tsx:39',
      ]);
      const [repos, arxiv, issue, words] = result.plan.findings.map((f) => f.message);
      assert.match(
        repos!,
        /branch it guards reads the data of the tool listRepositories \(id "github:listRepositories"\), which the model calls "listRepositories"/,
      );
      assert.match(arxiv!, /the tool arxivTool \(id "arxiv"\), which the model calls "arxivTool"/);
      assert.match(
        issue!,
        /the tool getIssue \(id "github:getIssue"\), which no agent the scan read offers/,
      );
      assert.match(words!, /its words are those of the tool listRepositories/);

      // Real Mastra: the tool call the UI sees is named "listRepositories", never by the id.
      const mod = (await import(
        pathToFileURL(path.join(copy.root, 'src/mastra/agents/research.ts')).href
      )) as {
        researchAgent: {
          __updateModel(m: object): void;
          stream(p: string): Promise<{
            fullStream: AsyncIterable<{ type: string; payload?: { toolName?: string } }>;
          }>;
        };
      };
      mod.researchAgent.__updateModel({
        model: {
          id: 'openai/gpt-4o-mini',
          url: scripted.urlFor('repos', [
            { toolCall: { name: 'listRepositories', arguments: { owner: 'mastra-ai' } } },
          ]),
          apiKey: 'sk-fake',
        },
      });
      const stream = await mod.researchAgent.stream('Which repositories does mastra-ai have?');
      const called: string[] = [];
      for await (const chunk of stream.fullStream)
        if (chunk.type === 'tool-call' && chunk.payload?.toolName)
          called.push(chunk.payload.toolName);
      assert.deepEqual(called, ['listRepositories']);
    } finally {
      copy.cleanup();
    }
  });
});
