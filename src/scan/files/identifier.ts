/**
 * A JavaScript identifier found as a whole word in source text: not part of a longer identifier
 * (`$` counts as an identifier character). `quoted: false` also leaves out a string that spells it
 * (`id: 'researchAgent'`), to count uses of a variable, not mentions of its name.
 */
export function identifierPattern(
  name: string,
  { flags = '', quoted = true }: { flags?: string; quoted?: boolean } = {},
): RegExp {
  const edge = quoted ? '\\w$' : '\\w$\'"`';
  return new RegExp(`(?<![${edge}])${name.replace(/\$/g, '\\$')}(?![${edge}])`, flags);
}
