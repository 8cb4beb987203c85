/**
 * Request-building behaviour that differs between @mastra/core lines, as measured by the
 * differential tests. The rename rule itself is identical in every measured line.
 */
export interface MastraBehaviour {
  /** Filters the offered tools by `activeTools` (0.24.x and 1.30+; 1.0.x ignores the option). */
  honoursActiveTools: boolean;
  /** `toolChoice: 'none'` sends no tools and no tool_choice (1.71); older lines send both. */
  toolChoiceNoneOmitsTools: boolean;
}

/** Measured lines, oldest first; an unmeasured version takes the nearest measured line below it. */
const MEASURED: ReadonlyArray<{ version: string; behaviour: MastraBehaviour }> = [
  { version: '0.24.9', behaviour: { honoursActiveTools: true, toolChoiceNoneOmitsTools: false } },
  { version: '1.0.4', behaviour: { honoursActiveTools: false, toolChoiceNoneOmitsTools: false } },
  { version: '1.71.0', behaviour: { honoursActiveTools: true, toolChoiceNoneOmitsTools: true } },
];

export const LATEST_BEHAVIOUR: MastraBehaviour = MEASURED[MEASURED.length - 1]!.behaviour;

function parts(version: string): number[] {
  return version
    .split(/[.+-]/)
    .slice(0, 3)
    .map((p) => Number.parseInt(p, 10) || 0);
}

function compare(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

/** Behaviour of an installed @mastra/core version; the latest measured line when unknown. */
export function behaviourFor(version: string | undefined): MastraBehaviour {
  if (!version) return LATEST_BEHAVIOUR;
  let found = MEASURED[0]!.behaviour;
  for (const line of MEASURED) if (compare(version, line.version) >= 0) found = line.behaviour;
  return found;
}
