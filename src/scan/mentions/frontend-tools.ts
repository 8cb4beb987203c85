/**
 * Tools a CopilotKit front end defines for the agent it chats with (`useCopilotAction({ name })`,
 * `useFrontendTool`, `useHumanInTheLoop`, imported from `@copilotkit/*`). The AG-UI adapter
 * (`@ag-ui/mastra`: `MastraAgent`, `registerCopilotKit`) passes them to the agent's stream() as
 * client tools with each request, so an agent it serves may be offered them by those names, though
 * no code of the agent lists them. A front-end file often sits in a package that cannot import
 * Mastra, so it is read here from its text, never parsed into the project.
 */
import path from 'node:path';
import { ts } from '../../ts-morph.ts';
import { scriptKindFor } from '../files/project.ts';
import { lineLocator } from '../files/lines.ts';
import type { AgentInfo, Location } from '../model.ts';

const HOOKS = new Set(['useCopilotAction', 'useFrontendTool', 'useHumanInTheLoop']);

export interface FrontendTool {
  name: string;
  location: Location;
}

/** The hooks' local names a file imports from a CopilotKit package (`import { useCopilotAction as act }`). */
function importedHooks(sf: ts.SourceFile): Set<string> {
  const out = new Set<string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue;
    if (!st.moduleSpecifier.text.startsWith('@copilotkit/')) continue;
    const bindings = st.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements)
      if (HOOKS.has((el.propertyName ?? el.name).text)) out.add(el.name.text);
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
 */
export function addFrontendTools(
  agents: readonly AgentInfo[],
  tools: readonly FrontendTool[],
): void {
  if (!tools.length) return;
  const names = [...new Set(tools.map((t) => t.name))];
  const registered = agents.filter((a) => a.registeredAs.length > 0);
  for (const agent of registered.length ? registered : agents)
    agent.tools.runtime.push({
      origin: 'tools',
      location: tools[0]!.location,
      text: names.join(', ').slice(0, 120),
      kind: 'client',
      prefixes: [],
      names,
      bounded: true,
      reason: `a CopilotKit front end served through @ag-ui/mastra may send the client tools ${names.join(', ')} with each request`,
    });
}
