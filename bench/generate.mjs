// Writes a synthetic, seeded Mastra monorepo: PACKAGES packages with their own tsconfig, project
// references and a nested .gitignore, ~100-line files, about 8% of them using Mastra (agents, tools), tool maps in
// files that never mention Mastra, and the rest ordinary TypeScript.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** Complete, type-correct functions until the file has about `target` lines. */
function body(i, r, target, start = 0) {
  const lines = [`export interface Item${i} { id: string; count: number; tags: string[] }`];
  for (let f = 0; lines.length + start < target; f++) {
    lines.push(`export function fn${i}_${f}(items: Item${i}[], limit = ${Math.floor(r() * 100)}): number {`);
    lines.push('  let total = 0;', '  for (const item of items) {', `    if (item.count > limit) total += item.count * ${f + 1};`, "    else total -= item.tags.length;", '  }', '  return total;', '}', '');
  }
  return lines.join('\n') + '\n';
}

function ordinary(i, r) {
  return `// module ${i}\n` + body(i, r, 98, 1);
}

function toolMap(i) {
  // A tool map with illegal keys in a file that never mentions Mastra.
  return `import { tool${i}a, tool${i}b } from './tools${i}.js';\n\nexport const map${i} = {\n  'search.web${i}': tool${i}a,\n  'fetch:page${i}': tool${i}b,\n} as const;\n` + body(i, () => 0.5, 100, 7);
}

function tools(i) {
  return `import { createTool } from '@mastra/core/tools';\nimport { z } from 'zod';\n\nconst input = z.object({ q: z.string() });\nexport const tool${i}a = createTool({ id: 'search-${i}', description: 'search ${i}', inputSchema: input, execute: async () => ({ ok: true }) });\nexport const tool${i}b = createTool({ id: 'fetch-${i}', description: 'fetch ${i}', inputSchema: input, execute: async () => ({ ok: true }) });\n` + body(i, () => 0.3, 100, 6);
}

function agent(i) {
  return `import { Agent } from '@mastra/core/agent';\nimport { map${i} } from './map${i}.js';\nimport { tool${i}a } from './tools${i}.js';\n\nexport const agent${i} = new Agent({\n  id: 'agent-${i}',\n  name: 'Agent ${i}',\n  instructions: 'Use \`search-${i}\` first, then fetch:page${i}.',\n  model: 'openai/gpt-4o-mini',\n  tools: { ...map${i}, tool${i}a, 'notes.save${i}': tool${i}a },\n});\n\nexport async function run${i}() {\n  return agent${i}.generate('hi', { toolChoice: { type: 'tool', toolName: 'search.web${i}' } });\n}\n` + body(i, () => 0.7, 100, 18);
}

export function generate(root, files, { seed = 7, packages = 8 } = {}) {
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
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { composite: true, strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: true, noEmit: false, outDir: 'dist', declaration: true }, include: ['src'], references }, null, 2));
    // Build output named by a nested .gitignore: it holds an agent that must never be scanned.
    writeFileSync(path.join(dir, '.gitignore'), 'generated/\n');
    mkdirSync(path.join(dir, 'generated'), { recursive: true });
    writeFileSync(path.join(dir, 'generated', 'agent.ts'), agent(1_000_000 + p));
    refs.push({ path: `./packages/pkg${p}` });
    for (let k = 0; k < perPackage && written < files; k++) {
      const i = p * perPackage + k;
      // Every 12.5th slot starts a Mastra triple (tools, map, agent): about 8% of files touch Mastra.
      if (r() < 0.027 && k + 3 <= perPackage && written + 3 <= files) {
        writeFileSync(path.join(dir, 'src', `tools${i}.ts`), tools(i));
        writeFileSync(path.join(dir, 'src', `map${i}.ts`), toolMap(i));
        writeFileSync(path.join(dir, 'src', `agent${i}.ts`), agent(i));
        written += 3;
        k += 2;
        continue;
      }
      writeFileSync(path.join(dir, 'src', `mod${i}.ts`), ordinary(i, r));
      written++;
    }
  }
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ files: [], references: refs }, null, 2));
  // The type-check baselines check every package in one program, without emitting.
  writeFileSync(path.join(root, 'tsconfig.all.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', skipLibCheck: true }, include: ['packages/*/src'] }, null, 2));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'bench-monorepo', private: true, type: 'module' }, null, 2));
  return written;
}
