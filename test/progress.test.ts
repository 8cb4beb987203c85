/**
 * Progress and timings: the engine reports every phase in order with counts; the CLI draws a live
 * line only on a terminal, and `--verbose` prints each phase's time without touching stdout.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { cliProgress } from '../bin/progress.ts';
import { migrate } from '../src/migrate/migrate.ts';
import { PhaseClock, type ProgressEvent } from '../src/progress.ts';
import { fixturePath } from './helpers/fixture-scan.ts';
import { runCli } from './helpers/run-cli.ts';

function fakeTerminal() {
  const stream = {
    isTTY: true,
    columns: 100,
    rows: 30,
    written: '',
    write(s: string) {
      stream.written += s;
      return true;
    },
    on() {
      return stream;
    },
    once() {
      return stream;
    },
    removeListener() {
      return stream;
    },
  };
  return stream;
}

describe('progress', () => {
  test('the clock times phases in order and forwards start, ticks and the end with counts', () => {
    const events: ProgressEvent[] = [];
    const clock = new PhaseClock((e) => events.push(e), 0);
    clock.start('prefilter', 3);
    clock.tick();
    clock.tick(2);
    clock.start('scan'); // starting a phase ends the one before
    clock.end(7);
    assert.deepEqual(events, [
      { phase: 'prefilter', done: 0, total: 3 },
      { phase: 'prefilter', done: 1, total: 3 },
      { phase: 'prefilter', done: 3, total: 3 },
      { phase: 'prefilter', done: 3, total: 3, finished: true },
      { phase: 'scan', done: 0 },
      { phase: 'scan', done: 7, finished: true },
    ]);
    assert.deepEqual(
      clock.timings().map((t) => [t.phase, t.count]),
      [
        ['prefilter', 3],
        ['scan', 7],
      ],
    );
    assert.ok(clock.timings().every((t) => t.ms >= 0));
  });

  test('a dry run of the demo reports every phase it runs, in order, and no write', async () => {
    const events: ProgressEvent[] = [];
    const result = await migrate(fixturePath('demo-app'), {
      dryRun: true,
      clock: new PhaseClock((e) => events.push(e)),
    });
    const finished = events.filter((e) => e.finished);
    assert.deepEqual(
      finished.map((e) => e.phase),
      ['discover', 'prefilter', 'scan', 'plan', 'rewrite', 'format', 'renames'],
    );
    assert.equal(finished.find((e) => e.phase === 'rewrite')!.done, result.files.length);
    assert.equal(finished.find((e) => e.phase === 'scan')!.done, result.scan.files.candidates);
    assert.equal(finished.find((e) => e.phase === 'prefilter')!.done, result.scan.files.scanned);
    assert.deepEqual(
      result.timings.map((t) => t.phase),
      finished.map((e) => e.phase),
    );
  });

  test('on a terminal the line is drawn and cleared; in CI or a pipe nothing is drawn', () => {
    const tty = fakeTerminal();
    const live = cliProgress(false, tty as unknown as NodeJS.WriteStream, {});
    live.clock.start('discover');
    live.clock.end(12);
    assert.match(tty.written, /discover: 12 files found/);
    live.finish();

    const ci = fakeTerminal();
    const quiet = cliProgress(false, ci as unknown as NodeJS.WriteStream, { CI: 'true' });
    quiet.clock.start('discover');
    quiet.clock.end(12);
    quiet.finish();
    assert.equal(ci.written, '');
  });

  test('--verbose prints phase timings on stderr and leaves stdout as it was', async () => {
    const plain = await runCli(['migrate', '--dry-run', '--format', 'json', 'fixtures/demo-app']);
    // A full run (the plain one above filled the cache, which would serve this one).
    const verbose = await runCli([
      'migrate',
      '--dry-run',
      '--no-cache',
      '--verbose',
      '--format',
      'json',
      'fixtures/demo-app',
    ]);
    assert.equal(verbose.code, 0);
    assert.equal(
      JSON.stringify({ ...JSON.parse(verbose.stdout), tool: 0 }),
      JSON.stringify({ ...JSON.parse(plain.stdout), tool: 0 }),
    );
    for (const phase of [
      'discover',
      'prefilter',
      'scan',
      'plan',
      'rewrite',
      'format',
      'renames',
      'total',
    ])
      assert.match(verbose.stderr, new RegExp(`^${phase} +\\d+\\.\\d\\d s`, 'm'));
    assert.equal(plain.stderr, '', 'no progress on a pipe');
  });
});
