/**
 * The names the app's own tools, sub-agents and workflows go by in code (keys, wire names, ids,
 * variable and export names, agent ids and registered keys, names a run-time source gives; not the
 * display names of agents, which are prose), and whether a word of a prompt is another spelling of
 * one: the same words in another case or separator (`push_signal`, `pushSignal` for
 * `pushSignalTool`; `crm.search_leads` for `crm_search_leads`), or an id cut short
 * (`system_memory_write` for `system_memory_write_observation`). Such a word points at something
 * the code defines; a word like `manual_review_required` or `risk_factor` points at nothing, and is
 * no tool mention unless the prompt or the name itself says it is one (`isToolShaped`). A
 * capitalised word (`SoftOne`, `NotebookLM`) is a product or a type unless the app uses it as is.
 */
import type { AgentInfo, ScanResult } from '../../scan/model.ts';
import { agentEntries, callEntries, wireOf } from '../../offers/entries.ts';

/**
 * The words of a name, lower case, without a `tool` word (`pushSignal` is `pushSignalTool` without
 * it); `agent` and `workflow` stay, or every agent id would tie to a plain word (`follow-up` to
 * `followup-agent`).
 */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && w !== 'tool' && w !== 'tools');
}

/** A name written like code that says what it is: `searchTool`, `writing-agent`, `workflow-x`. */
export function isToolShaped(name: string): boolean {
  return (
    /^(agent|workflow)-\w/.test(name) ||
    /[-_](tool|agent|workflow)$/i.test(name) ||
    /[a-z0-9](Tool|Agent|Workflow)$/.test(name) ||
    /^[a-z][a-z0-9]*[A-Z0-9]+(Tool|Agent|Workflow)$/.test(name)
  );
}

export interface AppNames {
  /** The app's name `word` is another spelling of, preferring `preferred` ones; undefined if none. */
  tiedTo(word: string, preferred?: ReadonlySet<string>): string | undefined;
}

/** camelCase, two words or more: `queryHandbook`. */
const CAMEL = /^[a-z][a-z0-9]*([A-Z][a-z0-9]+)+$/;

/** Folded names shorter than this (`db`, `run`) tie too much to count. */
const MIN_FOLD = 4;

/**
 * Every name a tool, sub-agent or workflow of one agent goes by in code (key, wire name, variable,
 * id, a built-in's export) with the wire name the agent offers it under; and the names its run-time
 * sources give (as they are, or an alias a prompt may use for one, with what it is offered as).
 */
export function toolSpellings(
  scan: ScanResult,
  agent: AgentInfo,
): Array<{ name: string; wire: string; alias?: true }> {
  const out: Array<{ name: string; wire: string; alias?: true }> = [];
  const add = (name: string | undefined, wire: string, alias = false) => {
    if (name) out.push({ name, wire, ...(alias ? { alias: true as const } : {}) });
  };
  const calls = scan.calls.filter((c) => c.agentIndex === agent.index);
  for (const e of [...agentEntries(agent), ...calls.flatMap(callEntries)]) {
    const wire = wireOf(e, agent);
    for (const n of [e.key, wire, e.valueName]) add(n, wire);
    if ('id' in e.value) add(e.value.id, wire);
    if (e.value.kind === 'builtin' || e.value.kind === 'web-search-marker')
      add(e.value.exportName, wire);
  }
  for (const set of [agent.tools, agent.agents, agent.workflows])
    for (const r of set.runtime) {
      for (const n of r.names ?? []) add(n, n);
      for (const a of r.aliases ?? []) add(a.name, a.as, true);
    }
  return out;
}

export function appNames(scan: ScanResult): AppNames {
  const all = new Set<string>();
  for (const agent of scan.agents) {
    for (const n of [agent.id, agent.variable, ...agent.registeredAs]) if (n) all.add(n);
    // A run-time source's alias (`lsp_inspect`) is what a prompt may write, not a name the code has.
    for (const { name, alias } of toolSpellings(scan, agent)) if (!alias) all.add(name);
  }
  // The tools of an MCP server the app writes for another client are tools too, of that server.
  for (const t of scan.serverTools ?? []) all.add(t.name);
  for (const w of scan.appWorkflows ?? []) all.add(w.name);
  const byFold = new Map<string, string[]>();
  const ids: Array<{ name: string; words: string[] }> = [];
  for (const name of all) {
    const words = nameWords(name);
    const fold = words.join('');
    // A one-word tool (`arxivTool`) is named after a thing prose names too (`arXiv`).
    if (fold.length >= MIN_FOLD && words.length >= 2)
      byFold.set(fold, [...(byFold.get(fold) ?? []), name]);
    if ((/[-_]/.test(name) || CAMEL.test(name)) && words.length >= 3) ids.push({ name, words });
  }
  const pick = (names: readonly string[], preferred?: ReadonlySet<string>) =>
    names.find((n) => preferred?.has(n)) ?? names[0];
  return {
    tiedTo(word, preferred) {
      if (all.has(word)) return word;
      const words = nameWords(word);
      const fold = words.join('');
      // A capitalised word is prose or a brand (`OpenAI`, `GitHub`), unless it is PascalCase for
      // one of the tools asked about (`TodoRead` for this agent's todoRead).
      if (/^[A-Z]/.test(word)) {
        // Words each capitalised (`TodoRead`), not an acronym in it (`GraphRAG`, `OpenAI`).
        if (!/^([A-Z][a-z0-9]+){2,}$/.test(word) || fold.length < MIN_FOLD) return undefined;
        return byFold.get(fold)?.find((n) => preferred?.has(n));
      }
      if (fold.length >= MIN_FOLD && byFold.has(fold)) return pick(byFold.get(fold)!, preferred);
      // `system_memory_write`: the first words of a longer id, written as an id too
      // (`queryHandbook` for `queryHandbookSmart`: a tool renamed by a word added at its end).
      if (!(/[-_]/.test(word) || CAMEL.test(word)) || words.length < 2) return undefined;
      // Not `dataProcessing` or `data-analyst` for `dataProcessingAgent`, `dataAnalystAgent`: the
      // topic an agent is named after.
      const camel = !/[-_]/.test(word);
      const hits = ids.filter(
        (id) =>
          id.words.length > words.length &&
          words.every((w, i) => id.words[i] === w) &&
          !(
            (camel || !/[-_]/.test(id.name)) &&
            /^(agent|workflow)$/.test(id.words.slice(words.length).join(' '))
          ),
      );
      return hits.length
        ? pick(
            hits.map((h) => h.name),
            preferred,
          )
        : undefined;
    },
  };
}
