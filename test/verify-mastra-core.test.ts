/**
 * `verify --mastra-core DIR`: the app runs with another installed @mastra/core than its own, ES
 * module apps through the module hooks and CommonJS apps through `require`, and is judged by that
 * version. The app is pinned to 0.21.1 (sub-agents offered by their plain key); the given 0.24.9
 * offers them as `agent-<key>`, so its prompt's `researcher` turns into a measured drift.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, test } from 'node:test';
import { VerifyUsageError } from '../src/verify/errors.ts';
import type { VerifyReport } from '../src/verify/model.ts';
import { verify } from '../src/verify/verify.ts';
import { runCli } from './helpers/run-cli.ts';
import { tempProject } from './helpers/temp-project.ts';
import { verifyApp } from './helpers/verify-app.ts';

const MODULES = fileURLToPath(new URL('../node_modules/', import.meta.url));
const made: Array<() => void> = [];
after(() => made.forEach((cleanup) => cleanup()));

const ENTRY = `import { Mastra } from '@mastra/core/mastra';
import { Agent } from '@mastra/core/agent';
import { createTool } from '@mastra/core/tools';
const search = createTool({ id: 'search', description: 'Search.', execute: async () => ({}) });
const researcher = new Agent({ name: 'researcher', description: 'Researches.', instructions: 'Research.', model: 'openai/gpt-4o-mini' });
const lead = new Agent({
  name: 'lead',
  instructions: 'Use \`search\`, then delegate to \`researcher\`.',
  model: 'openai/gpt-4o-mini',
  tools: { search },
  agents: { researcher },
});
export const mastra = new Mastra({ agents: { lead } });
export async function ask(question: string) {
  return lead.generate(question);
}
`;

/** An app outside the repository whose own @mastra/core is the installed 0.21.1 line. */
function pinnedApp(type: 'module' | 'commonjs'): string {
  const p = tempProject(
    {
      'package.json': `{ "name": "pinned", "type": "${type}", "dependencies": { "@mastra/core": "0.21.1" } }\n`,
      'src/mastra/index.ts': ENTRY,
    },
    os.tmpdir(),
  );
  made.push(p.cleanup);
  linkCore(p.root, 'mastra-core-0-21');
  return p.root;
}

/** Puts an installed line where npm puts @mastra/core under `dir`. */
function linkCore(dir: string, line: string): void {
  mkdirSync(path.join(dir, 'node_modules', '@mastra'), { recursive: true });
  symlinkSync(path.join(MODULES, line), path.join(dir, 'node_modules', '@mastra', 'core'));
}

/** A folder as `npm install @mastra/core@0.24.9 --prefix DIR` leaves it (linked to the installed line: no network). */
function prefixInstall(): string {
  const p = tempProject({}, os.tmpdir());
  made.push(p.cleanup);
  linkCore(p.root, 'mastra-core-0-24');
  return p.root;
}

const options = { agents: ['lead'], timeoutMs: 600_000 };

describe('verify --mastra-core', () => {
  for (const type of ['module', 'commonjs'] as const)
    test(`${type} app: measured and judged with the given @mastra/core`, async () => {
      const root = pinnedApp(type);
      const own = await verifyApp(root, options);
      assert.equal(own.report.mastra.version, '0.21.1');
      assert.equal(own.report.mastra.given, undefined);
      const ownLead = own.report.agents.find((a) => a.key === 'lead')!;
      assert.deepEqual(ownLead.measurement.request?.tools, ['search', 'researcher']);
      assert.deepEqual(
        ownLead.prompt?.names.map((n) => n.name),
        [],
      );

      const given = await verifyApp(root, { ...options, mastraCore: prefixInstall() });
      assert.equal(given.report.mastra.version, '0.24.9');
      assert.equal(given.report.mastra.given, true);
      const lead = given.report.agents.find((a) => a.key === 'lead')!;
      assert.equal(lead.status, 'match', lead.reasons.join('; '));
      assert.deepEqual(lead.measurement.request?.tools, ['search', 'agent-researcher']);
      const drift = lead.prompt?.names.find((n) => n.name === 'researcher');
      assert.deepEqual(drift?.offeredAs, ['agent-researcher']);
      // The scan judged the app by 0.24.9 as well: it found the same name statically.
      assert.deepEqual(lead.prompt?.static?.agreed, ['researcher']);
    });

  test('the package folder itself is accepted; a folder without @mastra/core is a usage error', async () => {
    const root = pinnedApp('module');
    const direct = await verifyApp(root, {
      ...options,
      mastraCore: path.join(MODULES, 'mastra-core-0-24'),
    });
    assert.equal(direct.report.mastra.version, '0.24.9');
    const empty = tempProject({}, os.tmpdir());
    made.push(empty.cleanup);
    await assert.rejects(
      verify(root, { ...options, mastraCore: empty.root }),
      (e: Error) =>
        e instanceof VerifyUsageError &&
        /no @mastra\/core there or in its node_modules \(install one with: npm install @mastra\/core@VERSION --prefix /.test(
          e.message,
        ),
    );
  });
});

describe('the upgrading page, run on the command line', () => {
  test('verify --mastra-core, migrate --to-mastra, verify --mastra-core again', async () => {
    const root = pinnedApp('module');
    const core = prefixInstall();
    const measure = async () => {
      const r = await runCli([
        'verify',
        root,
        '--agent',
        'lead',
        '--mastra-core',
        core,
        '--format',
        'json',
      ]);
      assert.equal(r.code, 0, r.stderr);
      const app = (JSON.parse(r.stdout) as VerifyReport).apps[0]!;
      assert.equal(app.mastra.version, '0.24.9');
      return app.agents.find((a) => a.key === 'lead')!;
    };
    const before = await measure();
    assert.deepEqual(
      before.prompt?.names.map((n) => `${n.name} -> ${n.offeredAs.join()}`),
      ['researcher -> agent-researcher'],
    );
    const text = await runCli(['verify', root, '--agent', 'lead', '--mastra-core', core]);
    assert.match(text.stdout, /with the @mastra\/core 0\.24\.9 given with --mastra-core \(/);

    const migrated = await runCli(['migrate', root, '--to-mastra', '0.24.9', '--force']);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.match(
      readFileSync(path.join(root, 'src/mastra/index.ts'), 'utf8'),
      /delegate to `agent-researcher`/,
    );
    const after = await measure();
    assert.deepEqual(after.prompt?.names, []);
    assert.equal(after.status, 'match');
  });
});
