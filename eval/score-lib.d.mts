// Types of eval/score-lib.mjs, for the tests that run it.
export interface Counts {
  [label: string]: number;
}
export interface RepoScore {
  edits: Counts;
  warnings: Counts;
  notes: Counts;
  problems: number;
  missed: number;
  unlabelled: string[];
  missedItems: string[];
}
export function scoreRepo(report: unknown, labels: unknown): RepoScore;
export function sumScores(rows: readonly RepoScore[]): RepoScore;
