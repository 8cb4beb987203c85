/**
 * Loaded with `--import` before anything of the app, in the child's main thread and in every worker
 * thread the app starts (workers inherit the flags): installs the guards, so no thread of the child
 * reaches the network, starts a program or writes in the repository. The configuration comes in
 * the environment, which workers inherit too.
 */
import { realpathSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { watchEnvReads } from './env-reads.ts';
import { guardFiles } from './files.ts';
import { goOffline } from './network.ts';
import { guardProcesses, guardWorkers } from './processes.ts';
import { CONFIG_VARIABLE, type ChildConfig, type ChildMessage } from './protocol.ts';
import { configureMcp, configureState } from './state.ts';
import { redirectCore } from './core-redirect.ts';
import { redirectStorage } from './storage.ts';

const config = JSON.parse(process.env[CONFIG_VARIABLE] ?? '{}') as ChildConfig;

// Only the main thread has the IPC channel; a worker's refusals still fail, unlisted.
configureState(
  config.root,
  config.childDir,
  isMainThread
    ? (item) => process.send?.({ type: 'blocked', item } satisfies ChildMessage)
    : () => {},
);
// MCP starts are allowed only where they can be listed: the main thread.
configureMcp(
  config.allowMcp === true && isMainThread,
  isMainThread
    ? (start) => process.send?.({ type: 'mcp-start', start } satisfies ChildMessage)
    : () => {},
);
if (config.mastraCore) redirectCore(config.mastraCore.dir, config.mastraCore.hooks);
if (isMainThread) watchEnvReads();
await goOffline();
guardProcesses(config.allowedExecutables);
guardWorkers();
guardFiles(config.guardRoot, realpathSync(config.root));
if (isMainThread) redirectStorage(config.tmp);
// ESM named imports of node:fs, node:http... see the guarded functions too.
syncBuiltinESMExports();
