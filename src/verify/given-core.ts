/**
 * `--mastra-core DIR`: another installed @mastra/core to run the app with, for measuring an upgrade
 * before it is made. DIR is the package's own folder, or a folder it was installed into
 * (`npm install @mastra/core@X --prefix DIR` puts it in DIR/node_modules/@mastra/core).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { targetVersion } from '../names/versions.ts';
import { readManifest } from './child/core-package.ts';
import { VerifyUsageError } from './errors.ts';

export interface GivenCore {
  /** The package's real folder. */
  dir: string;
  version: string;
}

export function givenCore(dir: string): GivenCore {
  const tried = [dir, path.join(dir, 'node_modules', '@mastra', 'core')];
  for (const candidate of tried) {
    const manifest = readManifest(candidate);
    if (manifest?.name !== '@mastra/core') continue;
    // The app's imports are mapped through the package's own `exports` (self-reference).
    if (!manifest.exports || typeof manifest.exports !== 'object')
      throw new VerifyUsageError(
        `--mastra-core ${dir}: @mastra/core ${manifest.version ?? ''} has no "exports" map, so the app's imports cannot be pointed at it`,
      );
    return { dir: realpathSync(candidate), version: manifest.version ?? 'unknown' };
  }
  throw new VerifyUsageError(
    `--mastra-core ${dir}: no @mastra/core there or in its node_modules (install one with: npm install @mastra/core@VERSION --prefix ${dir})`,
  );
}

/**
 * The version the scan judges the app by while it runs with the given package (as `--to-mastra`),
 * so its static findings match what is measured; undefined outside the measured range, where the
 * scan keeps the installed version and only the measurement follows the given one.
 */
export function judgedBy(version: string): string | undefined {
  try {
    return targetVersion(version);
  } catch {
    return undefined;
  }
}
