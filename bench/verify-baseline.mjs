// The floor for `verify` on one app: what its import plus one call per agent costs, in one Node
// process with the same TypeScript loader, no guards and no scan. Global fetch answers provider
// requests with the same local replies verify sends (dist/src/verify/child/providers.js), so
// nothing leaves the machine; anything else fails. Prints one JSON line: load and call times and
// the provider requests each call made.
// Usage (from the app's folder): node --import <tsx> bench/verify-baseline.mjs ENTRY [CONTEXT_JSON]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const here = path.dirname(new URL(import.meta.url).pathname);
const { protocolOf, readRequest, replyFor } = await import(
  pathToFileURL(path.join(here, '..', 'dist', 'src', 'verify', 'child', 'providers.js')).href
);

let requests = 0;
globalThis.fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const protocol = protocolOf(request.method, url);
  if (!protocol) throw new TypeError(`baseline: no network (${request.method} ${url.href})`);
  requests++;
  const reply = replyFor(readRequest(protocol, request.method, url, await request.json()));
  return new Response(reply.body, { status: reply.status, headers: reply.headers });
};
for (const key of [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GOOGLE_GENERATIVE_AI_API_KEY',
  'OPENROUTER_API_KEY',
  'GROQ_API_KEY',
])
  process.env[key] = 'baseline-dummy-key';
process.env.MASTRA_TELEMETRY_DISABLED = '1';

const [entry, contextFile] = process.argv.slice(2);
const started = performance.now();
const { mastra } = await import(pathToFileURL(path.resolve(entry)).href);
const agents = (mastra.listAgents ?? mastra.getAgents).call(mastra);
const loaded = performance.now();
let options;
if (contextFile) {
  const values = JSON.parse(readFileSync(contextFile, 'utf8'));
  const { RequestContext } = await import('@mastra/core/request-context');
  options = () => ({ requestContext: new RequestContext(Object.entries(values)) });
}
const perCall = [];
for (const agent of Object.values(agents)) {
  const before = requests;
  try {
    await agent.generate('mastra-tool-names verify: answer "ok".', options?.());
  } catch {
    // counted like verify: a call that fails is still one call
  }
  perCall.push(requests - before);
}
const done = performance.now();
process.stdout.write(
  `${JSON.stringify({ loadMs: Math.round(loaded - started), callsMs: Math.round(done - loaded), requests: perCall })}\n`,
);
process.exit(0);
