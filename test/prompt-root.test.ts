/**
 * A prompt file read under a root the code computes at run time (`resolve(projectRoot(), rel)`),
 * through a loader that strips front matter by rewriting a `let` in place, is read when exactly one
 * of the package folder and the loader's own folder holds it. When both do, or neither, it is
 * reported unread instead.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const loader = `import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
let cachedRoot: string | undefined;
export function projectRoot(): string {
  if (cachedRoot) return cachedRoot;
  cachedRoot = process.env.APP_ROOT ?? findRoot();
  return cachedRoot;
}
declare function findRoot(): string;
export function loadMarkdownBody(relPath: string): string {
  const raw = readFileSync(resolve(projectRoot(), relPath), 'utf8');
  const fm = raw.match(/^---\\n[\\s\\S]*?\\n---\\n/);
  let body = fm ? raw.slice(fm[0].length) : raw;
  body = body.replace(/^\\s*---\\s*\\n/, '');
  return body.trim();
}
`;

const files = (extra: Record<string, string>) => ({
  'package.json':
    '{ "name": "r", "type": "module", "dependencies": { "@mastra/core": "1.40.0" } }\n',
  'src/lib/load.ts': loader,
  'src/mastra/index.ts': `import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
import { loadMarkdownBody } from '../lib/load.js';
const search = createTool({ id: 'search-docs', description: 'Search.', execute: async () => ({}) });
export const helper = new Agent({ id: 'helper', name: 'helper', model: 'openai/gpt-4o',
  instructions: loadMarkdownBody('agents/helper.md'), tools: { search } });
export async function run() { return helper.generate('hi'); }
`,
  ...extra,
});

const prompt = '---\nname: helper\n---\n# Helper\n\nAlways call `search-docs` before answering.\n';

async function plan(extra: Record<string, string>) {
  const p = tempProject(files(extra));
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  return { scan, plan: buildPlan(scan) };
}

/** The prompt names the tool by its id: the fix keys the tool by it, because of that file. */
function rekeyedFor(result: ReturnType<typeof buildPlan>, file: string): boolean {
  return result.edits.some(
    (e) => e.before === 'search' && e.after === "'search-docs'" && e.reason.includes(file),
  );
}

test('a prompt under a computed root is read from the package folder', async () => {
  const { plan: result } = await plan({ 'agents/helper.md': prompt });
  assert.ok(rekeyedFor(result, 'agents/helper.md:6'), JSON.stringify(result.edits));
});

test("a prompt under a computed root is read from the loader's own folder", async () => {
  const { plan: result } = await plan({ 'src/lib/agents/helper.md': prompt });
  assert.ok(rekeyedFor(result, 'src/lib/agents/helper.md:6'), JSON.stringify(result.edits));
});

test('found under both roots, or under neither, it is reported unread', async () => {
  const both = await plan({ 'agents/helper.md': prompt, 'src/lib/agents/helper.md': prompt });
  assert.equal(both.plan.edits.length, 0);
  assert.match(
    JSON.stringify(both.scan.agents[0]!.unreadPrompts),
    /found both in the package folder and in the loader's folder/,
  );
  const neither = await plan({});
  assert.match(
    JSON.stringify(neither.scan.agents[0]!.unreadPrompts),
    /under a root known only at run time \(agents\/helper.md\), found neither/,
  );
});

test('a let the loader reassigns with something else is not read as the prompt', async () => {
  const p = tempProject({
    ...files({ 'agents/helper.md': prompt }),
    'src/lib/load.ts': `${loader.replace(/body = body\.replace\(.*\);/, 'body = other(body);')}declare function other(s: string): string;\n`,
  });
  made.push(p.cleanup);
  const scan = await scanRepository(p.root);
  assert.equal(buildPlan(scan).edits.length, 0);
  assert.equal(scan.agents[0]!.instructions.length, 0);
});
