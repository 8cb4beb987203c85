/**
 * `scan`: discovers the repository's files and tsconfigs, prefilters them by text, builds the
 * ts-morph project over the candidates and analyses it. Read-only: it never writes and never runs
 * user code.
 */
import path from 'node:path';
import type { Project } from 'ts-morph';
import { PhaseClock } from '../progress.ts';
import { analyse, renameableNames, versionsUnder, withoutToolKeys } from './analyse.ts';
import { targetVersion } from '../names/versions.ts';
import { findNameUses } from './mentions/name-uses.ts';
import { discover, prefilter, type Discovered, type DiscoverOptions } from './files/discover.ts';
import { FileFailure } from './files/isolate.ts';
import { installedMastraVersion } from './files/mastra-install.ts';
import { mastraScope } from './files/mastra-scope.ts';
import { uiComparisonFiles } from './files/ui-comparisons.ts';
import { mastraUnreachable, noMastraScan } from './no-mastra.ts';
import { nothingInstalled } from './files/installed.ts';
import { applyMeasuredNames, readNamesFile } from './measured-names.ts';
import type { ScanFileError, ScanResult } from './model.ts';
import { createProject, syntaxError } from './files/project.ts';
import { dataWords } from './mentions/data-words.ts';
import { appToolVariables } from './mentions/app-tools.ts';
import { addFrontendTools, frontendTools } from './mentions/frontend-tools.ts';
import { loadsSkills, skillNames } from './mentions/skill-names.ts';
import { TsConfigs } from './files/tsconfigs.ts';
import { typedProjects, type TypeOracle } from './values/type-oracle.ts';
import { reachFrom, type Reach } from './files/reach.ts';
import { TextCache } from './files/text-cache.ts';
import { splitCandidates } from './worth-parsing.ts';
import { workspacePackages } from './files/workspace-packages.ts';
import { unparsedFieldWords } from './mentions/unparsed-field-words.ts';
import { isRecording, noteReads } from '../cache/reads.ts';

export { agentSources, scanSource } from './analyse.ts';

export interface ScanOptions extends DiscoverOptions {
  /** Receives phase progress and keeps phase timings. */
  clock?: PhaseClock;
  /**
   * A names file `verify --write-names` saved (relative to the root, or absolute): the names it
   * measured close the agents' run-time sources, so they are checked offline.
   */
  names?: string;
  /** The files of the root, when the caller has listed them already (the cache does, to hash them). */
  discovered?: Discovered;
  /** Texts the caller has read already (the cache's check for Mastra code), read again from here. */
  texts?: TextCache;
  /**
   * `--to-mastra`: judge every agent by this @mastra/core version (checked by `targetVersion`)
   * instead of the one it runs with; an agent that runs with it exactly is judged as it is.
   */
  toMastra?: string;
}

export async function scanRepository(
  rootPath: string,
  options: ScanOptions = {},
): Promise<ScanResult> {
  return (await scanWithInputs(rootPath, options)).scan;
}

export interface ScanInputs {
  scan: ScanResult;
  discovered: Discovered;
  texts: TextCache;
  /** The text the scan parsed for a file (absolute path), as the parser read it (no BOM). */
  parsedText: (file: string) => string | undefined;
  /** Files whose questions needed the type checker (a project with the installed declarations). */
  typeChecked: string[];
  /** Typed programs built to answer them (each new file asked about, unannounced, is one more). */
  typedBuilds: number;
}

/**
 * `analyse`, with per-file isolation: a file whose analysis throws (a stack overflow on deep
 * nesting, or a bug) is recorded with a one-line reason, taken out of the project (imports of it no
 * longer resolve), and the analysis runs again without it.
 */
function analyseEach(
  project: Project,
  root: string,
  candidates: string[],
  fileCount: number,
  version: string | undefined,
  types: TypeOracle,
  blocked: Set<string>,
  failures: ScanFileError[],
  reach: Reach,
  toMastra: string | undefined,
): ScanResult {
  const versionOf = versionsUnder(root, toMastra);
  for (;;) {
    try {
      return analyse(
        project,
        root,
        candidates.filter((f) => !blocked.has(f)),
        fileCount,
        version,
        types,
        versionOf,
        reach,
      );
    } catch (error) {
      const sf =
        error instanceof FileFailure && !blocked.has(error.file)
          ? project.getSourceFile(error.file)
          : undefined;
      // A failure that taking the file out cannot get rid of is not tied to one file: a bug, for the CLI to report.
      if (!(error instanceof FileFailure) || !sf)
        throw error instanceof FileFailure ? error.error : error;
      project.removeSourceFile(sf);
      blocked.add(error.file);
      failures.push({ file: relative(root, error.file), message: error.reason });
    }
  }
}

const relative = (root: string, file: string) =>
  path.relative(root, file).split(path.sep).join('/');

/**
 * The data words of the candidates that were not parsed for analysis (`worth-parsing.ts`): read as
 * the analysis reads them from a file the project holds anyway (imported by code it parsed), and
 * from the text of the others (`unparsed-field-words.ts`).
 */
function unparsedDataWords(
  project: Project,
  blocked: ReadonlySet<string>,
  unparsed: readonly string[],
  texts: TextCache,
  scan: ScanResult,
): string[] {
  const out: string[] = [];
  const rest: Array<{ file: string; text: string }> = [];
  for (const file of unparsed) {
    const sf = blocked.has(file) ? undefined : project.getSourceFile(file);
    // An unparsed file's text was kept: `splitCandidates` parses any file whose text is not.
    if (!sf) rest.push({ file, text: texts.read(file) ?? '' });
    else if (!syntaxError(project, file)) {
      try {
        out.push(...dataWords(sf));
      } catch {
        // as the analysis does with a file that throws: it gives no words
      }
    }
  }
  const prompts = scan.agents.flatMap((a) => a.instructions.map((f) => f.text));
  return [...out, ...unparsedFieldWords(rest, prompts)];
}

/** The scan and the files it discovered (the engine reuses the list instead of walking again). */
export async function scanWithInputs(
  rootPath: string,
  options: ScanOptions = {},
): Promise<ScanInputs> {
  const clock = options.clock ?? new PhaseClock();
  // A target the tool cannot judge by, or a names file that is not one, stops the run before any work.
  const toMastra = options.toMastra === undefined ? undefined : targetVersion(options.toMastra);
  const names =
    options.names !== undefined
      ? { file: options.names, doc: readNamesFile(path.resolve(rootPath, options.names)) }
      : undefined;
  let discovered = options.discovered;
  if (!discovered) {
    clock.start('discover');
    discovered = await discover(rootPath, options);
    clock.end(discovered.sources.length);
  }
  const root = discovered.root;

  clock.start('prefilter', discovered.sources.length);
  const texts = options.texts ?? new TextCache();
  const prefiltered = prefilter(root, discovered.sources, clock, texts);
  const { skipped, unreadable } = prefiltered;
  const manifests = discovered.texts.filter((f) => path.basename(f) === 'package.json');
  if (mastraUnreachable(discovered, prefiltered.namingMastra, (f) => texts.read(f))) {
    clock.end();
    const scan = noMastraScan(discovered, prefiltered);
    if (scan.agents.some(loadsSkills)) {
      const skills = skillNames(root, discovered.texts, (f) => texts.read(f));
      if (skills.length) scan.skills = skills;
    }
    if (names) scan.measuredNames = applyMeasuredNames(scan, names.doc, names.file);
    return {
      scan,
      discovered,
      texts,
      parsedText: () => undefined,
      typeChecked: [],
      typedBuilds: 0,
    };
  }
  // Candidates of packages that cannot import Mastra are not parsed (their strings still count as
  // name uses, below).
  const scope = mastraScope(root, prefiltered.candidates, manifests, (f) => texts.read(f));
  // ... except a front end's tests of the names Mastra code writes (`ui-comparisons.ts`).
  const ui = new Set(uiComparisonFiles(scope.outside, scope.inside, (f) => texts.read(f)));
  const inside = [...scope.inside, ...scope.outside.filter((f) => ui.has(f))];
  const outside = scope.outside.filter((f) => !ui.has(f));
  // Files no pass would read are not parsed (`worth-parsing.ts`).
  const { parsed: candidates, unparsed } = splitCandidates(root, inside, (f) => texts.read(f));
  clock.end();

  clock.start('scan', candidates.length);
  const configs = new TsConfigs(root, discovered.tsconfigs);
  const workspace = workspacePackages(manifests, (f) => {
    try {
      return JSON.parse(texts.read(f) ?? '') as Record<string, unknown>;
    } catch {
      return undefined;
    }
  });
  const { project, failed, blocked } = createProject(
    configs,
    candidates,
    () => clock.tick(),
    workspace,
  );
  const failures: ScanFileError[] = [
    ...unreadable,
    ...failed.map((f) => ({ file: relative(root, f.file), message: f.message })),
  ];
  const parsed = candidates.filter((f) => !blocked.has(f));
  for (const file of parsed) {
    const text = project.getSourceFile(file)?.compilerNode.text;
    if (text !== undefined) texts.share(file, text);
  }
  const packageDirs = discovered.texts
    .filter((f) => path.basename(f) === 'package.json')
    .map((f) => path.dirname(f));
  // Every folder the code was read from, the imports the scan followed included.
  const installed = !nothingInstalled([
    root,
    ...packageDirs,
    ...project.getSourceFiles().map((sf) => path.dirname(sf.getFilePath())),
  ]);
  const types = typedProjects(configs, project, installed);
  const scan = analyseEach(
    project,
    root,
    parsed,
    discovered.sources.length,
    installedMastraVersion(root),
    types,
    blocked,
    failures,
    reachFrom(root, discovered.sources, (f) => texts.read(f)),
    toMastra,
  );
  // A CopilotKit front end served through AG-UI, or an assistant-ui one whose route passes its
  // tools on as clientTools, may send its own tools to the agents it reaches.
  const served = new Set([
    ...(prefiltered.agUi.length ? ['CopilotKit'] : []),
    ...(prefiltered.clientTools.length ? ['assistant-ui'] : []),
  ]);
  if (prefiltered.frontend.length && served.size) {
    const rendered = addFrontendTools(
      scan.agents,
      frontendTools(
        root,
        prefiltered.frontend.flatMap((file) => {
          const text = texts.read(file);
          return text === undefined ? [] : [{ file, text }];
        }),
      ).filter((t) => served.has(t.library)),
    );
    if (rendered.length) {
      scan.renderedToolCalls = rendered;
      // What those names may be: the app's tools, given to an agent or not.
      const variables = appToolVariables(parsed.flatMap((f) => project.getSourceFile(f) ?? []));
      if (variables.length) scan.appToolVariables = variables;
    }
  }
  const more = unparsedDataWords(project, blocked, unparsed, texts, scan);
  if (more.length) scan.dataWords = [...new Set([...scan.dataWords, ...more])].sort();
  if (scan.agents.some(loadsSkills)) {
    const skills = skillNames(root, discovered.texts, (f) => texts.read(f));
    if (skills.length) scan.skills = skills;
  }
  if (names) scan.measuredNames = applyMeasuredNames(scan, names.doc, names.file);
  scan.files.unparsable = [...scan.files.unparsable, ...failures].sort((a, b) =>
    a.file.localeCompare(b.file),
  );
  scan.files.skipped = [...discovered.skipped, ...skipped].sort((a, b) =>
    a.file.localeCompare(b.file),
  );
  if (outside.length) scan.files.outsideMastra = outside.length;
  scan.files.links = discovered.links;
  scan.files.membership = discovered.membership;
  // Evidence for renames is read from every file, not only the candidates: a UI package comparing
  // a tool name with a plain string imports nothing from Mastra.
  // A candidate's tree is the project's (its text is compared first): not parsed a second time.
  const parsedTree = (file: string) =>
    blocked.has(file) ? undefined : project.getSourceFile(file)?.compilerNode;
  scan.nameUses = withoutToolKeys(
    scan,
    findNameUses(
      root,
      [...discovered.sources, ...discovered.texts],
      renameableNames(scan),
      (f) => texts.textOrBytes(f),
      parsedTree,
    ),
  );
  clock.end(candidates.length);
  // What the answer rests on beyond the listed files (a module outside the root, an in-repo file
  // the typed project loaded): the cache checks these again before serving it.
  if (isRecording()) {
    noteReads(project.getSourceFiles().map((sf) => sf.getFilePath()));
    noteReads(types.loaded?.() ?? []);
  }
  const parsedText = (file: string) =>
    blocked.has(file) ? undefined : project.getSourceFile(file)?.getFullText();
  return {
    scan,
    discovered,
    texts,
    parsedText,
    typeChecked: types.typeChecked?.() ?? [],
    typedBuilds: types.builds?.() ?? 0,
  };
}
