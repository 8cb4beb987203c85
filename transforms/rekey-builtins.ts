/**
 * `rekey-builtins`: A built-in registered by shorthand (`tools: { askUserTool }`) is keyed by its id (`ask_user: askUserTool`). Renames what the model sees.
 */
import { standaloneTransform } from './lib/standalone.ts';

export const name = 'rekey-builtins';
export const description = "A built-in registered by shorthand (`tools: { askUserTool }`) is keyed by its id (`ask_user: askUserTool`). Renames what the model sees.";

export default standaloneTransform('rekey-builtins');
