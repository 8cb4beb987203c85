/**
 * A prompt naming a sub-agent by its key is rewritten to `agent-KEY`, unless the same word is the
 * name of a skill (a `SKILL.md`'s front matter) the agent can load through its workspace: then the
 * word may be the skill tool's argument, and it is reported instead. The same prompt without the
 * skill, or an agent without a workspace, still gets the edit.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const app = (workspace: boolean, skill: boolean) => ({
  'package.json':
    '{ "name": "s", "type": "module", "dependencies": { "@mastra/core": "1.40.0" } }\n',
  'src/mastra/index.ts': `import { Agent } from '@mastra/core/agent';
declare const workspace: any;
const builder = new Agent({ id: 'build-agent', name: 'builder', description: 'Builds.', instructions: 'Build.', model: 'openai/gpt-4o' });
export const lead = new Agent({ id: 'lead', name: 'lead', model: 'openai/gpt-4o',
  instructions: 'Delegate builds to \`build-agent\`.',
  agents: { 'build-agent': builder },${workspace ? '\n  workspace,' : ''}
});
export async function run() { return lead.stream('hi'); }
`,
  ...(skill
    ? {
        'skills/build-agent/SKILL.md':
          '---\nname: build-agent\ndescription: How to build.\n---\nSteps.\n',
      }
    : {}),
});

async function plan(workspace: boolean, skill: boolean) {
  const p = tempProject(app(workspace, skill));
  made.push(p.cleanup);
  return buildPlan(await scanRepository(p.root));
}

test('a sub-agent key that is also a skill the agent can load is reported, not rewritten', async () => {
  const result = await plan(true, true);
  assert.equal(result.edits.length, 0);
  const note = result.findings.find((f) => f.kind === 'ambiguous-mention');
  assert.ok(note);
  assert.match(note.message, /also the name of the skill skills\/build-agent\/SKILL.md/);
});

test('without the skill, or without a workspace, the prompt is rewritten', async () => {
  for (const [workspace, skill] of [
    [true, false],
    [false, true],
  ] as const) {
    const result = await plan(workspace, skill);
    assert.deepEqual(
      result.edits.map((e) => [e.before, e.after]),
      [['build-agent', 'agent-build-agent']],
    );
  }
});
