/**
 * The tools a workspace adds, named from its config (which parts it has, what its `tools` config
 * disables and renames), checked against the installed @mastra/core's constants and against what
 * real @mastra/core 1.71.0 sends; and a prompt naming a workspace tool by another name (`lsp_inspect`,
 * the default name of a renamed tool) reported with the name the model is offered.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Offers } from '../src/offers/index.ts';
import { unknownToolMentions } from '../src/plan/rules/unknown-mentions.ts';
import { scanSource } from '../src/scan/scan.ts';
import {
  EARLIER_SKILL_TOOLS,
  SKILL_TOOLS,
  WORKSPACE_TOOL_GROUPS,
  workspaceToolName,
} from '../src/scan/values/agent-runtime-tools.ts';
import { useFakeProvider } from './harness/provider-hooks.ts';

const provider = useFakeProvider();

test('the bundled workspace tool names are those the installed @mastra/core declares', () => {
  const require = createRequire(import.meta.url);
  const root = path.dirname(require.resolve('@mastra/core/package.json'));
  const text = readFileSync(path.join(root, 'dist/workspace/constants/index.d.ts'), 'utf8');
  const declared = [...text.matchAll(/readonly ([A-Z_]+): "(mastra_workspace_[a-z_]+)"/g)].map(
    (m) => m[2],
  );
  const bundled = Object.entries(WORKSPACE_TOOL_GROUPS).flatMap(([group, keys]) =>
    keys.map((k) => workspaceToolName(group as keyof typeof WORKSPACE_TOOL_GROUPS, k)),
  );
  assert.deepEqual([...bundled].sort(), [...declared].sort());
});

test("the skill tools are those the installed @mastra/core's build creates; the names before 1.10 are gone", () => {
  const require = createRequire(import.meta.url);
  const dist = path.join(path.dirname(require.resolve('@mastra/core/package.json')), 'dist');
  const file = readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(dist, f), 'utf8'))
    .find((t) => /id: "skill_search"/.test(t));
  assert.ok(file, 'no build file creates the skill_search tool');
  const ids = [...file.matchAll(/id: "(skill[-_a-z]*)"/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(ids)].sort(), [...SKILL_TOOLS].sort());
  // 1.5.0-1.9.0 key them `skillTools["skill-activate"]` and so on; 1.71 has none of those names.
  for (const old of EARLIER_SKILL_TOOLS) assert.ok(!file.includes(`"${old}"`), old);
});

const CONFIG = `{
    filesystem: new LocalFilesystem({ basePath: './files' }),
    sandbox: new LocalSandbox({ workingDirectory: './files' }),
    tools: {
      [WORKSPACE_TOOLS.FILESYSTEM.READ_FILE]: { name: 'view' },
      mastra_workspace_delete: { enabled: false },
      [WORKSPACE_TOOLS.SANDBOX.EXECUTE_COMMAND]: { requireApproval: true },
    },
  }`;

function scanned(prompt: string, config = CONFIG) {
  const text = `import { Agent } from '@mastra/core/agent';
import { LocalFilesystem, LocalSandbox, Workspace, WORKSPACE_TOOLS } from '@mastra/core/workspace';
export const coder = new Agent({
  id: 'coder',
  name: 'coder',
  instructions: ${JSON.stringify(prompt)},
  model: 'openai/gpt-4o-mini',
  workspace: new Workspace(${config}),
});
`;
  return scanSource('/virtual/coder.ts', text);
}

const unknown = (prompt: string, config?: string) => {
  const scan = scanned(prompt, config);
  return unknownToolMentions(scan, new Offers(scan), new Set()).map(
    (f) => `${/"([^"]+)"/.exec(f.message)![1]} ${/as "([^"]+)"$/.exec(f.message)?.[1] ?? '-'}`,
  );
};

describe('a workspace from its config', () => {
  test('offers its parts’ tools, less the disabled, renamed by computed or plain keys', () => {
    const [source] = scanned('x').agents[0]!.tools.runtime;
    assert.equal(source?.bounded, true);
    assert.ok(source?.names?.includes('view'));
    assert.ok(source?.names?.includes('mastra_workspace_execute_command'));
    assert.ok(!source?.names?.includes('mastra_workspace_read_file'));
    assert.ok(!source?.names?.includes('mastra_workspace_delete'));
    assert.ok(!source?.names?.includes('mastra_workspace_lsp_inspect'), 'no lsp in the config');
  });

  test('a tool named without the prefix, or by its name before a rename, is reported with the offered name', () => {
    assert.deepEqual(
      unknown(
        'Read with `view`, grep with `mastra_workspace_grep`. Run tests with `execute_command`; open files with `mastra_workspace_read_file`; then `file_stat`.',
      ),
      [
        'execute_command mastra_workspace_execute_command',
        'mastra_workspace_read_file view',
        'file_stat mastra_workspace_file_stat',
      ],
    );
    // A disabled tool, and a part the workspace does not have: no alias, nothing said.
    assert.deepEqual(unknown('Then `delete` old files; check with `lsp_inspect`.'), []);
    // The same names in a workspace that has them.
    assert.deepEqual(
      unknown(
        'Check with `lsp_inspect`.',
        '{ filesystem: new LocalFilesystem({ basePath: "." }), sandbox: new LocalSandbox({}), lsp: true }',
      ),
      ['lsp_inspect mastra_workspace_lsp_inspect'],
    );
  });

  test('tools: { enabled: false } adds none; a config it cannot read may add any', () => {
    const off = scanned('x', '{ sandbox: new LocalSandbox({}), tools: { enabled: false } }');
    assert.deepEqual(off.agents[0]!.tools.runtime[0]?.names, []);
    const spread = scanned('x', '{ sandbox: new LocalSandbox({}), tools: { ...shared } }');
    assert.equal(spread.agents[0]!.tools.runtime[0]?.bounded, false);
    const computed = scanned(
      'x',
      '{ sandbox: new LocalSandbox({}), tools: { [pick()]: { name: "run" } } }',
    );
    assert.equal(computed.agents[0]!.tools.runtime[0]?.bounded, false);
  });
});

test("a workspace the app's own helper builds is read from the helper's one return (eval: Santinell/code-flow)", () => {
  const scan = (helper: string) =>
    scanSource(
      '/virtual/coder.ts',
      `import { Agent } from '@mastra/core/agent';
import { LocalFilesystem, Workspace } from '@mastra/core/workspace';
${helper}
export const coder = new Agent({
  id: 'coder',
  name: 'coder',
  instructions: 'Open files with readFile.',
  model: 'openai/gpt-4o-mini',
  workspace: createWorktreeWorkspace(),
});
`,
    ).agents[0]!.tools.runtime[0];
  const one = scan(`function createWorktreeWorkspace(): Workspace {
  return new Workspace({
    filesystem: new LocalFilesystem({ basePath: '.' }),
    tools: { mastra_workspace_read_file: { name: 'readFile' } },
  });
}`);
  assert.equal(one?.bounded, true);
  assert.ok(one?.names?.includes('readFile'));
  // Two returns: which workspace it builds is known only at run time.
  const two = scan(`function createWorktreeWorkspace(): Workspace {
  if (process.env.S3) return shared;
  return new Workspace({ filesystem: new LocalFilesystem({ basePath: '.' }) });
}`);
  assert.equal(two?.bounded, false);
});

test('a workspace chosen per request among readable ones offers any of their tools (eval: TheEleventhAvatar/mastraworkspacetui)', () => {
  const text = (prompt: string) => `import { Agent } from '@mastra/core/agent';
import { LocalFilesystem, LocalSandbox, Workspace } from '@mastra/core/workspace';
const full = new Workspace({ filesystem: new LocalFilesystem({ basePath: '.' }), sandbox: new LocalSandbox({}) });
export const coder = new Agent({
  id: 'coder',
  name: 'coder',
  instructions: ${JSON.stringify(prompt)},
  model: 'openai/gpt-4o-mini',
  workspace: ({ requestContext }) => {
    if (requestContext.get('mode') === 'plan') return new Workspace({ filesystem: new LocalFilesystem({ basePath: '.' }) });
    return full;
  },
});
`;
  const scan = scanSource('/virtual/coder.ts', text('Clone with the execute_command tool.'));
  const [source] = scan.agents[0]!.tools.runtime;
  assert.equal(source?.bounded, true);
  assert.ok(
    source?.names?.includes('mastra_workspace_execute_command'),
    'the sandbox of one branch',
  );
  assert.ok(source?.names?.includes('mastra_workspace_read_file'));
  assert.deepEqual(
    unknownToolMentions(scan, new Offers(scan), new Set()).map(
      (f) => /"([^"]+)"/.exec(f.message)![1],
    ),
    ['execute_command'],
  );
  const offered = scanSource(
    '/virtual/coder.ts',
    text('Clone with the mastra_workspace_execute_command tool.'),
  );
  assert.deepEqual(unknownToolMentions(offered, new Offers(offered), new Set()), []);
});

test('a spread in the config may give any part: the tools its tools config enables and renames are offered', () => {
  const tools = `tools: { enabled: false, [WORKSPACE_TOOLS.FILESYSTEM.LIST_FILES]: { enabled: true, name: 'list_files' } }`;
  const names = (config: string) => scanned('x', config).agents[0]!.tools.runtime[0]?.names;
  assert.deepEqual(names(`{ ...filesystemConfig(), ${tools} }`), ['list_files']);
  // Without the spread the workspace has no filesystem, so no list_files.
  assert.deepEqual(names(`{ ${tools} }`), []);
});

test('real @mastra/core 1.71.0 sends the names the config gives (renamed by a computed key, one disabled)', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mtn-workspace-'));
  try {
    const [{ Agent }, ws] = await Promise.all([
      import('@mastra/core/agent'),
      import('@mastra/core/workspace'),
    ]);
    const workspace = new ws.Workspace({
      filesystem: new ws.LocalFilesystem({ basePath: dir }),
      sandbox: new ws.LocalSandbox({ workingDirectory: dir }),
      tools: {
        [ws.WORKSPACE_TOOLS.FILESYSTEM.READ_FILE]: { name: 'view' },
        mastra_workspace_delete: { enabled: false },
      },
    });
    const agent = new Agent({
      id: 'coder',
      name: 'coder',
      instructions: 'x',
      model: { id: 'openai/gpt-4o-mini', url: provider().urlFor('ws'), apiKey: 'sk-fake' },
      workspace,
    });
    await agent.generate('hi').catch(() => undefined);
    const [request] = provider().requests('ws');
    const sent = (request?.tools as Array<{ function: { name: string } }>).map(
      (t) => t.function.name,
    );
    const predicted =
      scanned(
        'x',
        `{
        filesystem: new LocalFilesystem({ basePath: '.' }),
        sandbox: new LocalSandbox({ workingDirectory: '.' }),
        tools: { [WORKSPACE_TOOLS.FILESYSTEM.READ_FILE]: { name: 'view' }, mastra_workspace_delete: { enabled: false } },
      }`,
      ).agents[0]!.tools.runtime[0]?.names ?? [];
    assert.ok(sent.includes('view') && !sent.includes('mastra_workspace_read_file'), sent.join());
    assert.ok(!sent.includes('mastra_workspace_delete'), sent.join());
    // Everything sent is predicted (a provider may add fewer: no computer on a local sandbox).
    for (const name of sent) assert.ok(predicted.includes(name), `${name} not predicted`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
