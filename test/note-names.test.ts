/**
 * A note names a helper by its name, never by its source: an immediately invoked function is "an
 * inline function", and a callee written over several lines is cut to its first line.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { tempProject } from './helpers/temp-project.ts';

const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

test('an inline function building the tools is named as one, without its code', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "n", "type": "module", "dependencies": { "@mastra/core": "1.40.0" } }\n',
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
declare const mode: string;
declare const all: Record<string, unknown>;
export const helper = new Agent({ id: 'helper', name: 'helper', instructions: 'Help.', model: 'openai/gpt-4o',
  tools: (() => {
    if (mode === 'both') return all;
    return Object.fromEntries(Object.entries(all).filter(([k]) => k !== 'x'));
  })(),
});
export async function run() { return helper.generate('hi'); }
`,
  });
  made.push(p.cleanup);
  const notes = buildPlan(await scanRepository(p.root)).findings.filter(
    (f) => f.kind === 'unresolved',
  );
  assert.equal(notes.length, 1);
  assert.match(notes[0]!.message, /an inline function/);
  assert.doesNotMatch(notes[0]!.message, /=>|\n|mode === /);
});

test('a workspace held in a variable named workspace is "the workspace", not "the workspace workspace"', async () => {
  const p = tempProject({
    'package.json':
      '{ "name": "n", "type": "module", "dependencies": { "@mastra/core": "1.40.0" } }\n',
    'src/agent.ts': `import { Agent } from '@mastra/core/agent';
declare function makeWorkspace(): any;
const workspace = makeWorkspace();
const ws = makeWorkspace();
export const a = new Agent({ id: 'a', name: 'a', instructions: 'Help.', model: 'openai/gpt-4o', workspace });
export const b = new Agent({ id: 'b', name: 'b', instructions: 'Help.', model: 'openai/gpt-4o', workspace: ws });
export async function run() { return [await a.generate('hi'), await b.generate('hi')]; }
`,
  });
  made.push(p.cleanup);
  const notes = buildPlan(await scanRepository(p.root))
    .findings.filter((f) => f.kind === 'runtime-names')
    .map((f) => f.message);
  assert.ok(
    notes.some((m) => m.startsWith('the workspace adds mastra_workspace_*')),
    notes.join('\n'),
  );
  assert.ok(
    notes.some((m) => m.startsWith('the workspace ws adds')),
    notes.join('\n'),
  );
});
