/**
 * Nothing is written under the repository while the app runs: every `node:fs` call that would
 * create, change or remove something there fails with EROFS and is listed. (Native addons write
 * without `node:fs`; storage clients are redirected instead, see storage.ts.)
 */
import fs, { constants, existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { refuse } from './state.ts';
import { asText } from './text.ts';

/** Name → indexes of the arguments that are paths written to. */
const WRITERS: Record<string, number[]> = {
  writeFile: [0],
  appendFile: [0],
  mkdir: [0],
  mkdtemp: [0],
  rm: [0],
  rmdir: [0],
  unlink: [0],
  truncate: [0],
  chmod: [0],
  lchmod: [0],
  chown: [0],
  lchown: [0],
  utimes: [0],
  lutimes: [0],
  rename: [0, 1],
  copyFile: [1],
  cp: [1],
  symlink: [1],
  link: [1],
  open: [0],
};

const WRITE_FLAGS =
  constants.O_WRONLY |
  constants.O_RDWR |
  constants.O_CREAT |
  constants.O_TRUNC |
  constants.O_APPEND;

function writesWithFlags(flags: unknown, fallback: string): boolean {
  const f = flags ?? fallback;
  if (typeof f === 'number') return (f & WRITE_FLAGS) !== 0;
  return /[wax+]/.test(asText(f));
}

function asPath(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value.protocol === 'file:' ? fileURLToPath(value) : undefined;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined; // a file descriptor or FileHandle: opened (and checked) before
}

/** The path with symbolic links resolved as far as it exists. */
function realPath(file: string): string {
  const absolute = path.resolve(file);
  let dir = absolute;
  const rest: string[] = [];
  while (!existsSync(dir) && path.dirname(dir) !== dir) {
    rest.unshift(path.basename(dir));
    dir = path.dirname(dir);
  }
  try {
    return path.join(realpathSync(dir), ...rest);
  } catch {
    return absolute;
  }
}

export function guardFiles(guardRoot: string, appRoot: string): void {
  // Shown relative to the app, the folder the user named.
  const shown = (file: string) =>
    path.relative(appRoot, realPath(file)).split(path.sep).join('/') || '.';
  const inside = (file: string) => {
    const real = realPath(file);
    return real === guardRoot || real.startsWith(guardRoot + path.sep);
  };
  const refusedPath = (name: string, args: unknown[]): string | undefined => {
    const flagsIndex = name === 'open' ? 1 : -1;
    if (name === 'open' && !writesWithFlags(args[flagsIndex], 'r')) return undefined;
    for (const i of WRITERS[name]!) {
      const file = asPath(args[i]);
      if (file === undefined || !inside(file)) continue;
      // mkdir of a folder that already exists changes nothing.
      if (name === 'mkdir' && existsSync(file)) continue;
      return shown(file);
    }
    return undefined;
  };

  const wrap = (
    owner: Record<string, unknown>,
    name: string,
    base: string,
    style: 'callback' | 'sync' | 'promise',
  ) => {
    const original = owner[name] as ((this: unknown, ...a: unknown[]) => unknown) | undefined;
    if (typeof original !== 'function') return;
    owner[name] = function guardedWrite(this: unknown, ...args: unknown[]) {
      const file = refusedPath(base, args);
      if (file === undefined) return original.apply(this, args);
      const error = refuse('write', file);
      if (style === 'promise') return Promise.reject(error);
      const callback =
        style === 'callback' ? args.find((a, i) => i > 0 && typeof a === 'function') : undefined;
      if (typeof callback === 'function') {
        process.nextTick(() => (callback as (e: Error) => void)(error));
        return undefined;
      }
      throw error;
    };
  };

  const sync = fs as unknown as Record<string, unknown>;
  const promises = fs.promises as unknown as Record<string, unknown>;
  for (const name of Object.keys(WRITERS)) {
    wrap(sync, name, name, 'callback');
    wrap(sync, `${name}Sync`, name, 'sync');
    wrap(promises, name, name, 'promise');
  }
  const createWriteStream = fs.createWriteStream;
  sync.createWriteStream = function guardedStream(this: unknown, file: unknown, options?: unknown) {
    const flags =
      typeof options === 'object' && options ? (options as { flags?: unknown }).flags : undefined;
    const target = asPath(file);
    if (target !== undefined && writesWithFlags(flags, 'w') && inside(target))
      throw refuse('write', shown(target));
    return (createWriteStream as (...a: unknown[]) => unknown).call(this, file, options);
  };
}
