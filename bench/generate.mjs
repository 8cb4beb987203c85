// Writes a synthetic, seeded Mastra monorepo: PACKAGES packages with their own tsconfig, project
// references and a nested .gitignore, ~100-line files, about 8% of them using Mastra (agents, tools), tool maps in
// files that never mention Mastra, and the rest ordinary TypeScript.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Complete, type-correct functions until the file has about `target` lines. */
function body(i, r, target, start = 0) {
  const lines = [`export interface Item${i} { id: string; count: number; tags: string[] }`];
  for (let f = 0; lines.length + start < target; f++) {
    lines.push(
      `export function fn${i}_${f}(items: Item${i}[], limit = ${Math.floor(r() * 100)}): number {`,
    );
    lines.push(
      '  let total = 0;',
      '  for (const item of items) {',
      `    if (item.count > limit) total += item.count * ${f + 1};`,
      '    else total -= item.tags.length;',
      '  }',
      '  return total;',
      '}',
      '',
    );
  }
  return lines.join('\n') + '\n';
}

function ordinary(i, r) {
  return `// module ${i}\n` + body(i, r, 98, 1);
}

function toolMap(i) {
  // A tool map with illegal keys in a file that never mentions Mastra.
  return (
    `import { tool${i}a, tool${i}b } from './tools${i}.js';\n\nexport const map${i} = {\n  'search.web${i}': tool${i}a,\n  'fetch:page${i}': tool${i}b,\n} as const;\n` +
    body(i, () => 0.5, 100, 7)
  );
}

function tools(i) {
  return (
    `import { createTool } from '@mastra/core/tools';\nimport { z } from 'zod';\n\nconst input = z.object({ q: z.string() });\nexport const tool${i}a = createTool({ id: 'search-${i}', description: 'search ${i}', inputSchema: input, execute: async () => ({ ok: true }) });\nexport const tool${i}b = createTool({ id: 'fetch-${i}', description: 'fetch ${i}', inputSchema: input, execute: async () => ({ ok: true }) });\n` +
    body(i, () => 0.3, 100, 6)
  );
}

function agent(i) {
  return (
    `import { Agent } from '@mastra/core/agent';\nimport { map${i} } from './map${i}.js';\nimport { tool${i}a } from './tools${i}.js';\n\nexport const agent${i} = new Agent({\n  id: 'agent-${i}',\n  name: 'Agent ${i}',\n  instructions: 'Use \`search-${i}\` first, then fetch:page${i}.',\n  model: 'openai/gpt-4o-mini',\n  tools: { ...map${i}, tool${i}a, 'notes.save${i}': tool${i}a },\n});\n\nexport async function run${i}() {\n  return agent${i}.generate('hi', { toolChoice: { type: 'tool', toolName: 'search.web${i}' } });\n}\n` +
    body(i, () => 0.7, 100, 18)
  );
}

/** The typed tree's agent: built-ins, `[tool.id]` keys, and code that reads what Mastra returns. */
function typedAgent(i) {
  return (
    `import { Agent } from '@mastra/core/agent';\nimport { askUserTool, webFetchTool } from '@mastra/core/tools';\nimport { map${i} } from './map${i}.js';\nimport { tool${i}a, tool${i}b } from './tools${i}.js';\n\nexport const agent${i} = new Agent({\n  id: 'agent-${i}',\n  name: 'Agent ${i}',\n  instructions: 'Use \`search-${i}\` first, then fetch:page${i}. Read pages with \`web_fetch\`; when unsure, call \`ask_user\`.',\n  model: 'openai/gpt-4o-mini',\n  tools: { ...map${i}, [tool${i}a.id]: tool${i}a, [tool${i}b.id]: tool${i}b, [webFetchTool.id]: webFetchTool, askUserTool },\n});\n\nexport async function run${i}(): Promise<number> {\n  let calls = 0;\n  const stream = await agent${i}.stream('hi', { toolChoice: { type: 'tool', toolName: 'search.web${i}' }, requireToolApproval: ({ toolName }) => toolName === 'fetch:page${i}' });\n  for await (const chunk of stream.fullStream) {\n    if (chunk.type === 'tool-call' && chunk.payload.toolName === 'search.web${i}') calls++;\n  }\n  const result = await agent${i}.generate('again', {\n    onStepFinish: (step) => {\n      if (step.toolCalls.some((call) => call.payload.toolName === 'fetch:page${i}')) calls++;\n    },\n  });\n  return calls + result.toolCalls.filter((call) => call.payload.toolName === 'search-${i}').length;\n}\n` +
    body(i, () => 0.7, 100, 30)
  );
}

/** UI code of the typed tree: compares tool names read from its own types (not provably Mastra's). */
function ui(i) {
  return (
    `// Renders the tool calls of agent ${i}.\ninterface ToolCallPart${i} {\n  type: 'tool-call';\n  toolName: string;\n  args: Record<string, unknown>;\n}\n\nexport function label${i}(part: ToolCallPart${i}): string {\n  switch (part.toolName) {\n    case 'search.web${i}':\n      return 'Searching';\n    case 'fetch-${i}':\n      return 'Fetching';\n    default:\n      return part.toolName;\n  }\n}\n\nexport function searched${i}(parts: ToolCallPart${i}[]): boolean {\n  return parts.some((part) => part.toolName === 'search.web${i}');\n}\n` +
    body(i, () => 0.4, 100, 22)
  );
}

/**
 * `typed`: the second tree. Mastra groups are four files (tools, map, agent, UI); agents register
 * built-ins (`askUserTool` by shorthand, `[webFetchTool.id]`) and tools under `[tool.id]`, read
 * stream chunks, results and approval callbacks, and UI code compares tool names, so the scan has
 * the questions that need installed types (built-in ids, whether a compared value is Mastra's).
 */
export function generate(root, files, { seed = 7, packages = 8, typed = false } = {}) {
  rmSync(root, { recursive: true, force: true });
  const r = rng(seed);
  const perPackage = Math.ceil(files / packages);
  const refs = [];
  let written = 0;
  for (let p = 0; p < packages && written < files; p++) {
    const dir = path.join(root, 'packages', `pkg${p}`);
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    // Each package references the one before it, as packages of a workspace do.
    const references = p > 0 ? [{ path: `../pkg${p - 1}` }] : [];
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: {
            composite: true,
            strict: true,
            module: 'NodeNext',
            moduleResolution: 'NodeNext',
            target: 'ES2022',
            skipLibCheck: true,
            noEmit: false,
            outDir: 'dist',
            declaration: true,
          },
          include: ['src'],
          references,
        },
        null,
        2,
      ),
    );
    // Build output named by a nested .gitignore: it holds an agent that must never be scanned.
    writeFileSync(path.join(dir, '.gitignore'), 'generated/\n');
    mkdirSync(path.join(dir, 'generated'), { recursive: true });
    writeFileSync(
      path.join(dir, 'generated', 'agent.ts'),
      (typed ? typedAgent : agent)(1_000_000 + p),
    );
    refs.push({ path: `./packages/pkg${p}` });
    for (let k = 0; k < perPackage && written < files; k++) {
      const i = p * perPackage + k;
      // A Mastra group starts at about every 37th slot: about 8% of files touch Mastra (triples of
      // tools, map and agent; in the typed tree, groups of four with a UI file).
      const group = typed ? 4 : 3;
      if (r() < 0.027 && k + group <= perPackage && written + group <= files) {
        writeFileSync(path.join(dir, 'src', `tools${i}.ts`), tools(i));
        writeFileSync(path.join(dir, 'src', `map${i}.ts`), toolMap(i));
        writeFileSync(path.join(dir, 'src', `agent${i}.ts`), typed ? typedAgent(i) : agent(i));
        if (typed) writeFileSync(path.join(dir, 'src', `ui${i}.ts`), ui(i));
        written += group;
        k += group - 1;
        continue;
      }
      writeFileSync(path.join(dir, 'src', `mod${i}.ts`), ordinary(i, r));
      written++;
    }
  }
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ files: [], references: refs }, null, 2),
  );
  // The type-check baselines check every package in one program, without emitting.
  writeFileSync(
    path.join(root, 'tsconfig.all.json'),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          skipLibCheck: true,
        },
        include: ['packages/*/src'],
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'bench-monorepo', private: true, type: 'module' }, null, 2),
  );
  return written;
}

/**
 * A small installed app for the start-up figure: 10 files (two agents with their tools, maps and UI,
 * a Mastra instance, one more module), resolving the repository's @mastra/core.
 */
export function generateSmallApp(root) {
  rmSync(root, { recursive: true, force: true });
  const src = path.join(root, 'src');
  mkdirSync(src, { recursive: true });
  for (const i of [1, 2]) {
    writeFileSync(path.join(src, `tools${i}.ts`), tools(i));
    writeFileSync(path.join(src, `map${i}.ts`), toolMap(i));
    writeFileSync(path.join(src, `agent${i}.ts`), typedAgent(i));
    writeFileSync(path.join(src, `ui${i}.ts`), ui(i));
  }
  writeFileSync(
    path.join(src, 'mastra.ts'),
    "import { Mastra } from '@mastra/core';\nimport { agent1 } from './agent1.js';\nimport { agent2 } from './agent2.js';\n\nexport const mastra = new Mastra({ agents: { agent1, agent2 } });\n",
  );
  writeFileSync(path.join(src, 'mod3.ts'), ordinary(3, rng(7)));
  writeFileSync(
    path.join(root, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          skipLibCheck: true,
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'bench-small-app', private: true, type: 'module' }, null, 2),
  );
  return 10;
}
