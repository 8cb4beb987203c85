/**
 * The model reads a skill's `SKILL.md` when it loads it with the `skill` tool, so the skills a
 * workspace's `skills` paths hold are text its agents read: a tool named there by its id is
 * rewritten to the key the agents are offered, as in a prompt file. The paths are read as written
 * (a string relative to the package folder) or below a root found at run time
 * (`join(ROOT, 'skills')`). A `SKILL.md` outside those paths (a coding assistant's) is not read, a
 * skill's own front matter names no tool, and a prompt naming a skill passes a value to `skill`.
 * A skill is written for whatever loads it: a name in it that matches none of the agent's tools is
 * not reported.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const SKILL = `---
name: web-research
description: Live-web research.
---
1. Call \`web-search\` with a focused query.
2. Fetch the best result with \`fetchPage\`.
3. For a project of the other platform, call \`platform_api_tool\` and \`audit-runner-agent\`.
`;

const app = (skillsPath: string) => ({
  'package.json':
    '{ "name": "k", "type": "module", "dependencies": { "@mastra/core": "1.48.0" } }\n',
  'src/mastra/paths.ts': `import path from 'node:path';
import fs from 'node:fs';
function findRoot(start: string): string {
  let dir = start;
  for (let i = 0; i < 8; i++) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  return start;
}
export const ROOT = findRoot(process.cwd());
export const SKILLS = path.join(ROOT, 'skills');
`,
  'src/mastra/agent.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { Workspace, LocalFilesystem } from '@mastra/core/workspace';
import { SKILLS } from './paths';
const webSearch = createTool({ id: 'web-search', description: 'Search.', execute: async () => ({}) });
const fetchPage = createTool({ id: 'fetch-page', description: 'Fetch.', execute: async () => ({}) });
const workspace = new Workspace({ filesystem: new LocalFilesystem({ basePath: './ws' }), skills: [${skillsPath}] });
export const researcher = new Agent({ id: 'researcher', name: 'researcher', model: 'openai/gpt-4o', workspace,
  instructions: 'ALWAYS follow the \`web-research\` skill. Load it now with the \`skill\` tool ("web-research"), then search with \`webSearch\`.',
  tools: { webSearch, fetchPage } });
export async function run() { return researcher.generate('hi'); }
`,
  'skills/web-research/SKILL.md': SKILL,
  '.claude/skills/web-research/SKILL.md': SKILL,
});

for (const [how, skillsPath] of [
  ['below a root found at run time', 'SKILLS'],
  ['as a string relative to the package folder', "'./skills'"],
] as const)
  test(`a skill read ${how}: its tool ids are rewritten to the offered keys`, async () => {
    const p = tempProject(app(skillsPath));
    made.push(p.cleanup);
    const plan = buildPlan(await scanRepository(p.root));
    assert.deepEqual(
      plan.edits.map((e) => [e.location.file, e.location.line, e.before, e.after]),
      [['skills/web-research/SKILL.md', 5, 'web-search', 'webSearch']],
    );
    assert.deepEqual(
      plan.findings.map((f) => f.message),
      [],
    );
  });

test('a workspace without skills reads no SKILL.md', async () => {
  const p = tempProject(app(''));
  made.push(p.cleanup);
  const plan = buildPlan(await scanRepository(p.root));
  assert.deepEqual(plan.edits, []);
});

test('migrate writes the skill, leaves the other copy alone, and a second run changes nothing', async () => {
  const p = tempProject(app('SKILLS'));
  made.push(p.cleanup);
  const first = await migrate(p.root, { force: true });
  assert.deepEqual(first.written, ['skills/web-research/SKILL.md']);
  const written = readFileSync(path.join(p.root, 'skills/web-research/SKILL.md'), 'utf8');
  assert.equal(written, SKILL.replace('`web-search`', '`webSearch`'));
  assert.equal(
    readFileSync(path.join(p.root, '.claude/skills/web-research/SKILL.md'), 'utf8'),
    SKILL,
  );
  const second = await migrate(p.root, { force: true });
  assert.equal(second.plan.edits.length, 0);
  assert.equal(readFileSync(path.join(p.root, 'skills/web-research/SKILL.md'), 'utf8'), written);
});
