// Module hook: resolve @mastra/mcp and the browser providers (not installed) to offline stubs
// when fixture apps are imported.
const STUBS = {
  '@mastra/mcp': new URL('./stubs/mastra-mcp.mjs', import.meta.url).href,
  '@mastra/agent-browser': new URL('./stubs/mastra-browser.mjs', import.meta.url).href,
  '@mastra/stagehand': new URL('./stubs/mastra-browser.mjs', import.meta.url).href,
};
export async function resolve(specifier, context, next) {
  if (Object.hasOwn(STUBS, specifier)) return { url: STUBS[specifier], shortCircuit: true };
  return next(specifier, context);
}
