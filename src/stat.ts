/**
 * `statSync` / `lstatSync` for a path that may not be there: undefined when it is missing, and also
 * when a part of it is a file (`types: "index.d.ts"` probed as a folder: ENOTDIR), too long, or
 * unreadable, which `throwIfNoEntry: false` still throws for. A probe never stops a scan.
 */
import { lstatSync, statSync, type Stats } from 'node:fs';

export function statIfAny(file: string): Stats | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

export function lstatIfAny(file: string): Stats | undefined {
  try {
    return lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
