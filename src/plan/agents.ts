/** How the plan's edits are written and keyed, and the reason an undecided version gives. */
import { describeVersion } from '../names/versions.ts';
import type { AgentInfo, Location } from '../scan/model.ts';

export function locationKey(l: Location): string {
  return `${l.file}:${l.start}`;
}

export function renderKey(key: string, originalText: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) return key;
  const quote = originalText.startsWith('"') ? '"' : "'";
  return quote + key.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`) + quote;
}

export function renderString(value: string, originalRaw: string): string {
  const quote = originalRaw[0] === '"' || originalRaw[0] === '`' ? originalRaw[0] : "'";
  return quote + value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`) + quote;
}

export function versionUndecided(
  agent: Pick<AgentInfo, 'mastra'>,
  label: string,
  names: string[],
): string {
  return `${label} runs ${describeVersion(agent.mastra)}, under which the model is offered ${names.map((n) => `"${n}"`).join(' or ')} (the agent- and workflow- prefixes came in 0.22.0, the key rewrite in 0.13.2); install the dependencies, commit the lockfile or pin @mastra/core in package.json so the version is known`;
}
