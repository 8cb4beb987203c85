import { createRequire } from 'node:module';

/** Our own version: package.json is one folder up from src, two from dist/src, three from the CommonJS plugin bundle in dist/src/eslint. */
export const TOOL_VERSION: string = (() => {
  const require = createRequire(import.meta.url);
  for (const rel of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      const pkg = require(rel) as { name?: string; version?: string };
      if (pkg.name === 'mastra-tool-names' && pkg.version) return pkg.version;
    } catch {
      // try the next layout
    }
  }
  return '0.0.0';
})();
