/**
 * `rekey-by-id`: Opt-in: user tools are keyed by their createTool id when it is a legal name. Renames what the model sees.
 */
import { lazyTransform } from './lib/entry.ts';

export const name = 'rekey-by-id';
export const description =
  'Opt-in: user tools are keyed by their createTool id when it is a legal name. Renames what the model sees.';

export default lazyTransform('rekey-by-id');
