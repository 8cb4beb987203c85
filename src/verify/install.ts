/**
 * Whether an app's dependencies are installed, before anything of it runs: each dependency its
 * package.json declares (and `@mastra/core` in any case) must be in a `node_modules` folder Node
 * would look in from the app (npm, yarn and pnpm all put it there; pnpm as a link into `.pnpm`).
 * When some are not, the command that installs them: the package manager its lockfile (or the
 * `packageManager` field) names, run where the lockfile or workspace root is.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NotInstalled } from './model.ts';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  packageManager?: string;
  workspaces?: unknown;
}

function manifest(dir: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

/** Whether `name` is in a node_modules folder Node would look in from `dir`. */
function resolvable(dir: string, name: string): boolean {
  for (let d = dir; ; d = path.dirname(d)) {
    if (existsSync(path.join(d, 'node_modules', name))) return true;
    if (path.dirname(d) === d) return false;
  }
}

const LOCKFILES: Array<[string, string]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
];

/** The package manager and the folder to install in: the nearest lockfile or workspace root up to `stop`. */
export function installCommand(app: string, stop: string): { manager: string; dir: string } {
  let declared: { manager: string; dir: string } | undefined;
  for (let d = app; ; d = path.dirname(d)) {
    for (const [file, manager] of LOCKFILES)
      if (existsSync(path.join(d, file))) return { manager, dir: d };
    const m = manifest(d);
    const named = /^(npm|pnpm|yarn|bun)@/.exec(m?.packageManager ?? '')?.[1];
    if (named && !declared) declared = { manager: named, dir: d };
    if (existsSync(path.join(d, 'pnpm-workspace.yaml'))) return { manager: 'pnpm', dir: d };
    if (m?.workspaces && declared) return declared;
    if (d === stop || path.dirname(d) === d) break;
  }
  return declared ?? { manager: 'npm', dir: app };
}

/**
 * Undefined when the app can run; else why not and how to fix it. `stop`: the folder above which
 * no lockfile is looked for (the repository's top).
 */
export function notInstalled(app: string, target: string, stop: string): NotInstalled | undefined {
  const m = manifest(app);
  const declared = Object.keys({ ...m?.dependencies });
  const wanted = ['@mastra/core', ...declared.filter((d) => d !== '@mastra/core')];
  const missing = wanted.filter((name) => !resolvable(app, name));
  if (!missing.length) return undefined;
  const pnp = ['.pnp.cjs', '.pnp.js']
    .flatMap((f) => {
      for (let d = app; ; d = path.dirname(d)) {
        if (existsSync(path.join(d, f))) return [d];
        if (d === stop || path.dirname(d) === d) return [];
      }
    })
    .at(0);
  const where = (dir: string) => path.relative(target, dir).split(path.sep).join('/') || '.';
  if (pnp !== undefined)
    return {
      reason:
        "installed with Yarn Plug'n'Play, which has no node_modules folder; verify loads the app as Node does, from node_modules",
      missing,
      command: 'yarn config set nodeLinker node-modules && yarn install',
      cwd: where(pnp),
    };
  const { manager, dir } = installCommand(app, stop);
  const shown =
    missing.slice(0, 3).join(', ') + (missing.length > 3 ? ` and ${missing.length - 3} more` : '');
  return {
    reason: `its dependencies are not installed (${shown} not found from the app)`,
    missing,
    command: `${manager} install`,
    cwd: where(dir),
  };
}
