/**
 * Skills an agent with a workspace (or `skills`) can load by name. Mastra reads a skill from a
 * `SKILL.md` and names it by its front matter's `name` (1.71.0 `workspace`: `parseSkillFiles`),
 * and the model loads one by passing that name to the `skill` tool. A prompt naming a skill names a
 * value of that tool's input, which may also be spelled like a sub-agent or tool.
 */
import path from 'node:path';
import { parse } from 'yaml';
import type { AgentInfo, SkillName } from '../model.ts';

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/;

/** Whether some agent can load skills: a workspace (whose skills are not read) or a `skills` option. */
export function loadsSkills(agent: AgentInfo): boolean {
  return agent.tools.runtime.some((r) => r.kind === 'workspace' || r.kind === 'skills');
}

/** The skills the listed `SKILL.md` files define, by name (relative paths). */
export function skillNames(
  root: string,
  texts: readonly string[],
  read: (file: string) => string | undefined,
): SkillName[] {
  const out: SkillName[] = [];
  for (const file of texts) {
    if (path.basename(file) !== 'SKILL.md') continue;
    const head = FRONT_MATTER.exec(read(file) ?? '');
    let name: unknown;
    try {
      name = head ? (parse(head[1]!) as { name?: unknown } | null)?.name : undefined;
    } catch {
      name = undefined;
    }
    if (typeof name === 'string' && name.trim())
      out.push({ name: name.trim(), file: path.relative(root, file).split(path.sep).join('/') });
  }
  return out;
}
