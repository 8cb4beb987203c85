/**
 * `rekey-builtins`: A built-in registered by shorthand (`tools: { askUserTool }`) is keyed by its id (`ask_user: askUserTool`). Renames what the model sees.
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'rekey-builtins';
export const description =
  'A built-in registered by shorthand (`tools: { askUserTool }`) is keyed by its id (`ask_user: askUserTool`). Renames what the model sees.';

export default lazyTransform('rekey-builtins');
