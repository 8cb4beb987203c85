// Real repositories for the benchmark: public snapshots pinned by commit, fetched on demand into
// .bench/repos/ (never committed), chosen for the shapes of issue 20 (a product monorepo with
// Mastra in a few places, a large app with few agents, an examples monorepo of many small apps, a
// workshop app, an app with many agents, a library monorepo without agents), of issue 35 (a large
// package with Mastra in a Medusa monorepo, a large app, a monorepo no package of which depends on
// Mastra), and a monorepo that commits a minified bundle (258 s cold before the nineteenth
// session). `*-installed` shapes are the same commit with its dependencies installed (scripts
// off), so the installed declarations are read too.
//   node bench/repos.mjs fetch [--install]   clones the missing ones (needs git and the network)
// BENCH_REPOS_DIR names another folder holding checkouts under the same names.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIR = path.resolve(process.env.BENCH_REPOS_DIR ?? path.join(here, '..', '.bench', 'repos'));

export const SHAPES = [
  {
    repo: 'Arize-ai/project-rosetta-stone',
    commit: 'a14ec85ad7fbe384b4160067562a5e21cead612f',
    shape: 'product monorepo, Mastra in a few places',
  },
  {
    repo: 'BWManiac/Agipo',
    commit: '9323ebd2061fc3ac8fd9ac519733c6e24f5af91b',
    shape: 'large Next.js app, few agents, large JSON files',
  },
  {
    repo: 'jsphkhan/mastraai-examples',
    commit: '633157a247d5376c0051d9fdbda79f174b839446',
    shape: 'examples monorepo',
    installed: true,
  },
  {
    repo: 'lambdaloopers/nova-ai-workshop',
    commit: '81efb61f59924f8e30ab474e7ff29e4a6f45e02d',
    shape: 'commerce workshop app',
    installed: true,
  },
  {
    repo: 'ssdeanx/AgentStack',
    commit: '0243bdbb7ffc4a746fcf7a18692f2bb687a6f33b',
    shape: 'many agents (~76)',
  },
  {
    repo: 'Jaal-Yantra-Textiles/v2',
    commit: '5029c4e864f6c2b977843be231c216b4e9202807',
    shape: 'Medusa monorepo, ~4,900 .ts in the packages with @mastra/core, 15 agents',
  },
  {
    repo: 'epic-hq/Insights',
    commit: 'd02a85e8c7306d0a42691ae06b8c2397e2a0e3d6',
    shape: 'app, ~1,500 files, 17 agents',
  },
  {
    repo: 'f4falalu/echo',
    commit: '0ad73f9d339d78b64f2115e38b74d174b66be94f',
    shape: 'monorepo, ~10,000 files, no package depends on @mastra/core',
  },
  {
    repo: 'alavida-ai/vibeflow-v2',
    commit: 'f25cd6b92ab4c4341c550b3e8e04a495a1533e6f',
    shape: 'pnpm monorepo on @mastra/core 0.18 with a committed 3.7 MB minified playground bundle',
  },
  {
    repo: 'Arize-ai/openinference',
    commit: '4c798c9f88b4153bc00816b3075b76e2d53f09a1',
    shape: 'library monorepo without agents (Mastra named in one package)',
  },
];

const dirName = (s, installed) => `${s.repo.replace('/', '__')}${installed ? '__installed' : ''}`;

/** The shapes whose checkout is there, with a label naming the repository and commit. */
export function benchRepos() {
  const out = [];
  for (const s of SHAPES) {
    const dir = path.join(DIR, dirName(s, s.installed));
    const label = `${s.repo}@${s.commit.slice(0, 7)}${s.installed ? ' installed' : ''}: ${s.shape}`;
    if (existsSync(dir)) out.push({ ...s, dir, label });
    else console.log(`(no checkout of ${s.repo} at ${dir}: node bench/repos.mjs fetch)`);
  }
  return out;
}

function fetchAll(install) {
  mkdirSync(DIR, { recursive: true });
  for (const s of SHAPES) {
    const dir = path.join(DIR, dirName(s, s.installed));
    if (existsSync(dir)) continue;
    execFileSync('git', ['init', '-q', dir]);
    execFileSync('git', [
      '-C',
      dir,
      'fetch',
      '-q',
      '--depth',
      '1',
      `https://github.com/${s.repo}.git`,
      s.commit,
    ]);
    execFileSync('git', ['-C', dir, 'checkout', '-q', 'FETCH_HEAD']);
    if (s.installed && install) {
      const pm = existsSync(path.join(dir, 'pnpm-lock.yaml')) ? 'pnpm' : 'npm';
      execFileSync(pm, ['install', '--ignore-scripts'], { cwd: dir, stdio: 'inherit' });
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === 'fetch')
  fetchAll(process.argv.includes('--install'));
