/**
 * What a recording run notes (src/cache/reads.ts): reads while it runs, with what the file held
 * then, never a file the key covers; and two runs at once never lose a read of their own.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { fingerprint } from '../src/cache/fingerprint.ts';
import { isRecording, noteRead, recordingReads } from '../src/cache/reads.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'mtn-reads-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text = name) => {
  const f = path.join(dir, name);
  writeFileSync(f, text);
  return f;
};

test('a run notes what it reads, as it was when read, and nothing the key covers', async () => {
  const [a, b, known] = [file('a.md', 'first'), file('b.md'), file('known.ts')];
  noteRead(a); // before the run: not noted
  const { value, reads } = await recordingReads(new Set([known]), async () => {
    noteRead(a);
    await tick();
    writeFileSync(a, 'changed while the run went on');
    noteRead(a);
    noteRead(known);
    noteRead(b);
    return 7;
  });
  assert.equal(value, 7);
  assert.deepEqual([...reads.keys()], [a, b]);
  assert.equal(reads.get(a), fingerprint(file('first.md', 'first')));
  assert.equal(isRecording(), false);
});

test('two runs at once: each keeps every read of its own, after the other one ended too', async () => {
  const [early, shared, late] = [file('early'), file('shared'), file('late')];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const long = recordingReads(new Set(), async () => {
    noteRead(early);
    await gate;
    noteRead(late); // the short run has ended by now
  });
  const short = await recordingReads(new Set(), async () => {
    noteRead(shared);
    await tick();
  });
  release();
  const { reads } = await long;
  // Reads of the other run may be noted too (more to check, never less); its own always are.
  for (const f of [early, late]) assert.ok(reads.has(f), path.basename(f));
  assert.ok(short.reads.has(shared));
  assert.ok(!short.reads.has(late));
  assert.equal(isRecording(), false);
});

test('a run that throws stops recording', async () => {
  await assert.rejects(
    recordingReads(new Set(), async () => {
      await tick();
      throw new Error('boom');
    }),
    /boom/,
  );
  assert.equal(isRecording(), false);
});
