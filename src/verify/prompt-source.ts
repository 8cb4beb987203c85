/**
 * Where a measured prompt's text is in the app's source: the file (code, `.md`, `.txt`...) that
 * holds the line the model read, else the name with the words around it, else the name alone when
 * only one file has it. The model reads text after templates and loaders ran, so a whole line is
 * not always in one place; the words next to a name usually are.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { findName } from '../scan/mentions/mentions.ts';
import { lineLocator } from '../scan/files/lines.ts';
import type { MeasuredPromptName, SourceLine } from './model.ts';

/** Files bigger than this are data, not prompts. */
const MAX_BYTES = 1_000_000;
/** Widths of context tried on each side of a name, widest first. */
const WINDOWS = [40, 20, 10];

type Found = NonNullable<MeasuredPromptName['source']>;

export class PromptSources {
  private readonly texts = new Map<string, string | null>();

  /** `files` absolute; locations come out relative to `root`, with `/`. */
  constructor(
    private readonly root: string,
    private readonly files: readonly string[],
  ) {}

  private text(file: string): string | null {
    if (!this.texts.has(file)) {
      let text: string | null = null;
      try {
        if (statSync(file).size <= MAX_BYTES) text = readFileSync(file, 'utf8');
      } catch {
        // unreadable: not a place a prompt can be found
      }
      this.texts.set(file, text);
    }
    return this.texts.get(file)!;
  }

  private at(file: string, offset: number): SourceLine {
    const { line, column } = lineLocator(this.text(file)!)(offset);
    return {
      file: path.relative(this.root, file).split(path.sep).join('/'),
      line,
      column,
    };
  }

  /**
   * The first file (in path order) holding `left + name + right` as written, or as a string or
   * template literal writes it (`` \` ``, `\"`, `\'`), and where `name` is in it.
   */
  private first(
    left: string,
    name: string,
    right: string,
  ): { file: string; offset: number } | undefined {
    const forms = new Set(
      ['', '`', '"', "'"].map((q) => {
        const esc = (t: string) => (q ? t.replaceAll(q, `\\${q}`) : t);
        return [esc(left), esc(right)] as const;
      }),
    );
    for (const file of this.files) {
      const text = this.text(file);
      if (!text) continue;
      for (const [l, r] of forms) {
        const at = text.indexOf(l + name + r);
        if (at !== -1) return { file, offset: at + l.length };
      }
    }
    return undefined;
  }

  locate(name: string, excerpt: string): Found | undefined {
    const i = findName(excerpt, name)[0] ?? excerpt.indexOf(name);
    if (excerpt.length >= 16 && i !== -1) {
      const hit = this.first(excerpt.slice(0, i), name, excerpt.slice(i + name.length));
      if (hit) return { ...this.at(hit.file, hit.offset), found: 'line' };
    }
    if (i !== -1)
      for (const k of WINDOWS) {
        const left = excerpt.slice(Math.max(0, i - k), i);
        const right = excerpt.slice(i + name.length, i + name.length + k);
        if (left.trim().length + right.trim().length < 4) continue;
        const hit = this.first(left, name, right);
        if (hit) return { ...this.at(hit.file, hit.offset), found: 'around' };
      }
    const hits = this.files.flatMap((file) => {
      const text = this.text(file);
      return text ? findName(text, name).map((offset) => ({ file, offset })) : [];
    });
    return hits.length === 1
      ? { ...this.at(hits[0]!.file, hits[0]!.offset), found: 'name' }
      : undefined;
  }
}
