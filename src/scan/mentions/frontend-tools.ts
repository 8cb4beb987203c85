/**
 * Tools a chat front end defines for the agent it talks to, which it sends with each request as
 * client tools, so an agent it serves may be offered them by those names though no code of the
 * agent lists them. A front-end file often sits in a package that cannot import Mastra, so it is
 * read here from its text, never parsed into the project.
 *
 * - CopilotKit (`useCopilotAction({ name })`, `useFrontendTool`, `useHumanInTheLoop`, imported from
 *   `@copilotkit/*`): the AG-UI adapter (`@ag-ui/mastra`: `MastraAgent`, `registerCopilotKit`)
 *   passes them to the agent's stream().
 * - assistant-ui (`makeAssistantTool({ toolName })`, `useAssistantTool`, from `@assistant-ui/*`):
 *   its transport puts them in the request body, and the app's chat route passes them on as the
 *   call's `clientTools`.
 *
 * Not every such hook sends a tool. `useRenderToolCall({ name })`, a CopilotKit action marked
 * `available: 'frontend'`, assistant-ui's `makeAssistantToolUI({ toolName })` and a tool of
 * `type: 'backend'` only render the calls the agent makes of its own tool of that name, and
 * `available: 'disabled'` sends nothing: a render-only name is compared with the tool calls of the
 * agents the front end serves.
 */
import path from 'node:path';
import { ts } from '../../ts-morph.ts';
import { scriptKindFor } from '../files/project.ts';
import { lineLocator } from '../files/lines.ts';
import type { AgentInfo, Location, RenderedToolCall } from '../model.ts';

export type FrontendLibrary = 'CopilotKit' | 'assistant-ui';

/** Per library: the package prefix, its tool hooks, the property naming the tool, the render-only hooks. */
const LIBRARIES: Record<
  FrontendLibrary,
  { from: string; hooks: readonly string[]; nameProperty: string; render: readonly string[] }
> = {
  CopilotKit: {
    from: '@copilotkit/',
    hooks: ['useCopilotAction', 'useFrontendTool', 'useHumanInTheLoop', 'useRenderToolCall'],
    nameProperty: 'name',
    render: ['useRenderToolCall'],
  },
  'assistant-ui': {
    from: '@assistant-ui/',
    hooks: ['makeAssistantTool', 'useAssistantTool', 'makeAssistantToolUI', 'useAssistantToolUI'],
    nameProperty: 'toolName',
    render: ['makeAssistantToolUI', 'useAssistantToolUI'],
  },
};

export interface FrontendTool {
  name: string;
  location: Location;
  /** `client`: sent to the agent as a tool; `render`: only renders its calls; `off`: neither. */
  use: 'client' | 'render' | 'off';
  library: FrontendLibrary;
}

function stringProperty(spec: ts.ObjectLiteralExpression, sf: ts.SourceFile, name: string) {
  for (const p of spec.properties)
    if (ts.isPropertyAssignment(p) && p.name.getText(sf) === name)
      return ts.isStringLiteralLike(p.initializer) ? p.initializer.text : undefined;
  return undefined;
}

/** What a hook's spec does with its name (see above). */
function useOf(
  library: FrontendLibrary,
  hook: string,
  spec: ts.ObjectLiteralExpression,
  sf: ts.SourceFile,
): FrontendTool['use'] {
  if (LIBRARIES[library].render.includes(hook)) return 'render';
  if (library === 'assistant-ui')
    return stringProperty(spec, sf, 'type') === 'backend' ? 'render' : 'client';
  const available = stringProperty(spec, sf, 'available');
  if (available === 'frontend') return 'render';
  if (available === 'disabled') return 'off';
  return 'client';
}

/** The hooks' local names a file imports from a front-end package (`import { useCopilotAction as act }`). */
function importedHooks(sf: ts.SourceFile): Map<string, { hook: string; library: FrontendLibrary }> {
  const out = new Map<string, { hook: string; library: FrontendLibrary }>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    const from = st.moduleSpecifier.text;
    const library = (Object.keys(LIBRARIES) as FrontendLibrary[]).find((l) =>
      from.startsWith(LIBRARIES[l].from),
    );
    const bindings = st.importClause?.namedBindings;
    if (!library || !bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      const hook = (el.propertyName ?? el.name).text;
      if (LIBRARIES[library].hooks.includes(hook)) out.set(el.name.text, { hook, library });
    }
  }
  return out;
}

/** The static `name` of each front-end tool the files define, in file order. */
export function frontendTools(
  root: string,
  files: ReadonlyArray<{ file: string; text: string }>,
): FrontendTool[] {
  const out: FrontendTool[] = [];
  for (const { file, text } of files) {
    let sf: ts.SourceFile;
    try {
      sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, scriptKindFor(file));
    } catch {
      continue;
    }
    const hooks = importedHooks(sf);
    if (!hooks.size) continue;
    const at = lineLocator(text);
    const rel = path.relative(root, file).split(path.sep).join('/');
    const visit = (node: ts.Node): void => {
      const imported =
        ts.isCallExpression(node) && ts.isIdentifier(node.expression)
          ? hooks.get(node.expression.text)
          : undefined;
      if (imported) {
        const [spec] = (node as ts.CallExpression).arguments;
        let name: ts.Node | undefined;
        if (spec && ts.isObjectLiteralExpression(spec))
          for (const p of spec.properties)
            if (
              ts.isPropertyAssignment(p) &&
              p.name.getText(sf) === LIBRARIES[imported.library].nameProperty
            )
              name = p.initializer;
        if (name && (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))) {
          const start = name.getStart(sf) + 1;
          out.push({
            name: name.text,
            location: { file: rel, ...at(start), start, end: start + name.text.length },
            use: useOf(imported.library, imported.hook, spec as ts.ObjectLiteralExpression, sf),
            library: imported.library,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

const SERVED_BY: Record<FrontendLibrary, string> = {
  CopilotKit: 'a CopilotKit front end served through @ag-ui/mastra',
  'assistant-ui': 'an assistant-ui front end (its chat route passes them on as clientTools)',
};

/**
 * The client tools a front end may send to the agents it can reach: those registered with
 * Mastra (the adapter serves the instance's agents), or every agent when none is registered.
 * Returns the render-only names, each with the agents whose tool calls it renders.
 */
export function addFrontendTools(
  agents: readonly AgentInfo[],
  tools: readonly FrontendTool[],
): RenderedToolCall[] {
  if (!tools.length) return [];
  const registered = agents.filter((a) => a.registeredAs.length > 0);
  const served = registered.length ? registered : agents;
  const sent = tools.filter((t) => t.use === 'client');
  const names = [...new Set(sent.map((t) => t.name))];
  if (names.length)
    for (const agent of served)
      agent.tools.runtime.push({
        origin: 'tools',
        location: sent[0]!.location,
        text: names.join(', ').slice(0, 120),
        kind: 'client',
        prefixes: [],
        names,
        bounded: true,
        reason: `${[...new Set(sent.map((t) => SERVED_BY[t.library]))].join(' and ')} may send the client tools ${names.join(', ')} with each request`,
      });
  return tools
    .filter((t) => t.use === 'render')
    .map((t) => ({
      name: t.name,
      location: t.location,
      agents: served.map((a) => a.index),
      library: t.library,
    }));
}
