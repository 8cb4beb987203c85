/**
 * Candidates that are candidates only for the words `tools` / `agents` are parsed only when a pass
 * could find something in them (worth-parsing.ts); the data words of the others are still read
 * (unparsed-field-words.ts), so the plan's answers stay what a full parse gives.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildPlan } from '../src/plan/plan.ts';
import { scanRepository } from '../src/scan/scan.ts';
import { unparsedFieldWords } from '../src/scan/mentions/unparsed-field-words.ts';
import { constructsImport, isMinifiedBundle, worthParsing } from '../src/scan/worth-parsing.ts';
import { tempProject } from './helpers/temp-project.ts';

describe('worthParsing', () => {
  test('a file with Mastra signs, or with text a pass reads, is parsed', () => {
    const parsed = [
      "import { Agent } from '@mastra/core/agent';",
      'if (part.type === `tool-search`) render(tools);',
      'const tools = x; await agent /* the agent */ . streamVNext(prompt);',
      'const { getAgent } = mastra; list(agents);',
      'new MCPServer({ agents });',
      'onDelegationStart: (c) => c.primitiveId === "x", agents',
      'const tools = z.object({ query_text: z.string() });',
      'interface Tools { [KEY]?: string }',
      "import { support } from './agents/support'; const agents = [support];",
    ];
    for (const text of parsed) assert.equal(worthParsing('src/a.ts', text), true, text);
    assert.equal(worthParsing('src/agents/support/tools/find.ts', 'export const tools = 1;'), true);
    assert.equal(worthParsing('src/a.ts', undefined), true);
  });

  test('a file with only the words, and nothing a pass reads, is not', () => {
    const skipped = [
      'export const tools = { search, fetchPage };',
      'export function Panel({ agents }: { agents: Row[] }) { return new Date(agents.length); }',
      'class Agent {}\nconst agents = [new Agent()];',
      "import { Agent } from './lib';\nconst tools = [];\nexport type A = Agent;",
    ];
    for (const text of skipped) assert.equal(worthParsing('src/a.ts', text), false, text);
  });

  test("a bundler's minified output is not parsed, though it names @mastra/", () => {
    const line = `import{MastraClient as e}from"@mastra/client-js";${'let a=e.getAgent(t);'.repeat(30)}`;
    const bundle = Array.from({ length: 40 }, () => line).join('\n');
    assert.ok(bundle.length > 20_000);
    assert.equal(isMinifiedBundle('assets/index-C5XMrdoW.js', bundle), true);
    assert.equal(worthParsing('assets/index-C5XMrdoW.js', bundle), false);
    // The same lines in TypeScript (a generated prompt module), or hand-written lines, are parsed.
    assert.equal(worthParsing('src/prompts.ts', bundle), true);
    const written = bundle.replaceAll(';', ';\n');
    assert.equal(isMinifiedBundle('src/client.js', written), false);
    assert.equal(worthParsing('src/client.js', written), true);
    // A small file with long lines is no bundle.
    assert.equal(isMinifiedBundle('src/one.js', line), false);
  });

  test('a constructor counts when the file imports its name', () => {
    assert.equal(constructsImport("import { Agent } from './lib';\nnew Agent({})"), true);
    assert.equal(
      constructsImport("import {\n  from,\n  Agent as A,\n} from './lib'\nnew A()"),
      true,
    );
    assert.equal(constructsImport("import Agent = require('./lib');\nnew Agent()"), true);
    assert.equal(constructsImport('import x from "./x";\nnew Agent();'), false);
    assert.equal(constructsImport('new x.Agent();'), false);
  });
});

describe('unparsedFieldWords', () => {
  const file = {
    file: '/r/ui/row.tsx',
    text: 'interface Row { refund_window_days: number; label: string }\n',
  };
  test('reads the fields of a file whose words the instructions can name', () => {
    assert.deepEqual(unparsedFieldWords([file], ['Check refund_window_days first.']), [
      'refund_window_days',
    ]);
    // A run of two `_`-parts is asked too (`window_days` is part of a data word).
    assert.deepEqual(unparsedFieldWords([file], ['Use window_days.']), ['refund_window_days']);
  });
  test('skips a file none of whose words the instructions start with', () => {
    assert.deepEqual(unparsedFieldWords([file], ['Use lookup_order.']), []);
    assert.deepEqual(unparsedFieldWords([file], []), []);
  });
});

const APP: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'app', dependencies: { '@mastra/core': '1.0.0' } }),
  'src/lib/mastra.ts':
    "export { Agent } from '@mastra/core/agent';\nexport { createTool } from '@mastra/core/tools';\n",
  'src/tools/lookup.ts': `import { createTool } from '../lib/mastra';
export const lookup = createTool({ id: 'lookup', description: 'Looks up an order', execute: async () => ({}) });
`,
  // Only the words: not parsed for analysis, but imported by the agent (its map is resolved).
  'src/tools/all.ts':
    "import { lookup } from './lookup';\nexport const tools = { 'lookup.order': lookup };\n",
  // An agent made through a re-export: no @mastra/ in the file, only `tools`.
  'src/agents/support.ts': `import { Agent } from '../lib/mastra';
import { tools } from '../tools/all';
export const support = new Agent({
  id: 'support',
  name: 'support',
  model: 'openai/gpt-4o',
  instructions: 'Use the lookup.order tool. Check fallback_tool before a refund.',
  tools,
});
`,
  // UI files nobody imports: one compares a tool part type (parsed), one only holds a type (not).
  'src/ui/status.tsx':
    "export const Status = ({ part, agents }: any) => part.type === 'tool-lookup.order' ? agents : null;\n",
  'src/ui/row.tsx':
    'export interface Row { fallback_tool: string }\nexport const Rows = ({ agents }: { agents: Row[] }) => agents.length;\n',
};

const unknownMentions = (scan: Awaited<ReturnType<typeof scanRepository>>) =>
  buildPlan(scan)
    .findings.filter((f) => f.kind === 'unknown-tool-mention')
    .map((f) => f.message);

describe('scan', () => {
  test('parses what the passes read, and keeps the answers of a full parse', async () => {
    const app = tempProject(APP);
    try {
      const scan = await scanRepository(app.root);
      // all.ts and row.tsx are read, not parsed: 6 candidates, 4 parsed.
      assert.equal(scan.files.candidates, 4);
      const support = scan.agents.find((a) => a.id === 'support');
      assert.deepEqual(
        support?.tools.entries.map((e) => e.key),
        ['lookup.order'],
      );
      assert.ok(
        scan.mentions.some(
          (m) => m.context === 'comparison' && m.location.file === 'src/ui/status.tsx',
        ),
      );
      // The field of the unparsed row.tsx is a data word: the instructions name data, not a tool
      // (though it is shaped like one).
      assert.ok(scan.dataWords.includes('fallback_tool'));
      assert.deepEqual(unknownMentions(scan), []);
      // Without it, the plan would report the word (what a full parse of row.tsx prevents).
      const without = {
        ...scan,
        dataWords: scan.dataWords.filter((w) => w !== 'fallback_tool'),
      };
      assert.equal(unknownMentions(without).length, 1);
    } finally {
      app.cleanup();
    }
  });
});
