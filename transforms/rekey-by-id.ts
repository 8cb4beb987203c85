/**
 * `rekey-by-id`: Opt-in: user tools are keyed by their createTool id when it is a legal name. Renames what the model sees.
 */
import { standaloneTransform } from './lib/standalone.ts';

export const name = 'rekey-by-id';
export const description = "Opt-in: user tools are keyed by their createTool id when it is a legal name. Renames what the model sees.";

export default standaloneTransform('rekey-by-id');
