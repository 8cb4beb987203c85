/**
 * Which words of a prompt are tool names the prompt tells the model to use. To raise no false alarm,
 * a word counts only on a line that talks about using something (a word such as "tool", "call" or
 * "delegate"), or as the quoted name a list item starts with in a section whose heading names tools
 * (`## Available Tools` then `- \`status.update\` - …`), when it is shaped like a tool name, and when the prompt treats it as one: quoted or
 * backticked, or written like a name only code makes (`agent-…`, `…Tool`, `snake_case`), and not
 * one of the shapes real prompts use for other things:
 * - hyphenated English ("multi-agent", "human-friendly", "back-to-back", "workflow-specific");
 * - parameters, fields and enum values of the repository's schemas (`patch_json`, `user_id`), and
 *   words a prompt calls a field, column, parameter, phase, status... (`review_phase`);
 * - values in JSON examples and example data (`"source": "arxiv"`, `item:123`);
 * - code samples inside ``` fences, file names, constants in capitals.
 * Every filter has a true case of the same shape in test/prompt-words.test.ts.
 */
import { slashPair, underscoreRuns } from '../../scan/mentions/word-shape.ts';

/** Words that may be schema fields or enum values of the repository (`DataWords` in the scan). */
export interface DataWords {
  has(word: string): boolean;
  /**
   * `not_scored` inside the fields `not_scored_reason` / `dimensions_not_scored`: a snake_case word
   * that is a run of a field's parts is the schema's vocabulary.
   */
  hasPart?(word: string): boolean;
}

export interface ToolWord {
  name: string;
  /** Offset in the text. */
  offset: number;
  quoted: boolean;
  /** The line it is on, and where on it. */
  line: string;
  column: number;
  /** The words around it call it a tool: `call X`, `the X tool`, `delegate to X`. */
  strong: boolean;
  /** A verb before it says to call it (`call X`, `קרא ל-X`): a function's name, whatever its case. */
  called?: boolean;
}

/** A word that asks the model to use something by name. */
/** `- \`name\``, `* \`name\``, `1. \`name\``: a list item whose first word is a quoted name. */
const LISTED_NAME = /^\s*(?:[-*+]|\d+[.)])\s+[`'"]([A-Za-z_][\w.:-]*[\w])[`'"]/;
/**
 * A line that introduces a list of tools ("Available tools:", "利用可能なツール：", "Herramientas:"):
 * it names tools and ends with a colon.
 */
const TOOL_LIST_INTRO =
  /(\b(tools?|functions?|herramientas?|ferramentas?|outils?|werkzeuge?|strumenti)\b|ツール|工具|도구|инструмент)[^\n]{0,40}[:：]\s*$/i;
const INTRO_OF_DATA =
  /\b(param(eter)?s?|arg(ument)?s?|fields?|inputs?|outputs?|options?|propert(y|ies)|columns?|returns?|returned|settings?)\b|パラメータ|引数|参数|字段/i;
/** "use log-audit-event tool with:", "call it passing:": the items after it are the call's arguments. */
const ARGUMENTS_INTRO = /\b(with|passing)\s*\**[:：]\**\s*$/i;
/**
 * "调用 figmaImageFetcher 工具：", "Call the `search_docs` tool:": a line that names the one tool to
 * call introduces what to pass it, not a list of tools (a name shaped like code right before the
 * singular word for tool and the colon).
 */
const ONE_TOOL_INTRO =
  /(?:^|[^\w.-])(?:[A-Za-z_]\w*[-_.]\w+|[a-z]\w*[a-z0-9][A-Z]\w*)\\?[`'"]?\s*(tool|工具|ツール|도구)\**\s*[:：]\**\s*$/i;
const introducesData = (line: string) =>
  INTRO_OF_DATA.test(line) || ARGUMENTS_INTRO.test(line) || ONE_TOOL_INTRO.test(line);
/**
 * `- brave_web_search: web search`, `- **ask-user**: Ask questions`: a list item that starts with a
 * name (bold too) and says what it does.
 */
const ITEM_NAME =
  /^\s*(?:[-*+]|\d+[.)])\s+(?:\*\*)?\\?[`'"]?([A-Za-z_][\w-]*[\w])\\?[`'"]?(?:\*\*)?\s*([:：(—–]|\s-\s|$)/;
const ENGLISH_CONTEXT =
  /\b(tools?|call(s|ing)?|use|using|invoke|run|delegate|hand ?off|agents?|workflows?|function)\b/i;
/**
 * The same words in the other languages prompts are written in (Chinese, Japanese, Korean, Hebrew,
 * Russian, Spanish, Portuguese, French, German, Italian): a tool name keeps its Latin spelling
 * inside them ("קרא ל-DatasetInfo", "使用 search_docs 工具"). Scripts without spaces between words
 * have no word boundaries to test.
 */
const OTHER_CONTEXT =
  /工具|调用|調用|呼叫|使用|执行|執行|ツール|呼び出|使って|実行|活用|도구|툴|호출|사용|실행|כלי|קרא ל|קראי ל|השתמש|הפעל|הרץ|инструмент|вызов|вызыва|вызови|использ|\b(herramientas?|ferramentas?|outils?|werkzeug(e)?|strumenti|strumento|llam(a|ar)|cham(a|ar)|appel(s|le|les|er|ez)?|aufrufen|rufe|usar|utiliz(a|ar)|utilis(e|er)|verwende|nutze|invoca|ejecut(a|ar)|execut(a|ar)|exécute)\b/i;
const TOOL_CONTEXT = {
  test: (line: string) => ENGLISH_CONTEXT.test(line) || OTHER_CONTEXT.test(line),
};
/**
 * Word characters of a tool name (dots and colons only inside quotes, see below). A hyphen before
 * it joins it to a word, except after a Hebrew letter, where it attaches a preposition
 * ("ל-DatasetInfo": to DatasetInfo).
 */
const TOKEN = /(?<![\w.:@\\])(?<!(?<![\u0590-\u05FF])-)([A-Za-z_][\w.:-]*[\w])(?![\w@])/g;
/** `googleLocalTool`, `fetch-page-tool`: a name that says itself it is a tool, on any line. */
const SELF_NAMED = /^[a-z][A-Za-z0-9]*[A-Za-z0-9]Tool$|^[a-z][a-z0-9]*([-_][a-z0-9]+)*[-_]tool$/;

/** Hyphenated words of ordinary prose that look like kebab-case names. */
const PROSE =
  /^(e-mail|follow-up|step-by-step|up-to-date|real-time|well-known|so-called|built-in|one-off|read-only|opt-in|opt-out|check-in|sign-in|sign-up|log-in|set-up|end-to-end|first-class|high-level|low-level|long-running|multi-step|to-do|add-on|plug-in|how-to|trade-off|follow-on)$/i;
/** English prefixes of hyphenated adjectives: multi-agent, self-hosted, human-friendly, non-blocking. */
const PROSE_FIRST =
  /^(multi|single|non|self|cross|inter|intra|sub|pre|post|re|co|anti|semi|meta|mid|over|under|well|ill|half|full|all|high|low|long|short|open|human|real|near|first|second|third|one|two|three|per|out|off|de|un|auto|mini|micro|macro|ultra|super|hyper|next|last|best|most|least|fast|slow|deep|wide|small|large|big|top|in|on|up|down|back|front)-/i;
/** English suffixes of hyphenated adjectives: workflow-specific, tool-based, context-aware. */
const PROSE_LAST =
  /-(specific|based|level|driven|friendly|aware|like|wide|only|first|centric|agnostic|facing|ready|related|oriented|focused|powered|enabled|style|safe|free|heavy|native|independent|dependent|bound|specific|sensitive|intensive|critical|ended|step|turn|shot|time|term|scale|grade|world|house|made|generated|defined|provided|supplied|calling|use|using|compatible|capable|owned|scoped|managed|controlled|led|backed|hosted|side|wise|proof|less|ful|ish|style|down|up|out|off|in|on)$/i;
/** Function words: a name with one of them between hyphens is a phrase (back-to-back, state-of-the-art). */
const PHRASE = /-(to|by|of|in|on|the|a|an|and|or|for|with|per|at)-/i;
/** Words that say the next or previous word is data, not a tool. */
const DATA_CONTEXT =
  /^(objects?|fields?|columns?|param(eter)?s?|arg(ument)?s?|propert(y|ies)|attributes?|keys?|values?|variables?|enums?|phases?|steps?|stages?|status(es)?|states?|modes?|types?|categor(y|ies)|flags?|labels?|tags?|tables?|formats?|events?|roles?|options?|settings?|inputs?|outputs?|records?|rows?|entit(y|ies)|schemas?|templates?|json)$/i;

/** `name` / "name" / 'name', also with an escaped closing quote as it appears in source text. */
function quotedAt(line: string, at: number, length: number): boolean {
  const before = line[at - 1] ?? '';
  const after = line[at + length] ?? '';
  const close = after === '\\' ? (line[at + length + 1] ?? '') : after;
  return /[`'"]/.test(before) && before === close;
}

function shapedLikeName(name: string): boolean {
  return /[-_.:]/.test(name) || /[a-z][A-Z]/.test(name);
}

export function isProseHyphenation(name: string): boolean {
  if (!/^[a-z0-9]+(-[a-z0-9]+)+$/i.test(name)) return false;
  // A noun joined to a gerund (evidence-gathering, decision-making) is an English compound.
  const gerund = /^[a-z]+-[a-z]{2,}ing$/.test(name);
  return (
    gerund ||
    PROSE.test(name) ||
    PHRASE.test(name) ||
    PROSE_FIRST.test(name) ||
    PROSE_LAST.test(name)
  );
}

/** Written like a name only code makes. */
function shapedLikeCode(name: string): boolean {
  if (isProseHyphenation(name)) return false;
  return (
    /^(agent|workflow)-\w/.test(name) ||
    /-(tool|agent|workflow)$/.test(name) ||
    /[a-z](Tool|Agent|Workflow)$/.test(name) ||
    // `writeDOCXTool`: an acronym before the kind, in a name that starts like code.
    /^[a-z][a-z0-9]*[A-Z0-9]+(Tool|Agent|Workflow)$/.test(name) ||
    /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)
  );
}

/** A name of a list the verb before it governs ("call A (AST first), then B", "call A and B"). */
const LISTED_AFTER =
  /\b(call(s|ing)?|invok(e|es|ing))\s+(the\s+)?(\\?[`'"]?[A-Za-z_][\w:-]*(\.[\w:-]+)*\\?[`'"]?(\s*\([^()\n]{0,40}\))?(\s*,\s*(then\s+|and\s+|or\s+)?|\s+(then|and|or)\s+))+$/i;
/**
 * The same in French and Spanish: "appelle X", "tes appels à X, Y et Z", "llama a X o Y" (the
 * article or preposition after the verb, and the words for and, or, then).
 */
const CALLED_ROMANCE =
  /(\bappel(s|le|les|er|ez)?\s+(à|au|aux)\s+|\bappel(le|les|er|ez)\s+|\bllam(a|ar|e)\s+(a|al)\s+)((\\?[`'"]?[A-Za-z_][\w:-]*\\?[`'"]?)(\s*,\s*((et|ou|puis|y|o|luego)\s+)?|\s+(et|ou|puis|y|o|luego)\s+))*$/i;

/** "call X", "invoke X", and the same verbs in other languages ("调用 X", "קרא ל-X", "вызови X"). */
export function calledAt(line: string, at: number): boolean {
  const before = line.slice(0, at).replace(/\\?[`'"]$/, '');
  return (
    /\b(call(s|ing)?|invok(e|es|ing))\s+(the\s+)?$/i.test(before) ||
    LISTED_AFTER.test(before) ||
    CALLED_ROMANCE.test(before) ||
    /(调用|調用|呼叫|קרא ל-?|קראי ל-?|вызови(те)?\s+|вызывай\s+)\s*$/.test(before)
  );
}

/**
 * After a name, or after the names it is listed with and an aside ("`a` や `b` (もしあれば) を活用"),
 * in languages that put the verb last: a word for tool, or calling (Japanese を呼び出, Korean 를
 * 호출). A verb of running or using (を実行, を使用, 를 실행) says as much only of a quoted name, as
 * "run `x`" would: `mcpClientを使用して` is a means, `POLICY_NOT_SET: save_policy を実行` an action
 * value.
 */
const LISTED_WITH =
  /^(\s*(や|と|、|,|および|及び|または|か)\s*\\?[`'"]?[A-Za-z_][\w.:-]*\\?[`'"]?)*(\s*[(（][^()（）\n]{0,20}[)）])?\s*/;
const AFTER_CALL = /^(工具|ツール|を呼び出|도구|툴|[을를]\s?호출)/;
const AFTER_RUN = /^(を実行|を使用|を使って|を使い|を利用|を活用|[을를]\s?(실행|사용))/;

function afterName(after: string, quoted: boolean): boolean {
  const rest = after.slice(LISTED_WITH.exec(after)![0].length);
  return AFTER_CALL.test(rest) || (quoted && AFTER_RUN.test(rest));
}

/**
 * A quoted word the next word calls a tool: "the `grep` tool", "`snapshot` ツールを実行". One word is
 * a name only so: unquoted, or without the word for tool, it is prose.
 */
function oneWordTool(line: string, at: number, name: string): boolean {
  if (!/^[a-z][a-z0-9]{2,}$/.test(name)) return false;
  return /^\\?[`'"]\s*(tool\b|ツール|工具|도구|툴)/i.test(line.slice(at + name.length));
}

/**
 * "use the XAUUSD structure, session-levels, correlation, or fundamental-context tool": the last of
 * a list after an article, some of whose items are plain words, names a kind of tool by its topic
 * as "the news tool" does (a list of names only, `the search_docs, fetch_page or web_search tool`,
 * still names tools).
 */
function topicList(before: string): boolean {
  const m = /\b(?:the|a|an|any|each|every)\s+([A-Za-z][\w\s,-]*(?:,|\band|\bor))\s+$/i.exec(before);
  if (!m || !m[1]!.includes(',')) return false;
  const items = m[1]!
    .replace(/(,|\band|\bor)$/i, '')
    .split(/,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+/i)
    .map((item) => item.trim().split(/\s+/).pop() ?? '');
  return items.length >= 3 && items.some((w) => /^[a-z]{3,}$/.test(w));
}

/** "the file-read tool", "call file-read": the words around a name say it is a tool. */
export function namedAsTool(line: string, at: number, length: number): boolean {
  const before = line.slice(0, at).replace(/\\?[`'"]$/, '');
  const after = line.slice(at + length).replace(/^\\?[`'"]/, '');
  // "the appropriate iMessage tool", "a French home-buyer due-diligence tool": words between the
  // article and it make it say what kind of tool, not which one (unless it is quoted, as names are).
  const quoted = before.length < line.slice(0, at).length;
  const kind =
    !quoted &&
    (/\b(the|a|an|any|each|every)\s+([A-Za-z][\w-]*\s+){1,3}$/i.test(before) || topicList(before));
  return (
    (/^\s+(tool|sub-agent)s?\b/i.test(after) && !kind) ||
    /\b(delegate to|hand off to)\s+(the\s+)?$/i.test(before) ||
    calledAt(line, at) ||
    // "X 工具", "Xを呼び出す", "`a` と `b` を実行": the same words after the name (or after the
    // names it is listed with) in languages that put the verb last.
    afterName(after, quoted) ||
    // "tools (ask_kepler)", "Tools: a, b, c", "**Tool:** `a`": the list right after the word.
    /\btools?\**\s*[:(：]\s*\**\s*(\\?[`'"]?[\w.:-]+\\?[`'"]?\s*,\s*)*$/i.test(before)
  );
}

/** The word next to the name says it is a field, parameter, phase...: `the review_phase step`. */
export function dataContext(line: string, at: number, length: number): boolean {
  const prev = /([A-Za-z]+)\W{0,3}$/.exec(line.slice(0, at).replace(/\\?[`'"]$/, ''))?.[1];
  const next = /^\\?[`'"]?\W{0,3}([A-Za-z]+)/.exec(line.slice(at + length))?.[1];
  const after = line.slice(at + length).replace(/^\\?[`'"]/, '');
  // `user_id: 42`, `status="done"`: a key with its value (not `- searchDocs: searches the docs`).
  if (/^\s*[:=]\s*(\d|["'`{[]|true\b|false\b|null\b)/.test(after)) return true;
  // `f(result, authorAgentId:'worker-agent')`, `{ mode: 'x' }`: the quoted value of a named
  // argument or an object's key is data passed along (not `CRM: \`update_status\`` in prose).
  if (/[({,]\s*[A-Za-z_]\w*\s*[:=]\s*\\?['"`]$/.test(line.slice(0, at))) return true;
  return Boolean((prev && DATA_CONTEXT.test(prev)) || (next && DATA_CONTEXT.test(next)));
}

/**
 * `Set operatorType: "google_search", "url_context"`: quoted values written for a field of the
 * app's schemas (a parameter of one of its tools), not names to call.
 */
function fieldValueAt(line: string, at: number, data: DataWords): boolean {
  const field =
    /\b([A-Za-z_]\w*)\s*[:=]\s*(?:\\?["'`][^"'`\n]*\\?["'`]\s*(?:,|\bor\b|\|)\s*)*\\?["'`]$/.exec(
      line.slice(0, at),
    )?.[1];
  return field !== undefined && data.has(field);
}

/** Last words of snake_case names that hold data rather than do something. */
const DATA_SUFFIX =
  /_(id|ids|at|on|by|rate|rates|count|name|names|type|status|date|time|url|uri|key|number|amount|total|code|score|level|phase|state|flag|mode|value|text|price|size|length|index|token|tokens|email|phone|address|path|dir|file)$/i;

/** `"source": "arxiv"`: a key or value in a JSON example line. */
function inJson(line: string, name: string): boolean {
  const plain = line.replace(/\\"/g, '"');
  return plain.includes(`"${name}"`) && /"[^"\n]*"\s*:\s*["\d[{tfn]/.test(plain);
}

/**
 * `GitHub tools`, `the CrewAI Release Changelog Agent`: a capitalised product or a Title Case phrase
 * names a family of tools or a thing outside the app, not one key.
 */
function brandOrTitle(line: string, at: number, name: string): boolean {
  if (!/^[A-Z][A-Za-z]*$/.test(name)) return false;
  const after = line.slice(at + name.length);
  // "calling IoT services", "the Stripe webhooks": it qualifies the plural noun after it.
  const plural = /^\s+([a-z]{3,}s)\b/.exec(after)?.[1];
  const modifies = plural !== undefined && !/^(is|was|has|does|returns|gives|takes)$/.test(plural);
  return /^\s+tools\b/.test(after) || /^\s+[A-Z][a-z]/.test(after) || modifies;
}

/**
 * Words of the repository's schemas, with every run of two or more `_`-parts of a snake_case field
 * (`dimensions_not_scored` gives `dimensions_not` and `not_scored`) for `hasPart`.
 */
export function dataWordsOf(words: readonly string[]): DataWords {
  const all = new Set(words);
  const parts = new Set(words.flatMap(underscoreRuns));
  return { has: (w) => all.has(w), hasPart: (w) => parts.has(w) };
}

/** `<knowledge_base>`, `</knowledge_base>`: a section tag of the prompt's markup, not a name. */
function tagName(line: string, at: number, name: string): boolean {
  return /<\/?$/.test(line.slice(0, at)) && /^(\s[^<>]*)?\/?>/.test(line.slice(at + name.length));
}

/**
 * "You are the CasperAgent assistant", "You are ResearchAgent": the name a prompt gives the agent
 * it is read by (its persona or product), not something it is to call.
 */
export function selfIntroduced(line: string, at: number): boolean {
  return /\byou\s+are\s+(?:the\s+|an?\s+)?\**\\?[`'"]?$/i.test(line.slice(0, at));
}

/**
 * "use query_system_knowledge to look up...", "(use get-team-members to resolve names)", "use
 * queryData instead": a name shaped only as code makes it (snake_case, kebab-case that is not
 * English, camelCase) used to do something. Not a field or value (`use created_at to sort`): the
 * caller keeps the data filters for it.
 */
export function usedTo(line: string, at: number, name: string): boolean {
  const code =
    (/^[a-z][a-z0-9]*([_-][a-z0-9]+)+$/.test(name) && !isProseHyphenation(name)) ||
    /^[a-z][a-z0-9]*([A-Z][a-z0-9]+)+$/.test(name);
  if (!code) return false;
  const before = line.slice(0, at).replace(/\\?[`'"]$/, '');
  const after = line.slice(at + name.length).replace(/^\\?[`'"]/, '');
  return (
    /\buse\s+$/i.test(before) &&
    /^(\(\))?\s+(to|for|instead|first|when|before|after)\b/i.test(after)
  );
}

/** A module specifier (`cloudflare:workers` after an import's from): not a name. */
function moduleSpecifier(line: string, at: number): boolean {
  return /\b(from|import|require\()\s*[`'"]$/.test(line.slice(0, at));
}

/** How `toolWords` reads a text; every part is off unless the caller turns it on. */
export interface ToolWordOptions {
  /**
   * Names the app's own tools, agents or workflows make likely (another spelling of one): the
   * code, not the words around them, says what they are, so they count on any line and in any
   * shape that is not code, a file name, a constant or JSON.
   */
  tied?: (name: string) => boolean;
  /**
   * Read the lists a line about tools introduces (default on). Not in a tool's description: there
   * "Sub-tools included:" lists the steps inside that tool, not tools to call.
   */
  introducedLists?: boolean;
  /**
   * Names that count as plain words (`artifacts`) where the words around call them a tool ("use
   * the artifacts tool"): the caller decides where no tool of the agent's own can be meant.
   */
  plainTool?: (name: string) => boolean;
  /**
   * A snake_case name written as a call (`` `search_nodes({query})` ``, or starting its line) is a
   * function the model is to call: the caller turns this on where the agent has tools whose names
   * the scan cannot list (an MCP server's), since elsewhere such a call may be code the prompt
   * shows (`df.value_counts()`, SQL's `date_trunc()`).
   */
  calls?: boolean;
  /**
   * "use list_rows to see valid ids": a name shaped only as code makes it, used to do something,
   * is a tool. The caller turns this on for text about tools (a tool's description or result),
   * where such a name is another tool; an agent's instructions use the same words for fields and
   * conventions ("use chartUrl to create", "use snake_case for IDs").
   */
  usedTo?: boolean;
  /**
   * Names the caller ties to an MCP server they are written after (`GMAIL_SEND_EMAIL` of `gmail`):
   * counted in capitals too, where other capitalised names are constants.
   */
  serverNames?: (name: string) => boolean;
}

/**
 * `1. n8n_list_executions() - Monitor`, `` - `get_node_for_task('send_email')` ``: a snake_case
 * name followed by its arguments, first on its line (after a list marker, in code quotes or not);
 * inside a sentence only in code quotes, and not given a literal, as SQL's `` `date_trunc('day', ts)` ``
 * is.
 */
function writtenAsCall(line: string, at: number, name: string): boolean {
  const rest = line.slice(at + name.length);
  if (!rest.startsWith('(') || !/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/.test(name)) return false;
  const before = line.slice(0, at);
  if (/^\s*(?:(?:[-*+]|\d+[.)])\s+)?\\?`?$/.test(before)) return true;
  return /\\?`$/.test(before) && !/^\(\s*['"\d]/.test(rest);
}

/**
 * `n8n-MCP`, `GitHub-MCP`: named after the protocol, a server (a source of tools), not one tool:
 * Mastra offers a server's tools as `server_tool`.
 */
function namesServer(name: string): boolean {
  return /[-_]MCP$/.test(name);
}

/** The words of a text that may name tools (see `ToolWordOptions` for what the caller adds). */
export function toolWords(
  text: string,
  data: DataWords,
  options: ToolWordOptions = {},
): ToolWord[] {
  const {
    tied = () => false,
    introducedLists = true,
    plainTool = () => false,
    calls = false,
    usedTo: useCounts = false,
    serverNames = () => false,
  } = options;
  const out: ToolWord[] = [];
  let fenced = false;
  let lineStart = 0;
  // The level of the Markdown heading that names tools (`## Available Tools`), while in its section.
  let toolSection: number | undefined;
  // In the list a line like "Available tools:" introduces (until a line that is not an item).
  let toolList = false;
  // In the list a line like "Parameters:" introduces.
  let paramList = false;
  for (const line of text.split('\n')) {
    // A fence, also as a template literal's source writes it (\`\`\`).
    if (/^\s*(\\?`){3}/.test(line)) fenced = !fenced;
    const heading = fenced ? undefined : /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      if (toolSection !== undefined && level <= toolSection) toolSection = undefined;
      if (toolSection === undefined && /\btools\b/i.test(heading[2]!)) toolSection = level;
    }
    // A list item of that section that starts with a quoted name lists a tool (`- \`x\` - does y`),
    // and so does one that starts with a name shaped like code, under a line introducing tools.
    const item = toolList && !heading ? ITEM_NAME.exec(line)?.[1] : undefined;
    if (toolList && !item) toolList = false;
    // "**Required parameters:**", "Inputs:": the items after such a line are a tool's parameters.
    if (heading) paramList = false;
    else if (introducesData(line) && /[:：]\**\s*$/.test(line)) paramList = true;
    else if (line.trim() !== '' && !ITEM_NAME.test(line)) paramList = false;
    // In a section whose heading names tools (`## YOUR TOOLS`), a top-level item that starts with
    // a name shaped like code and says what it does (`- file-write: Create files`) lists a tool
    // too; a nested item (`  - startAnchor: ...` under a tool) or a parameter list's does not.
    const sectionItem =
      toolSection !== undefined &&
      !heading &&
      !item &&
      !paramList &&
      /^(?:[-*+]|\d+[.)])\s/.test(line)
        ? ITEM_NAME.exec(line)
        : undefined;
    const described =
      sectionItem && sectionItem[2] !== '' && !isProseHyphenation(sectionItem[1]!)
        ? sectionItem[1]
        : undefined;
    const named = item ?? described;
    const introduced = named !== undefined && shapedLikeName(named) ? named : undefined;
    const listed =
      toolSection !== undefined && !heading
        ? (LISTED_NAME.exec(line)?.[1] ?? introduced)
        : introduced;
    // "The search tool takes these parameters:" introduces its parameters, not tools.
    if (
      introducedLists &&
      !fenced &&
      !heading &&
      TOOL_LIST_INTRO.test(line) &&
      !introducesData(line)
    )
      toolList = true;
    if (!fenced) {
      const lineContext = TOOL_CONTEXT.test(line);
      for (const m of line.matchAll(TOKEN)) {
        const name = m[1]!;
        // Next to a slash it is part of a path (`src/read_file`), unless two names are paired
        // (`edit_file/write_file`).
        const end = m.index + name.length;
        if ((line[m.index - 1] === '/' || line[end] === '/') && !slashPair(line, m.index, end))
          continue;
        // `draft-followup-for-` at the end of a line: a name wrapped onto the next, not this word.
        if (/^-\s*$/.test(line.slice(m.index + name.length))) continue;
        const rest = line.slice(m.index + name.length);
        // `browser-find-*`: a pattern for a family of names; "the `agent-browser` toolset": a set;
        // "by using the temporary-schedule tools": a family (not "the read_file and write_file tools").
        if (/^[-_.:]\*(?!\*)/.test(rest) || /^\\?[`'"]?\s+tool(set|kit)s?\b/i.test(rest)) continue;
        if (
          /^\\?[`'"]?\s+tools\b/i.test(rest) &&
          /\bthe\s+\\?[`'"]?$/i.test(line.slice(0, m.index))
        )
          continue;
        // A name is not its own context: "agent" in `child-agent`, "tool" in `search_tool`.
        const context =
          lineContext &&
          TOOL_CONTEXT.test(`${line.slice(0, m.index)} ${line.slice(m.index + name.length)}`);
        const toolLine = context || listed !== undefined;
        const quoted = quotedAt(line, m.index, name.length);
        const isTied = tied(name);
        // Off the tool-words lines, only the listed name itself counts (not its description's
        // words), a name that calls itself a tool, and one written as a call where calls count.
        // A field of the app's schemas listed after "For the X tool, use:" is one of its
        // parameters (`- fromToken: address to sell`), unless it also names something of the app.
        const listedHere =
          name === listed && (quoted || name === introduced) && (isTied || !data.has(name));
        const invoked = calls && writtenAsCall(line, m.index, name);
        if (
          !isTied &&
          !SELF_NAMED.test(name) &&
          !invoked &&
          (!toolLine || (!context && !listedHere))
        )
          continue;
        if (namesServer(name)) continue;
        if (
          (!shapedLikeName(name) &&
            !(quoted && oneWordTool(line, m.index, name)) &&
            !(plainTool(name) && namedAsTool(line, m.index, name.length))) ||
          /\.(ts|js|md|json|txt|yaml|yml|html|css|py|sql|csv)$/i.test(name) ||
          (/^[A-Z0-9_-]+$/.test(name) && !serverNames(name)) ||
          inJson(line, name) ||
          moduleSpecifier(line, m.index) ||
          tagName(line, m.index, name)
        )
          continue;
        // The list item of a section whose heading names tools is a tool by the prompt's layout.
        // "use x_y to ...": strong unless the name is data (a field of the app's schemas, `_id`).
        const used =
          useCounts &&
          usedTo(line, m.index, name) &&
          !data.has(name) &&
          !DATA_SUFFIX.test(name) &&
          !(name.includes('_') && data.hasPart?.(name));
        const strong = namedAsTool(line, m.index, name.length) || listedHere || invoked || used;
        const called = calledAt(line, m.index);
        const word = {
          name,
          offset: lineStart + m.index,
          quoted,
          line,
          column: m.index,
          strong,
          called,
        };
        if (isTied && !/:\d+$/.test(name)) {
          // Another spelling of an app name is still data where the words say so ("the returned
          // git_snapshot object", `status: 'done'`), or prose written as English writes it
          // ("cross-platform awareness" beside crossPlatformTool), unless they call it a tool.
          if (
            strong ||
            !(
              dataContext(line, m.index, name.length) ||
              fieldValueAt(line, m.index, data) ||
              (!quoted && isProseHyphenation(name))
            )
          )
            out.push(word);
          continue;
        }
        // Dots and colons are prose punctuation unless the name is quoted (`family.language`);
        // `item:123` is example data even then.
        if (/[.:]/.test(name) && (!quoted || /:\d+$/.test(name))) continue;
        // A schema field or enum value, unless the prompt calls it a tool (`the \`evidence-link\` tool`).
        if (!strong && data.has(name)) continue;
        if (!strong && dataContext(line, m.index, name.length)) continue;
        if (!strong && fieldValueAt(line, m.index, data)) continue;
        if (!quoted) {
          // `Call lookup-customer-by-account(accountNumber=…)`: called with its arguments, it is a
          // function's name, though `-by-` joins words of prose too.
          const invoked = called && line[m.index + name.length] === '(';
          if (isProseHyphenation(name) && !invoked) continue;
          // `user_id`, `selling_rate`, `created_at`: named like data, not like an action.
          if (!strong && DATA_SUFFIX.test(name)) continue;
          if (!strong && name.includes('_') && data.hasPart?.(name)) continue;
          const plain = strong && plainTool(name);
          if (!(shapedLikeCode(name) || (/[-]|[a-z][A-Z]/.test(name) && strong) || plain)) continue;
          if (brandOrTitle(line, m.index, name)) continue;
        }
        out.push(word);
      }
    }
    lineStart += line.length + 1;
  }
  return out;
}
