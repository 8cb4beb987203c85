/**
 * The skill tools' names follow the agent's @mastra/core (skill-versions.ts): 1.4.0 to 1.9.x add
 * `skill-activate` and `skill-search`, 1.10.0 renamed them `skill`, `skill_search`, `skill_read`.
 * A prompt of a 1.6 app that says `skill-activate` names a tool its agent is offered (eval:
 * Array-Ventures/coworker); the same prompt under 1.71 names one it is not.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { sideOf } from '../src/names/versions.ts';
import { skillNamesFor } from '../src/scan/values/skill-versions.ts';
import { tempProject } from './helpers/temp-project.ts';

test('the names by version: exact, a range on one side of 1.10.0, or both when it cannot say', () => {
  assert.deepEqual(skillNamesFor({ source: 'lockfile', version: '1.6.0' }), [
    'skill-activate',
    'skill-search',
    'skill-read-reference',
    'skill-read-script',
    'skill-read-asset',
  ]);
  assert.deepEqual(skillNamesFor({ source: 'installed', version: '1.10.0' }), [
    'skill',
    'skill_search',
    'skill_read',
  ]);
  assert.deepEqual(skillNamesFor({ source: 'range', range: '^1.12.0' }), [
    'skill',
    'skill_search',
    'skill_read',
  ]);
  assert.ok(skillNamesFor({ source: 'range', range: '~1.5.0' }).includes('skill-activate'));
  const either = skillNamesFor({ source: 'range', range: '^1.5.0' });
  assert.ok(either.includes('skill-activate') && either.includes('skill_search'));
  assert.ok(skillNamesFor({ source: 'unknown' }).includes('skill-activate'));
});

async function unknownNames(version: string, tools = ''): Promise<string[]> {
  const p = tempProject({
    'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': version } }),
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
import { Workspace, LocalFilesystem } from '@mastra/core/workspace';
const skillPaths: string[] = process.env.SKILLS ? process.env.SKILLS.split(',') : [];
const workspace = new Workspace({
  filesystem: new LocalFilesystem({ basePath: './ws' }),
  ...(skillPaths.length > 0 ? { skills: skillPaths } : {}),
});
export const coworker = new Agent({
  id: 'coworker',
  name: 'coworker',
  instructions: 'When a skill fits the task, call skill-activate with its name first.',
  model: 'openai/gpt-4o',
  workspace,${tools}
});
`,
  });
  try {
    const result = await migrate(p.root, { force: true, dryRun: true });
    return result.plan.findings
      .filter((f) => f.kind === 'unknown-tool-mention')
      .map(
        (f) => /name "([^"]+)".*as "([^"]+)"/.exec(f.message)?.slice(1).join(' as ') ?? f.message,
      );
  } finally {
    p.cleanup();
  }
}

test("skills a spread adds on a condition, named as the app's version names them", async () => {
  assert.deepEqual(await unknownNames('1.6.0'), []);
  assert.deepEqual(await unknownNames('1.71.0'), ['skill-activate as skill']);
  // An old name names the renamed tool, whatever else may be offered (eval: indiejoseph/coworker,
  // whose Harness adds tools the scan cannot list).
  assert.deepEqual(
    await unknownNames('1.71.0', '\n  tools: { ...(globalThis as any).extraTools },'),
    ['skill-activate as skill'],
  );
});

test('which side of a boundary a version may be on: exact, a range, an npm alias, unknown', () => {
  assert.equal(sideOf({ version: '1.6.0' }, '1.10.0'), 'before');
  assert.equal(sideOf({ version: '1.10.0' }, '1.10.0'), 'from');
  assert.equal(sideOf({ range: '^1.12.0' }, '1.10.0'), 'from');
  assert.equal(sideOf({ range: 'npm:@mastra/core@~1.5.2' }, '1.10.0'), 'before');
  assert.equal(sideOf({ range: '^1.6.0' }, '1.10.0'), 'either');
  assert.equal(sideOf({}, '1.10.0'), 'either');
});
