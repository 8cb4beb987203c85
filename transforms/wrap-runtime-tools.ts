/**
 * `wrap-runtime-tools`: Opt-in: an MCP client's awaited listTools()/getTools() in an agent's tools is wrapped in normaliseTools from mastra-tool-names/runtime, imported. Legal names stay the same.
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'wrap-runtime-tools';
export const description =
  "Opt-in: an MCP client's awaited listTools()/getTools() in an agent's tools is wrapped in normaliseTools from mastra-tool-names/runtime, imported. Legal names stay the same.";

export default lazyTransform('wrap-runtime-tools');
