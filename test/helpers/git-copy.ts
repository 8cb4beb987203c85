/** Copies a fixture into the repo's .tmp folder (so @mastra/core resolves) as a fresh git repo. */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BASE = fileURLToPath(new URL('../../.tmp/', import.meta.url));

export function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.email=test@example.invalid',
      '-c',
      'user.name=test',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd, encoding: 'utf8', maxBuffer: 2 ** 30 },
  );
}

export function copyFixture(
  name: string,
  { init = true } = {},
): { root: string; cleanup: () => void } {
  mkdirSync(BASE, { recursive: true });
  const root = mkdtempSync(path.join(BASE, `${name.replace(/\W/g, '-')}-`));
  cpSync(fileURLToPath(new URL(`../../fixtures/${name}/`, import.meta.url)), root, {
    recursive: true,
  });
  if (init) {
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'fixture');
  }
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** Every file's bytes, for "nothing changed" assertions. */
export function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === '.git') continue;
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else out.set(path.relative(root, file), readFileSync(file, 'latin1'));
    }
  };
  walk(root);
  return out;
}
