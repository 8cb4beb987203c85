/**
 * Tools a CopilotKit front end defines for the agent it chats with (`useCopilotAction({ name })`,
 * `useFrontendTool`, `useHumanInTheLoop`, imported from `@copilotkit/*`). The AG-UI adapter
 * (`@ag-ui/mastra`: `MastraAgent`, `registerCopilotKit`) passes them to the agent's stream() as
 * client tools with each request, so an agent it serves may be offered them by those names, though
 * no code of the agent lists them. A front-end file often sits in a package that cannot import
 * Mastra, so it is read here from its text, never parsed into the project.
 *
 * Not every such hook sends a tool. `useRenderToolCall({ name })` and an action marked
 * `available: 'frontend'` only render the calls the agent makes of its own tool of that name
 * (CopilotKit leaves them out of the actions it sends), and `available: 'disabled'` sends nothing:
 * a render-only name is compared with the tool calls of the agents the front end serves.
 */
import path from 'node:path';
import { ts } from '../../ts-morph.ts';
import { scriptKindFor } from '../files/project.ts';
import { lineLocator } from '../files/lines.ts';
import type { AgentInfo, Location, RenderedToolCall } from '../model.ts';

const HOOKS = new Set([
  'useCopilotAction',
  'useFrontendTool',
  'useHumanInTheLoop',
  'useRenderToolCall',
]);

export interface FrontendTool {
  name: string;
  location: Location;
  /** `client`: sent to the agent as a tool; `render`: only renders its calls; `off`: neither. */
  use: 'client' | 'render' | 'off';
}

/** What a hook's spec does with its name (see above). */
function useOf(hook: string, spec: ts.ObjectLiteralExpression, sf: ts.SourceFile) {
  if (hook === 'useRenderToolCall') return 'render' as const;
  for (const p of spec.properties) {
    if (!ts.isPropertyAssignment(p) || p.name.getText(sf) !== 'available') continue;
    const value = ts.isStringLiteralLike(p.initializer) ? p.initializer.text : undefined;
    if (value === 'frontend') return 'render' as const;
    if (value === 'disabled') return 'off' as const;
  }
  return 'client' as const;
}

/** The hooks' local names a file imports from a CopilotKit package (`import { useCopilotAction as act }`). */
function importedHooks(sf: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!st.moduleSpecifier.text.startsWith('@copilotkit/')) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements)
      if (HOOKS.has((el.propertyName ?? el.name).text))
        out.set(el.name.text, (el.propertyName ?? el.name).text);
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
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        hooks.has(node.expression.text)
      ) {
        const [spec] = node.arguments;
        let name: ts.Node | undefined;
        if (spec && ts.isObjectLiteralExpression(spec))
          for (const p of spec.properties)
            if (ts.isPropertyAssignment(p) && p.name.getText(sf) === 'name') name = p.initializer;
        if (name && (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))) {
          const start = name.getStart(sf) + 1;
          out.push({
            name: name.text,
            location: { file: rel, ...at(start), start, end: start + name.text.length },
            use: useOf(hooks.get(node.expression.text)!, spec as ts.ObjectLiteralExpression, sf),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/**
 * The client tools an AG-UI front end may send to the agents it can reach: those registered with
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
        reason: `a CopilotKit front end served through @ag-ui/mastra may send the client tools ${names.join(', ')} with each request`,
      });
  return tools
    .filter((t) => t.use === 'render')
    .map((t) => ({ name: t.name, location: t.location, agents: served.map((a) => a.index) }));
}
