/**
 * `references`: String literals compared with a tool name (toolName === 'x', switch, includes) become the name the model calls the tool, when the compared value is typed by Mastra or the AI SDK; others are reported.
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'references';
export const description =
  "String literals compared with a tool name (toolName === 'x', switch, includes) become the name the model calls the tool, when the compared value is typed by Mastra or the AI SDK; others are reported.";

export default lazyTransform('references');
