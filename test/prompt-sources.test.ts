/**
 * Prompt text the code reads at run time (fixtures/scan/prompt-sources): Markdown prompts loaded by
 * helpers, folder registries, wrapper functions, tool and sub-agent descriptions. What the scan says
 * each agent's model reads is checked against what real @mastra/core sends.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import type { ScanResult } from '../src/scan/model.ts';
import { captureFixtureRequest } from './harness/fixture-agents.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';
import { agent, scanFixture } from './helpers/fixture-scan.ts';
import { copyFixture } from './helpers/git-copy.ts';
import { tempProject } from './helpers/temp-project.ts';
import { sentText, unsent } from './helpers/prompt-fidelity.ts';

const provider = useFakeProvider();
const FIXTURE = 'scan/prompt-sources';

/** The files and code lines an agent's instructions come from, and the names they mention. */
function readsOf(scan: ScanResult, id: string) {
  const a = agent(scan, id);
  return {
    files: [
      ...new Set(a.instructions.filter((f) => f.quote === 'file').map((f) => f.location.file)),
    ].sort(),
    mentions: scan.mentions
      .filter((m) => m.agentIndex === a.index && m.context === 'instructions')
      .map((m) => `${m.location.file}:${m.location.line} ${m.name}`),
  };
}

describe('prompt text read at run time', () => {
  test('a Markdown prompt loaded by a helper: sync with a cache, async with fs/promises', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(readsOf(scan, 'helper'), {
      files: ['src/mastra/prompts/helper.md'],
      mentions: [
        'src/mastra/prompts/helper.md:5 tickets.search',
        'src/mastra/prompts/helper.md:6 kb.lookup',
      ],
    });
    assert.deepEqual(readsOf(scan, 'async').mentions, [
      'src/mastra/prompts/async.md:1 tickets.search',
    ]);
  });

  test('a prompts folder found by a helper (its default), several prompts combined, as a system message', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(readsOf(scan, 'combined'), {
      files: ['src/mastra/prompts/team/escalation.md', 'src/mastra/prompts/team/lead.md'],
      mentions: [
        'src/mastra/prompts/team/escalation.md:1 tickets.create',
        'src/mastra/prompts/team/lead.md:1 tickets.search',
      ],
    });
  });

  test('relative to the working directory: read where `mastra dev` runs (src/mastra/public/ copied to .mastra/output)', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(readsOf(scan, 'cwd').files, ['src/mastra/public/prompts/cwd.md']);
  });

  test('folder registries: a static key is one entry, every value is every entry, a run-time key none', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(readsOf(scan, 'registry').files, [
      'src/mastra/skills/triage.md',
      'src/mastra/skills/vpn-access.md',
    ]);
    assert.deepEqual(readsOf(scan, 'playbook').files, ['src/mastra/playbooks/outage/PLAYBOOK.md']);
    // The registry reads .md files only: notes.txt is not a skill.
    assert.deepEqual(readsOf(scan, 'all-skills').files, [
      'src/mastra/skills/triage.md',
      'src/mastra/skills/vpn-access.md',
    ]);
    assert.deepEqual(readsOf(scan, 'dynamic'), { files: [], mentions: [] });
    // ...and that is said, so a clean report is not taken to mean the text was checked.
    assert.deepEqual(
      agent(scan, 'dynamic').unreadPrompts?.map((u) => `${u.location.line} ${u.reason}`),
      ['47 an entry of the folder registry src/mastra/skills/ chosen at run time'],
    );
    assert.equal(agent(scan, 'registry').unreadPrompts, undefined);
  });

  test('wrappers: the text passed in and the text of the body are prompt text; a parameter only logged is not', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(readsOf(scan, 'wrapped').mentions, [
      'src/mastra/agents/index.ts:57 tickets.search',
      'src/mastra/lib/prompts.ts:25 tickets.create',
    ]);
    assert.deepEqual(readsOf(scan, 'built').mentions, [
      'src/mastra/agents/index.ts:68 tickets.create',
    ]);
    // promptFor('billing') is PROMPTS.billing only: the sales text names crm.logCall, no agent's.
    const picked = agent(scan, 'picked');
    assert.deepEqual(
      picked.instructions.map((f) => f.text),
      ['You answer billing questions. Look invoices up with `kb.lookup`.'],
    );
  });

  test('every value of an object of texts is prompt text', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(readsOf(scan, 'rules').mentions, [
      'src/mastra/lib/prompts.ts:48 tickets.create',
    ]);
  });

  test('binary and non-UTF-8 prompt files are not read', async () => {
    const scan = await scanFixture(FIXTURE);
    assert.deepEqual(agent(scan, 'binary').instructions, []);
    assert.deepEqual(agent(scan, 'latin1').instructions, []);
    const plan = buildPlan(scan);
    const notes = plan.findings.filter((f) => f.kind === 'unread-prompt');
    assert.deepEqual(
      notes.map((f) => f.agents[0]),
      ['dynamic', 'binary', 'latin1'],
    );
    assert.match(notes[1]!.message, /prompts\/binary\.md, which is not read \(binary file/);
    assert.match(notes[2]!.message, /prompts\/latin1\.md, which is not read \(not valid UTF-8/);
  });

  test('descriptions: read by the agent offering the tool, sub-agent or workflow; naming itself is no mention', async () => {
    const scan = await scanFixture(FIXTURE);
    const lead = agent(scan, 'lead');
    const described = scan.mentions
      .filter((m) => m.agentIndex === lead.index && m.context.endsWith('-description'))
      .map((m) => `${m.context} ${m.location.file}:${m.location.line} ${m.name}`);
    assert.deepEqual(described, [
      'agent-description src/mastra/agents/index.ts:87 tickets.search',
      'tool-description src/mastra/tools.ts:14 tickets.search',
      'workflow-description src/mastra/workflows.ts:14 tickets.search',
    ]);
    // The drafter reads neither its own description nor its parent's tools.
    const drafter = agent(scan, 'drafter');
    assert.deepEqual(drafter.descriptions, []);
  });

  test('what the scan says each agent reads is what real Mastra sends', async () => {
    const copy = copyFixture(FIXTURE, { init: false });
    try {
      const scan = await scanRepository(copy.root);
      // As `mastra dev` runs the app: in .mastra/output, with src/mastra/public/ copied into it.
      const output = path.join(copy.root, '.mastra', 'output');
      mkdirSync(output, { recursive: true });
      cpSync(path.join(copy.root, 'src/mastra/public'), output, { recursive: true });
      let checked = 0;
      for (const a of scan.agents) {
        const { request, error } = await captureFixtureRequest(
          copy.root,
          a,
          provider(),
          {},
          output,
        );
        assert.ok(request, `${a.id} sent a request: ${error}`);
        const result = unsent(a, sentText(request));
        assert.deepEqual(result.missing, [], `${a.id}: text the scan reads is not sent`);
        checked += result.checked;
      }
      assert.ok(checked >= 60, `${checked} fragments checked`);
    } finally {
      copy.cleanup();
    }
  });
});

describe('a path beside the loader, in code mastra build bundles (eval: Gialicus/ai_demo)', () => {
  const LOADER = `import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
export const promptLoader = (name: string) => readFile(join(__dirname, './prompts', \`\${name}.md\`), 'utf-8');
`;
  const AGENT = (loader: string) => `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { promptLoader } from '${loader}';
const saveNote = createTool({ id: 'save-note', description: 'Saves a note.', execute: async () => ({}) });
export const notes = new Agent({ id: 'notes', name: 'notes', model: 'openai/gpt-4o', instructions: await promptLoader('notes'), tools: { saveNoteTool: saveNote } });
`;
  const files = (loaderAt: string) => ({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.71.0' } }),
    [`${loaderAt}.ts`]: LOADER,
    'src/mastra/agents/notes.ts': AGENT(path.relative('src/mastra/agents', loaderAt)),
    'src/mastra/public/prompts/notes.md': 'Call `save-note` to keep it.\n',
  });

  test('is read below src/mastra/public/ (the bundle runs in .mastra/output, where Mastra copies it)', async () => {
    const p = tempProject(files('src/mastra/loader/prompt-loader'));
    try {
      const scan = await scanRepository(p.root);
      assert.deepEqual(readsOf(scan, 'notes'), {
        files: ['src/mastra/public/prompts/notes.md'],
        mentions: ['src/mastra/public/prompts/notes.md:1 save-note'],
      });
    } finally {
      p.cleanup();
    }
  });

  test('outside src/mastra/ nothing is bundled: the file is not there, and that is said', async () => {
    const p = tempProject(files('scripts/prompt-loader'));
    try {
      const scan = await scanRepository(p.root);
      assert.deepEqual(readsOf(scan, 'notes'), { files: [], mentions: [] });
      assert.match(
        agent(scan, 'notes').unreadPrompts?.[0]?.reason ?? '',
        /a prompt file that is not there \(scripts\/prompts\/notes\.md\)/,
      );
    } finally {
      p.cleanup();
    }
  });
});
