/**
 * A language for prompt files (`.md`, `.txt`): their text, one node, nothing parsed. The plugin's
 * rules do not read syntax (the engine has the answer), so this is all ESLint needs to report a
 * prompt's problems in place and apply their fixes. Lines start at 1 and columns at 0, as in
 * JavaScript. `@eslint/markdown`'s languages work too; this one needs no other plugin.
 */
import { TextSourceCodeBase, VisitNodeStep } from '@eslint/plugin-kit';

export interface PromptRoot {
  type: 'Prompt';
  range: [number, number];
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
}

class PromptSourceCode extends TextSourceCodeBase<{
  LangOptions: Record<string, never>;
  RootNode: PromptRoot;
  SyntaxElementWithLoc: PromptRoot;
  ConfigNode: never;
}> {
  constructor(text: string, ast: PromptRoot) {
    super({ text, ast });
  }

  /** A visit of the one node: rules that listen to `Prompt` hear it. */
  traverse(): VisitNodeStep[] {
    return [
      new VisitNodeStep({ target: this.ast, phase: 1, args: [this.ast, null] }),
      new VisitNodeStep({ target: this.ast, phase: 2, args: [this.ast, null] }),
    ];
  }
}

function rootOf(text: string): PromptRoot {
  const lines = text.split(/\r?\n/);
  return {
    type: 'Prompt',
    range: [0, text.length],
    loc: {
      start: { line: 1, column: 0 },
      end: { line: lines.length, column: lines.at(-1)!.length },
    },
  };
}

export const promptLanguage = {
  fileType: 'text' as const,
  lineStart: 1 as const,
  columnStart: 0 as const,
  nodeTypeKey: 'type',
  visitorKeys: { Prompt: [] },
  validateLanguageOptions(): void {},
  parse(file: { body: string | Uint8Array }) {
    const text = typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
    return { ok: true as const, ast: rootOf(text) };
  },
  createSourceCode(file: { body: string | Uint8Array }, parsed: { ast: PromptRoot }) {
    const text = typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
    return new PromptSourceCode(text, parsed.ast);
  },
};
