/**
 * Source texts the prefilter already read, kept up to a byte budget so a later pass over every file
 * (the stale-name search) does not read them again; beyond the budget files are read anew, so memory
 * stays bounded however large the repository. Only UTF-8 text is ever returned (`read-source.ts`).
 */
import { decodeSource, readBytes, readSource, type SourceRead } from './read-source.ts';

export class TextCache {
  readonly #texts = new Map<string, string>();
  #size = 0;

  constructor(readonly budget = 96 * 2 ** 20) {}

  /** Reads `file` as UTF-8 text, keeping the text while the budget allows; or why it is not text. */
  source(file: string): SourceRead | { ok: true; text: string } {
    const kept = this.#texts.get(file);
    if (kept !== undefined) return { ok: true, text: kept };
    const read = readSource(file);
    if (read.ok && this.#size + read.text.length <= this.budget) {
      this.#texts.set(file, read.text);
      this.#size += read.text.length;
    }
    return read;
  }

  /** Keeps the text of `file` from bytes another pass read (the cache's hashing), budget allowing. */
  keepBytes(file: string, bytes: Buffer): void {
    if (this.#texts.has(file)) return;
    const read = decodeSource(bytes);
    if (read.ok && this.#size + read.text.length <= this.budget) {
      this.#texts.set(file, read.text);
      this.#size += read.text.length;
    }
  }

  /**
   * Keeps `text`, the parser's copy of `file`, in place of an equal kept text: a candidate's text
   * is then held once (6 MB less heap on ssdeanx/AgentStack), not here and in its syntax tree.
   */
  share(file: string, text: string): void {
    if (this.#texts.get(file) === text) this.#texts.set(file, text);
  }

  /** The text of `file`, or undefined when it cannot be read as UTF-8 text. */
  read(file: string): string | undefined {
    const read = this.source(file);
    return read.ok ? read.text : undefined;
  }

  /**
   * The kept text of `file`, else its raw bytes, neither decoded nor kept (and only valid until the
   * next read: see `readBytes`): a search over every file decodes only the few that hold what it
   * looks for (`decodeSource`). Undefined when unreadable.
   */
  textOrBytes(file: string): string | Buffer | undefined {
    return this.#texts.get(file) ?? readBytes(file);
  }
}
