/**
 * The write rules, through the engine's seams (hooks at fixed points, an injected writer), never
 * through timing: write only what was read, only inside the root, per-file I/O failures, and a
 * signal during the write phase.
 */
import assert from 'node:assert/strict';
import { chmodSync, linkSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import writeFileAtomic from 'write-file-atomic';
import { migrate, type Interruption } from '../src/migrate/migrate.ts';
import { interruptOnSignals, signalExitCode } from '../bin/signals.ts';
import { reportInternalError } from '../bin/io.ts';
import { agentSource } from './helpers/hostile-tree.ts';
import { git } from './helpers/git-copy.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';

const FILES = {
  'a.ts': agentSource('a', 'a.a'),
  'b.ts': agentSource('b', 'b.b'),
  'c.ts': agentSource('c', 'c.c'),
};
const fixed = (text: string, key: string) => text.replace(`'${key}'`, key.replace('.', '_'));
const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
const errno = (code: string, message: string) =>
  Object.assign(new Error(`${code}: ${message}`), { code, syscall: 'open' });

describe('write only what was read', () => {
  test('a file modified between the scan and its write is not overwritten; the others are written', async () => {
    const p = tempProject(FILES);
    try {
      const edited = `${FILES['b.ts']}// edited by someone else while migrate ran\n`;
      const result = await migrate(p.root, {
        force: true,
        hooks: {
          beforeWrite: (file) => {
            if (path.basename(file) === 'b.ts') writeFileSync(file, edited);
          },
        },
      });
      assert.equal(read(p.root, 'b.ts'), edited, 'the other change survives');
      assert.deepEqual(result.written, ['a.ts', 'c.ts']);
      assert.equal(read(p.root, 'a.ts'), fixed(FILES['a.ts'], 'a.a'));
      const b = result.files.find((f) => f.file === 'b.ts')!;
      assert.equal(b.status, 'failed');
      assert.match(b.error!, /^not written: the file changed on disk after it was read/);
    } finally {
      p.cleanup();
    }
  });

  test('a file modified between the scan and the rewrite is not rewritten', async () => {
    const p = tempProject(FILES);
    try {
      // Same length, same edit position: the planned edit would still apply, on text the scan never saw.
      const edited = FILES['c.ts'].replace("instructions: 'x'", "instructions: 'y'");
      const result = await migrate(p.root, {
        force: true,
        hooks: { afterPlan: () => writeFileSync(path.join(p.root, 'c.ts'), edited) },
      });
      assert.equal(read(p.root, 'c.ts'), edited);
      assert.match(
        result.files.find((f) => f.file === 'c.ts')!.error!,
        /changed on disk after the scan/,
      );
      assert.deepEqual(result.written, ['a.ts', 'b.ts']);
    } finally {
      p.cleanup();
    }
  });

  test('a file swapped for a link out of the root just before its write is not written through', async () => {
    const p = tempProject(FILES);
    const outside = `${p.root}-outside.ts`;
    writeFileSync(outside, FILES['a.ts']);
    try {
      const result = await migrate(p.root, {
        force: true,
        hooks: {
          beforeWrite: (file) => {
            if (path.basename(file) !== 'a.ts') return;
            rmSync(file);
            symlinkSync(outside, file);
          },
        },
      });
      assert.equal(readFileSync(outside, 'utf8'), FILES['a.ts'], 'the file outside is intact');
      assert.match(
        result.files.find((f) => f.file === 'a.ts')!.error!,
        /leads through a link to .*outside the target folder/,
      );
      assert.deepEqual(result.written, ['b.ts', 'c.ts']);
    } finally {
      rmSync(outside, { force: true });
      p.cleanup();
    }
  });

  test('a file with another hard link is not written (the atomic rename would split them)', async () => {
    const p = tempProject(FILES);
    try {
      linkSync(path.join(p.root, 'b.ts'), path.join(p.root, 'b-copy.txt'));
      const result = await migrate(p.root, { force: true });
      assert.match(result.files.find((f) => f.file === 'b.ts')!.error!, /has 2 hard links/);
      assert.equal(read(p.root, 'b.ts'), FILES['b.ts']);
      assert.deepEqual(result.written, ['a.ts', 'c.ts']);
    } finally {
      p.cleanup();
    }
  });
});

describe('write failures are per file', () => {
  test('permission denied and a full disk (injected): those files fail with the reason, intact; the rest is written', async () => {
    const p = tempProject(FILES);
    try {
      const result = await migrate(p.root, {
        force: true,
        writeFile: async (file, text) => {
          if (path.basename(file) === 'a.ts')
            throw errno('EACCES', `permission denied, open '${file}'`);
          if (path.basename(file) === 'b.ts')
            throw errno('ENOSPC', 'no space left on device, write');
          await writeFileAtomic(file, text, 'utf8');
        },
      });
      assert.deepEqual(
        result.files.map((f) => `${f.file} ${f.status} ${f.error ?? ''}`),
        [
          'a.ts failed not written: permission denied (EACCES)',
          'b.ts failed not written: no space left on device (ENOSPC)',
          'c.ts changed ',
        ],
      );
      assert.equal(read(p.root, 'a.ts'), FILES['a.ts']);
      assert.equal(read(p.root, 'b.ts'), FILES['b.ts']);
      assert.equal(read(p.root, 'c.ts'), fixed(FILES['c.ts'], 'c.c'));
      assert.deepEqual(result.written, ['c.ts']);
    } finally {
      p.cleanup();
    }
  });

  const isRoot = process.getuid?.() === 0;
  test(
    'a read-only folder: a per-file failure, exit 3, the file intact',
    {
      skip: isRoot
        ? 'running as root, which may write into a read-only folder; the injected EACCES test above covers the same path'
        : false,
    },
    async () => {
      const p = tempProject({ 'ro/a.ts': FILES['a.ts'], 'b.ts': FILES['b.ts'] });
      try {
        git(p.root, 'init', '-q');
        git(p.root, 'add', '-A');
        git(p.root, 'commit', '-qm', 'x');
        chmodSync(path.join(p.root, 'ro'), 0o555);
        const r = await runCli(['migrate', p.root]);
        assert.equal(r.code, 3, r.stderr);
        assert.match(
          r.stdout,
          /could not process: not written: permission denied \(EACCES\)\s+ro\/a\.ts/,
        );
        assert.equal(read(p.root, 'ro/a.ts'), FILES['a.ts']);
        assert.equal(read(p.root, 'b.ts'), fixed(FILES['b.ts'], 'b.b'));
      } finally {
        chmodSync(path.join(p.root, 'ro'), 0o755);
        p.cleanup();
      }
    },
  );
});

describe('interruption', () => {
  test('a signal during the write phase: the current write completes, no other file is written, the result says which', async () => {
    const p = tempProject(FILES);
    try {
      const controller = new AbortController();
      let disarmed = false;
      const arm = (): Interruption => ({
        signal: controller.signal,
        disarm: () => (disarmed = true),
      });
      const result = await migrate(p.root, {
        force: true,
        armInterruption: arm,
        // The signal arrives while the first file is being written.
        writeFile: async (file, text) => {
          controller.abort('SIGINT');
          await writeFileAtomic(file, text, 'utf8');
        },
      });
      assert.equal(result.interrupted, 'SIGINT');
      assert.deepEqual(result.written, ['a.ts']);
      assert.equal(
        read(p.root, 'a.ts'),
        fixed(FILES['a.ts'], 'a.a'),
        'the write under way finished',
      );
      assert.equal(read(p.root, 'b.ts'), FILES['b.ts']);
      assert.equal(read(p.root, 'c.ts'), FILES['c.ts']);
      assert.deepEqual(
        result.files.filter((f) => f.status === 'failed').map((f) => `${f.file}: ${f.error}`),
        [
          'b.ts: not written: interrupted (SIGINT) before this file',
          'c.ts: not written: interrupted (SIGINT) before this file',
        ],
      );
      assert.ok(disarmed);
    } finally {
      p.cleanup();
    }
  });

  test('the CLI arms SIGINT and SIGTERM only while armed, and exits 128 + the signal number', () => {
    const before = process.listenerCount('SIGINT');
    const interruption = interruptOnSignals();
    assert.equal(process.listenerCount('SIGINT'), before + 1);
    process.emit('SIGTERM');
    assert.equal(interruption.signal.aborted, true);
    assert.equal(interruption.signal.reason, 'SIGTERM');
    interruption.disarm();
    assert.equal(process.listenerCount('SIGINT'), before);
    assert.equal(signalExitCode('SIGINT'), 130);
    assert.equal(signalExitCode('SIGTERM'), 143);
  });
});

describe('unexpected errors', () => {
  async function captured(work: () => Promise<void>): Promise<string> {
    const write = process.stderr.write.bind(process.stderr);
    let out = '';
    process.stderr.write = (chunk: string) => ((out += chunk), true);
    try {
      await work();
    } finally {
      process.stderr.write = write;
    }
    return out;
  }

  test('print one line saying it is a bug and how to report it; the stack only with --verbose', async () => {
    const error = new TypeError('boom\nsecond line');
    const plain = await captured(() => reportInternalError(error, false));
    assert.match(
      plain,
      /^mastra-tool-names: internal error \(a bug in mastra-tool-names [\d.]+\): TypeError: boom\. Please report it with the command you ran and this message; run it again with --verbose to add the stack trace\.\n$/,
    );
    const verbose = await captured(() => reportInternalError(error, true));
    assert.ok(verbose.includes(error.stack!), 'the stack with --verbose');
    const io = await captured(() =>
      reportInternalError(
        errno('ENOSPC', "no space left on device, write '/x/report.json'"),
        false,
      ),
    );
    assert.equal(
      io,
      "mastra-tool-names: ENOSPC: no space left on device, write '/x/report.json'\n",
      'a system error is not called a bug',
    );
  });
});
