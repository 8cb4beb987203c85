/** `- **NAME**: …` entries under a heading of a routing agent's system prompt (what network() lists). */
export function listedUnder(system: string, heading: string): string[] {
  const start = system.indexOf(heading);
  if (start === -1) return [];
  const rest = system.slice(start + heading.length);
  const end = rest.search(/\n\s*## |\n\s*If you have multiple entries/);
  return [...(end === -1 ? rest : rest.slice(0, end)).matchAll(/^\s*- \*\*(.+?)\*\*:/gm)].map(
    (m) => m[1]!,
  );
}
