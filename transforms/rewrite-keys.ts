/**
 * `rewrite-keys`: An illegal or over-long tool key becomes the name Mastra already sends for it (`'search.web': t` -> `search_web: t`), in tools, toolsets, clientTools, agents and workflows maps. Wire names are unchanged.
 */
import { standaloneTransform } from './lib/standalone.ts';

export const name = 'rewrite-keys';
export const description = "An illegal or over-long tool key becomes the name Mastra already sends for it (`'search.web': t` -> `search_web: t`), in tools, toolsets, clientTools, agents and workflows maps. Wire names are unchanged.";

export default standaloneTransform('rewrite-keys');
