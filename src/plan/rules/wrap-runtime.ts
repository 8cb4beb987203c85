/**
 * `wrap-runtime-tools` (opt-in): an MCP client's `await mcp.listTools()` in an agent's tools
 * becomes `(await normaliseTools(mcp.listTools())).tools`, with the helper imported from
 * `mastra-tool-names/runtime`, so the names are picked where the tools enter the app instead of by
 * Mastra at every call. Only where the scan saw the whole use of the record (wrap.ts in the scan);
 * elsewhere, and when the rule is not selected, the `runtime-names` finding says what it would do.
 */
import { toWireName } from '../../names/wire-name.ts';
import type { Location, RuntimeTools, ScanResult, WrapSite } from '../../scan/model.ts';
import { agentLabel } from '../../offers/agent-label.ts';
import type { Edit, Finding } from '../model.ts';

export const WRAP_RULE = 'wrap-runtime-tools';
const MODULE = 'mastra-tool-names/runtime';

type Site = Exclude<WrapSite, { blocked: string }>;

const wrapped = (site: Site) => `(await normaliseTools(${site.call})).tools`;

/** What the helper does to the names, with its defaults (src/runtime/index.ts). */
const EFFECT =
  'with its defaults a legal name stays as it is, and a name with other characters gets the name Mastra would have sent; ' +
  'those no longer move after the legal ones in the list the model gets, and two names that end up the same make the await throw, naming both, where Mastra failed every generate() call';

function servers(r: RuntimeTools): string {
  const names = r.prefixes.map((p) => p.slice(0, -1));
  return names.length ? ` (server${names.length > 1 ? 's' : ''} ${names.join(', ')})` : '';
}

function wireOfPrefixes(r: RuntimeTools, rewrite: boolean): string {
  return r.prefixes.map((p) => `${rewrite ? toWireName(`${p}x`).slice(0, -1) : p}*`).join(', ');
}

function importEdit(site: Site, at: Location, agents: string[], line: number): Edit {
  const q = site.quote;
  const after = `\nimport { normaliseTools } from ${q}${MODULE}${q}${site.semicolon ? ';' : ''}`;
  return {
    rule: WRAP_RULE,
    target: 'import',
    location: at,
    before: '',
    after,
    value: after,
    reason: `imports the runtime helper for the wrap at line ${line}`,
    effect: 'preserved',
    wire: { before: '', after: '' },
    agents,
  };
}

export function planWrapRuntimeTools(scan: ScanResult): { edits: Edit[]; findings: Finding[] } {
  const edits: Edit[] = [];
  // Per package.json that cannot import the helper: the wraps that need it.
  const missing = new Map<string, { locations: Location[]; agents: Set<string> }>();
  for (const agent of scan.agents) {
    const label = agentLabel(agent);
    for (const r of agent.tools.runtime) {
      const site = r.wrap;
      if (!site || 'blocked' in site) continue;
      edits.push({
        rule: WRAP_RULE,
        target: 'expression',
        location: site.location,
        before: site.text,
        after: wrapped(site),
        value: wrapped(site),
        reason: `${site.call} is an MCP client's tool record${servers(r)}, used only as the tools of agents, so Mastra names its tools \`\${server}_\${tool}\` at every call; normaliseTools from ${MODULE} names them where they enter instead: ${EFFECT}`,
        effect: 'preserved',
        wire: { before: wireOfPrefixes(r, true), after: wireOfPrefixes(r, true) },
        agents: [label],
      });
      if (site.importAfter)
        edits.push(importEdit(site, site.importAfter, [label], site.location.line));
      if (site.missingDependency !== undefined) {
        const m = missing.get(site.missingDependency) ?? { locations: [], agents: new Set() };
        if (
          !m.locations.some((l) => l.file === site.location.file && l.start === site.location.start)
        )
          m.locations.push(site.location);
        m.agents.add(label);
        missing.set(site.missingDependency, m);
      }
    }
  }
  const findings: Finding[] = [...missing].map(([manifest, m]) => {
    const dir = manifest.includes('/') ? manifest.slice(0, manifest.lastIndexOf('/')) : '.';
    return {
      kind: 'missing-dependency',
      rule: WRAP_RULE,
      message: `the wrap imports ${MODULE}, and ${manifest === '.' ? 'no package.json' : manifest} does not list mastra-tool-names (nor is it installed there): until it is a dependency the app fails to load; add it with \`npm install mastra-tool-names\`${dir === '.' ? '' : ` in ${dir}`} (or your package manager's add)`,
      locations: m.locations,
      agents: [...m.agents],
    };
  });
  return { edits, findings };
}

/** What the `runtime-names` finding adds about the rule: the fix, what it did, or why it did not. */
export function wrapNote(r: RuntimeTools, selected: boolean): string {
  const site = r.wrap;
  if (!site) return '';
  if ('blocked' in site)
    return selected
      ? `; not wrapped in normaliseTools (--wrap-runtime-tools): ${site.blocked}`
      : '';
  return selected
    ? `; wrapped in normaliseTools (--wrap-runtime-tools): ${wrapped(site)}`
    : `; run with --wrap-runtime-tools to name them where they enter: ${wrapped(site)}`;
}
