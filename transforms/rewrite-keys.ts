/**
 * `rewrite-keys`: An illegal or over-long tool key becomes the name Mastra already sends for it (`'search.web': t` -> `search_web: t`), in tools, toolsets, clientTools, agents and workflows maps. Wire names are unchanged.
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'rewrite-keys';
export const description =
  "An illegal or over-long tool key becomes the name Mastra already sends for it (`'search.web': t` -> `search_web: t`), in tools, toolsets, clientTools, agents and workflows maps. Wire names are unchanged.";

export default lazyTransform('rewrite-keys');
