/**
 * Formatting after a transform: only where the repository uses prettier (a config resolved for the
 * file) and the file was prettier-formatted before; then with the repository's own prettier when
 * it has one installed. Never imposes prettier defaults on a repo that does not use prettier.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolvePlugins } from './prettier-plugins.ts';

type Prettier = typeof import('prettier');

const loaded = new Map<string, Promise<{ prettier: Prettier; from: 'repository' | 'bundled' }>>();

function loadPrettier(
  root: string,
): Promise<{ prettier: Prettier; from: 'repository' | 'bundled' }> {
  let found = loaded.get(root);
  if (!found) {
    found = (async () => {
      try {
        const resolved = createRequire(path.join(root, 'package.json')).resolve('prettier');
        const mod = (await import(pathToFileURL(resolved).href)) as Prettier & {
          default?: Prettier;
        };
        // prettier's CommonJS entry arrives as a default export.
        return { prettier: mod.default ?? mod, from: 'repository' as const };
      } catch {
        return { prettier: await import('prettier'), from: 'bundled' as const };
      }
    })();
    loaded.set(root, found);
  }
  return found;
}

export interface FormatOutcome {
  text: string;
  /** Why the output was or was not formatted. */
  formatting: 'prettier' | 'no-config' | 'not-formatted-before' | 'ignored' | 'plugins-missing';
  prettierFrom?: 'repository' | 'bundled';
  /** `plugins-missing`: the packages the config needs (plugins, a shared config) not installed. */
  missingPlugins?: string[];
}

/** Config files found so far, by folder: prettier searches upward from the file on every call. */
export type ConfigCache = Map<string, Promise<string | null>>;

function configFileFor(
  prettier: Prettier,
  file: string,
  configFiles: ConfigCache,
): Promise<string | null> {
  const dir = path.dirname(file);
  let found = configFiles.get(dir);
  if (!found) configFiles.set(dir, (found = prettier.resolveConfigFile(file)));
  return found;
}

/** The package a failed import names, when the failure is only that it is not installed. */
function missingPackage(error: unknown): string | undefined {
  const e = error as { code?: string; message?: string } | undefined;
  if (e?.code !== 'ERR_MODULE_NOT_FOUND' && e?.code !== 'MODULE_NOT_FOUND') return undefined;
  return /Cannot find (?:package|module) '([^']+)'/.exec(e.message ?? '')?.[1];
}

export async function formatLikeTheRepo(
  root: string,
  file: string,
  before: string,
  after: string,
  configFiles: ConfigCache = new Map(),
): Promise<FormatOutcome> {
  const { prettier, from } = await loadPrettier(root);
  const config = await configFileFor(prettier, file, configFiles);
  if (!config) return { text: after, formatting: 'no-config' };
  let resolved: Awaited<ReturnType<Prettier['resolveConfig']>>;
  try {
    resolved = await prettier.resolveConfig(file, { editorconfig: true });
  } catch (error) {
    // `prettier.config.mjs` importing a shared config nobody installed (`@adonisjs/prettier-config`
    // in a checkout without node_modules): the repository's formatting cannot be known here.
    const missing = missingPackage(error);
    if (missing) return { text: after, formatting: 'plugins-missing', missingPlugins: [missing] };
    throw error;
  }
  // Prettier finds a plugin named by package from the working directory, not the config's folder:
  // resolved here, so a run from outside the repository formats as the repository would.
  const plugins = resolvePlugins(config, resolved?.plugins);
  const info = await prettier.getFileInfo(file, {
    ignorePath: path.join(root, '.prettierignore'),
    ...(plugins.resolved ? { plugins: plugins.installed, resolveConfig: false } : {}),
  });
  if (info.ignored) return { text: after, formatting: 'ignored' };
  if (plugins.missing.length)
    return { text: after, formatting: 'plugins-missing', missingPlugins: plugins.missing };
  if (!info.inferredParser) return { text: after, formatting: 'ignored' };
  const options = {
    ...resolved,
    ...(plugins.resolved ? { plugins: plugins.resolved } : {}),
    filepath: file,
  };
  if (!(await prettier.check(before, options)))
    return { text: after, formatting: 'not-formatted-before' };
  return {
    text: await prettier.format(after, options),
    formatting: 'prettier',
    prettierFrom: from,
  };
}
