// The parse floor of a repository: every .ts/.tsx file of the packages whose package.json depends
// on @mastra/core, read and parsed once with the TypeScript parser (what any type-aware tool has to
// do at least). node_modules, build output and .d.ts files are left out, as the scan leaves them.
// Usage: node bench/parse-floor.mjs ROOT  (prints {"packages": n, "files": n, "bytes": n})
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SKIP = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  '.next',
  '.mastra',
  'coverage',
  '.git',
]);
const FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    if (e.isDirectory()) {
      if (!SKIP.has(e.name)) yield* walk(path.join(dir, e.name));
    } else if (e.isFile()) yield path.join(dir, e.name);
  }
}

const root = path.resolve(process.argv[2] ?? '.');
const files = [...walk(root)];
const packages = files
  .filter((f) => path.basename(f) === 'package.json')
  .filter((f) => {
    try {
      const manifest = JSON.parse(readFileSync(f, 'utf8'));
      return FIELDS.some((k) => manifest[k]?.['@mastra/core']);
    } catch {
      return false;
    }
  })
  .map((f) => path.dirname(f) + path.sep);
const sources = files.filter(
  (f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts') && packages.some((p) => f.startsWith(p)),
);
let bytes = 0;
for (const f of sources) {
  const text = readFileSync(f, 'utf8');
  bytes += text.length;
  ts.createSourceFile(
    f,
    text,
    ts.ScriptTarget.Latest,
    true,
    f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}
console.log(JSON.stringify({ packages: packages.length, files: sources.length, bytes }));
