/**
 * `prompts`: Tool names in prompts become names the model is offered: the tool is re-keyed by its id when the prompt consistently uses a legal id and nothing depends on the current name, otherwise the prompt text is rewritten; ambiguous mentions are reported.
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'prompts';
export const description =
  'Tool names in prompts become names the model is offered: the tool is re-keyed by its id when the prompt consistently uses a legal id and nothing depends on the current name, otherwise the prompt text is rewritten; ambiguous mentions are reported.';

export default lazyTransform('prompts');
