/**
 * The run for a tree with no Mastra code (`scan/no-mastra.ts`): the files are read once, to report
 * what cannot be read, and nothing is parsed, planned or hashed. It is the result `migrate` gives
 * for the same tree, built without loading the TypeScript parser, so such a run costs little more
 * than listing and reading the files.
 */
import { grouped, unparsableFindings } from '../plan/group.ts';
import type { RuleId } from '../plan/model.ts';
import type { PhaseClock } from '../progress.ts';
import type { Discovered } from '../scan/files/discover.ts';
import { noMastraScan, type MastraRead } from '../scan/no-mastra.ts';
import type { MigrateResult } from './migrate.ts';

export function noMastraResult(
  discovered: Discovered,
  read: MastraRead,
  rules: RuleId[],
  dryRun: boolean,
  clock: PhaseClock,
): MigrateResult {
  const scan = noMastraScan(discovered, read);
  return {
    root: discovered.root,
    dryRun,
    rules,
    scan,
    plan: {
      edits: [],
      findings: grouped(unparsableFindings(scan)),
      unchecked: [],
      orderChanges: [],
      agents: [],
    },
    files: [],
    written: [],
    renames: [],
    timings: clock.timings(),
  };
}
