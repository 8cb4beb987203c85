/**
 * `tool-choice`: Names in toolChoice, activeTools and prepareStep results become names the model is offered (Mastra does not rewrite them).
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'tool-choice';
export const description =
  'Names in toolChoice, activeTools and prepareStep results become names the model is offered (Mastra does not rewrite them).';

export default lazyTransform('tool-choice');
