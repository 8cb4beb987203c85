// Would worker threads speed up the rewrite phase? Plans a migration of a generated tree, then
// rewrites the same files in this thread and split across 1 and 2 fresh worker threads, and prints
// the times. Usage: node bench/workers.mjs <tree> (after `npm run build`).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const dist = new URL('../dist/src/migrate/', import.meta.url);
const { applyFileEdits } = await import(new URL('apply-file.js', dist).href);

function rewriteAll(tasks) {
  const t = performance.now();
  for (const x of tasks) applyFileEdits(x.file, x.source, x.edits);
  return performance.now() - t;
}

if (!isMainThread) {
  parentPort.postMessage(rewriteAll(workerData));
} else {
  const { migrate } = await import(new URL('migrate.js', dist).href);
  const plan = (await migrate(path.resolve(process.argv[2]), { dryRun: true })).plan;
  const root = path.resolve(process.argv[2]);
  const byFile = new Map();
  for (const e of plan.edits)
    byFile.set(e.location.file, [...(byFile.get(e.location.file) ?? []), e]);
  const tasks = [...byFile].map(([rel, edits]) => ({
    file: path.join(root, rel),
    source: readFileSync(path.join(root, rel), 'utf8'),
    edits,
  }));
  const inThread = rewriteAll(tasks);
  const split = async (n) => {
    const t = performance.now();
    await Promise.all(
      Array.from(
        { length: n },
        (_, k) =>
          new Promise((resolve, reject) =>
            new Worker(new URL(import.meta.url), {
              workerData: tasks.filter((_, i) => i % n === k),
            })
              .on('message', resolve)
              .on('error', reject),
          ),
      ),
    );
    return performance.now() - t;
  };
  const one = await split(1);
  const two = await split(2);
  console.log(
    JSON.stringify({
      files: tasks.length,
      inThreadMs: Math.round(inThread),
      oneWorkerMs: Math.round(one),
      twoWorkersMs: Math.round(two),
    }),
  );
}
