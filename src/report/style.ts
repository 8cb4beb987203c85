/** How renderers mark text; bin/ supplies colours on a TTY, everything else gets PLAIN. */
export interface Style {
  bad: (text: string) => string;
  warn: (text: string) => string;
  good: (text: string) => string;
  dim: (text: string) => string;
}

export const PLAIN: Style = { bad: (t) => t, warn: (t) => t, good: (t) => t, dim: (t) => t };
