/**
 * Edits in Markdown prompt files read at run time get the protections edits in code get: only the
 * mention's text changes (a BOM and CRLF line endings stay), a file that changed after the scan is
 * not rewritten, nothing is written outside the root or in a file the repository ignores, and a plan
 * applies all of a file's edits or none.
 */
import assert from 'node:assert/strict';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { migrate } from '../src/migrate/migrate.ts';
import { applyTextFileEdits } from '../transforms/lib/apply-text.ts';
import type { Edit } from '../src/plan/model.ts';
import { tempProject } from './helpers/temp-project.ts';

const AGENTS = `import { readFileSync } from 'node:fs';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';

const load = (name: string) => readFileSync(new URL(\`../prompts/\${name}.md\`, import.meta.url), 'utf8');
const notes = createTool({ id: 'save-note', description: 'Save a note.', execute: async () => ({ ok: true }) });
const model = 'openai/gpt-4o-mini';

export const crlf = new Agent({ id: 'crlf', name: 'crlf', instructions: load('crlf'), model, tools: { 'notes.save': notes } });
export const ignored = new Agent({ id: 'ignored', name: 'ignored', instructions: load('generated/ignored'), model, tools: { 'notes.save': notes } });
export const linked = new Agent({ id: 'linked', name: 'linked', instructions: load('linked'), model, tools: { 'notes.save': notes } });
export const changing = new Agent({ id: 'changing', name: 'changing', instructions: load('changing'), model, tools: { 'notes.save': notes } });
`;

const CRLF = '\uFEFF# Notes\r\n\r\nSave every decision with `notes.save`.\r\nKeep notes short.\r\n';
const PLAIN = 'Save every decision with `notes.save`.\n';

function project() {
  const p = tempProject({
    'package.json': '{ "type": "module" }\n',
    '.gitignore': 'prompts/generated/\n',
    'src/agents.ts': AGENTS,
    'prompts/crlf.md': CRLF,
    'prompts/generated/ignored.md': PLAIN,
    'prompts/changing.md': PLAIN,
  });
  const outside = `${p.root}-outside.md`;
  writeFileSync(outside, PLAIN);
  symlinkSync(outside, path.join(p.root, 'prompts/linked.md'));
  return {
    ...p,
    outside,
    cleanup() {
      rmSync(outside, { force: true });
      p.cleanup();
    },
  };
}

describe('edits in prompt files', () => {
  test('only the mention changes in a Markdown prompt; its BOM and CRLF line endings stay', async () => {
    const p = project();
    try {
      const result = await migrate(p.root, { force: true });
      assert.ok(result.written.includes('prompts/crlf.md'), result.written.join(', '));
      assert.equal(
        readFileSync(path.join(p.root, 'prompts/crlf.md'), 'utf8'),
        CRLF.replace('notes.save', 'notes_save'),
      );
      const again = await migrate(p.root, { force: true });
      assert.ok(!again.plan.edits.some((e) => e.location.file === 'prompts/crlf.md'));
    } finally {
      p.cleanup();
    }
  });

  test('a prompt file the repository ignores, or one reached through a link out of the root, is not written', async () => {
    const p = project();
    try {
      const result = await migrate(p.root, { force: true });
      const failed = (file: string) => result.files.find((f) => f.file === file);
      assert.equal(failed('prompts/generated/ignored.md')?.status, 'failed');
      assert.match(
        failed('prompts/generated/ignored.md')!.error!,
        /not one of the repository's files/,
      );
      assert.equal(readFileSync(path.join(p.root, 'prompts/generated/ignored.md'), 'utf8'), PLAIN);
      assert.equal(failed('prompts/linked.md')?.status, 'failed');
      assert.match(failed('prompts/linked.md')!.error!, /outside the target folder/);
      assert.equal(readFileSync(p.outside, 'utf8'), PLAIN);
    } finally {
      p.cleanup();
    }
  });

  test('a prompt file changed after the scan is not rewritten, even when the edit would still fit', async () => {
    const p = project();
    try {
      // Same length, the mention where it was: only the text the scan read may be edited.
      const edited = PLAIN.replace('decision', 'Decision');
      const result = await migrate(p.root, {
        force: true,
        hooks: { afterPlan: () => writeFileSync(path.join(p.root, 'prompts/changing.md'), edited) },
      });
      const changing = result.files.find((f) => f.file === 'prompts/changing.md')!;
      assert.equal(changing.status, 'failed');
      assert.match(changing.error!, /changed on disk after the scan/);
      assert.equal(readFileSync(path.join(p.root, 'prompts/changing.md'), 'utf8'), edited);
    } finally {
      p.cleanup();
    }
  });

  test('all of a text file’s edits or none: one that does not hold its text fails the file', () => {
    const text = 'Use `a.b` first, then `c.d`.\n';
    const edit = (start: number, before: string, after: string): Edit => ({
      rule: 'prompts',
      target: 'text',
      location: { file: 'p.md', line: 1, column: start + 1, start, end: start + before.length },
      before,
      after,
      value: after,
      reason: 'test',
      effect: 'fixed',
      wire: { before, after },
      agents: ['a'],
    });
    const good = applyTextFileEdits(text, [edit(5, 'a.b', 'a_b'), edit(23, 'c.d', 'c_d')]);
    assert.deepEqual(good.ok && good.text, 'Use `a_b` first, then `c_d`.\n');
    const bad = applyTextFileEdits(text, [edit(5, 'a.b', 'a_b'), edit(20, 'c.d', 'c_d')]);
    assert.equal(bad.ok, false);
  });
});
