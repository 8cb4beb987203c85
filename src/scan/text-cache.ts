/**
 * Source texts the prefilter already read, kept up to a byte budget so a later pass over every file
 * (the stale-name search) does not read them again; beyond the budget files are read anew, so memory
 * stays bounded however large the repository.
 */
import { readFileSync } from 'node:fs';

export class TextCache {
  readonly #texts = new Map<string, string>();
  #size = 0;

  constructor(readonly budget = 96 * 2 ** 20) {}

  /** Reads `file`, keeping the text while the budget allows. */
  read(file: string): string {
    const kept = this.#texts.get(file);
    if (kept !== undefined) return kept;
    const text = readFileSync(file, 'utf8');
    if (this.#size + text.length <= this.budget) {
      this.#texts.set(file, text);
      this.#size += text.length;
    }
    return text;
  }
}
