/**
 * Which prompt words count as tool names. Each filter (shapes real prompts use for other things)
 * is paired with a true case of the same shape that must still count, so no filter can hide a
 * real drift unnoticed.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dataWordsOf, isProseHyphenation, toolWords } from '../src/plan/rules/prompt-words.ts';

const DATA = new Set(['patch_json', 'doc_type', 'api_reference', 'evidence-link', 'fromToken']);
const words = (text: string) => toolWords(text, DATA).map((w) => w.name);

describe('each filter against a true case of the same shape', () => {
  const pairs: Array<[string, string, string[], string[]]> = [
    // [filter, text, filtered out, still counted]
    [
      'hyphenated English',
      'You are part of a multi-agent system; keep answers human-friendly and call tools back-to-back only when needed. Call fetch-page to open a link.',
      ['multi-agent', 'human-friendly', 'back-to-back'],
      ['fetch-page'],
    ],
    [
      'a family of tools, "the X tools" (eval: adamya-singh/rutgers-soc-mastra-agent)',
      'Call fetch-page, then the temporary-schedule tools, or the summarize-page tool.',
      ['temporary-schedule'],
      ['fetch-page', 'summarize-page'],
    ],
    [
      'the arguments a line gives a call, not a list of tools (eval: lawalalx/tech4human-wa-banking)',
      [
        'For every interaction, use log-audit-event tool with:',
        '- eventType: "supervisor_routing"',
        '- inputSummary: sanitised summary (no PII)',
        '',
        'Available tools:',
        '- lookup_customer: find a customer',
      ].join('\n'),
      ['eventType', 'inputSummary'],
      ['log-audit-event', 'lookup_customer'],
    ],
    [
      "a field of the app's schemas listed after a line about one tool is its parameter (eval: aeither/fast-trading-bot)",
      [
        'For the recall-trade tool, use:',
        "  - fromToken: contract address of the token you're selling",
        '  - amount: the quantity',
        '',
        'For the recall-trade tool, use:',
        '  - tradeHistory: the past trades',
      ].join('\n'),
      ['fromToken', 'amount'],
      ['recall-trade', 'tradeHistory'],
    ],
    [
      'a path next to a slash, not two names a slash pairs (eval: Array-Ventures/coworker)',
      'For edits use fetch_page/web_search. Never open docs/lookup_customer or a/send_mail/open_page.',
      ['lookup_customer', 'send_mail', 'open_page'],
      ['fetch_page', 'web_search'],
    ],
    [
      'the arguments of the one tool a line says to call, not a list of tools (eval: ErKeLost/NEXA)',
      [
        '- 调用 figmaImageFetcher 工具：',
        '  - fileKey: 使用用户提供的 fileKey',
        '  - imageRefIds: 去重后的所有 imageRefIds',
        '',
        '可用工具：',
        '- image_ref_lookup: 查找图片',
      ].join('\n'),
      ['fileKey', 'imageRefIds'],
      ['figmaImageFetcher', 'image_ref_lookup'],
    ],
    [
      'a topic in a list of plain words before "tool", not a name (eval: HamaFx/Kestrel)',
      [
        'Use the migrated structure, session-levels, correlation, news, or fundamental-context tool only when asked.',
        'Use the search_docs, fetch_page, or web-search tool to look.',
      ].join('\n'),
      ['session-levels', 'fundamental-context'],
      ['search_docs', 'fetch_page', 'web-search'],
    ],
    [
      "a section tag of the prompt's markup, not the name inside it (eval: lawalalx/tech4human-wa-banking)",
      '<knowledge_base>\n  Use knowledge_base_search to look things up.\n</knowledge_base>\nThen use the tools in <search_docs> only.',
      ['knowledge_base', 'search_docs'],
      ['knowledge_base_search'],
    ],
    [
      'a phrase joined by a function word, not one called with its arguments (eval: lawalalx/tech4human-wa-banking)',
      'Call the teams back-to-back (one by one).\nSTEP 3. Call lookup-customer-by-account(accountNumber=recipientAccount).',
      ['back-to-back'],
      ['lookup-customer-by-account'],
    ],
    [
      'a list a line about tools introduces, not one of parameters',
      [
        'The search tool takes these parameters:',
        '- query_text: what to look for',
        '',
        '利用可能なツール：',
        '- brave_web_search: 一般的なWeb検索',
        '- brave_news_search (ニュース)',
        'Then answer.',
        '- fetch_more: not in the list any more',
      ].join('\n'),
      ['query_text', 'fetch_more'],
      ['brave_web_search', 'brave_news_search'],
    ],
    [
      'a list of what a tool returned (eval: tsalpekar21/atlas), not of the tools',
      [
        'For each article the tool returned, produce a bullet with:',
        '- claim (the claim it supports)',
        '- sourceQuality (use "gold" for guidelines)',
        '',
        'Tools you can call:',
        '- pubmedSearch (PubMed)',
      ].join('\n'),
      ['sourceQuality'],
      ['pubmedSearch'],
    ],
    [
      'a noun joined to a gerund',
      'Use your primary evidence-gathering tools first. Call web-scrape-page to read a page.',
      ['evidence-gathering'],
      ['web-scrape-page'],
    ],
    [
      'the thing a word names (an object)',
      'Use the git_snapshot object to inspect turns, and call git_snapshot_query for refs.',
      ['git_snapshot'],
      ['git_snapshot_query'],
    ],
    [
      'a value given to a key or named argument',
      "Call taskTool.update_result(result, mode:'final', authorAgentId:'worker-agent'). Use tool: 'report-agent' to report. Safe CRM writes: `update_status`.",
      ['worker-agent'],
      ['report-agent', 'update_status'],
    ],
    [
      'workflow-/agent- prose',
      'Use workflow-specific wording in agent-led replies; delegate to agent-researcher.',
      ['workflow-specific', 'agent-led'],
      ['agent-researcher'],
    ],
    [
      'schema fields and enum values',
      'Use searchDocs with patch_json and doc_type set to api_reference. Use the `evidence-link` tool after it.',
      ['patch_json', 'doc_type', 'api_reference'],
      ['evidence-link'],
    ],
    [
      'data words next to a field or phase word',
      'In the review_phase step, use the archive_doc tool.',
      ['review_phase'],
      ['archive_doc'],
    ],
    [
      'snake_case named like data',
      'Store user_id and selling_rate, then call get_user_id.',
      ['user_id', 'selling_rate'],
      ['get_user_id'],
    ],
    [
      'JSON examples and example data',
      'Use this shape for tools: {"tool": "lookup_item", "id": "item:123"}\nUse `lookup_order` for orders.',
      ['lookup_item', 'item:123'],
      ['lookup_order'],
    ],
    [
      'module specifiers and dotted prose',
      'Tools import WorkflowEntrypoint from "cloudflare:workers". Use `family.language` for the language.',
      ['cloudflare:workers'],
      ['family.language'],
    ],
    [
      'capitals and file names',
      'Use the HIGH-LEVEL plan in prompts.md, then call `HIGH_LEVEL_PLAN`… and call plan-runner.',
      ['HIGH-LEVEL', 'prompts.md'],
      ['plan-runner'],
    ],
    [
      'brands and Title Case phrases',
      'Use GitHub tools to read files, delegate to the CrewAI Release Changelog Agent, then call the `GitLab` tool or call WebSearchTool.',
      ['GitHub', 'CrewAI'],
      ['GitLab', 'WebSearchTool'],
    ],
    [
      'list items outside a section that names tools, and the words describing a listed tool',
      [
        '## Available Tools',
        '### Planning',
        '- `status.update` - Update progress status with `progress_pct`',
        '1. `plan_add` - Create a task',
        '## Output format',
        '- `summary_text` - one paragraph',
        '- `status.level` - low or high',
      ].join('\n'),
      ['progress_pct', 'summary_text', 'status.level'],
      ['status.update', 'plan_add'],
    ],
    [
      'an unquoted item that says what it does, in a section whose heading names tools (kulharir7/karya)',
      [
        '## YOUR TOOLS',
        '- file-write: Create or overwrite files (creates dirs automatically)',
        '- file_list (shows folders and files)',
        '- read_only',
        '- decision-making: weigh the options',
        '- `create_list` - Convert text to a list:',
        '  - startAnchor: Text from the first item',
        '**Required parameters:**',
        '- durationUnit: "days" or "weeks"',
        '## Output',
        '- summary_text: one paragraph',
      ].join('\n'),
      ['read_only', 'decision-making', 'startAnchor', 'durationUnit', 'summary_text'],
      ['file-write', 'file_list', 'create_list'],
    ],
    [
      'a bold item that says what it does, in a section whose heading names tools (annex-ai/scion); a bold item elsewhere is not',
      [
        '## Available Tools',
        'User Interaction:',
        '- **ask-user**: Ask clarifying questions',
        '## Output format',
        '- **summary_text**: one paragraph',
      ].join('\n'),
      ['summary_text'],
      ['ask-user'],
    ],
    [
      'a kind of tool, not a name: words between the article and it, or the plural noun after it',
      'Use the appropriate iMessage tool, or a scheduling or Calendar tool, and control devices by calling IoT services. Then use the web_search tool, use the `sms_send` tool, and call DatasetInfo to get the schema.',
      ['iMessage', 'Calendar', 'IoT'],
      ['web_search', 'sms_send', 'DatasetInfo'],
    ],
    [
      'a kind of tool named by capitalised or hyphenated words (eval: NerionSoft/gcc-hackathon)',
      'You are the investigator of a French home-buyer due-diligence tool. Use the flood-zone tool and the risk-score tool.',
      ['due-diligence'],
      ['flood-zone', 'risk-score'],
    ],
    [
      'a name wrapped onto the next line at a hyphen (eval: Musdaf-Hirsi/outreach-mock)',
      'Call send-reminder when they have not replied, or call draft-followup-\n  message when they have.',
      ['draft-followup'],
      ['send-reminder'],
    ],
    [
      'a value the word before it calls a template',
      "Use get_template_details for the template 'telegram-agent', then call `render-template-tool`.",
      ['telegram-agent'],
      ['get_template_details', 'render-template-tool'],
    ],
    [
      'a name is not its own context',
      'Treat specialist and child-agent implementation summaries as claims.\nDelegate to research-agent for papers; the summary_tool decides.',
      ['child-agent'],
      ['research-agent', 'summary_tool'],
    ],
    [
      'code samples',
      'Use tools like this:\n```\ncall fetch_page(url)\n```\nThen call fetch_page yourself.',
      [],
      ['fetch_page'],
    ],
  ];
  for (const [filter, text, out, kept] of pairs)
    test(filter, () => {
      const found = words(text);
      for (const w of out)
        assert.ok(!found.includes(w), `${w} is not a tool name: ${found.join(', ')}`);
      for (const w of kept)
        assert.ok(found.includes(w), `${w} is a tool name: ${found.join(', ')}`);
    });

  test('the words that call a name a tool, in the languages prompts are written in', () => {
    const strong = (text: string) =>
      toolWords(text, DATA)
        .filter((w) => w.strong)
        .map((w) => w.name);
    // Hebrew attaches "to" with a hyphen: the name after it is still a name.
    assert.deepEqual(strong('2. קרא ל-DatasetInfo **לפני** כל שאילתה'), ['DatasetInfo']);
    assert.deepEqual(strong('先调用 search_docs 再回答'), ['search_docs']);
    assert.deepEqual(strong('web_search ツールを使って調べる'), ['web_search']);
    assert.deepEqual(words('使用 fetch_page 打开链接'), ['fetch_page']);
    // Verbs that come after the name, and after the names listed with it (eval:
    // sella-roum/playwright-test-agent); an aside may stand between.
    assert.deepEqual(strong('1. 必ず `browser_snapshot` を実行し、`ref` IDを取得する。'), [
      'browser_snapshot',
    ]);
    assert.deepEqual(strong('まず `list_console_messages` と `list_network_requests` を実行し'), [
      'list_console_messages',
      'list_network_requests',
    ]);
    assert.deepEqual(strong('`list_directory` や `search_files` (もしあれば) を活用して探索'), [
      'list_directory',
      'search_files',
    ]);
    assert.deepEqual(strong('`search_docs`를 실행하세요'), ['search_docs']);
    // One word is a name only quoted and called a tool (eval: sella-roum, coworker's `grep`).
    assert.deepEqual(strong('必ず `snapshot` ツールを実行して確認してください。'), ['snapshot']);
    assert.deepEqual(strong('Use the `grep` tool to search.'), ['grep']);
    assert.deepEqual(
      words('Use grep tool. The `search` results and the `search` tools are fine.'),
      [],
    );
    // Unquoted, a name to run or use is a means or an action value, as "run save_policy" is
    // (eval: ikeyu0806/mastra-mcp, rikyyyyyyyy/learning_mastra).
    assert.deepEqual(strong('mcpClientを使用して、データベースに接続し'), []);
    assert.deepEqual(strong('- POLICY_NOT_SET: save_policy を実行'), []);
    assert.deepEqual(strong('- save_policy ツールを実行'), ['save_policy']);
    // "with X" is said of data as well: a step that judges by a field is no call.
    assert.deepEqual(strong('`status_code` で判定する'), []);
    // A bold label before the list: "**Tool:** `a`, `b`".
    assert.deepEqual(strong('- **Tool:** `list_network_requests`, `get_network_request`'), [
      'list_network_requests',
      'get_network_request',
    ]);
    // The same names on lines that say nothing of using them are not tools.
    assert.deepEqual(words('2. הנתונים ב-DatasetInfo **לפני** כל שאילתה'), []);
    assert.deepEqual(words('返回 fetch_page 的结果格式'), []);
    // After a Latin word, a hyphen still joins: `re-DatasetInfo` is one word, not DatasetInfo.
    assert.ok(!words('Call re-DatasetInfo now.').includes('DatasetInfo'));
  });

  test('a verb that says to call names every item of the list it starts', () => {
    const strong = (text: string) =>
      toolWords(text, DATA)
        .filter((w) => w.strong)
        .map((w) => w.name);
    assert.deepEqual(
      strong('For code, call codeGraphAgent (AST preferred) then codeMetricsAgent.'),
      ['codeGraphAgent', 'codeMetricsAgent'],
    );
    assert.deepEqual(strong('Call `fetch_page`, `parse_html` and `store_doc` in order.'), [
      'fetch_page',
      'parse_html',
      'store_doc',
    ]);
    assert.deepEqual(strong('After calling updateWorkingMemory or any tool, go on.'), [
      'updateWorkingMemory',
    ]);
    // A list ends where other words start: what follows is not called.
    assert.deepEqual(strong('Call searchTool, then write the report in report_format.'), [
      'searchTool',
    ]);
  });

  test('a name that calls itself a tool counts on a line that does not', () => {
    assert.deepEqual(words("- **Places**: 'googleLocalTool' for nearby businesses"), [
      'googleLocalTool',
    ]);
    assert.deepEqual(words('- **Places**: `fetch-page-tool` for pages'), ['fetch-page-tool']);
    // An acronym before the kind (`writeDOCXTool`) is still code; a PascalCase class is not.
    assert.deepEqual(words('Deprecated: para DOCX, writeDOCXTool'), ['writeDOCXTool']);
    assert.deepEqual(words('Extends the GitHubTool class'), []);
    // Its shape is what counts: the same line with a name that does not say so gives nothing.
    assert.deepEqual(words("- **Places**: 'googleLocal' for nearby businesses"), []);
    assert.deepEqual(words('- **Places**: `Toolbox` and `toolTip` for pages'), []);
  });

  test('a run of parts of a snake_case schema field', () => {
    const data = dataWordsOf(['not_scored_reason', 'dimensions_not_scored']);
    const found = (text: string) => toolWords(text, data).map((w) => w.name);
    assert.deepEqual(found('Use not_scored when a dimension is out of scope.'), []);
    assert.deepEqual(found('Use score_dimension for each dimension.'), ['score_dimension']);
    assert.deepEqual(found('Call not_scored when a dimension is out of scope.'), ['not_scored']);
    // A two-part field gives no parts: `scored` alone is no snake_case name anyway.
    assert.equal(dataWordsOf(['not_scored']).hasPart?.('not_scored'), false);
  });

  test("another spelling of an app's name is data where the words next to it say so", () => {
    const tied = (n: string) => n === 'git_snapshot';
    const names = (text: string) => toolWords(text, DATA, { tied }).map((w) => w.name);
    assert.deepEqual(names('Inspect the returned git_snapshot object.'), []);
    assert.deepEqual(names('Then inspect git_snapshot for the refs.'), ['git_snapshot']);
    assert.deepEqual(names('Call git_snapshot, then read its object.'), ['git_snapshot']);
  });

  test('a code sample is skipped but the same name outside it counts once', () => {
    const text =
      'Use tools like this:\n```\ncall fetch_page(url)\n```\nThen call fetch_page yourself.';
    assert.equal(toolWords(text, DATA).filter((w) => w.name === 'fetch_page').length, 1);
  });

  test("another spelling of an app's name is prose when written as English hyphenates (eval: AUo959/AuroraOS)", () => {
    const tied = (n: string) => n === 'cross-platform';
    const names = (text: string) => toolWords(text, DATA, { tied }).map((w) => w.name);
    assert.deepEqual(
      names('Activate modules (quantum, simulation, cross-platform, research).'),
      [],
    );
    assert.deepEqual(names('Show cross-platform awareness.'), []);
    assert.deepEqual(names('Then run `cross-platform` on the result.'), ['cross-platform']);
    assert.deepEqual(names('Call cross-platform with the handle.'), ['cross-platform']);
  });

  test('a name written as a call counts only where the caller says calls do (eval: Bakhitov/crafty-demo)', () => {
    const text = [
      '2. Discovery Phase - Find the right nodes:',
      "   - `search_nodes({query: 'keyword'})` - Search by functionality",
      '1. n8n_list_executions() - Monitor execution status',
      "Summarise with `df.value_counts()` and `date_trunc('day', ts)` where useful.",
      'Always start with: `tools_documentation()` to learn the tools.',
    ].join('\n');
    const names = (calls: boolean) =>
      toolWords(text, DATA, { calls })
        .filter((w) => w.strong)
        .map((w) => w.name);
    assert.deepEqual(names(true), ['search_nodes', 'n8n_list_executions', 'tools_documentation']);
    assert.deepEqual(names(false), []);
    // The argument of a call is no name: only the called one counts.
    assert.deepEqual(
      names(true).filter((n) => n === 'keyword'),
      [],
    );
  });

  test('in text about tools, a name shaped as code and used to do something is a tool; a field or English is not (eval: tinyfish-io/bigset, gabbylevac-gti/Analyst-Agent)', () => {
    const strong = (text: string) =>
      toolWords(text, dataWordsOf(['sort_key']), { usedTo: true })
        .filter((w) => w.strong)
        .map((w) => w.name);
    assert.deepEqual(strong('If unsure, use query_system_knowledge to look it up.'), [
      'query_system_knowledge',
    ]);
    assert.deepEqual(strong('Do NOT use this tool for profiling, use queryData instead.'), [
      'queryData',
    ]);
    assert.deepEqual(strong('Row not found. Use `list_rows` to see valid row ids.'), ['list_rows']);
    assert.deepEqual(strong('Use created_at to sort, and use sort_key for ties.'), []);
    assert.deepEqual(
      strong('Use multi-step reasoning for hard questions; use JSON for output.'),
      [],
    );
  });

  test('a name that says it is an MCP server names a set of tools, not one (eval: Bakhitov/crafty-demo)', () => {
    assert.deepEqual(words('You are an expert in n8n using n8n-MCP tools.'), []);
    assert.deepEqual(words('You are an expert in n8n using the n8n-search tool.'), ['n8n-search']);
  });

  test('prose hyphenations', () => {
    for (const w of [
      'multi-agent',
      'human-friendly',
      'back-to-back',
      'workflow-specific',
      'thread-scoped',
      'state-of-the-art',
      'evidence-gathering',
      'decision-making',
    ])
      assert.ok(isProseHyphenation(w), w);
    for (const w of [
      'fetch-page',
      'file-read',
      'agent-researcher',
      'search-docs',
      'lookup-invoice',
      'string-match',
      'web-scrape-page',
    ])
      assert.ok(!isProseHyphenation(w), w);
  });
});
