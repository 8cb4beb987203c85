// Module hook: resolve @mastra/mcp to the offline stub when fixture apps are imported.
const STUB = new URL('./stubs/mastra-mcp.mjs', import.meta.url).href;
export async function resolve(specifier, context, next) {
  if (specifier === '@mastra/mcp') return { url: STUB, shortCircuit: true };
  return next(specifier, context);
}
