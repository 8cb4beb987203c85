/** `--to-mastra` names a version the tool cannot judge by (kept apart: the CLI imports it at start-up). */
export class TargetVersionError extends Error {
  override name = 'TargetVersionError';
}
