/**
 * The child's environment: the user's, plus the app's first `.env` file as `mastra dev` reads it,
 * with every provider API-key variable replaced by a dummy (requests are answered locally, so no
 * real key is ever needed or sent) and Mastra's telemetry off.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';

/** `mastra dev` loads the first of these that exists. */
const ENV_FILES = ['.env.development', '.env.local', '.env'];

/** Keys set even when the installed @mastra/core has no provider registry to read them from. */
const BASE_KEYS = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'GOOGLE_API_KEY',
  'GEMINI_API_KEY',
  'OPENROUTER_API_KEY',
  'AZURE_API_KEY',
  'MISTRAL_API_KEY',
  'GROQ_API_KEY',
  'XAI_API_KEY',
  'DEEPSEEK_API_KEY',
  'COHERE_API_KEY',
  'TOGETHER_AI_API_KEY',
  'FIREWORKS_API_KEY',
  'PERPLEXITY_API_KEY',
  'CEREBRAS_API_KEY',
];

export const DUMMY_KEY = 'mastra-tool-names-verify-dummy-key';

/** The @mastra/core folder the app resolves, walking up as Node does. */
export function mastraCoreDir(root: string): string | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@mastra', 'core');
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** API-key variables of every provider the installed @mastra/core routes model strings to. */
export function providerKeyNames(root: string): string[] {
  const names = new Set(BASE_KEYS);
  const core = mastraCoreDir(root);
  const registry = core && path.join(core, 'dist', 'provider-registry.json');
  if (registry && existsSync(registry)) {
    try {
      const { providers } = JSON.parse(readFileSync(registry, 'utf8')) as {
        providers?: Record<string, { apiKeyEnvVar?: string | string[] }>;
      };
      for (const p of Object.values(providers ?? {}))
        for (const n of [p.apiKeyEnvVar ?? []].flat())
          if (/^[A-Z][A-Z0-9_]*$/.test(n)) names.add(n);
    } catch {
      // an unreadable registry leaves the base list
    }
  }
  return [...names].sort();
}

export function childEnvironment(
  root: string,
  base: NodeJS.ProcessEnv = process.env,
): { env: NodeJS.ProcessEnv; envFile?: string } {
  const env: NodeJS.ProcessEnv = { ...base };
  const envFile = ENV_FILES.find((f) => existsSync(path.join(root, f)));
  if (envFile) {
    // The shell's own values win, as with dotenv.
    for (const [k, v] of Object.entries(parseEnv(readFileSync(path.join(root, envFile), 'utf8'))))
      if (env[k] === undefined) env[k] = v;
  }
  for (const name of providerKeyNames(root)) env[name] = DUMMY_KEY;
  env.MASTRA_TELEMETRY_DISABLED = '1';
  return envFile ? { env, envFile } : { env };
}
